package e2e

import (
	"fmt"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// The tests of this file make the server fail (a request answered 500,
// or refused as the network refuses it) or answer late, and check that the
// page shows what it holds and says what went wrong.

// failFetch makes the page's next request to path fail: answered 500 with
// {"error": "server trouble"}, or, with network, refused as a network
// error. The requests after it go through; window.failed counts.
func failFetch(path string, network bool) string {
	return fmt.Sprintf(`(() => {
  const real = window.fetch;
  window.failed = 0;
  window.fetch = (url, opts) => {
    if (url !== %q) return real(url, opts);
    window.fetch = real;
    window.failed++;
    if (%t) return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve(new Response(JSON.stringify({ error: "server trouble" }),
      { status: 500, headers: { "Content-Type": "application/json" } }));
  };
})()`, path, network)
}

// typeNow submits a move in the move box without waiting for the board.
func (p page) typeNow(move string) {
	p.t.Helper()
	p.do("type "+move, chromedp.SetValue(chromedp.CSS("#move-text"), move), chromedp.Click(chromedp.CSS("#move-form button")))
}

// consistent returns the line of the tree through the node shown, whether
// that node is in the tree, and the moves the board and the address show.
const consistent = `bashni.study.root.lineEnd().path().join(" ") + " / in tree " + (bashni.study.root.find(bashni.study.cur.id) !== undefined) + " / shown " + bashni.study.state.moves.join(" ") + " / address " + (new URLSearchParams(location.search).get("moves") || "")`

// Delete move and Undo whose request fails leave the tree as it was: the
// move shown stays in it, and a move played next goes into the tree.
func TestDeleteAndUndoThatFail(t *testing.T) {
	for _, c := range []struct {
		button  string
		network bool
	}{{"delete", false}, {"undo", true}} {
		t.Run(c.button, func(t *testing.T) {
			p := open(t)
			p.goToLine("c3-d4", "f6-g5")
			p.run("fail the next state", failFetch("/api/state", c.network))
			p.do(c.button, chromedp.Click(chromedp.CSS("#"+c.button)))
			p.waitFor("the error", `window.failed === 1 && document.getElementById("status").className === "error"`)
			if got, want := p.eval(consistent), "c3-d4 f6-g5 / in tree true / shown c3-d4 f6-g5 / address c3-d4 f6-g5"; got != want {
				t.Errorf("after a failed %s: %q, want %q", c.button, got, want)
			}
			p.play("g3-h4")
			if got, want := p.eval(consistent), "c3-d4 f6-g5 g3-h4 / in tree true / shown c3-d4 f6-g5 g3-h4 / address c3-d4 f6-g5 g3-h4"; got != want {
				t.Errorf("a move after a failed %s: %q, want %q", c.button, got, want)
			}
		})
	}
}

// Undo, then a move typed before the undo's answer: the move is played at
// the position shown, and goes into the tree.
func TestMoveTypedAfterUndo(t *testing.T) {
	p := open(t)
	p.goToLine("c3-d4", "f6-g5")
	p.run("hold", holdTwoStates)
	p.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	p.typeNow("g3-h4")
	p.waitFor("both answers", `window.answered === 2`)
	p.settle()
	if got, want := p.eval(consistent), "c3-d4 f6-g5 g3-h4 / in tree true / shown c3-d4 f6-g5 g3-h4 / address c3-d4 f6-g5 g3-h4"; got != want {
		t.Errorf("undo, then a move at once: %q, want %q", got, want)
	}
}

// A move played just before a review ends goes into the tree: the
// review's end does not cancel it.
func TestMoveAsTheReviewEnds(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("review-limit", "depth:2")
	p.run("hold the analysis", holdStreams)
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's analysis", `window.heldStreams() === 1`)
	p.run("hold the states", holdFetch("/api/state"))
	p.typeNow("c3-d4")
	p.waitFor("the move's request", `window.held.length === 1`)
	p.run("release the analysis", `window.releaseStreams()`)
	p.waitFor("the review", `document.getElementById("review-status").textContent.startsWith("Reviewed")`)
	p.run("release the states", `window.releaseHeld()`)
	p.waitFor("the answers", `window.answered >= 1`)
	p.settle()
	if got, want := p.eval(consistent), "c3-d4 / in tree true / shown c3-d4 / address c3-d4"; got != want {
		t.Errorf("a move made as the review ended: %q, want %q", got, want)
	}
}

// newRuleset starts a new game of a custom ruleset.
func (p page) newRuleset(text string) {
	p.t.Helper()
	p.run("new game of "+text, fmt.Sprintf(`(() => {
		document.getElementById("ruleset-text").value = %q;
		document.getElementById("ruleset-form").requestSubmit(); })()`, text))
}

// Two new games asked for at once, the second refused: the page shows the
// study it holds, whichever answer comes first.
func TestTwoNewGamesTheSecondRefused(t *testing.T) {
	for _, first := range []int{0, 1} {
		t.Run(fmt.Sprint("answer ", first, " first"), func(t *testing.T) {
			p := open(t)
			p.waitFEN(fenAfter(t, bashni.Russian(), ""))
			p.play("c3-d4")
			p.run("hold", holdTwo("/api/state", first))
			p.choose("variant", "lasca")
			p.do("new game", chromedp.Click(chromedp.CSS("#new")))
			p.newRuleset("nonsense")
			p.waitFor("both answers", `window.answered === 2`)
			p.settle()
			got := p.eval(`bashni.study.variant + " / " + bashni.study.cur.path().join(" ") + " / " + (bashni.study.root.find(bashni.study.cur.id) !== undefined) + " / board " + document.getElementById("board").dataset.fen + " / " + document.getElementById("status").className`)
			want := "russian / c3-d4 / true / board " + fenAfter(t, bashni.Russian(), "", "c3-d4") + " / error"
			if got != want {
				t.Errorf("a new game, then a refused one: %q, want %q", got, want)
			}
		})
	}
}

// resignAfterC3D4 plays c3-d4 from russian's start, shown, and resigns
// for Black.
func (p page) resignAfterC3D4() {
	p.t.Helper()
	p.waitFEN(fenAfter(p.t, bashni.Russian(), ""))
	p.play("c3-d4")
	p.do("resign", chromedp.Click(chromedp.CSS("#resign")))
	p.waitFor("the end", `document.getElementById("status").textContent === "Game over, 1-0: black resigned"`)
}

// A game ended by a resignation stays ended when a new game is refused;
// a record opened after it takes moves on the board.
func TestNewStudyAfterAResignation(t *testing.T) {
	p := open(t)
	p.resignAfterC3D4()
	p.newRuleset("nonsense")
	p.waitFor("the refusal", `document.getElementById("status").className === "error"`)
	if got, want := p.eval(`bashni.study.result + " " + document.getElementById("resign").disabled`), "1-0 true"; got != want {
		t.Errorf("the resigned game, after a new game refused: result, Resign disabled = %q, want %q", got, want)
	}

	// A record opened after a resignation, with no new game between.
	p = open(t)
	p.resignAfterC3D4()
	p.do("paste a record", chromedp.SetValue(chromedp.CSS("#pdn-text"), "[White \"Ann\"]\n\n1. c3-d4 f6-g5 *\n"), chromedp.Click(chromedp.CSS("#pdn-open")))
	p.waitFor("the record", `bashni.study.tags.some(t => t.value === "Ann")`)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.click("c3")
	if got := p.eval(`String(bashni.selection !== null) + " " + document.getElementById("resign").disabled`); got != "true false" {
		t.Errorf("a record opened after a resignation: c3 selected, Resign disabled = %q, want %q", got, "true false")
	}
}

// A set-up studied, or the start asked for, while the server fails: the
// board shows the study again, and the editor says what went wrong.
func TestEditorWhenTheServerFails(t *testing.T) {
	p := openEditorCleared(t)
	p.run("fail the next state", failFetch("/api/state", true))
	p.do("start position", chromedp.Click(chromedp.CSS("#editor-start")))
	p.waitFor("the failure", `window.failed === 1`)
	p.settle()
	if got := p.eval(`document.getElementById("editor-error").textContent`); got == "" {
		t.Errorf("Start position failed with no word of it")
	}
	// The editor closed while the server fails.
	p.run("fail the next state", failFetch("/api/state", false))
	p.do("close the editor", chromedp.Click(chromedp.CSS("#edit")))
	p.settle()
	if got, want := p.eval(`document.getElementById("editor").hidden + " " + document.getElementById("board").dataset.fen`), "true "+fenAfter(t, bashni.Russian(), ""); got != want {
		t.Errorf("the editor closed as the server failed: editor hidden, board = %q, want %q", got, want)
	}
	p.do("edit", chromedp.Click(chromedp.CSS("#edit")))
	p.waitFor("the editor", `!document.getElementById("editor").hidden`)
	p.do("clear", chromedp.Click(chromedp.CSS("#editor-clear")))
	p.waitFEN("W:W:B")
	p.tool("w")
	p.click("c3")
	p.waitFEN("W:Wc3:B")
	p.run("fail the next state", failFetch("/api/state", false))
	p.do("study from here", chromedp.Click(chromedp.CSS("#editor-done")))
	p.waitFor("the error", `window.failed === 1 && document.getElementById("status").className === "error"`)
	if got, want := p.eval(`document.getElementById("editor").hidden + " " + document.getElementById("board").dataset.fen`), "true "+fenAfter(t, bashni.Russian(), ""); got != want {
		t.Errorf("Study from here failed: editor hidden, board = %q, want %q", got, want)
	}
}

// failAnalyses makes every analysis fail as a busy server's does: the
// stream refused, and asked again, a 503 with its reason.
const failAnalyses = `(() => {
  function Failing(url) {
    this.readyState = 0;
    this.close = () => { this.readyState = 2; };
    setTimeout(() => { this.readyState = 2; if (this.onerror) this.onerror(new Event("error")); }, 10);
  }
  Failing.CONNECTING = 0; Failing.OPEN = 1; Failing.CLOSED = 2;
  window.EventSource = Failing;
  const real = window.fetch;
  window.fetch = (url, opts) => String(url).startsWith("/api/analyse")
    ? Promise.resolve(new Response(JSON.stringify({ error: "the engine is busy" }), { status: 503, headers: { "Content-Type": "application/json" } }))
    : real(url, opts);
})()`

// A draw offered to an engine that cannot answer is not declined: the
// page says why there is no answer.
func TestDrawOfferWhenTheEngineFails(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("engine", "black")
	p.run("fail the analyses", failAnalyses)
	p.do("offer a draw", chromedp.Click(chromedp.CSS("#offer-draw")))
	p.waitFor("an answer", `!document.getElementById("status").textContent.includes("considers")`)
	if got := p.status(); got == "The engine declines the draw." {
		t.Errorf("the engine's analysis failed, and the page says %q", got)
	}
}

// A move typed while the game is over by a resignation is not played,
// as a move clicked is not.
func TestMoveTypedAfterResigning(t *testing.T) {
	p := open(t)
	p.resignAfterC3D4()
	p.typeNow("f6-g5")
	p.settle()
	if got := p.eval(`bashni.study.root.lineEnd().path().join(" ")`); got != "c3-d4" {
		t.Errorf("a move typed after the resignation: the game is %q, want c3-d4", got)
	}
}

// loseStreams makes every analysis stream from now on lose its connection
// at once, as a server that has gone away does: EventSource would try
// again (readyState CONNECTING) for as long as it stays away.
const loseStreams = `(() => {
  function Losing(url) {
    this.readyState = 0;
    this.close = () => { this.readyState = 2; };
    setTimeout(() => { if (this.readyState !== 2 && this.onerror) this.onerror(new Event("error")); }, 10);
  }
  Losing.CONNECTING = 0; Losing.OPEN = 1; Losing.CLOSED = 2;
  window.EventSource = Losing;
})()`

// An analysis whose connection to the server is lost says so, and the
// engine's draw answer and the review do not wait for it for ever.
func TestAnalysisWhenTheConnectionIsLost(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.run("lose the streams", loseStreams)
	p.key("l")
	p.waitFor("the analysis's word", `document.getElementById("analysis-info").textContent.includes("the connection to the server was lost")`)
	p.key("l")

	p.choose("engine", "black")
	p.do("offer a draw", chromedp.Click(chromedp.CSS("#offer-draw")))
	p.waitFor("the draw offer's word", `document.getElementById("status").textContent.includes("the connection to the server was lost")`)
	p.choose("engine", "")

	p.play("c3-d4")
	p.choose("review-limit", "depth:2")
	p.do("review", chromedp.Click(chromedp.CSS("#review-start")))
	p.waitFor("the review's word", `document.getElementById("review-status").textContent.includes("the connection to the server was lost")`)
	if got := p.eval(`String(document.getElementById("review-start").disabled)`); got != "false" {
		t.Errorf("Review stays disabled after its analysis lost the connection")
	}
}

// A new game refused, and a move typed before the refusal came, refused
// as well: the page stays on the study it shows, whichever answer comes
// first, and the next move is played there.
func TestNewGameRefusedThenAMoveRefused(t *testing.T) {
	for _, first := range []int{0, 1} {
		t.Run(fmt.Sprint("answer ", first, " first"), func(t *testing.T) {
			p := open(t)
			p.goToLine("c3-d4")
			p.run("hold", holdTwo("/api/state", first))
			p.newRuleset("nonsense")
			p.typeNow("f6-g5")
			p.waitFor("both answers", `window.answered === 2`)
			p.settle()
			if got, want := p.eval(`bashni.study.variant + " / " + `+consistent), "russian / c3-d4 / in tree true / shown c3-d4 / address c3-d4"; got != want {
				t.Fatalf("a new game refused, then a move refused: %q, want %q", got, want)
			}
			p.play("f6-g5")
			if got, want := p.eval(consistent), "c3-d4 f6-g5 / in tree true / shown c3-d4 f6-g5 / address c3-d4 f6-g5"; got != want {
				t.Errorf("the next move: %q, want %q", got, want)
			}
		})
	}
}

// flipped says whether the study is to be drawn from Black's side, and
// whether the board is (a1 above h8).
const flipped = `bashni.study.flip + " " + (() => {
	const y = (sq) => document.querySelector('#board rect.sq[data-square="' + sq + '"]').getBoundingClientRect().top;
	return y("a1") < y("h8"); })()`

// Flip and Squares whose request fails leave the board, the toggle and the
// study as they were: the next move is drawn as the board was, not
// flipped or renumbered by the toggle that failed.
func TestFlipAndSquaresThatFail(t *testing.T) {
	p := open(t)
	p.goToLine("c3-d4")
	p.run("fail the next state", failFetch("/api/state", false))
	p.key("f")
	p.waitFor("the error", `window.failed === 1 && document.getElementById("status").className === "error"`)
	if got := p.eval(flipped); got != "false false" {
		t.Errorf("after a failed flip: the study's flip, the board flipped = %q, want %q", got, "false false")
	}
	p.play("f6-g5")
	if got := p.eval(flipped); got != "false false" {
		t.Errorf("a move after a failed flip: the study's flip, the board flipped = %q, want %q", got, "false false")
	}

	names := `document.getElementById("squares").value + " / " + [...document.querySelectorAll("#moves .move")].map((s) => s.textContent).join(" ")`
	p.run("fail the next state", failFetch("/api/state", true))
	p.choose("squares", "numbers")
	p.waitFor("the error", `window.failed === 1 && document.getElementById("status").className === "error"`)
	if got, want := p.eval(names), "names / c3-d4 f6-g5"; got != want {
		t.Errorf("after a failed switch to numbers: the toggle / the moves = %q, want %q", got, want)
	}
	p.play("g3-h4")
	if got, want := p.eval(names), "names / c3-d4 f6-g5 g3-h4"; got != want {
		t.Errorf("a move after a failed switch to numbers: the toggle / the moves = %q, want %q", got, want)
	}
}
