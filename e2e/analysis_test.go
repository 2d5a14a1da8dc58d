package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The engine's lines appear as it deepens, as many as asked for; clicking
// a line's move plays the line out to it; the key l stops the analysis.
func TestEngineLines(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("lines-count", "3")
	p.key("l")
	p.waitFor("three lines", `document.querySelectorAll("#pv-lines li").length === 3`)
	p.waitFor("the depth", `/depth ([2-9]|[1-9][0-9])\//.test(document.getElementById("analysis-info").textContent)`)
	if got := p.eval(`getComputedStyle(document.getElementById("gauge")).visibility`); got != "visible" {
		t.Errorf("the gauge is hidden while analysing")
	}
	lines := p.eval(`[...document.querySelectorAll("#pv-lines li")].map(li => li.textContent).join("\n")`)
	for _, l := range strings.Split(lines, "\n") {
		if !strings.Contains(l, " 1. ") {
			t.Errorf("line %q does not start with White's first move", l)
		}
	}
	p.screenshot("lines")

	// Play the best line's first two moves. The texts are read and the
	// second move clicked in one script, so that a deeper iteration
	// redrawing the lines in between cannot change which line is played.
	played := p.eval(`(() => { const ms = document.querySelectorAll("#pv-lines li:first-child .pv-move");
		const texts = ms[0].textContent + " " + ms[1].textContent; ms[1].click(); return texts; })()`)
	first, second, _ := strings.Cut(played, " ")
	p.waitFEN(fenAfter(t, bashni.Russian(), "", first, second))
	if got := strings.Join(p.moveList(), " | "); got != first+" "+second {
		t.Errorf("move list after playing the line: %q", got)
	}
	// The analysis follows the position: White to move again, with three
	// lines, or one a legal move when there are fewer (a capture may be
	// forced: which line was best depends on how deep the engine got).
	p.waitFor("lines of the new position", `[...document.querySelectorAll("#pv-lines li")].length === Math.min(3, bashni.study.state.legal.length) && document.querySelector("#pv-lines li").textContent.includes(" 2. ")`)

	p.key("l")
	p.waitFor("the analysis to stop", `document.querySelectorAll("#pv-lines li").length === 0 && getComputedStyle(document.getElementById("gauge")).visibility === "hidden"`)
	time.Sleep(500 * time.Millisecond)
	if got := p.eval(`document.getElementById("analysis-info").textContent + document.querySelectorAll("#pv-lines li").length`); got != "0" {
		t.Errorf("after stopping the page still shows %q", got)
	}
}

// fakeStreams replaces the analysis streams with ones the test feeds:
// window.streams lists them as they are opened, and streams[i].send(lines)
// sends the event of a depth 1 iteration with those lines.
const fakeStreams = `(() => {
	window.streams = [];
	window.EventSource = function (url) {
		const es = this;
		this.url = url;
		this.readyState = 1;
		this.close = () => { es.readyState = 2; };
		this.send = (lines) => es.onmessage && es.onmessage({ data: JSON.stringify({ depth: 1, seldepth: 1, nps: 1000, nodes: 1, lines }) });
		window.streams.push(this);
	};
	window.EventSource.CLOSED = 2;
})()`

// gauge describes the gauge: the height of White's share, whether it is
// marked as waiting (its class, aria-busy) and what it says.
const gauge = `(() => { const g = document.getElementById("gauge");
	return document.getElementById("gauge-white").style.height + " / " + (g.classList.contains("pending") ? "pending" : "shown") +
		" / busy " + (g.getAttribute("aria-busy") || "false") + " / " + g.getAttribute("aria-valuetext"); })()`

