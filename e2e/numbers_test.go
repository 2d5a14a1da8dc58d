package e2e

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// typeMove types a move into the move box by keyboard and presses Enter.
func (p page) typeMove(text string) {
	p.t.Helper()
	p.do("type "+text, chromedp.Focus(chromedp.CSS("#move-text")), chromedp.KeyEvent(text+kb.Enter))
}

// Square numbers: with "numbers" chosen the page shows the moves, the
// choices and the example move in the ruleset's numbers (as the server
// numbers its squares: lasca's 25 differ from the 8x8 board's 32), reads
// moves typed in numbers, and names the legal moves in numbers when one
// typed is not legal; names still work.
func TestSquareNumbersTyped(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("squares", "numbers")
	p.waitFor("the example move in numbers", `document.getElementById("move-text").placeholder === "21-17"`)
	p.typeMove("22-18")
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	p.typeMove("b6-a5") // by name, in numbers 9-13
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-a5"))
	p.typeMove("22-19")
	p.waitFor("the refusal", `document.getElementById("status").textContent.includes("22-19")`)
	if got, want := p.status(), `"22-19": not a legal move here (legal: `; !strings.Contains(got, want) || strings.Contains(got, "c3") {
		t.Errorf("status %q, want %q… with the legal moves in numbers", got, want)
	}
	if got := strings.Join(p.moveList(), " | "); got != "22-18 9-13" {
		t.Errorf("move list %q, want \"22-18 9-13\"", got)
	}

	p.choose("variant", "lasca")
	p.newGame("new game")
	p.waitFEN(fenAfter(t, bashni.Lasca(), ""))
	p.typeMove("16-13") // c3-d4 on lasca's 7x7 board
	p.waitFEN(fenAfter(t, bashni.Lasca(), "", "c3-d4"))
	if got := strings.Join(p.moveList(), " | "); got != "16-13" {
		t.Errorf("lasca move list %q, want \"16-13\"", got)
	}
	p.screenshot("numbers")

	p.choose("squares", "names")
	p.waitFor("names again", `document.querySelector("#moves .move").textContent === "c3-d4"`)
}
