package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
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
