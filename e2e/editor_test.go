package e2e

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// tool picks a tool of the position editor.
func (p page) tool(value string) {
	p.t.Helper()
	p.do("tool "+value, chromedp.Click(chromedp.CSS(`input[name="editor-tool"][value="`+value+`"]`)))
}

// The editor builds towers top down, keeps the FEN in step, refuses an
// illegal set-up with the server's reason, and the study goes on from the
// set-up.
func TestPositionEditor(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.do("edit", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `document.getElementById("editor-fen").value !== ""`)
	p.do("clear", chromedp.Click(chromedp.CSS("#editor-clear")))
	p.waitFEN("W:W:B")

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

	p.do("study from here", chromedp.Click(chromedp.CSS("#editor-done")))
	p.waitFor("the editor to close", `document.getElementById("editor").hidden`)
	p.play("c3-d4")
	p.waitFEN(fenAfter(t, bashni.Russian(), "W:Wc3,e3:Bd6w,f6", "c3-d4"))
	if got := p.query().Get("fen"); got != "W:Wc3,e3:Bd6w,f6" {
		t.Errorf("the address's fen %q", got)
	}
}
