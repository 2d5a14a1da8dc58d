package e2e

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// openEditorCleared opens the page on russian's start, then the position
// editor, and clears its board.
func openEditorCleared(t *testing.T) page {
	t.Helper()
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.do("edit", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	p.do("clear", chromedp.Click(chromedp.CSS("#editor-clear")))
	p.waitFEN("W:W:B")
	return p
}

// tool picks a tool of the position editor.
func (p page) tool(value string) {
	p.t.Helper()
	p.do("tool "+value, chromedp.Click(chromedp.CSS(`input[name="editor-tool"][value="`+value+`"]`)))
}

// The editor builds towers top down, keeps the FEN in step, refuses an
// illegal set-up with the server's reason, and the study goes on from the
// set-up.
func TestPositionEditor(t *testing.T) {
	p := openEditorCleared(t)
	// No pieces: a step while building, but no game to study.
	p.do("study the empty board", chromedp.Click(chromedp.CSS("#editor-done")))
	if got := p.eval(`document.getElementById("editor-error").textContent`); got != "Refused: the board has no pieces; place some first" {
		t.Errorf("studying an empty board: %q", got)
	}
	if got := p.eval(`String(document.getElementById("editor").hidden)`); got != "false" {
		t.Errorf("the editor closed for an empty board")
	}

	p.tool("W")
	p.click("c3")
	p.waitFEN("W:WKc3:B")
	p.tool("b")
	p.click("c3")
	p.waitFEN("W:WKc3b:B")
	p.click("f6")
	p.waitFEN("W:WKc3b:Bf6")
	if got, want := p.towerTitle("c3"), "c3: Wb — white king, black man (top to bottom)"; got != want {
		t.Errorf("tower on c3: %q, want %q", got, want)
	}
	if got := p.eval(`document.getElementById("editor-fen").value`); got != "W:WKc3b:Bf6" {
		t.Errorf("editor's FEN %q", got)
	}

	// A white man on its far rank would be a king: refused, with the reason.
	p.tool("w")
	p.click("b8")
	p.waitFor("the refusal", `document.getElementById("editor-error").textContent !== ""`)
	if got := p.eval(`document.getElementById("editor-error").textContent`); !strings.Contains(got, "far rank") {
		t.Errorf("refusal %q does not give the reason", got)
	}
	if got := p.eval(`document.getElementById("editor-fen").value`); got != "W:WKc3b:Bf6" {
		t.Errorf("the refused set-up changed the FEN to %q", got)
	}
	p.screenshot("editor")

	// The side to move, and a FEN typed in.
	p.choose("editor-turn", "B")
	p.waitFEN("B:WKc3b:Bf6")
	p.do("type a FEN", chromedp.SetValue(chromedp.CSS("#editor-fen"), "W:Wc3,e3:Bd6bw,f6"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("editor-fen").dispatchEvent(new Event("change"))`))
	p.waitFEN("W:Wc3,e3:Bd6bw,f6")
	p.tool("lift")
	p.click("d6")
	p.waitFEN("W:Wc3,e3:Bd6w,f6")

	// A move played before the server has answered for the set-up is
	// played in it: the set-up's answer comes first, overtaken, and must
	// not put the study back to the game before the editor (it once did,
	// and the address lost the set-up).
	p.do("hold the server's answers", chromedp.Evaluate[chromedp.Void](holdTwoStates))
	p.do("study from here", chromedp.Click(chromedp.CSS("#editor-done")))
	p.waitFor("the editor to close", `document.getElementById("editor").hidden`)
	p.play("c3-d4")
	p.waitFEN(fenAfter(t, bashni.Russian(), "W:Wc3,e3:Bd6w,f6", "c3-d4"))
	q := p.query()
	if got := q.Get("fen"); got != "W:Wc3,e3:Bd6w,f6" {
		t.Errorf("the address's fen %q", got)
	}
	if got := q.Get("moves"); got != "c3-d4" {
		t.Errorf("the address's moves %q", got)
	}
}

// tabTo presses Tab until the element with the id has the focus: it is
// reached by keyboard, in the page's tab order.
func (p page) tabTo(id string) {
	p.t.Helper()
	for range 120 {
		if p.eval(`document.activeElement ? document.activeElement.id : ""`) == id {
			return
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	p.t.Fatalf("#%s is not reached with Tab", id)
}

// tabToTool presses Tab until the focus is in the editor's tools, then
// the arrow keys until the tool is chosen.
func (p page) tabToTool(value string) {
	p.t.Helper()
	inTools := `document.activeElement && document.activeElement.name === "editor-tool"`
	for i := 0; p.eval(`String(`+inTools+`)`) != "true"; i++ {
		if i == 120 {
			p.t.Fatal("the editor's tools are not reached with Tab")
		}
		p.do("Tab", chromedp.KeyEvent(kb.Tab))
	}
	for range 6 {
		if p.eval(`document.querySelector('input[name="editor-tool"]:checked').value`) == value {
			return
		}
		p.do("ArrowDown", chromedp.KeyEvent(kb.ArrowDown))
	}
	p.t.Fatalf("the tool %q is not chosen with the arrow keys", value)
}

// The editor by keyboard alone: opened, cleared, towers built square by
// square typed (a name, or a number), the side to move chosen, a square
// that is not playable refused, and the study started from the set-up.
func TestPositionEditorByKeyboard(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.tabTo("edit")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	p.tabTo("editor-clear")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFEN("W:W:B")

	place := func(sq string) {
		p.t.Helper()
		p.tabTo("editor-square")
		p.do("type "+sq, chromedp.KeyEvent(sq+kb.Enter))
	}
	p.tabToTool("W")
	place("c3")
	p.waitFEN("W:WKc3:B")
	p.tabToTool("b")
	place("c3")
	p.waitFEN("W:WKc3b:B")
	place("11") // f6 in numbers
	p.waitFEN("W:WKc3b:Bf6")
	place("c4")
	p.waitFor("the refusal", `document.getElementById("editor-error").textContent !== ""`)
	if got := p.eval(`document.getElementById("editor-error").textContent`); got != `"c4" is not a playable square of this board` {
		t.Errorf("a light square: %q", got)
	}
	p.tabToTool("w")
	place("b8")
	p.waitFor("the far rank's refusal", `document.getElementById("editor-error").textContent.includes("far rank")`)
	if got := p.eval(`document.getElementById("editor-fen").value`); got != "W:WKc3b:Bf6" {
		t.Errorf("the refused set-ups changed the FEN to %q", got)
	}
	p.tabTo("editor-turn")
	p.do("ArrowDown", chromedp.KeyEvent(kb.ArrowDown))
	p.waitFEN("B:WKc3b:Bf6")
	p.screenshot("editor-keyboard")

	p.tabTo("editor-done")
	p.do("Enter", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the editor to close", `document.getElementById("editor").hidden`)
	p.typeMove("f6-e5")
	p.waitFEN(fenAfter(t, bashni.Russian(), "B:WKc3b:Bf6", "f6-e5"))
}

// flippedJS says whether the board is drawn from Black's side: a1 above h8.
const flippedJS = `(() => { const at = (sq) => document.querySelector('#board rect.sq[data-square="' + sq + '"]').getBoundingClientRect().top;
	return String(at("a1") < at("h8")); })()`

// Flipping the board or switching the squares to numbers while a position
// is set up keeps the editor open with the set-up: the board is drawn
// from the other side, and the set-up goes on from there. Closed, the
// editor leaves the study's board as flipped.
func TestPositionEditorFlipKeepsTheSetUp(t *testing.T) {
	p := openEditorCleared(t)
	p.click("c3")
	p.waitFEN("W:Wc3:B")
	p.key("f")
	p.waitFor("the flipped board", flippedJS+` === "true"`)
	if got := p.eval(`document.getElementById("editor").hidden + " " + document.getElementById("editor-fen").value + " " + document.getElementById("board").dataset.fen`); got != "false W:Wc3:B W:Wc3:B" {
		t.Fatalf("after flipping the board while editing: editor hidden, its FEN, the board's: %q, want \"false W:Wc3:B W:Wc3:B\"", got)
	}
	p.tool("b")
	p.click("f6")
	p.waitFEN("W:Wc3:Bf6")
	p.choose("squares", "numbers")
	p.click("h8")
	p.waitFEN("W:Wc3:Bf6,h8")
	if got := p.eval(`document.getElementById("editor").hidden + " " + ` + flippedJS); got != "false true" {
		t.Errorf("after switching the squares while editing: editor hidden, board flipped: %q, want \"false true\"", got)
	}
	p.do("close the editor", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the study's board, flipped", `document.getElementById("board").dataset.fen === `+jsString(fenAfter(t, bashni.Russian(), ""))+` && `+flippedJS+` === "true"`)
}

// A FEN typed into the editor's FEN box and refused stays in the box,
// marked invalid, to be corrected: the reason says what is wrong, the
// board keeps the set-up it had, and Study from here waits for the
// correction.
func TestPositionEditorTypedFENKeptWhenRefused(t *testing.T) {
	p := openEditorCleared(t)
	p.click("c3")
	p.waitFEN("W:Wc3:B")
	p.run("select the FEN box's text", `document.getElementById("editor-fen").select()`)
	p.do("type a FEN with a mistake over it", chromedp.Focus(chromedp.CSS("#editor-fen")), chromedp.KeyEvent("W:Wc3,z9:Bf6"+kb.Enter))
	p.waitFor("the refusal", `document.getElementById("editor-error").textContent !== ""`)
	got := p.eval(`(() => { const b = document.getElementById("editor-fen");
		return [b.value, b.getAttribute("aria-invalid"), document.getElementById("board").dataset.fen].join(" | "); })()`)
	if want := "W:Wc3,z9:Bf6 | true | W:Wc3:B"; got != want {
		t.Errorf("after the refusal the FEN box, its aria-invalid and the board: %q, want %q (%s)", got, want, p.eval(`document.getElementById("editor-error").textContent`))
	}
	// Studying from here waits for the FEN to be corrected: the focus goes
	// back to it.
	p.do("study from here", chromedp.Click(chromedp.CSS("#editor-done")))
	if got := p.eval(`document.getElementById("editor").hidden + " " + document.activeElement.id`); got != "false editor-fen" {
		t.Errorf("Study from here with a refused FEN in the box: editor hidden, focus: %q, want \"false editor-fen\"", got)
	}
	p.run("caret at the end", `(() => { const b = document.getElementById("editor-fen"); b.setSelectionRange(b.value.length, b.value.length); })()`)
	p.do("correct it", chromedp.KeyEvent(kb.Backspace+kb.Backspace+kb.Backspace+kb.Backspace+kb.Backspace+kb.Backspace+kb.Backspace+":Bf6"+kb.Enter))
	p.waitFEN("W:Wc3:Bf6")
	if got := p.eval(`String(document.getElementById("editor-fen").getAttribute("aria-invalid"))`); got == "true" {
		t.Errorf("the FEN box accepted stays marked invalid")
	}
}
