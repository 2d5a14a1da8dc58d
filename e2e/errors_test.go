package e2e

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// An error takes down the box of captures that fit the clicks, and a typed
// move that cannot be played is named as players count moves, not by its
// place in the request (issue 26, item 14: the box stayed up, and the error
// said "move 3" for White's second move).
func TestErrorsOnThePage(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))

	loop := "W:Wc1:BKb2,b4,d4,d2"
	setUp(p, loop)
	p.waitFEN(fenAfter(t, bashni.Russian(), loop))
	p.click("c1")
	p.click("c1")
	p.waitFor("the choice box", `!document.getElementById("choices").hidden`)
	setUp(p, "W:Wz9:B") // refused
	p.waitFor("the error", `document.getElementById("status").className === "error"`)
	if got := p.eval(`String(document.getElementById("choices").hidden)`); got != "true" {
		t.Errorf("after the error %q the choice box still stands", p.status())
	}
	p.screenshot("error-no-choices")

	p.newGame("new game")
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.play("c3-d4")
	p.play("b6-a5")
	p.do("type c3-d4 again", chromedp.SetValue(chromedp.CSS("#move-text"), "c3-d4"), chromedp.Click(chromedp.CSS("#move-form button")))
	p.waitFor("the error", `document.getElementById("status").className === "error"`)
	if got := p.status(); !strings.HasPrefix(got, `white's move 2: "c3-d4": not a legal move here`) {
		t.Errorf("error of a typed move: %q, want it to name white's move 2", got)
	}
}
