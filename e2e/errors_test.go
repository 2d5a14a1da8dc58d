package e2e

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
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

// A typed move that is refused stays in the move box, selected, with the
// focus: the player corrects it (or types over it) rather than typing it
// all again; one played leaves the box empty.
func TestTypedMoveKeptWhenRefused(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.typeMove("c3-d5")
	p.waitFor("the refusal", `document.getElementById("status").className === "error"`)
	box := `(() => { const b = document.getElementById("move-text");
		return [b.value, document.activeElement === b, b.selectionStart, b.selectionEnd].join(" "); })()`
	if got := p.eval(box); got != "c3-d5 true 0 5" {
		t.Errorf("after the refusal of c3-d5 the move box (text, focus, selection) is %q, want \"c3-d5 true 0 5\"", got)
	}
	p.do("type c3-d4 over it", chromedp.KeyEvent("c3-d4"+kb.Enter))
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	if got := p.eval(`document.getElementById("move-text").value`); got != "" {
		t.Errorf("after c3-d4 was played the move box holds %q", got)
	}
}
