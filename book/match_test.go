package book_test

import (
	"context"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
)

// A Player is a match.Searcher: match.Engine plays its book moves in a
// game, and the engine's own once the game leaves the book.
func TestPlayerInMatch(t *testing.T) {
	b, err := book.Build(context.Background(), bashni.Russian(), book.BuildOptions{Positions: 4, Limits: engine.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p := &book.Player{Engine: engine.MustNew(engine.Options{HashMB: 1}), Book: b}
	pl := match.Engine{Engine: p, Limits: engine.Limits{Depth: 2}}
	start := bashni.Russian().MustStart()
	g, err := match.PlayGame(context.Background(), &start, nil, [2]match.Player{pl, pl}, 20)
	if err != nil {
		t.Fatal(err)
	}
	replay := bashni.NewGameFrom(&start)
	inBook := 0
	for i, m := range g.Game.Moves() {
		if es := b.Lookup(replay.Position()); es != nil {
			if m != es[0].Move {
				t.Fatalf("ply %d: %s, want the book's best %s", i+1, m, es[0].Move)
			}
			inBook++
		}
		if err := replay.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if inBook == 0 || inBook == g.Game.Plies() {
		t.Fatalf("%d of %d plies from the book; want some, not all", inBook, g.Game.Plies())
	}
}
