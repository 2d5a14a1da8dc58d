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

	p.setUpLoop()
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
	p.waitNote("move-text", "c3-d5")
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

// waitNote waits until the note beside the box with id box (its
// aria-describedby) holds words: the page has done with a refusal. The
// status line says the error first, and the note and what follows it
// (the box's text selected) come when the request's promise settles, so
// a test that waited for the status alone could look too soon.
func (p page) waitNote(box, words string) {
	p.t.Helper()
	p.waitFor("the note beside #"+box+" to say "+words, `(() => {
		const n = document.getElementById(document.getElementById(`+jsString(box)+`).getAttribute("aria-describedby"));
		return n !== null && n.textContent.includes(`+jsString(words)+`); })()`)
}

// inViewWith lists the elements in the window, wholly, whose text holds
// the words: where a player looking at the part of the page they work in
// reads them.
func (p page) inViewWith(words string) string {
	p.t.Helper()
	return p.eval(`(() => { const out = [];
		for (const e of document.querySelectorAll("body *")) {
			if (!e.checkVisibility() || !e.textContent.includes(` + jsString(words) + `)) continue;
			const r = e.getBoundingClientRect();
			if (r.top >= 0 && r.bottom <= innerHeight && r.height > 0) out.push("#" + e.id);
		}
		return out.join(" "); })()`)
}

// On a phone, a FEN or a PDN record that is refused says why beside its
// box, where the player is, not only in the status line a screen or two
// above it; the board stays as it was. Copying says so there too.
func TestErrorsBesideTheirBox(t *testing.T) {
	p := open(t)
	p.do("a phone's screen", chromedp.EmulateViewport(390, 740))
	p.goTo("")
	start := fenAfter(t, bashni.Russian(), "")
	p.waitFEN(start)

	p.run("scroll to the FEN box", `document.getElementById("fen-text").scrollIntoView({block: "center"})`)
	p.do("type a bad FEN", chromedp.Focus(chromedp.CSS("#fen-text")), chromedp.KeyEvent("W:Wz9:B"+kb.Enter))
	p.waitNote("fen-text", `"z9" is not a square`)
	if got := p.inViewWith(`"z9" is not a square`); got == "" {
		t.Errorf("the refused FEN's reason %q is nowhere in view of the FEN box", p.status())
	}
	if got := p.eval(`String(document.getElementById("fen-text").getAttribute("aria-invalid"))`); got != "true" {
		t.Errorf("the FEN box refused is not marked invalid (aria-invalid %q)", got)
	}
	p.screenshot("error-fen-beside")
	p.do("correct the FEN", chromedp.KeyEvent(kb.Backspace))
	if got := p.inViewWith(`"z9" is not a square`); got != "" {
		t.Errorf("the FEN box's error stays (%s) as the FEN is corrected", got)
	}

	p.run("scroll to the record", `document.getElementById("pdn-text").scrollIntoView({block: "center"})`)
	p.do("open a bad record", chromedp.SetValue(chromedp.CSS("#pdn-text"), "[Event \"x\"]\n1. c3-d4 c3-d4 *\n"), chromedp.Click(chromedp.CSS("#pdn-open")))
	p.waitFor("the refusal", `document.getElementById("status").textContent.includes("record")`)
	if got := p.inViewWith(`move "c3-d4": not a legal move here`); got == "" {
		t.Errorf("the refused record's reason is nowhere in view of the record box (status %q)", p.status())
	}
	p.screenshot("error-pdn-beside")
	if got := p.eval(`document.getElementById("board").dataset.fen`); got != start {
		t.Errorf("after the refusals the board shows %s", got)
	}

	p.run("scroll to the FEN box", `document.getElementById("fen").scrollIntoView({block: "center"})`)
	p.do("copy the FEN", chromedp.Click(chromedp.CSS("#copy-fen")))
	p.waitFor("the answer", `document.getElementById("status").textContent.startsWith("FEN")`)
	if got := p.inViewWith(p.status()); got == "" {
		t.Errorf("Copy FEN's answer %q is nowhere in view of the button", p.status())
	}
}

// The same for a custom ruleset refused and a typed move refused while
// the engine's lines, wrapped whole on a phone, stand between the status
// line and the move box.
func TestErrorsBesideTheirBoxRulesetAndMove(t *testing.T) {
	p := openPhoneAnalysing(t)
	p.run("scroll to the move box", `document.getElementById("move-text").scrollIntoView({block: "center"})`)
	p.typeMove("c3-d5")
	p.waitNote("move-text", "d5 is not a playable square")
	if got := p.inViewWith(`d5 is not a playable square`); got == "" {
		t.Errorf("the refused move's reason %q is nowhere in view of the move box", p.status())
	}
	p.screenshot("error-move-beside")
	p.key("l")

	p.run("open the custom ruleset", `document.querySelector("#ruleset-form").closest("details").open = true`)
	p.run("scroll to it", `document.getElementById("ruleset-text").scrollIntoView({block: "center"})`)
	p.do("type a bad ruleset", chromedp.Focus(chromedp.CSS("#ruleset-text")), chromedp.KeyEvent("russian,nonsense=on"+kb.Enter))
	p.waitNote("ruleset-text", "nonsense")
	if got := p.inViewWith(`nonsense`); got == "" || got == "#ruleset-text" {
		t.Errorf("the refused ruleset's reason %q is nowhere in view of its box", p.status())
	}
	if got := p.eval(`document.getElementById("board").dataset.fen`); got != fenAfter(t, bashni.Russian(), "") {
		t.Errorf("after the refusals the board shows %s", got)
	}
}

// On a phone the engine's lines, wrapped whole, grow and shrink as the
// search goes deeper; a player working below them, at the move box, does
// not see that box move: the page keeps what is in view where it is.
func TestLinesChangingAboveDoNotMoveTheBox(t *testing.T) {
	p := openPhoneAnalysing(t)
	p.run("scroll to the move box", `document.getElementById("move-text").scrollIntoView({block: "center"})`)
	p.do("focus the move box", chromedp.Focus(chromedp.CSS("#move-text")))
	for _, change := range []struct{ what, js string }{
		{"a line grows", `(() => { const l = document.getElementById("pv-lines"); const li = l.lastElementChild.cloneNode(true); li.append(" 1. c3-d4".repeat(40)); l.replaceChildren(...[...l.children].map((c) => c.cloneNode(true)), li); })()`},
		{"the lines shrink", `document.getElementById("pv-lines").replaceChildren()`},
	} {
		before := p.boxTop("move-text")
		p.run(change.what, change.js)
		if got := p.boxTop("move-text"); got != before {
			t.Errorf("as %s the move box moves from %s to %s px from the window's top", change.what, before, got)
		}
	}
}

// boxTop is where the element's top is in the window, in px, as painted:
// two frames on (the page keeps its place in a frame's layout).
func (p page) boxTop(id string) string {
	p.t.Helper()
	p.run("measure #"+id+" two frames on", `window.boxTop = undefined; requestAnimationFrame(() => requestAnimationFrame(() => {
		window.boxTop = String(Math.round(document.getElementById(`+jsString(id)+`).getBoundingClientRect().top)); }))`)
	p.waitFor("the measure", `window.boxTop !== undefined`)
	return p.eval(`window.boxTop`)
}
