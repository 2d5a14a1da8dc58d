package e2e

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/chromedp/chromedp"
)

// goodMoves returns the moves of the position fen of ruleset v that a
// fresh engine, searching every move depth plies deep, scores within half
// a man of its best: the moves a review at that depth may call
// better, whichever the server's engine finds first among equals (its
// table holds what earlier tests searched).
func goodMoves(t *testing.T, v bashni.Variant, fen string, depth int) []string {
	t.Helper()
	pos, err := bashni.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.MustNew(engine.Options{}).Search(context.Background(), &pos, engine.Limits{Depth: depth, Lines: len(pos.LegalMoves())})
	if err != nil {
		t.Fatal(err)
	}
	var good []string
	for _, l := range res.Lines {
		if l.Score >= res.Lines[0].Score-50 {
			good = append(good, l.PV[0].String())
		}
	}
	return good
}

// A review at depth 4 of a game whose first move walks a man into a
// capture: the chart has a point per position, the move is marked a
// blunder with the better move (the engine's at depth 4: which of the
// safe moves it prefers is the evaluation's to say), and the chart and
// the mark go to moves.
func TestGameReview(t *testing.T) {
	p := open(t)
	fen := "W:We3,a1,c1:Bg5,h8,b8"
	p.goTo(url.Values{"fen": {fen}, "moves": {"e3-f4 g5:e3"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4", "g5:e3"))
	p.choose("review-limit", "depth:4")
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review", `document.getElementById("review-status").textContent.startsWith("Reviewed")`)
	if got, want := p.status(), "White to move"; !strings.HasPrefix(got, want) {
		t.Errorf("status after the review %q", got)
	}
	if got, want := p.eval(`document.getElementById("review-status").textContent`), "Reviewed 3 positions: 0 inaccuracies, 0 mistakes, 1 blunder."; got != want {
		t.Errorf("review status %q, want %q", got, want)
	}
	if got := p.eval(`String(document.querySelector("#review-chart .chart-line").getAttribute("points").split(" ").length)`); got != "3" {
		t.Errorf("chart has %s points, want 3", got)
	}
	marks := p.eval(`[...document.querySelectorAll("#review-marks li")].map(li => li.textContent).join(" | ")`)
	good := goodMoves(t, bashni.Russian(), fen, 4)
	_, better, _ := strings.Cut(marks, " better: ")
	if !strings.HasPrefix(marks, "1. e3-f4?? blunder (−") || !slices.Contains(good, better) {
		t.Errorf("marks %q, want e3-f4 a blunder with one of %v better", marks, good)
	}
	// The move list is drawn again with the marks once the page has shown
	// the position again (a request after the review's status is set).
	p.waitFor("the move list's mark", `document.querySelector("#moves .move .mark") !== null`)
	if got := p.eval(`document.querySelector("#moves .move .mark").textContent`); got != "??" {
		t.Errorf("the move list marks %q", got)
	}
	p.do("show the chart", chromedp.Evaluate[chromedp.Void](`document.getElementById("review").scrollIntoView()`))
	p.screenshot("review")

	p.do("go to the mark", chromedp.Click(chromedp.CSS("#review-marks button")))
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4"))
	// The chart's left edge is the start.
	p.do("click the chart", chromedp.Evaluate[chromedp.Void](`(() => {
		const c = document.getElementById("review-chart"), b = c.getBoundingClientRect();
		c.dispatchEvent(new MouseEvent("click", {clientX: b.left + 1, clientY: b.top + 5, bubbles: true}));
	})()`))
	p.waitFEN(fenAfter(t, bashni.Russian(), fen))
}
