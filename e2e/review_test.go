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
	"github.com/chromedp/chromedp/kb"
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

// The review's marked moves are one Tab stop (a roving tabindex), as the
// move list and the engine lines are: a long game's review marks dozens
// of moves, and Tab went through each. Tab comes to the first mark and
// the next Tab goes on past the list; the arrow keys go from mark to
// mark, Home and End to the first and the last, and Enter goes to the
// marked move, the focus staying on its mark.
func TestReviewMarksOneTabStop(t *testing.T) {
	p := open(t)
	moves := strings.Fields("g3-f4 h6-g5 f4:h6 f6-e5 e3-d4 g7-f6 h6-g7 f8:h6")
	p.goTo(url.Values{"moves": {strings.Join(moves, " ")}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), "", moves...))
	p.review("depth:4")
	marks := strings.Split(p.eval(`[...document.querySelectorAll("#review-marks button")].map((b) => b.textContent).join("\n")`), "\n")
	if len(marks) < 3 {
		t.Fatalf("the review marks %q: want three or more marks for the test", marks)
	}
	if got := p.eval(`String([...document.querySelectorAll("#review-marks button")].filter((b) => b.tabIndex === 0).length)`); got != "1" {
		t.Errorf("%s of the marks are Tab stops, want 1", got)
	}
	// The control before the list: the thresholds' summary (closed).
	p.run("focus the marks' thresholds", `document.querySelector("#review details summary").focus()`)
	p.keys(kb.Tab)
	at := func() string {
		return p.eval(`document.activeElement.closest("#review-marks") ? document.activeElement.textContent : ""`)
	}
	if got := at(); got != marks[0] {
		t.Errorf("Tab from the thresholds comes to %q (%s), want the first mark %q", got, p.focused(), marks[0])
	}
	last := len(marks) - 1
	for _, step := range []struct {
		name, key string
		want      int
	}{{"↓", kb.ArrowDown, 1}, {"End", kb.End, last}, {"↑", kb.ArrowUp, last - 1}, {"Home", kb.Home, 0}, {"→", kb.ArrowRight, 1}} {
		p.keys(step.key)
		if got := at(); got != marks[step.want] {
			t.Errorf("%s in the marks: the focus on %q (%s), want %q", step.name, got, p.focused(), marks[step.want])
		}
	}
	// The second mark's move, "N. move?? kind (…)": Enter shows the
	// position after it.
	move := strings.TrimRight(strings.Fields(marks[1])[1], "?!")
	played := slices.Index(moves, move)
	if played < 0 {
		t.Fatalf("the mark %q names no move of the game", marks[1])
	}
	p.keys(kb.Enter)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", moves[:played+1]...))
	p.waitFor("the marks drawn again", `document.querySelector("#review-marks button") !== null`)
	if got := at(); got != marks[1] {
		t.Errorf("after Enter on a mark the focus is on %s, want the mark %q", p.focused(), marks[1])
	}
	p.keys(kb.Tab)
	if got := at(); got != "" {
		t.Errorf("Tab from a mark goes to the mark %q, not on past the list", got)
	}
}
