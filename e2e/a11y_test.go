package e2e

import (
	"net/url"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// openPhoneAnalysing opens the page on a screen 375 px wide at russian's
// start, and starts the analysis, waiting for lines of depth 6 or more.
func openPhoneAnalysing(t *testing.T) page {
	t.Helper()
	p := open(t)
	p.do("phone-width screen", chromedp.EmulateViewport(375, 740))
	p.goTo("")
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.key("l")
	p.waitFor("deep lines", deepLines)
	return p
}

// pageWidth is the document's width, to compare with the screen's.
func (p page) pageWidth() string {
	return p.eval(`String(document.documentElement.scrollWidth)`)
}

// focused describes the element with the focus: "body" when it is the
// page's body or an element no longer shown.
func (p page) focused() string {
	return p.eval(`(() => { const a = document.activeElement; return !a || a === document.body || !a.checkVisibility() ? "body" : a.tagName + "#" + a.id + "." + a.className + " " + a.textContent.slice(0, 30); })()`)
}

// On a 375 px screen nothing makes the page wider than the screen: not the
// engine lines, not a long capture in the move list, not a record's list
// of games, not a custom ruleset in the ruleset list.
func TestA11yNarrowNothingWiderThanTheScreen(t *testing.T) {
	p := openPhoneAnalysing(t)
	if got := p.pageWidth(); got != "375" {
		t.Errorf("with the engine lines shown the page is %s px wide on a 375 px screen", got)
	}
	p.key("l")
	setUp(p, twelve)
	p.waitFEN(fenAfter(t, bashni.Russian(), twelve))
	p.play("c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1")
	if got := p.pageWidth(); got != "375" {
		t.Errorf("with a twelve-jump capture in the move list the page is %s px wide", got)
	}
	rec := "[White \"Somebody With A Rather Long Name\"]\n[Black \"Another Person With A Long Name\"]\n[Event \"The championship of the whole wide world\"]\n1. c3-d4 *\n\n" +
		"[White \"Somebody With A Rather Long Name\"]\n[Black \"Another Person With A Long Name\"]\n1. c3-b4 *\n"
	p.do("open a record of two games", chromedp.SetValue(chromedp.CSS("#pdn-text"), rec), chromedp.Click(chromedp.CSS("#pdn-open")))
	p.waitFor("the list of games", `!document.getElementById("pdn-pick").hidden`)
	if got := p.pageWidth(); got != "375" {
		t.Errorf("with the list of a record's games the page is %s px wide", got)
	}
	p.screenshot("a11y-narrow")
}

// A move of an engine line that has the focus is seen: not cut off by the
// line's ellipsis (on a phone, none is cut off, so each can be tapped).
func TestA11yNarrowEngineLineMovesShown(t *testing.T) {
	p := openPhoneAnalysing(t)
	p.key("l") // stop, so the lines stay as they are
	p.waitFor("the analysis to stop", `document.getElementById("analyse").getAttribute("aria-pressed") === "false"`)
	p.key("l")
	p.waitFor("deep lines", deepLines)
	cut := p.eval(`(() => { const out = [];
		for (const li of document.querySelectorAll("#pv-lines li")) {
			const box = li.getBoundingClientRect();
			for (const b of li.querySelectorAll(".pv-move")) {
				const r = b.getBoundingClientRect();
				if (r.right > box.right + 0.5 || r.right > 375) out.push(b.textContent);
			}
		}
		return out.join(" "); })()`)
	if cut != "" {
		t.Errorf("moves of the engine lines cut off at 375 px: %s", cut)
	}
}

// The move list by keyboard: Tab comes into the list on the move shown
// (at the start, the first move), the arrow keys reach a move of a
// variation, Enter goes there, and the focus stays in the list on the
// move shown.
func TestA11yKeyboardMoveListVariation(t *testing.T) {
	p := open(t)
	p.branch() // c3-d4 f6-g5 g3-f4, and the variation 1... b6-c5
	p.play("d4:b6")
	p.key(kb.Home)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.tabInto("moves")
	if got := p.eval(`document.activeElement.textContent`); got != "c3-d4" {
		t.Errorf("at the start Tab comes into the move list on %s, not on its first move", p.focused())
	}
	target := `(() => { const a = document.activeElement; return a && a.closest && a.closest("#moves .line") !== null && a.textContent === "b6-c5"; })()`
	for i := 0; p.eval(`String(`+target+`)`) != "true"; i++ {
		if i == 3 {
			t.Fatalf("the variation's move b6-c5 is not reached with →: the focus is on %s", p.focused())
		}
		p.keys(kb.ArrowRight)
	}
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5"))
	if got := p.eval(`String(document.activeElement.classList.contains("cur"))`); got != "true" {
		t.Errorf("after going to a move by keyboard the focus is on %s, not on the move shown", p.focused())
	}
}

// tabInto presses Tab until the focus is in the element with the id.
func (p page) tabInto(id string) {
	p.t.Helper()
	for range 120 {
		if p.eval(`String(document.getElementById(`+jsString(id)+`).contains(document.activeElement))`) == "true" {
			return
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	p.t.Fatalf("#%s is not reached with Tab", id)
}

// Answering the draw offer, finishing the editor or dismissing the notice
// by keyboard leaves the focus on a control, not on the page's body.
func TestA11yKeyboardFocusAfterClosing(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.play("c3-d4")
	p.offerDrawByKeyboard()
	p.do("Tab to Decline, Enter", chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter))
	p.waitFor("the offer to close", `document.getElementById("draw-offer").hidden`)
	if got := p.focused(); got == "body" {
		t.Errorf("after declining the draw the focus is on the page's body")
	}
	p.offerDrawByKeyboard()
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the draw", `document.getElementById("status").textContent.includes("draw agreed")`)
	if got := p.focused(); got == "body" {
		t.Errorf("after accepting the draw the focus is on the page's body")
	}

	p.newGame("new game")
	p.tabTo("edit")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	p.tabTo("editor-done")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the editor to close", `document.getElementById("editor").hidden`)
	if got := p.focused(); got == "body" {
		t.Errorf("after Study from here the focus is on the page's body")
	}

	p.goTo("fen=bad")
	p.waitFor("the notice", `!document.getElementById("notice").hidden`)
	p.tabTo("notice-close")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the notice to close", `document.getElementById("notice").hidden`)
	if got := p.focused(); got == "body" {
		t.Errorf("after dismissing the notice the focus is on the page's body")
	}
}

// Lists the page draws anew keep the focus: a move of an engine line as
// the next iteration arrives, a marked move of the review when Enter goes
// to it.
func TestA11yKeyboardFocusKeptWhenListsRedraw(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines .pv-move").length > 2`)
	p.eval(`(document.querySelector("#pv-lines .pv-move").focus(), window.infoBefore = document.getElementById("analysis-info").textContent, "")`)
	p.waitFor("the next iteration", `document.getElementById("analysis-info").textContent !== window.infoBefore`)
	if got := p.eval(`String(document.activeElement.classList.contains("pv-move"))`); got != "true" {
		t.Errorf("a new iteration of the analysis moved the focus from the line's move to %s", p.focused())
	}
	// Enter on a line's move plays it; the focus comes back to the lines.
	p.eval(`(window.fenBefore = document.getElementById("board").dataset.fen, "")`)
	p.do("Enter on a line's move", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the move played", `document.getElementById("board").dataset.fen !== window.fenBefore`)
	p.waitFor("the new position's lines", `document.querySelectorAll("#pv-lines .pv-move").length > 2`)
	if got := p.eval(`String(document.activeElement.classList.contains("pv-move"))`); got != "true" {
		t.Errorf("after playing a line's move by keyboard the focus is on %s", p.focused())
	}
	p.key("l")

	fen := "W:We3,a1,c1:Bg5,h8,b8"
	p.goTo(url.Values{"fen": {fen}, "moves": {"e3-f4 g5:e3"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4", "g5:e3"))
	p.review("depth:4")
	p.do("focus the mark", chromedp.Focus(chromedp.CSS("#review-marks button")), chromedp.KeyEvent(kb.Enter))
	p.waitFEN(fenAfter(t, bashni.Russian(), fen, "e3-f4"))
	p.waitFor("the marks drawn again", `document.querySelector("#review-marks button") !== null`)
	if got := p.eval(`String(document.getElementById("review-marks").contains(document.activeElement))`); got != "true" {
		t.Errorf("after going to a marked move by keyboard the focus is on %s", p.focused())
	}
}

// accessible describes an element as a screen reader hears it: its role
// (the attribute, or the tag's own) and its name (aria-labelledby,
// aria-label, its labels), and the value text of a range.
func (p page) accessible(id string) string {
	p.t.Helper()
	return p.eval(`(() => {` + accessibleJS(id) + `})()`)
}

// accessibleJS is the body of a function that returns what accessible
// does.
func accessibleJS(id string) string {
	return `
		const el = document.getElementById(` + jsString(id) + `);
		const text = (ids) => ids.split(/\s+/).map((i) => (document.getElementById(i) || {}).textContent || "").join(" ").trim();
		let name = el.getAttribute("aria-labelledby") ? text(el.getAttribute("aria-labelledby")) : "";
		if (!name) name = (el.getAttribute("aria-label") || "").trim();
		if (!name && el.labels) name = [...el.labels].map((l) => l.textContent).join(" ").trim();
		const role = el.getAttribute("role") || el.tagName.toLowerCase();
		return role + " / " + (name || "no name") + " / " + (el.getAttribute("aria-valuetext") || "no value text");`
}

// The choice among captures by keyboard: the box is a named group that
// takes the focus when it opens, Tab and Enter pick a capture, and Escape
// closes the box and lets the tower go; the focus stays on the page.
func TestA11yKeyboardCaptureChoices(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	openChoices := func() {
		p.eval(`(window.stateBefore = bashni.study.state, "")`)
		setUp(p, loop)
		p.waitFor("the set-up", `bashni.study.state !== window.stateBefore`)
		p.waitFEN(fenAfter(t, bashni.Russian(), loop))
		p.click("c1")
		p.click("c1")
		p.waitFor("the choice box", `!document.getElementById("choices").hidden`)
	}
	inBox := `String(document.getElementById("choices").contains(document.activeElement))`

	openChoices()
	if got := p.accessible("choices"); !strings.HasPrefix(got, "group / Several captures fit") {
		t.Errorf("the choice box is heard as %q, want a group named by its question", got)
	}
	p.do("Escape", chromedp.KeyEvent(kb.Escape))
	p.waitEqual("after Escape: the box hidden, the tower let go",
		`document.getElementById("choices").hidden + " " + (bashni.selection === null)`, "true true")
	if got := p.focused(); got == "body" {
		t.Errorf("after Escape closed the choice box the focus is on the page's body")
	}

	openChoices()
	if got := p.eval(inBox); got != "true" {
		t.Fatalf("the choice box opened, and the focus is on %s, not in it", p.focused())
	}
	second := `document.activeElement === document.querySelector("#choice-buttons button:nth-child(2)")`
	for i := 0; p.eval(`String(`+second+`)`) != "true"; i++ {
		if i == 3 || p.eval(inBox) != "true" {
			t.Fatalf("Tab from the box's focus does not reach its second capture (focus on %s)", p.focused())
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFEN(fenAfter(t, bashni.Russian(), loop, "c1:e3:c5:a3:c1"))
	if got := p.focused(); got == "body" {
		t.Errorf("after a capture chosen by keyboard the focus is on the page's body")
	}
}

// The review's progress bar and the engine's gauge are named, and the
// gauge says its evaluation as the lines show it, not as a bare number.
func TestA11yProgressAndGaugeNamed(t *testing.T) {
	p := open(t)
	p.goToLine("c3-d4", "f6-g5")
	p.key("l")
	p.waitFor("lines", `document.querySelector("#pv-lines .score") !== null`)
	// The lines and the gauge at one moment: the next iteration changes both.
	got := p.eval(`document.querySelector("#pv-lines .score").textContent + " | " + (() => {` + accessibleJS("gauge") + `})()`)
	score, heard, _ := strings.Cut(got, " | ")
	if !strings.HasPrefix(heard, "meter / evaluation for White / ") || !strings.Contains(heard, score) {
		t.Errorf("the gauge is heard as %q, want its value text to say %q as the first line does", heard, score)
	}
	p.key("l")

	p.run("hold the analysis", holdStreams)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's first analysis", `window.heldStreams() === 1`)
	if got := p.accessible("review-progress"); strings.Contains(got, "no name") {
		t.Errorf("the review's progress bar is heard as %q, with no name", got)
	}
	p.do("cancel", chromedp.Click(chromedp.CSS("#review-cancel")))
}

// Escape in the draw offer, a dialog, answers it as closing a dialog
// does: the draw is declined, the box goes, and the focus goes back to
// Offer a draw.
func TestA11yKeyboardEscapeDeclinesTheDraw(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.play("c3-d4")
	p.offerDrawByKeyboard()
	p.do("Escape", chromedp.KeyEvent(kb.Escape))
	p.waitEqual("after Escape: the offer hidden, the status, the focus",
		`document.getElementById("draw-offer").hidden + " | " + document.getElementById("status").textContent + " | " + document.activeElement.id`,
		"true | The draw is declined. | offer-draw")
}

// A button worked by keyboard that the page then disables (Undo and
// Delete move at the start, Resign and Offer a draw once the game is
// over) does not drop the focus on the page's body, where a screen
// reader loses its place: it goes to the status line, which says what
// the position is now, or, once the game is over, to New game.
func TestA11yKeyboardFocusKeptWhenButtonsDisable(t *testing.T) {
	p := open(t)
	for _, c := range []struct{ button, want string }{
		{"undo", "status"}, {"delete", "status"}, {"resign", "new"},
	} {
		p.goToLine("c3-d4")
		p.tabTo(c.button)
		p.do("Enter", chromedp.KeyEvent(kb.Enter))
		p.waitFor(c.button+" disabled", `document.getElementById(`+jsString(c.button)+`).disabled`)
		p.frame()
		if got := p.eval(`document.activeElement ? document.activeElement.id : ""`); got != c.want {
			t.Errorf("after %s by keyboard the focus is on %s, want #%s", c.button, p.focused(), c.want)
		}
	}
}

// offerDrawByKeyboard tabs to Offer a draw and presses Enter, and waits
// for the offer, which takes the focus on Accept.
func (p page) offerDrawByKeyboard() {
	p.t.Helper()
	p.tabTo("offer-draw")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the offer", `document.activeElement.id === "draw-accept"`)
}

// cursor says where the board's cursor is as a screen reader hears it
// (its live region), and where it is seen: "said | seen on SQUARE" when
// its frame stands on that square and shows, "said | not seen" when not.
func (p page) cursor() string {
	p.t.Helper()
	return p.eval(`(() => {
		const said = document.getElementById("board-cursor") ? document.getElementById("board-cursor").textContent : "";
		const c = document.querySelector("#board rect.cursor");
		if (!c || getComputedStyle(c).display === "none") return said + " | not seen";
		const under = [...document.querySelectorAll("#board rect.sq")].find((r) => r.getAttribute("x") === c.getAttribute("x") && r.getAttribute("y") === c.getAttribute("y"));
		return said + " | seen on " + (under ? under.dataset.square : "no square");
	})()`)
}

// cursorAfter presses keys where the focus is (none: none) and checks
// where the board's cursor then is (page.cursor), failing the test with
// what when it is not want.
func (p page) cursorAfter(what, want string, keys ...string) {
	p.t.Helper()
	p.keys(keys...)
	if got := p.cursor(); got != want {
		p.t.Errorf("%s, the cursor: %q, want %q", what, got, want)
	}
}

// keys presses keys where the focus is.
func (p page) keys(ks ...string) {
	p.t.Helper()
	for _, k := range ks {
		p.do("press "+k, chromedp.KeyEvent(k))
	}
}

// The board by keyboard: it is one Tab stop, named, with a cursor on a
// square, seen and said (the square and what stands on it), which the
// arrow keys move as the board is seen (flipped too); Enter or Space
// clicks the cursor's square, choosing a tower and then its landing as
// clicks do. While the board has the focus the arrows are the cursor's;
// without it they step through the moves as before, and f flips the
// board either way.
func TestA11yKeyboardPlayOnTheBoard(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.tabTo("board")
	if got := p.accessible("board"); !strings.HasPrefix(got, "application / board: the arrow keys") {
		t.Errorf("the board is heard as %q", got)
	}
	// The cursor starts on a tower that can move: the first legal move's.
	p.cursorAfter("with the focus come to the board", "a3: white man (top to bottom) | seen on a3")
	p.screenshot("board-cursor")
	p.keys(kb.Tab)
	if got := p.eval(`String(document.getElementById("board").contains(document.activeElement))`); got != "false" {
		t.Errorf("Tab from the board leaves the focus on %s, in the board", p.focused())
	}
	if got := p.cursor(); !strings.HasSuffix(got, "| not seen") {
		t.Errorf("with the focus gone from the board, the cursor: %q", got)
	}
	p.eval(`(document.getElementById("board").focus(), "")`)

	p.keys(kb.ArrowRight, kb.Enter)
	p.waitEqual("the tower chosen by Enter", `(bashni.selection || {}).from`, "c3")
	p.cursorAfter("the tower chosen", "c3: white man (top to bottom), chosen | seen on c3")
	p.cursorAfter("up from c3", "b4: empty, the chosen tower can go here | seen on b4", kb.ArrowUp)
	p.keys(kb.ArrowRight, " ")
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	if got := p.focused(); !strings.HasPrefix(got, "DIV#board") {
		t.Errorf("after a move played on the board by keyboard the focus is on %s", got)
	}
	// Up and down keep to the column left from: up to c5 (of c5 and e5,
	// as near, the left one) and d6, down to c5 and back to d4.
	p.cursorAfter("up twice and down twice from d4", "d4: white man (top to bottom) | seen on d4", kb.ArrowUp, kb.ArrowUp, kb.ArrowDown, kb.ArrowDown)

	// The arrows are the cursor's while the board has the focus, and
	// step through the moves when it has not.
	p.cursorAfter("left from d4", "b4: empty | seen on b4", kb.ArrowLeft)
	p.settle()
	if got, want := p.eval(`document.getElementById("board").dataset.fen`), fenAfter(t, bashni.Russian(), "", "c3-d4"); got != want {
		t.Errorf("← on the board stepped through the moves: the board shows %s", got)
	}
	p.key(kb.ArrowLeft)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))

	// Flipped (f, with the board's focus), up is toward White's side and
	// right toward the a file.
	p.eval(`(document.getElementById("board").focus(), "")`)
	p.keys("f")
	p.waitFor("the board flipped", `(() => { const at = (sq) => document.querySelector('#board rect.sq[data-square="' + sq + '"]').getBoundingClientRect().top;
		return at("a1") < at("a7"); })()`)
	p.cursorAfter("flipped, up from b4", "c3: white man (top to bottom) | seen on c3", kb.ArrowUp)
	p.cursorAfter("flipped, right from c3", "a3: white man (top to bottom) | seen on a3", kb.ArrowRight)
	p.screenshot("board-cursor-flipped")
}

// The list of captures that fit the clicks opens from the board's cursor
// as from clicks, and closes, by Escape or a capture chosen, with the
// focus back on the board; in the position editor Enter on a square
// applies the tool, as a click does.
func TestA11yKeyboardBoardCapturesAndEditor(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.setUpLoop()
	p.tabTo("board")
	// The cursor starts on the only tower that can move.
	if got, want := p.cursor(), "c1: white man (top to bottom) | seen on c1"; got != want {
		t.Fatalf("the cursor: %q, want %q", got, want)
	}
	openChoices := func() {
		p.keys(kb.Enter, kb.Enter)
		p.waitFor("the choice box", `!document.getElementById("choices").hidden`)
		if got := p.eval(`String(document.getElementById("choices").contains(document.activeElement))`); got != "true" {
			t.Fatalf("the choice box opened from the board, and the focus is on %s, not in it", p.focused())
		}
	}
	openChoices()
	p.keys(kb.Escape)
	p.waitEqual("after Escape: the box hidden, the tower let go, the focus",
		`document.getElementById("choices").hidden + " " + (bashni.selection === null) + " " + document.activeElement.id`, "true true board")
	openChoices()
	p.keys(kb.Tab, kb.Tab, kb.Enter)
	p.waitFEN(fenAfter(t, bashni.Russian(), loop, "c1:e3:c5:a3:c1"))
	if got := p.focused(); !strings.HasPrefix(got, "DIV#board") {
		t.Errorf("after a capture chosen from the box opened on the board, the focus is on %s", got)
	}

	p.do("edit", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	p.do("clear", chromedp.Click(chromedp.CSS("#editor-clear")))
	p.waitFEN("B:W:B")
	p.eval(`(document.getElementById("board").focus(), "")`)
	p.keys(kb.ArrowUp, kb.Enter)
	p.waitFEN("B:Wb2:B")
	p.cursorAfter("in the editor, after Enter", "b2: white man (top to bottom) | seen on b2")
}

// The move list and the engine's lines are one Tab stop each: Tab comes
// into the move list on the move shown and into the lines on the first
// line's first move, and the next Tab goes on past the list. Inside, the
// arrow keys go from move to move (← → in the list's order, ↑ ↓ to the
// row above or below: a pair of moves, a variation, a line), Home and
// End to the first and the last, with the page's own ← → and Home End
// (stepping through the moves) left aside; Enter goes to the move, and
// the list, left, is come back to on the move shown.
func TestA11yKeyboardListsOneTabStop(t *testing.T) {
	p := open(t)
	p.branch() // c3-d4 f6-g5 g3-f4, and the variation 1... b6-c5, shown
	shown := fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5")
	p.run("fake lines", fakeLines)
	p.key("l")
	p.waitFor("lines", `document.querySelectorAll("#pv-lines li").length === 5`)
	p.tabTo("board")
	var stops []string
	for i := 0; p.eval(`document.activeElement.id`) != "pdn-file"; i++ {
		if i == 120 {
			t.Fatalf("the page's last control, Open a file, is not reached with Tab: %s", strings.Join(stops, ", "))
		}
		p.keys(kb.Tab)
		stop := p.eval(`(() => { const a = document.activeElement, l = a.closest("#moves, #pv-lines");
			if (!l) return "";
			return l.id + " " + (a === document.querySelector("#pv-lines .pv-move") ? "first move" : a.textContent) + (a.classList.contains("cur") ? " (shown)" : ""); })()`)
		if stop != "" {
			stops = append(stops, stop)
		}
	}
	if got, want := strings.Join(stops, ", "), "pv-lines first move, moves b6-c5 (shown)"; got != want {
		t.Errorf("Tab through the page stops in the lists at %q, want %q", got, want)
	}

	// at says where in its list the focus is: the move's text in the
	// move list, [line, move] in the lines.
	at := func() string {
		return p.eval(`(() => { const a = document.activeElement, li = a.closest("#pv-lines li");
			if (!li) return a.textContent;
			return [...li.parentNode.children].indexOf(li) + " " + [...li.querySelectorAll(".pv-move")].indexOf(a); })()`)
	}
	p.eval(`(document.querySelector("#moves .cur").focus(), "")`)
	for _, step := range []struct{ key, want string }{
		{kb.Home, "c3-d4"}, {kb.ArrowRight, "f6-g5"}, {kb.ArrowDown, "b6-c5"}, {kb.ArrowDown, "g3-f4"},
		{kb.ArrowUp, "b6-c5"}, {kb.ArrowUp, "c3-d4"}, {kb.End, "g3-f4"}, {kb.ArrowLeft, "b6-c5"}, {kb.ArrowRight, "g3-f4"},
	} {
		p.keys(step.key)
		if got := at(); got != step.want {
			t.Errorf("%s in the move list: the focus on %s, want %s", step.key, p.focused(), step.want)
		}
	}
	if got := p.eval(`document.getElementById("board").dataset.fen`); got != shown {
		t.Errorf("the keys in the move list stepped through the moves: the board shows %s", got)
	}
	p.keys(kb.Enter)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "f6-g5", "g3-f4"))
	if got := p.focused(); !strings.Contains(got, "cur g3-f4") {
		t.Errorf("after Enter in the move list the focus is on %s, not on the move shown", got)
	}
	p.keys(kb.ArrowLeft, kb.Tab)
	if got := p.eval(`[...document.querySelectorAll('#moves [tabindex="0"]')].map((m) => m.textContent).join(" ")`); got != "g3-f4" {
		t.Errorf("left, the move list is come back to on %q, want the move shown, g3-f4", got)
	}

	p.eval(`(document.querySelector("#pv-lines .pv-move").focus(), "")`)
	for _, step := range []struct{ key, want string }{
		{kb.ArrowRight, "0 1"}, {kb.ArrowDown, "1 1"}, {kb.ArrowDown, "2 1"}, {kb.ArrowLeft, "2 0"}, {kb.ArrowUp, "1 0"},
		{kb.End, "4 15"}, {kb.ArrowUp, "3 15"}, {kb.ArrowDown, "4 15"}, {kb.Home, "0 0"},
	} {
		p.keys(step.key)
		if got := at(); got != step.want {
			t.Errorf("%s in the engine lines: the focus on %s, want [line, move] %s", step.key, got, step.want)
		}
	}
}
