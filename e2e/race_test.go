package e2e

import (
	"net/url"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// The tests of this file play a person quicker than the server: each holds
// the page's requests (hold_test.go) so that an answer comes after the
// person has moved on, and checks that the page acts on what is shown now,
// not on what was shown when it asked.

// A game opened from a record, or a new game of a custom ruleset, with a
// move typed before the server has answered for it: the move is played in
// the new game, and the ruleset list and the tags are the new game's.
func TestQuickMoveInAGameOpened(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	record := "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. c3-d4 f6-g5 *\n\n[White \"Cid\"]\n[Black \"Dee\"]\n[GameType \"25\"]\n\n1. e3-f4 (1. a3-b4) b6-a5 *\n"
	p.do("paste a record", chromedp.SetValue(chromedp.CSS("#pdn-text"), record), chromedp.Click(chromedp.CSS("#pdn-open")))
	p.waitFor("the list of games", `!document.getElementById("pdn-pick").hidden`)
	p.waitFor("game 1's tags", `bashni.study.tags.some(t => t.value === "Ann")`)
	p.run("hold", holdTwoStates)
	p.choose("pdn-games", "1")
	p.play("e3-f4")
	p.waitEqual("game 2 opened, a move typed at once: the study's ruleset / the ruleset list / the tags",
		`bashni.study.variant + " / " + document.getElementById("variant").value + " / " + bashni.study.tags.map(t => t.value).join(",")`,
		"russian-draughts / russian-draughts / Cid,Dee")

	v, err := bashni.ParseVariant("russian,majority=on")
	if err != nil {
		t.Fatal(err)
	}
	p.run("hold", holdTwoStates)
	p.do("custom ruleset", chromedp.Click(chromedp.CSS("details summary")),
		chromedp.SetValue(chromedp.CSS("#ruleset-text"), "russian,majority=on"),
		chromedp.Click(chromedp.CSS("#ruleset-form button")))
	p.play("c3-d4")
	p.waitFEN(fenAfter(t, v, "", "c3-d4"))
	p.waitEqual("a new game of a custom ruleset, a move typed at once: the study's ruleset / the ruleset list / the tags",
		`bashni.study.variant + " / " + document.getElementById("variant").value + " / " + bashni.study.tags.length`,
		v.String()+" / "+v.String()+" / 0")
}

// The editor's quick clicks each build on the set-up before them, and an
// answer that comes after "Study from here" is not drawn over the study.
func TestQuickClicksInTheEditor(t *testing.T) {
	p := openEditorCleared(t)
	// Two quick clicks: the second's set-up keeps the first's piece.
	p.run("hold", holdStatesAWhile)
	p.tool("W")
	p.click("c3")
	p.tool("b")
	p.click("f6")
	p.waitEqual("two quick clicks (a king on c3, a man on f6): the set-up", `document.getElementById("editor-fen").value`, "W:WKc3:Bf6")

	// A click, then at once "Study from here"; the click's answer comes last.
	p.do("clear", chromedp.Click(chromedp.CSS("#editor-clear")))
	p.waitFEN("W:W:B")
	p.tool("w")
	p.click("c3")
	p.waitFEN("W:Wc3:B")
	p.run("hold", holdTwo("/api/state", 1))
	p.tool("b")
	p.click("f6")
	p.do("study from here", chromedp.Click(chromedp.CSS("#editor-done")))
	p.waitFor("both answers", `window.answered === 2`)
	p.settle()
	want := "editor hidden true, board W:Wc3:B, study W:Wc3:B"
	if got := p.eval(`"editor hidden " + document.getElementById("editor").hidden + ", board " + document.getElementById("board").dataset.fen + ", study " + bashni.study.state.fen`); got != want {
		t.Errorf("after the click's late answer: %q, want %q", got, want)
	}
}

// The engine's move, asked for before its side lost on time, is not played.
func TestEngineMoveAfterItsTimeRanOut(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.run("add a short time control", `(() => {
		const o = document.createElement("option"); o.value = "0.05+1"; o.textContent = "3 s + 1 s";
		document.getElementById("clock").append(o); })()`)
	p.choose("clock", "0.05+1")
	p.choose("engine", "black")
	p.run("hold the engine", holdFetch("/api/engine"))
	p.play("c3-d4")
	p.waitFor("the engine's request", `window.held.length === 1`)
	p.waitFor("Black to lose on time", `document.getElementById("status").textContent === "Game over, 1-0: black lost on time"`)
	p.run("release", `window.releaseHeld()`)
	p.waitFor("the engine's answer", `window.answered === 1`)
	p.settle()
	if got := p.eval(`bashni.study.root.lineEnd().path().join(" ")`); got != "c3-d4" {
		t.Errorf("after Black lost on time the game is %q, want c3-d4 alone", got)
	}
}

// The engine, switched off while it thinks, does not move.
func TestEngineSwitchedOffWhileThinking(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("engine", "black")
	p.run("hold the engine", holdFetch("/api/engine"))
	p.play("c3-d4")
	p.waitFor("the engine's request", `window.held.length === 1`)
	p.choose("engine", "")
	if got := p.status(); got != "Black to move" {
		t.Errorf("the status once the engine is switched off: %q, want Black to move", got)
	}
	p.run("release", `window.releaseHeld()`)
	p.waitFor("the engine's answer", `window.answered === 1`)
	p.settle()
	if got := p.eval(`bashni.study.root.lineEnd().path().join(" ")`); got != "c3-d4" {
		t.Errorf("the engine switched off while thinking: the game is %q, want c3-d4 alone", got)
	}
}

// The engine's answer to a draw offer does not end a game begun meanwhile.
func TestDrawAnswerAfterANewGame(t *testing.T) {
	p := open(t)
	fen := "W:Wa1,c1,e1,g1,a3:Bh8" // White, the player, far ahead: the engine takes a draw
	p.goTo(url.Values{"fen": {fen}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), fen))
	p.choose("engine", "black")
	p.run("hold the analysis", holdStreams)
	p.do("offer a draw", chromedp.Click(chromedp.CSS("#offer-draw")))
	p.waitFor("the engine to consider", `window.heldStreams() === 1`)
	p.newGame("new game")
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.run("release", `window.releaseStreams()`)
	p.waitFor("the engine's answer", `window.streamsEnded === 1`)
	p.settle()
	if got := p.status(); got != "White to move" {
		t.Errorf("the new game's status %q, want White to move (result %q)", got, p.eval(`bashni.study.result`))
	}
}