// Stepping to another position while analysing, the gauge keeps the last
// evaluation's bar until the new position's first evaluation comes
// (rather than going back to the middle at every move, and out again),
// but marked as waiting and saying that this position has no evaluation
// yet: never the last position's value as if it were this one's. The new
// evaluation is shown when it comes; stepping back to the position whose
// evaluation the bar shows shows it as that position's again, and an
// analysis that fails leaves no evaluation.
func TestGaugeKeptUntilTheNewEvaluation(t *testing.T) {
	p := open(t)
	p.do("a wide window", chromedp.EmulateViewport(1280, 800))
	p.goToLine("c3-d4", "f6-g5")
	p.run("fake streams", fakeStreams)
	p.key("l")
	p.waitFor("the analysis", `window.streams.length === 1`)
	if got, want := p.eval(gauge), "50% / shown / busy true / no evaluation yet"; got != want {
		t.Errorf("the gauge before the first evaluation: %q, want %q", got, want)
	}
	// White to move, a man and a half up: about 77% of the gauge.
	p.run("the first evaluation", `window.streams[0].send([{ score: "+1.50", pv: ["g3-h4"] }])`)
	p.waitEqual("the gauge", gauge, "76.9% / shown / busy false / +1.50 for White")

	p.key(kb.ArrowLeft)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	p.waitFor("the new position's analysis", `window.streams.length === 2`)
	p.waitEqual("the gauge waiting for the new evaluation", gauge, "76.9% / pending / busy true / no evaluation of this position yet")
	if got := p.eval(`document.getElementById("gauge").title`); !strings.Contains(got, "no evaluation of this position yet") {
		t.Errorf("the gauge's title says %q while it waits", got)
	}
	time.Sleep(700 * time.Millisecond) // the dimming's delay and its transition
	if got := p.eval(`getComputedStyle(document.getElementById("gauge")).opacity`); got == "1" {
		t.Errorf("the gauge waiting for the new evaluation is not dimmed")
	}
	p.screenshot("gauge-waiting")
	// A late event of the old position's analysis changes nothing.
	p.run("a late event", `window.streams[0].send([{ score: "+3.00", pv: ["g3-h4"] }])`)
	p.waitEqual("the gauge after a late event", gauge, "76.9% / pending / busy true / no evaluation of this position yet")
	// Black to move, Black a third of a man up.
	p.run("the new evaluation", `window.streams[1].send([{ score: "+0.30", pv: ["f6-g5"] }])`)
	p.waitEqual("the gauge with the new evaluation", gauge, "44% / shown / busy false / −0.30 for White")
	time.Sleep(400 * time.Millisecond) // the bar's move
	p.screenshot("gauge-new")

	// Forward and back at once: the position whose evaluation the bar shows
	// is its own again.
	p.key(kb.ArrowRight)
	p.waitFor("the next position's analysis", `window.streams.length === 3`)
	p.waitEqual("the gauge waiting", gauge, "44% / pending / busy true / no evaluation of this position yet")
	p.key(kb.ArrowLeft)
	p.waitFor("the analysis of the position back", `window.streams.length === 4`)
	p.waitEqual("the gauge back on its position", gauge, "44% / shown / busy false / −0.30 for White")

	// An analysis that fails: no evaluation will come.
	p.key(kb.ArrowRight)
	p.waitFor("the next position's analysis", `window.streams.length === 5`)
	p.run("the connection lost", `window.streams[4].onerror()`)
	p.waitEqual("the gauge after the analysis failed", gauge, "50% / shown / busy false / no evaluation yet")

	// Switched off and on, the gauge starts afresh.
	p.key("l")
	p.key("l")
	p.waitFor("the analysis again", `window.streams.length === 6`)
	if got, want := p.eval(gauge), "50% / shown / busy true / no evaluation yet"; got != want {
		t.Errorf("the gauge switched on again: %q, want %q", got, want)
	}
}

// deepLines holds once the engine lines are of depth 6 or more.
const deepLines = `/depth ([6-9]|[1-9][0-9])\//.test(document.getElementById("analysis-info").textContent)`

// analysisAnsweredAfterLeaving opens the page at the address with the
// query, just after leaving one (after says what that one was doing),
// and starts its analysis: it fails the test when the server answers
// that it is busy with the engine (the tests' server has one), held by
// the page left, rather than with deep lines.
func (p page) analysisAnsweredAfterLeaving(query, after string) {
	p.t.Helper()
	p.goTo(query)
	p.waitFor("the page", `document.getElementById("board").dataset.fen !== undefined`)
	p.key("l")
	p.waitFor("deep lines after leaving "+after, deepLines+` || /busy/.test(document.getElementById("analysis-info").textContent)`)
	if got := p.eval(`document.getElementById("analysis-info").textContent`); strings.Contains(got, "busy") {
		p.t.Fatalf("after leaving %s, the next page's analysis says %q", after, got)
	}
}

// Leaving the page while it analyses (another address opened in the tab,
// the page kept by the browser for its back button) ends the analysis on
// the server: the next page's analysis is answered at once,
// not told the server is busy with the engine (this server has one) for
// as long as the old page's went on, up to 5 minutes. Coming back to the
// page (the browser's back button) takes the analysis up again.
func TestAnalysisEndsWithThePage(t *testing.T) {
	p := open(t)
	line := []string{"c3-d4", "f6-g5", "g3-f4", "g7-f6"}
	p.goToLine(line...)
	p.key("l")
	p.waitFor("deep lines", deepLines)
	for _, rest := range []string{"", "moves=c3-d4"} {
		p.analysisAnsweredAfterLeaving(rest, "a page that analysed")
	}
	// Back to the last page left while it analysed: kept by the browser
	// (its back-forward cache), its analysis goes on. (chromedp's Poll
	// does not see a page so restored: the test asks again and again.)
	p.key("l")
	p.eval(`(window.newPage = true, setTimeout(() => history.back(), 0), "")`)
	info := ""
	for i := 0; ; i++ {
		time.Sleep(200 * time.Millisecond)
		if i == 100 {
			t.Fatalf("back on the page left while analysing, its analysis stays at %q", info)
		}
		st := p.eval(`window.newPage ? "" : document.getElementById("analyse").getAttribute("aria-pressed") + " " + document.getElementById("analysis-info").textContent`)
		if st == "" {
			continue
		}
		pressed, now, _ := strings.Cut(st, " ")
		if pressed != "true" {
			t.Logf("the page is not kept by the browser: nothing more to check (%q)", st)
			return
		}
		if info == "" {
			info = now
		} else if now != info {
			return
		}
	}
}
