package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// rect returns an element's box, rounded, as "left top right bottom".
func (p page) rect(selector string) string {
	p.t.Helper()
	return p.eval(`(() => { const e = document.querySelector(` + jsString(selector) + `);
		if (!e) return "none";
		const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round).join(" "); })()`)
}

// inView says whether the element's box lies wholly in the window, and
// where it is.
func (p page) inView(selector string) (bool, string) {
	p.t.Helper()
	got := p.eval(`(() => { const e = document.querySelector(` + jsString(selector) + `);
		if (!e) return "none";
		const r = e.getBoundingClientRect();
		const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(" ");
		return (r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth ? "yes " : "no ") + box; })()`)
	yes, box, _ := strings.Cut(got, " ")
	return yes == "yes", box
}

// Starting and stopping the analysis does not move or shrink the board
// (the gauge keeps its place, seen or not); the gauge stands beside the
// squares, not the coordinates; and stepping to another move while
// analysing does not make what is under the lines jump up while the new
// position's lines are on their way.
func TestLayoutStillWhileAnalysing(t *testing.T) {
	p := open(t)
	p.do("a wide window", chromedp.EmulateViewport(1280, 800))
	p.goToLine("c3-d4", "b6-a5")
	before := p.rect("#board svg")
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines li").length === 2`)
	if after := p.rect("#board svg"); after != before {
		t.Errorf("the board moved when the analysis started: %s, was %s", after, before)
	}
	gauge, squares := p.rect("#gauge"), p.rect("#board svg g.squares")
	if g, s := strings.Fields(gauge), strings.Fields(squares); len(g) != 4 || len(s) != 4 || g[1] != s[1] || g[3] != s[3] {
		t.Errorf("the gauge (%s) does not run from the top to the bottom of the squares (%s)", gauge, squares)
	}

	movesTop := p.rect("#moves")
	p.run("hold the analysis", holdStreams)
	p.key(kb.ArrowLeft)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	p.waitFor("the new position's analysis", `window.heldStreams() === 1`)
	if got := p.rect("#moves"); got != movesTop {
		t.Errorf("the move list jumped from %s to %s while the new lines were on their way", movesTop, got)
	}
	p.run("release the analysis", `window.releaseStreams()`)
	p.waitFor("the new lines", `document.querySelectorAll("#pv-lines li").length === 2`)
	p.key("l")
	p.waitFor("the analysis to stop", `document.querySelectorAll("#pv-lines li").length === 0`)
	if after := p.rect("#board svg"); after != before {
		t.Errorf("the board moved when the analysis stopped: %s, was %s", after, before)
	}
}

// tooSmall lists the controls shown that are less than 32 px wide or high.
const tooSmall = `(() => {
	const out = [];
	for (const e of document.querySelectorAll("button, select, input:not([type=radio]), textarea, summary, #moves .move[data-node], fieldset.tools label")) {
		if (!e.checkVisibility()) continue;
		const r = e.getBoundingClientRect();
		if (r.width < 31.5 || r.height < 31.5) out.push((e.id || e.className || e.tagName.toLowerCase()) + " " + JSON.stringify(e.textContent.trim().slice(0, 20)) + " " + Math.round(r.width) + "x" + Math.round(r.height));
	}
	return [...new Set(out)].join("; ");
})()`