// A review cancelled while it waits for the engine can be started again.
func TestReviewCancelledWhileWaiting(t *testing.T) {
	p := open(t)
	p.goToLine("c3-d4", "f6-g5")
	p.run("hold the analysis", holdStreams)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's first analysis", `window.heldStreams() === 1`)
	p.do("cancel", chromedp.Click(chromedp.CSS("#review-cancel")))
	p.run("release", `window.releaseStreams()`)
	p.waitEqual("after cancelling: Review disabled, Cancel hidden",
		`document.getElementById("review-start").disabled + " " + document.getElementById("review-cancel").hidden`, "false true")
}

// A review under way when a new game begins is dropped: its chart does not
// lead back into the old game.
func TestReviewThenANewGame(t *testing.T) {
	p := open(t)
	p.goToLine("c3-d4", "f6-g5")
	p.choose("review-limit", "depth:2")
	p.run("hold the analysis", holdStreams)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's first analysis", `window.heldStreams() === 1`)
	p.newGame("new game")
	p.run("release", `window.releaseStreams()`)
	p.waitFor("the review to end", `!document.getElementById("review-start").disabled`)
	if got := p.eval(`String(document.getElementById("review-chart").childElementCount)`); got != "0" {
		t.Errorf("the new game shows the old game's review chart (%s elements)", got)
	}
	p.run("click the chart's right edge", `(() => {
		const c = document.getElementById("review-chart"), b = c.getBoundingClientRect();
		c.dispatchEvent(new MouseEvent("click", {clientX: b.right - 1, clientY: b.top + 5, bubbles: true}));
	})()`)
	p.settle()
	if got := p.eval(`String(bashni.study.root.find(bashni.study.cur.id) !== undefined) + " " + location.search`); got != "true ?variant=russian" {
		t.Errorf("after the new game and a click on the chart: the node shown in the tree, the address = %q, want %q", got, "true ?variant=russian")
	}
}

// The board flipped (the key f), or the squares switched, while a move
// typed is on its way: the move is played, not dropped for the redraw,
// and drawn as the page now draws.
func TestFlipAndSquaresWhileAMoveIsOnItsWay(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.run("hold", holdFetch("/api/state"))
	p.typeNow("c3-d4")
	p.waitFor("the move's request", `window.held.length === 1`)
	p.key("f")
	p.run("release", `window.releaseHeld()`)
	p.waitEqual("c3-d4 typed, then f at once: the game / the study's flip, the board flipped",
		consistent+` + " / " + `+flipped, "c3-d4 / in tree true / shown c3-d4 / address c3-d4 / true true")

	p.run("hold", holdFetch("/api/state"))
	p.typeNow("f6-g5")
	p.waitFor("the move's request", `window.held.length === 1`)
	p.choose("squares", "numbers")
	p.run("release", `window.releaseHeld()`)
	p.waitEqual("f6-g5 typed, then numbers chosen at once: the game / the toggle / the moves",
		consistent+` + " / " + document.getElementById("squares").value + " / " + [...document.querySelectorAll("#moves .move")].map((s) => s.textContent).join(" ")`,
		"c3-d4 f6-g5 / in tree true / shown c3-d4 f6-g5 / address c3-d4 f6-g5 / numbers / 22-18 11-16")
}
