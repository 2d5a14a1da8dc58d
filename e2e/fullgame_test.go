package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// pageMove is a legal move as the page has it from the server.
type pageMove struct {
	Text string   `json:"text"`
	From string   `json:"from"`
	Path []string `json:"path"`
}

// playByClicks plays the move the way a person does: click its tower, then
// its landing squares one by one until the page plays it, taking the move
// from the list of choices if the page asks.
func (p page) playByClicks(m pageMove, plies int) {
	p.t.Helper()
	p.selectTower(m.From)
	for i, sq := range m.Path[1:] {
		if p.eval(`String(bashni.selection === null)`) == "true" {
			if i == 0 {
				// Something drew the board anew after the tower was
				// selected: waiting for the move would only time out.
				p.t.Fatalf("the selection of %s was dropped before a landing square of %s was clicked (status %q)", m.From, m.Text, p.status())
			}
			break
		}
		p.click(sq)
	}
	if p.eval(`String(bashni.selection === null)`) != "true" {
		if p.eval(`String(document.getElementById("choices").hidden)`) == "true" {
			p.t.Fatalf("clicked every square of %s (path %v) but the page neither played it nor offered choices", m.Text, m.Path)
		}
		p.do("choose "+m.Text, chromedp.Click(chromedp.JSPath(fmt.Sprintf(
			`[...document.querySelectorAll("#choice-buttons button")].filter(b => b.textContent === %q)`, m.Text))))
	}
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if err := poll(ctx, fmt.Sprintf(`bashni.study.state.moves.length === %d`, plies+1)); err != nil {
		p.t.Fatalf("the page did not play %s: %v (status %q)", m.Text, err, p.status())
	}
	if got := p.eval(`bashni.study.state.moves[bashni.study.state.moves.length - 1]`); got != m.Text {
		p.t.Fatalf("clicking the path of %s played %s", m.Text, got)
	}
}

// selectTower clicks the tower on sq and waits until the page has selected
// it. On a loaded machine a click that lands while the page is still
// drawing the last move's answer can go unseen (the board is drawn anew);
// a person then clicks again, and so does this, at most three times.
func (p page) selectTower(sq string) {
	p.t.Helper()
	selected := fmt.Sprintf(`bashni.selection !== null && bashni.selection.from === %q`, sq)
	for try := 1; ; try++ {
		p.click(sq)
		ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
		err := poll(ctx, selected)
		cancel()
		if err == nil {
			return
		}
		if try == 3 {
			p.t.Fatalf("clicked %s three times but the page did not select it (status %q): %v", sq, p.status(), err)
		}
		p.t.Logf("the click on %s went unseen; clicking again", sq)
	}
}

// A whole game of every ruleset, played with the mouse alone: each ply a
// legal move chosen from the server's list, clicked square by square, until
// the game is over. The page's move list must match a game replayed by the
// library, and the outcome must be the library's.
func TestFullGameEveryRuleset(t *testing.T) {
	if testing.Short() {
		t.Skip("a full game per ruleset takes a while")
	}
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	for _, name := range bashni.PresetNames() {
		v, err := bashni.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		p.choose("variant", name)
		p.newGame("new " + name + " game")
		p.waitFEN(fenAfter(t, v, ""))
		g, err := bashni.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		plies := 0
		for ; plies < 300 && !g.Outcome().IsOver(); plies++ {
			var legal []pageMove
			if err := json.Unmarshal([]byte(p.eval(`JSON.stringify(bashni.study.state.legal)`)), &legal); err != nil {
				t.Fatal(err)
			}
			if len(legal) != len(g.LegalMoves()) {
				t.Fatalf("%s ply %d: the page offers %d moves, the library has %d", name, plies, len(legal), len(g.LegalMoves()))
			}
			// Prefer long captures and moves of men, so games end; vary the
			// choice with the ply.
			m := legal[(plies*7+3)%len(legal)]
			for _, c := range legal {
				if len(c.Path) > len(m.Path) {
					m = c
				}
			}
			p.playByClicks(m, plies)
			if _, err := g.PlayText(m.Text); err != nil {
				t.Fatalf("%s ply %d: the page played %s, which the library refuses: %v", name, plies, m.Text, err)
			}
		}
		want := "Game over, " + g.Outcome().String()
		if !g.Outcome().IsOver() {
			want = p.status() // the ply cap: nothing more to check
		}
		if got := p.status(); got != want {
			t.Errorf("%s after %d plies: status %q, want %q", name, plies, got, want)
		}
		if got := p.eval(`document.querySelector("#fen").value`); got != g.Position().FEN() {
			t.Errorf("%s: FEN box %q, want %q", name, got, g.Position().FEN())
		}
		p.screenshot("game-" + name)
		t.Logf("%s: %d plies by clicking, %s", name, plies, g.Outcome())
	}
}