// On a 375 px screen every control is big enough to tap, 32 px or more
// each way: the buttons, lists and boxes, the notice's ×, the moves of the
// move list and its variations, the moves of the engine lines, the
// review's marks, the editor's tools, the boxes that fold open.
func TestLayoutPhoneTapTargets(t *testing.T) {
	p := open(t)
	p.do("phone-width screen", chromedp.EmulateViewport(375, 740))
	fen := "W:We3,a1,c1:Bg5,h8,b8"
	p.goTo(url.Values{"fen": {fen}, "moves": {"e3-f4 g5:e3 zz"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4", "g5:e3"))
	p.waitFor("the notice", `!document.getElementById("notice").hidden`)
	p.review("depth:2")
	p.key(kb.Home)
	p.waitFEN(fenAfter(t, bashni.Russian(), fen))
	p.play("a1-b2") // a variation
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines .pv-move").length > 2`)
	p.run("open the folded boxes", `document.querySelectorAll("details").forEach(d => d.open = true)`)
	if got := p.eval(tooSmall); got != "" {
		t.Errorf("controls smaller than 32 px on a 375 px screen: %s", got)
	}
	p.key("l")
	p.do("open the editor", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	if got := p.eval(tooSmall); got != "" {
		t.Errorf("with the editor open, controls smaller than 32 px on a 375 px screen: %s", got)
	}
}

// On a phone, the clocks of a game are in view with the whole board, and
// the position editor opens where its tools are seen with the board: not
// a screen or two under it, where a player would scroll to and fro
// between a tool and a square.
func TestLayoutPhoneClocksAndEditorByTheBoard(t *testing.T) {
	p := open(t)
	p.do("phone-width screen", chromedp.EmulateViewport(375, 740))
	p.goTo("")
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("clock", "3+2")
	p.waitFor("White's clock to run", `document.getElementById("clock-white").classList.contains("running")`)
	p.run("to the top", `window.scrollTo(0, 0)`)
	if ok, box := p.inView("#board svg g.squares"); !ok {
		t.Fatalf("at the top of the page the board is not in view: %s", box)
	}
	for _, id := range []string{"#clock-white", "#clock-black"} {
		if ok, box := p.inView(id); !ok {
			t.Errorf("%s is out of view (%s) while the board is in view", id, box)
		}
	}
	p.choose("clock", "")

	p.run("to the bottom", `window.scrollTo(0, document.documentElement.scrollHeight)`)
	p.do("open the editor", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	for _, sel := range []string{"#board svg g.squares", "fieldset.tools"} {
		if ok, box := p.inView(sel); !ok {
			t.Errorf("with the editor open, %s is out of view: %s", sel, box)
		}
	}
	if got := p.eval(`document.activeElement.name + " " + document.activeElement.value`); got != "editor-tool w" {
		t.Errorf("the focus is on %q, not on the editor's tool chosen", got)
	}
}

// fakeLines replaces the analysis stream with one that sends five long
// lines at once: what the engine would send, deterministically.
const fakeLines = `(() => {
	const pv = "c3-d4 f6-g5 g3-f4 g7-f6 b2-c3 h8-g7 a1-b2 b6-a5 d4-c5 d6:b4 a3:c5 g5:e3 f2:d4 f6-e5 d4:f6 g7:e5 c3-d4 e5:c3 b2:d4 a5-b4".split(" ");
	const lines = [0, 1, 2, 3, 4].map(i => ({ score: "+0." + i + "5", pv: pv.slice(i) }));
	window.EventSource = function () {
		const es = this;
		this.readyState = 0;
		this.close = () => { es.readyState = 2; };
		setTimeout(() => es.onmessage && es.onmessage({ data: JSON.stringify({ depth: 12, seldepth: 20, nps: 1e6, nodes: 1234567, lines }) }));
	};
	window.EventSource.CLOSED = 2;
})()`

// On a phone, where the engine lines wrap, a move number stays on the row
// of the move it numbers.
func TestLayoutPhoneLineNumbersWithTheirMoves(t *testing.T) {
	p := open(t)
	p.do("phone-width screen", chromedp.EmulateViewport(375, 740))
	p.goTo("")
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.run("fake lines", fakeLines)
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines li").length === 5`)
	apart := p.eval(`(() => {
		const out = [];
		for (const li of document.querySelectorAll("#pv-lines li")) {
			const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) {
				const m = /\d+\.(\.\.)?/.exec(n.data);
				if (!m || n.parentElement.closest(".pv-move, .score")) continue;
				const range = document.createRange();
				range.setStart(n, m.index);
				range.setEnd(n, m.index + m[0].length);
				const num = range.getBoundingClientRect();
				let b = n.nextSibling;
				while (b && !(b.classList && b.classList.contains("pv-move"))) b = b.nextSibling;
				if (!b) continue;
				const r = b.getBoundingClientRect();
				if (num.bottom <= r.top || num.top >= r.bottom) out.push(m[0] + " " + b.textContent);
			}
		}
		return out.join(", "); })()`)
	if apart != "" {
		t.Errorf("move numbers on another row than their moves: %s", apart)
	}
}

// lowContrast lists the texts shown in the panel whose colour stands out
// from their background by less than WCAG's 4.5:1 (disabled controls
// aside).
const lowContrast = `(() => {
	const parse = (c) => { const m = c.match(/[\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
	const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
	const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
	const bg = (e) => { for (; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c.a > 0.5) return c; } return { r: 255, g: 255, b: 255 }; };
	const out = [];
	for (const e of document.querySelectorAll("#panel *")) {
		if (!e.checkVisibility() || e.closest(":disabled")) continue;
		if (![...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim() !== "")) continue;
		const l1 = lum(parse(getComputedStyle(e).color)), l2 = lum(bg(e));
		const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
		if (ratio < 4.5) out.push((e.id || e.className || e.tagName.toLowerCase()) + " " + JSON.stringify(e.textContent.trim().slice(0, 20)) + " " + ratio.toFixed(2));
	}
	return [...new Set(out)].join("; ");
})()`

// The panel's texts are readable: the move list with a variation, the
// engine lines, the editor.
func TestLayoutTextContrast(t *testing.T) {
	p := open(t)
	p.branch() // c3-d4 f6-g5 g3-f4, and the variation 1... b6-c5
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines .pv-move").length > 2`)
	p.do("open the editor", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	if got := p.eval(lowContrast); got != "" {
		t.Errorf("texts with a contrast under 4.5:1: %s", got)
	}
}

// rowsBroken lists the panel's rows (.row) shown whose controls do not
// stand on one line, with where each starts, and the rows and the panel
// wider than their box.
const rowsBroken = `(() => {
	const out = [];
	const name = (e) => e.id || JSON.stringify(e.textContent.trim().replace(/\s+/g, " ").slice(0, 24));
	const panel = document.getElementById("panel");
	if (panel.scrollWidth > panel.clientWidth) out.push("the panel is " + panel.scrollWidth + " px wide in " + panel.clientWidth);
	for (const row of panel.querySelectorAll(".row")) {
		if (!row.checkVisibility()) continue;
		const items = [...row.children].filter((e) => e.checkVisibility());
		if (items.length === 0) continue;
		const rs = items.map((e) => e.getBoundingClientRect());
		if (Math.max(...rs.map((r) => r.top)) >= Math.min(...rs.map((r) => r.bottom)))
			out.push("row " + name(row) + " on several lines: " + items.map((e, i) => name(e) + "@" + Math.round(rs[i].top)).join(" "));
		if (row.scrollWidth > row.clientWidth) out.push("row " + name(row) + " is " + row.scrollWidth + " px wide in " + row.clientWidth);
	}
	return out.join("; ");
})()`

// wrappedLabels lists the buttons, labels and clocks shown whose text
// breaks onto more than one line.
const wrappedLabels = `(() => {
	const out = [];
	for (const e of document.querySelectorAll("button, label, .clock")) {
		if (!e.checkVisibility() || e.closest("#choices")) continue;
		const tops = [];
		const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			if (n.data.trim() === "") continue;
			const range = document.createRange();
			range.selectNodeContents(n);
			for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
		}
		// A line starts where a text's box stands lower than the last one's by more than half a line.
		tops.sort((a, b) => a - b);
		const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 8).length;
		if (lines > 1) out.push((e.id || e.tagName.toLowerCase()) + " " + JSON.stringify(e.textContent.trim().slice(0, 30)) + " on " + lines + " lines");
	}
	return out.join("; ");
})()`

// panelBeside says what is wrong when the panel does not stand beside
// the board, right of it, starting at the top of the page: "" when it
// does.
const panelBeside = `(() => {
	const box = document.getElementById("board-box").getBoundingClientRect(), panel = document.getElementById("panel").getBoundingClientRect();
	return panel.left >= box.right && Math.abs(panel.top - box.top) < 1.5 ? "" : "the panel (" + [panel.left, panel.top].map(Math.round).join(" ") + ") is not beside the board (" + [box.left, box.top, box.right, box.bottom].map(Math.round).join(" ") + ")";
})()`

// desktopWidths are the widths of desktop screens the layout tests look
// at, from the narrowest with the panel beside the board up: the panel's
// rows need the same room at each, and the narrower the window, the less
// is left for the board.
var desktopWidths = []int64{900, 1000, 1100, 1280}

// On a desktop screen (900 to 1280 px wide, 800 high) the side panel
// stands beside the board and its rows each stand on one line, none wider
// than the panel, with no button's or label's words broken onto two
// lines: with a game's clocks and without, the engine lines shown, a
// review made and one under way, the folded boxes open, and with the
// editor open and a draw offered.
func TestLayoutDesktopPanelRows(t *testing.T) {
	p := open(t)
	p.do("a desktop screen", chromedp.EmulateViewport(1280, 800))
	fen := "W:We3,a1,c1:Bg5,h8,b8"
	p.goTo(url.Values{"fen": {fen}, "moves": {"e3-f4 g5:e3"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4", "g5:e3"))
	p.choose("clock", "3+2")
	p.waitFor("White's clock to run", `document.getElementById("clock-white").classList.contains("running")`)
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines .pv-move").length > 2`)
	p.key("l")
	p.review("depth:2")
	p.run("open the folded boxes", `document.querySelectorAll("details").forEach(d => d.open = true)`)
	// check looks at the panel at each width, ending at 1280 px; shot
	// names the screenshots, one a width.
	check := func(when, shot string) {
		t.Helper()
		for _, w := range desktopWidths {
			p.do("a desktop screen", chromedp.EmulateViewport(w, 800))
			p.run("to the top", `window.scrollTo(0, 0)`)
			if shot != "" {
				p.screenshot(fmt.Sprintf("%s-%d", shot, w))
			}
			if got := p.eval(panelBeside); got != "" {
				t.Errorf("%s, at %d px: %s", when, w, got)
			}
			if got := p.eval(rowsBroken); got != "" {
				t.Errorf("%s, at %d px: %s", when, w, got)
			}
			if got := p.eval(wrappedLabels); got != "" {
				t.Errorf("%s, at %d px, labels broken onto several lines: %s", when, w, got)
			}
			if got := p.pageWidth(); got != fmt.Sprint(w) {
				t.Errorf("%s, the page is %s px wide on a %d px screen", when, got, w)
			}
		}
	}
	check("with lines, a review and the clocks", "desktop-rows")
	p.run("to the top", `window.scrollTo(0, 0)`)
	p.screenshot("desktop-top")
	p.run("to the bottom", `window.scrollTo(0, document.documentElement.scrollHeight)`)
	p.screenshot("desktop-bottom")

	// The review under way shows its progress and Cancel on a row.
	p.run("hold the analysis", holdStreams)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's first analysis", `window.heldStreams() === 1`)
	check("with a review under way", "")
	p.do("cancel", chromedp.Click(chromedp.CSS("#review-cancel")))
	p.run("release the analysis", `window.releaseStreams()`)

	p.do("offer a draw", chromedp.Click(chromedp.CSS("#offer-draw")))
	p.waitFor("the offer", `!document.getElementById("draw-offer").hidden`)
	p.do("open the editor", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	check("with the editor open and a draw offered", "desktop-editor-rows")
	p.run("to the top", `window.scrollTo(0, 0)`)
	p.screenshot("desktop-editor")

	p.choose("clock", "")
	check("without the clocks", "desktop-noclock-rows")
}

// clocksBeside says where the clocks stand against the board's squares:
// "beside, TOP on top" when both stand right of the squares and left of
// the panel, one at the top row and the other at the bottom row, or what
// is wrong.
const clocksBeside = `(() => {
	const sq = document.querySelector("#board svg g.squares").getBoundingClientRect();
	const panel = document.getElementById("panel").getBoundingClientRect();
	const w = document.getElementById("clock-white").getBoundingClientRect(), b = document.getElementById("clock-black").getBoundingClientRect();
	const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(" ");
	const where = "white " + box(w) + ", black " + box(b) + ", squares " + box(sq) + ", panel " + box(panel);
	if (Math.min(w.left, b.left) < sq.right || Math.max(w.right, b.right) > panel.left) return "not between the board and the panel: " + where;
	const [top, bottom, name] = w.top < b.top ? [w, b, "White"] : [b, w, "Black"];
	if (Math.abs(top.top - sq.top) > 1.5 || Math.abs(bottom.bottom - sq.bottom) > 1.5) return "not at the top and bottom rows: " + where;
	return "beside, " + name + " on top";
})()`

// On a desktop screen (1280x800) a game's clocks stand beside the board
// as on lichess, between it and the panel: the top one at the top row and
// the other at the bottom row, the side playing from the top's on top
// (White's once the board is flipped), and they stay there as the panel
// scrolls. They come without moving the board. On a phone they are a row
// under the board.
func TestLayoutDesktopClocksBesideTheBoard(t *testing.T) {
	p := open(t)
	p.do("a desktop screen", chromedp.EmulateViewport(1280, 800))
	p.goToLine("c3-d4")
	board := p.rect("#board svg")
	p.choose("clock", "3+2")
	p.waitFor("Black's clock to run", `document.getElementById("clock-black").classList.contains("running")`)
	if got := p.rect("#board svg"); got != board {
		t.Errorf("the board moved when the clocks came: %s, was %s", got, board)
	}
	p.screenshot("desktop-clocks")
	if got := p.eval(clocksBeside); got != "beside, Black on top" {
		t.Errorf("the clocks: %s", got)
	}
	p.run("to the bottom", `window.scrollTo(0, document.documentElement.scrollHeight)`)
	if got := p.eval(clocksBeside); got != "beside, Black on top" {
		t.Errorf("with the panel scrolled to its end, the clocks: %s", got)
	}
	p.key("f")
	p.waitFor("the board flipped", `(() => { const at = (sq) => document.querySelector('#board rect.sq[data-square="' + sq + '"]').getBoundingClientRect().top;
		return at("a1") < at("a7"); })()`)
	p.run("to the top", `window.scrollTo(0, 0)`)
	p.screenshot("desktop-clocks-flipped")
	if got := p.eval(clocksBeside); got != "beside, White on top" {
		t.Errorf("with the board flipped, the clocks: %s", got)
	}

	p.do("a phone-width screen", chromedp.EmulateViewport(375, 740))
	p.run("to the top", `window.scrollTo(0, 0)`)
	p.screenshot("phone-clocks")
	under := p.eval(`(() => {
		const sq = document.querySelector("#board svg").getBoundingClientRect();
		const w = document.getElementById("clock-white").getBoundingClientRect(), b = document.getElementById("clock-black").getBoundingClientRect();
		return String(Math.round(w.top) === Math.round(b.top) && w.top >= sq.bottom - 0.5 && w.right <= b.left && b.right <= innerWidth);
	})()`)
	if under != "true" {
		t.Errorf("on a phone the clocks are not a row under the board: white %s, black %s, board %s", p.rect("#clock-white"), p.rect("#clock-black"), p.rect("#board svg"))
	}
	if got := p.pageWidth(); got != "375" {
		t.Errorf("on a phone the page is %s px wide", got)
	}
}

// clocksUnder says where the clocks stand against the board: "under" when
// they are a row, White's first, under the board and left of the panel,
// both in the window, or what is wrong.
const clocksUnder = `(() => {
	const board = document.querySelector("#board svg").getBoundingClientRect(), boardBox = document.getElementById("board-box").getBoundingClientRect();
	const panel = document.getElementById("panel").getBoundingClientRect();
	const w = document.getElementById("clock-white").getBoundingClientRect(), b = document.getElementById("clock-black").getBoundingClientRect();
	const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(" ");
	const where = "white " + box(w) + ", black " + box(b) + ", board " + box(board) + ", panel " + box(panel);
	if (Math.round(w.top) !== Math.round(b.top) || w.right > b.left) return "not a row, White's first: " + where;
	if (w.top < board.bottom - 0.5 || w.left < boardBox.left - 0.5 || b.right > panel.left) return "not under the board, left of the panel: " + where;
	if (b.bottom > innerHeight) return "out of the window: " + where;
	return "under";
})()`

// On a desktop screen (900 to 1280 px wide, 800 high) a game's clocks
// come without moving the board or changing its size: the board leaves
// the panel room for its rows whether or not the clocks are shown (in a
// lower window the board makes room for the clocks under it,
// TestLayoutLowWindowBoardAndClocksFit). Where the board, the
// clocks and the panel fit side by side (from 1260 px) the clocks stand
// beside the board (TestLayoutDesktopClocksBesideTheBoard); on a
// narrower screen they are a row under it, as on a phone, in the window
// with it, and the panel stays beside the board.
func TestLayoutDesktopBoardSizeWithClocks(t *testing.T) {
	p := open(t)
	p.do("a desktop screen", chromedp.EmulateViewport(1280, 800))
	p.goToLine("c3-d4")
	for _, w := range append([]int64{1200}, desktopWidths...) {
		p.do("a desktop screen", chromedp.EmulateViewport(w, 800))
		p.choose("clock", "")
		p.run("to the top", `window.scrollTo(0, 0)`)
		board := p.rect("#board svg")
		p.screenshot(fmt.Sprintf("board-%d", w))
		p.choose("clock", "3+2")
		p.waitFor("Black's clock to run", `document.getElementById("clock-black").classList.contains("running")`)
		p.screenshot(fmt.Sprintf("board-clocks-%d", w))
		if got := p.rect("#board svg"); got != board {
			t.Errorf("at %d px the board moved or changed its size when the clocks came: %s, was %s", w, got, board)
		}
		if got := p.eval(panelBeside); got != "" {
			t.Errorf("at %d px with the clocks: %s", w, got)
		}
		if w >= 1260 {
			if got := p.eval(clocksBeside); got != "beside, Black on top" {
				t.Errorf("at %d px the clocks: %s", w, got)
			}
		} else if got := p.eval(clocksUnder); got != "under" {
			t.Errorf("at %d px the clocks: %s", w, got)
		}
		if got := p.pageWidth(); got != fmt.Sprint(w) {
			t.Errorf("with the clocks the page is %s px wide on a %d px screen", got, w)
		}
	}
}

// offerBroken says what is wrong with the draw offer's layout: "" when
// Accept and Decline stand side by side on one line, the offer's text on
// their line or wholly above it, all of it inside the box and the box
// inside the panel.
const offerBroken = `(() => {
	const r = (id) => document.getElementById(id).getBoundingClientRect();
	const box = r("draw-offer"), panel = r("panel"), text = r("draw-offer-text"), a = r("draw-accept"), d = r("draw-decline");
	const at = (x) => [x.left, x.top, x.right, x.bottom].map(Math.round).join(" ");
	const where = "text " + at(text) + ", Accept " + at(a) + ", Decline " + at(d) + ", box " + at(box);
	if (Math.max(a.top, d.top) >= Math.min(a.bottom, d.bottom) || d.left < a.right) return "Accept and Decline are not side by side on one line: " + where;
	const onTheirLine = text.top < a.bottom && text.bottom > a.top;
	if (!onTheirLine && text.bottom > Math.min(a.top, d.top) + 0.5) return "the text is neither on the buttons' line nor above it: " + where;
	if ([text, a, d].some((x) => x.left < box.left - 0.5 || x.right > box.right + 0.5 || x.top < box.top - 0.5 || x.bottom > box.bottom + 0.5)) return "not inside the box: " + where;
	if (box.left < panel.left - 0.5 || box.right > panel.right + 0.5) return "the box (" + at(box) + ") is wider than the panel (" + at(panel) + ")";
	return "";
})()`

// A draw offer in a game between two players shows its question with
// Accept and Decline together: on one line where the panel has room for
// all three (at its widest, 480 px), otherwise the text on a line and
// the two buttons side by side under it, never one button alone on a
// line; on a desktop (900 px and wider, where the panel keeps 420 px or
// more) and on a phone alike. Offered and declined by keyboard: Accept
// has the focus, Tab goes on to Decline.
func TestLayoutDrawOfferButtonsTogether(t *testing.T) {
	p := open(t)
	p.do("a desktop screen", chromedp.EmulateViewport(1280, 800))
	p.goToLine("c3-d4")
	for _, size := range [][2]int64{{900, 800}, {1000, 800}, {1100, 800}, {1200, 800}, {1280, 800}, {390, 844}, {320, 640}} {
		w, h := size[0], size[1]
		p.do("a screen", chromedp.EmulateViewport(w, h))
		p.offerDrawByKeyboard()
		p.run("the offer in view", `document.getElementById("draw-offer").scrollIntoView({block: "center"})`)
		p.screenshot(fmt.Sprintf("draw-offer-%d", w))
		if got := p.eval(offerBroken); got != "" {
			t.Errorf("at %dx%d the draw offer: %s", w, h, got)
		}
		if got := p.eval(wrappedLabels); got != "" {
			t.Errorf("at %dx%d labels broken onto several lines: %s", w, h, got)
		}
		if got := p.pageWidth(); got != fmt.Sprint(w) {
			t.Errorf("with the draw offer the page is %s px wide on a %d px screen", got, w)
		}
		p.do("Tab to Decline, Enter", chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter))
		p.waitFor("the offer to close", `document.getElementById("draw-offer").hidden`)
	}
}

// frame waits until the page has drawn two frames: after the window's
// size or the board's has changed, what a ResizeObserver sets from the
// board's new size (the gauge's height, which the board's box follows)
// is in place, as it is before the first frame a person sees.
func (p page) frame() {
	p.t.Helper()
	p.do("two frames", chromedp.Evaluate[chromedp.Void](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`, chromedp.EvalAwaitPromise))
}

// clocksMargin is how far the bottom of the lower clock stands above the
// window's bottom, in px, rounded down.
const clocksMargin = `(() => {
	const w = document.getElementById("clock-white").getBoundingClientRect(), b = document.getElementById("clock-black").getBoundingClientRect();
	return String(Math.floor(innerHeight - Math.max(w.bottom, b.bottom)));
})()`

// In a low window (600 to 700 px high) under 1260 px wide, where a game's
// clocks are a row under the board, the board leaves room for that row:
// the board and the clocks are in the window with a margin of 12 px or
// more under the clocks (16 px, the page's margin, as the CSS has it).
// The board gives up only what the row needs: where its size is set by
// the window's height, no more than 28 px stand under the clocks; and
// without the clocks the board keeps its size, no more than 44 px over
// the window's bottom. The panel stays beside the board on a desktop;
// under 900 px (800x600) the clocks are in the window with the board.
func TestLayoutLowWindowBoardAndClocksFit(t *testing.T) {
	p := open(t)
	p.do("a desktop screen", chromedp.EmulateViewport(1280, 800))
	p.goToLine("c3-d4")
	for _, s := range []struct {
		w, h     int64
		byHeight bool // the board's size is set by the window's height
	}{
		{900, 650, false}, {900, 600, false}, {950, 600, false}, {1000, 620, true}, {1000, 700, false},
		{1100, 600, true}, {1100, 650, true}, {1100, 700, true}, {1200, 600, true}, {1259, 680, true},
		{800, 600, true},
	} {
		p.do("a screen", chromedp.EmulateViewport(s.w, s.h))
		p.choose("clock", "")
		p.run("to the top", `window.scrollTo(0, 0)`)
		p.frame()
		under := p.eval(`String(Math.round(innerHeight - document.querySelector("#board svg").getBoundingClientRect().bottom))`)
		p.choose("clock", "3+2")
		p.waitFor("Black's clock to run", `document.getElementById("clock-black").classList.contains("running")`)
		p.run("to the top", `window.scrollTo(0, 0)`)
		p.frame()
		p.screenshot(fmt.Sprintf("low-clocks-%dx%d", s.w, s.h))
		margin := p.eval(clocksMargin)
		where := fmt.Sprintf("white %s, black %s, board %s", p.rect("#clock-white"), p.rect("#clock-black"), p.rect("#board svg"))
		var m, u int
		fmt.Sscan(margin, &m)
		fmt.Sscan(under, &u)
		t.Logf("at %dx%d: the clocks end %d px over the window's bottom (%s); without them the board ends %d px over it", s.w, s.h, m, where, u)
		if m < 12 {
			t.Errorf("at %dx%d the clocks end %d px over the window's bottom, want 12 or more: %s", s.w, s.h, m, where)
		}
		if s.byHeight && m > 28 {
			t.Errorf("at %dx%d the clocks end %d px over the window's bottom: the board gave up more room than they need (%s)", s.w, s.h, m, where)
		}
		if s.byHeight && u > 44 {
			t.Errorf("at %dx%d without the clocks the board ends %d px over the window's bottom: it is smaller than the window allows", s.w, s.h, u)
		}
		if s.w >= 900 {
			if got := p.eval(clocksUnder); got != "under" {
				t.Errorf("at %dx%d the clocks: %s", s.w, s.h, got)
			}
			if got := p.eval(panelBeside); got != "" {
				t.Errorf("at %dx%d with the clocks: %s", s.w, s.h, got)
			}
		}
		if got := p.pageWidth(); got != fmt.Sprint(s.w) {
			t.Errorf("with the clocks the page is %s px wide on a %d px screen", got, s.w)
		}
	}
}

// clocksPastTheBoard says where the clocks' row reaches past the
// board's box on the right, toward the panel: "" when it does not.
const clocksPastTheBoard = `(() => {
	const box = document.getElementById("board-box").getBoundingClientRect(), b = document.getElementById("clock-black").getBoundingClientRect();
	return b.right <= box.right + 0.5 ? "" : "the clocks reach " + Math.round(b.right) + ", past the board's box, which ends at " + Math.round(box.right);
})()`

// On a phone held sideways (568x320 to 844x390), as in a low desktop
// window (TestLayoutLowWindowBoardAndClocksFit), a game's clocks under
// the board end in the window, 12 px or more over its bottom, with the
// board whole above them, the clocks no wider than the board's box and
// the panel beside it: the board, and the clocks, are smaller than on a
// desktop rather than leave the clocks partly out of view.
func TestLayoutLandscapePhoneBoardAndClocksFit(t *testing.T) {
	p := open(t)
	p.do("a phone held sideways", chromedp.EmulateViewport(740, 360))
	p.goToLine("c3-d4")
	for _, s := range [][2]int64{{740, 360}, {640, 360}, {667, 375}, {844, 390}, {568, 320}} {
		p.do("a phone held sideways", chromedp.EmulateViewport(s[0], s[1]))
		p.choose("clock", "3+2")
		p.waitFor("Black's clock to run", `document.getElementById("clock-black").classList.contains("running")`)
		p.run("to the top", `window.scrollTo(0, 0)`)
		p.frame()
		p.screenshot(fmt.Sprintf("landscape-fit-%dx%d", s[0], s[1]))
		var m int
		fmt.Sscan(p.eval(clocksMargin), &m)
		where := fmt.Sprintf("white %s, black %s, board %s", p.rect("#clock-white"), p.rect("#clock-black"), p.rect("#board svg"))
		if m < 12 {
			t.Errorf("at %dx%d the clocks end %d px over the window's bottom, want 12 or more: %s", s[0], s[1], m, where)
		}
		if ok, box := p.inView("#board svg"); !ok {
			t.Errorf("at %dx%d the board is not wholly in the window: %s", s[0], s[1], box)
		}
		if got := p.eval(clocksPastTheBoard); got != "" {
			t.Errorf("at %dx%d %s", s[0], s[1], got)
		}
		if got := p.eval(panelBeside); got != "" {
			t.Errorf("at %dx%d with the clocks: %s", s[0], s[1], got)
		}
		if got := p.pageWidth(); got != fmt.Sprint(s[0]) {
			t.Errorf("at %dx%d with the clocks the page is %s px wide", s[0], s[1], got)
		}
		p.choose("clock", "")
	}
}

// On a phone held sideways (740x360, 844x390, and the smallest, 568x320)
// the panel stands beside the board, with the board whole in the window,
// and a game's clocks, a row under the board, do not send it under the
// board, a screen down, with the status and the moves.
func TestLayoutLandscapePhonePanelBesideWithClocks(t *testing.T) {
	p := open(t)
	for _, s := range [][2]int64{{740, 360}, {844, 390}, {568, 320}} {
		p.do("a phone held sideways", chromedp.EmulateViewport(s[0], s[1]))
		p.goToLine("c3-d4")
		p.run("to the top", `window.scrollTo(0, 0)`)
		p.frame()
		p.screenshot(fmt.Sprintf("landscape-%dx%d", s[0], s[1]))
		if got := p.eval(panelBeside); got != "" {
			t.Errorf("at %dx%d without the clocks: %s", s[0], s[1], got)
		}
		if ok, box := p.inView("#board svg"); !ok {
			t.Errorf("at %dx%d the board is not wholly in the window: %s", s[0], s[1], box)
		}
		if got := p.pageWidth(); got != fmt.Sprint(s[0]) {
			t.Errorf("at %dx%d the page is %s px wide", s[0], s[1], got)
		}
		p.choose("clock", "5+3")
		p.frame()
		if got := p.eval(panelBeside); got != "" {
			t.Errorf("at %dx%d with the clocks: %s", s[0], s[1], got)
		}
		if got := p.pageWidth(); got != fmt.Sprint(s[0]) {
			t.Errorf("at %dx%d with the clocks the page is %s px wide", s[0], s[1], got)
		}
		p.screenshot(fmt.Sprintf("landscape-clocks-%dx%d", s[0], s[1]))
	}
}
