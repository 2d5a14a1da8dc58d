module github.com/bashni-dev/bashni/e2e

go 1.25

require (
	github.com/bashni-dev/bashni v0.0.0
	github.com/chromedp/chromedp v0.23.1
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

replace github.com/bashni-dev/bashni => ../
