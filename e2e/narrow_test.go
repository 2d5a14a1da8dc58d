package e2e

import (
	"fmt"
	"net/url"
	"strconv"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// On a phone-width screen the board comes first, whole, and nothing is
// wider than the screen; the page works by keyboard alone: a move typed,
// the tree stepped through, the board flipped; moves can be shown in
// square numbers.
func TestNarrowScreenAndKeyboard(t *testing.T) {
	p := open(t)
	p.do("phone-width screen", chromedp.EmulateViewport(375, 740))
	p.goTo("")
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	if got := p.eval(`String(document.documentElement.scrollWidth)`); got != "375" {
		t.Errorf("the page is %s px wide on a 375 px screen", got)
	}
	board := p.eval(`(() => { const r = document.querySelector("#board svg").getBoundingClientRect(); return [r.left, r.right, r.top].map(Math.round).join(" "); })()`)
	panelTop := p.eval(`String(Math.round(document.getElementById("panel").getBoundingClientRect().top))`)
	var left, right, top int
	if _, err := fmt.Sscan(board, &left, &right, &top); err != nil {
		t.Fatal(err)
	}
	if pt, _ := strconv.Atoi(panelTop); left < 0 || right > 375 || pt < top {
		t.Errorf("board at left %d right %d top %d, panel at top %s: want the whole board first", left, right, top, panelTop)
	}
	p.screenshot("narrow")

	// By keyboard: tab to the move box, type a move, Enter.
	p.do("focus the move box", chromedp.Focus(chromedp.CSS("#move-text")))
	p.do("type c3-d4", chromedp.KeyEvent("c3-d4"+kb.Enter))
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	p.do("type b6-a5", chromedp.Focus(chromedp.CSS("#move-text")), chromedp.KeyEvent("b6-a5"+kb.Enter))
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-a5"))
	p.key(kb.Home)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.key(kb.End)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-a5"))
	p.key("f")
	p.waitFor("the flipped board", `bashni.study.flip === true && document.querySelector("#board svg") !== null`)
	// Every control can be reached with Tab: none is taken out of the order.
	if got := p.eval(`String(document.querySelectorAll("button[tabindex='-1'], input[tabindex='-1'], select[tabindex='-1']").length)`); got != "0" {
		t.Errorf("%s controls are out of the tab order", got)
	}

	p.choose("squares", "numbers")
	p.waitFor("numbers", `document.querySelector("#moves .move").textContent === "22-18"`)
	if got := p.eval(`[...document.querySelectorAll("#moves .move")].map(s => s.textContent).join(" ")`); got != "22-18 9-13" {
		t.Errorf("moves in numbers %q, want \"22-18 9-13\"", got)
	}

	// The editor and the review fit the screen too.
	p.do("open the editor", chromedp.Focus(chromedp.CSS("#edit")), chromedp.KeyEvent(kb.Enter))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	for _, id := range []string{"editor", "review", "editor-square-form"} {
		right, err := strconv.Atoi(p.eval(`String(Math.round(document.getElementById("` + id + `").getBoundingClientRect().right))`))
		if err != nil || right > 375 {
			t.Errorf("#%s ends at %d px on a 375 px screen (%v)", id, right, err)
		}
	}
	if got := p.eval(`String(document.documentElement.scrollWidth)`); got != "375" {
		t.Errorf("with the editor open the page is %s px wide on a 375 px screen", got)
	}
	p.do("scroll to the editor", chromedp.Evaluate[chromedp.Void](`document.getElementById("editor").scrollIntoView()`))
	p.screenshot("narrow-editor")
}

// On the narrowest phones (320 px) as on the others, each numbered pair
// of the move list stands on one row, White's move and Black's, as the
// engine lines write them: not Black's move alone on a row of its own
// with no number, where it reads as another move.
func TestNarrowMovePairsOnOneRow(t *testing.T) {
	p := open(t)
	line := []string{"c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3", "h8-g7"}
	for _, w := range []int64{320, 360, 390} {
		p.do("the screen", chromedp.EmulateViewport(w, 700))
		p.goToLine(line...)
		split := p.eval(`[...document.querySelectorAll("#moves > li")].filter(li => {
			const [a, b] = li.querySelectorAll(":scope > .move");
			return b && Math.round(a.getBoundingClientRect().top) !== Math.round(b.getBoundingClientRect().top);
		}).map(li => li.value).join(" ")`)
		if split != "" {
			t.Errorf("on a %d px screen the pairs %s of the move list are split over two rows", w, split)
		}
		p.screenshot(fmt.Sprintf("narrow-moves-%d", w))
	}
}

// splitMoves lists the moves written in the element's text ("a3-b4",
// "c1:e3", "22-18") that the page breaks across two lines: at a 320 px
// screen the status line's list of legal moves, the review's better move,
// read "a3-" at a line's end and "b4" at the next one's start.
func (p page) splitMoves(id string) string {
	p.t.Helper()
	return p.eval(`(() => { const out = [];
		const walk = document.createTreeWalker(document.getElementById(` + jsString(id) + `), NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			for (const m of n.data.matchAll(/\b([a-h]\d+|\d+)([-:x]([a-h]\d+|\d+))+/g)) {
				const r = document.createRange();
				r.setStart(n, m.index);
				r.setEnd(n, m.index + m[0].length);
				const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
				if (tops.size > 1) out.push(m[0]);
			}
		}
		return out.join(" "); })()`)
}

// On a phone (320, 360, 390 px) a move is never broken across two lines:
// not in the status line's list of legal moves, nor in its note under the
// move box, nor as the review's better move.
func TestNarrowMovesNotBrokenAcrossLines(t *testing.T) {
	p := open(t)
	for _, w := range []int64{320, 360, 390} {
		p.do("a phone's screen", chromedp.EmulateViewport(w, 640))
		p.goTo("")
		p.waitFEN(fenAfter(t, bashni.Russian(), ""))
		p.typeMove("c3-d5")
		p.waitFor("the refusal", `document.getElementById("status").textContent.includes("c3-d5")`)
		for _, id := range []string{"status", "move-note"} {
			if got := p.splitMoves(id); got != "" {
				t.Errorf("at %d px #%s breaks the moves %s across lines", w, id, got)
			}
		}
	}
	p.do("a 320 px screen", chromedp.EmulateViewport(320, 640))
	fen := "W:We3,a1,c1:Bg5,h8,b8"
	p.goTo(url.Values{"fen": {fen}, "moves": {"e3-f4 g5:e3"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4", "g5:e3"))
	p.review("depth:2")
	if got := p.splitMoves("review-marks"); got != "" {
		t.Errorf("the review's marks break the moves %s across lines", got)
	}
	p.run("scroll to the review", `document.getElementById("review").scrollIntoView()`)
	p.screenshot("narrow-review-320")
}

// boardOutOfColumn says what of the board's box (the board, its clocks'
// row) stands outside the page's column, main's content box, or off its
// middle: "" when the board's box, the board and each clock lie within
// the column and the board's box has equal margins to the window's
// left and right edges.
const boardOutOfColumn = `(() => {
	const main = document.querySelector("main"), s = getComputedStyle(main), m = main.getBoundingClientRect();
	const left = m.left + parseFloat(s.paddingLeft), right = m.right - parseFloat(s.paddingRight);
	const at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(" ");
	const out = [];
	for (const sel of ["#board-box", "#board svg", "#clocks", "#clock-white", "#clock-black"]) {
		const r = document.querySelector(sel).getBoundingClientRect();
		if (r.left < left - 0.5 || r.right > right + 0.5) out.push(sel + " at " + at(r) + " is not within the column, " + Math.round(left) + " to " + Math.round(right));
	}
	const box = document.getElementById("board-box").getBoundingClientRect();
	if (Math.abs(box.left - (innerWidth - box.right)) > 1) out.push("the board's box " + at(box) + " has margins " + Math.round(box.left) + " and " + Math.round(innerWidth - box.right));
	return out.join("; ");
})()`

// On every phone from the narrowest (320 px) up, the board and a game's
// clocks under it fit the page's column: none wider than the column,
// nothing wider than the screen, the board's margins equal on its left
// and right.
func TestNarrowBoardAndClocksInTheColumn(t *testing.T) {
	p := open(t)
	p.do("a phone's screen", chromedp.EmulateViewport(320, 640))
	p.goToLine("c3-d4")
	for _, w := range []int64{320, 330, 340, 360, 375, 390, 414} {
		p.do("a phone's screen", chromedp.EmulateViewport(w, 640))
		p.choose("clock", "3+2")
		p.waitFor("Black's clock to run", `document.getElementById("clock-black").classList.contains("running")`)
		p.run("to the top", `window.scrollTo(0, 0)`)
		p.frame()
		p.screenshot(fmt.Sprintf("narrow-clocks-%dx640", w))
		if got := p.eval(boardOutOfColumn); got != "" {
			t.Errorf("at %d px: %s", w, got)
		}
		if got := p.pageWidth(); got != fmt.Sprint(w) {
			t.Errorf("with the clocks the page is %s px wide on a %d px screen", got, w)
		}
		p.choose("clock", "")
	}
}
