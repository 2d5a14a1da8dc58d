package e2e

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

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
	p.review("depth:4")
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

// chartOutside lists the parts of the review's chart that reach past its
// box: each mark whose circle is not wholly inside it, and the current
// move's line when its stroke is cut by an edge (its box has no width, so
// its x and stroke are measured).
const chartOutside = `(() => {
	const chart = document.getElementById("review-chart"), box = chart.getBoundingClientRect();
	const out = [];
	for (const c of chart.querySelectorAll(".chart-mark")) {
		const r = c.getBoundingClientRect();
		if (r.left < box.left - 0.01 || r.right > box.right + 0.01 || r.top < box.top - 0.01 || r.bottom > box.bottom + 0.01)
			out.push("mark " + c.dataset.ply + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(" "));
	}
	const cur = chart.querySelector(".chart-cur");
	if (cur) {
		const x = Number(cur.getAttribute("x1")), half = parseFloat(getComputedStyle(cur).strokeWidth) / 2;
		if (x - half < 0 || x + half > chart.viewBox.baseVal.width) out.push("the current move's line at x " + x);
	}
	return out.join(", ") + (out.length ? " (the chart: " + [box.left, box.top, box.right, box.bottom].map(Math.round).join(" ") + ")" : "");
})()`

// The review's chart shows its marks and the current move's line whole at
// both ends: a game whose last move is the blunder has its mark at the
// chart's right end, which cut it in half, and the start and the end have
// the current move's line at the edges. A click at either edge still goes
// to the first or the last position.
func TestReviewChartEndsWhole(t *testing.T) {
	p := open(t)
	p.do("a wide window", chromedp.EmulateViewport(1280, 800))
	fen := "W:We3,a1,c1:Bg5,h8,b8"
	p.goTo(url.Values{"fen": {fen}, "moves": {"e3-f4"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4"))
	p.review("depth:4")
	p.waitFor("the blunder's mark", `document.querySelector("#review-chart .chart-mark[data-ply='1']") !== null`)
	p.run("show the chart", `document.getElementById("review").scrollIntoView()`)
	p.screenshot("review-chart-end")
	if got := p.eval(chartOutside); got != "" {
		t.Errorf("at the last move, past the chart's edges: %s", got)
	}
	clickAt := func(what, frac string) {
		p.run(what, `(() => {
			const c = document.getElementById("review-chart"), b = c.getBoundingClientRect();
			c.dispatchEvent(new MouseEvent("click", {clientX: b.left + `+frac+` * (b.width - 2), clientY: b.top + 5, bubbles: true}));
		})()`)
	}
	clickAt("click the chart's left edge", "0")
	p.waitFEN(fenAfter(t, bashni.Russian(), fen))
	if got := p.eval(chartOutside); got != "" {
		t.Errorf("at the start, past the chart's edges: %s", got)
	}
	clickAt("click the chart's right edge", "1")
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4"))
}

// review reviews the main line at limit (an option of #review-limit, such
// as "depth:4") and waits until the review has ended, its marks drawn.
func (p page) review(limit string) {
	p.t.Helper()
	p.choose("review-limit", limit)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review", `document.getElementById("review-status").textContent.startsWith("Reviewed")`)
}

// Leaving the page while it reviews a game (another address opened in the
// tab, the page kept by the browser for its back button) ends the
// review's analysis on the server, as it ends the engine lines'
// (TestAnalysisEndsWithThePage): the next page's analysis is answered at
// once, not told the server is busy with the engine (this server has one)
// for as long as the review's search of a position went on, here up to
// the server's limit, 5 minutes; nor do the engine lines, held off while
// the review ran, start again as it ends on the page left. Back on the
// page, the review says it stopped when the page was left, and can be
// started again.
func TestReviewEndsWithThePage(t *testing.T) {
	p := open(t)
	p.goToLine("c3-d4", "f6-g5")
	// The engine lines on, held off while the review runs: the review's
	// end must not take them up again on the page left.
	p.key("l")
	p.waitFor("lines", `document.querySelector("#pv-lines .pv-move") !== null`)
	// A depth the search does not reach: each position would hold the
	// engine until the server's limit.
	p.run("a review as deep as the server allows", `document.getElementById("review-limit").add(new Option("depth 64", "depth:64"))`)
	p.choose("review-limit", "depth:64")
	p.run("count the analyses' events", `(() => {
		const Real = window.EventSource;
		window.events = 0;
		window.EventSource = function (url) { const es = new Real(url); es.addEventListener("message", () => window.events++); return es; };
		window.EventSource.CLOSED = Real.CLOSED;
	})()`)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's search under way", `window.events > 0`)

	p.analysisAnsweredAfterLeaving("", "a page that reviewed a game")
	p.key("l")

	// Back to the page left while it reviewed: kept by the browser (its
	// back-forward cache), it says what became of the review. (chromedp's
	// Poll does not see a page so restored: the test asks again and again.)
	p.eval(`(window.newPage = true, setTimeout(() => history.back(), 0), "")`)
	for i := 0; ; i++ {
		time.Sleep(200 * time.Millisecond)
		st := p.eval(`window.newPage ? "" : document.getElementById("review-start").disabled + " | " + document.getElementById("review-status").textContent`)
		if st == "" {
			if i == 100 {
				t.Fatal("the page left while reviewing is not come back to")
			}
			continue
		}
		if st == "false | " {
			t.Logf("the page is not kept by the browser: nothing more to check")
			return
		}
		if want := "false | Review stopped: the page was left. Review the main line again to finish it."; st != want {
			t.Errorf("back on the page left while reviewing, its review (disabled | status): %q, want %q", st, want)
		}
		return
	}
}
