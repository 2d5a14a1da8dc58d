package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
)

// The engine with the weights it ships with (fitted per ruleset, embedded)
// plays whole games legally, and at a fixed depth the same game each time.
func TestSelfPlayIsLegalAndDeterministic(t *testing.T) {
	for name, v := range presets {
		t.Run(name, func(t *testing.T) {
			play := func() []bashni.Move {
				g, err := bashni.NewGame(v)
				if err != nil {
					t.Fatal(err)
				}
				opening, err := RandomOpening(g.Position(), 4, rand.New(rand.NewPCG(5, 6)))
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range opening {
					if err := g.Play(m); err != nil {
						t.Fatal(err)
					}
				}
				e := MustNew(Options{HashMB: 1})
				for !g.Outcome().IsOver() && g.Plies() < 200 {
					r, err := e.SearchGame(context.Background(), g, Limits{Depth: 4})
					if err != nil {
						t.Fatal(err)
					}
					if err := g.Play(r.Move); err != nil { // Play checks the move
						t.Fatalf("ply %d: %v", g.Plies()+1, err)
					}
				}
				return g.Moves()
			}
			a, b := play(), play()
			if !slices.Equal(a, b) {
				t.Errorf("two games at depth 4 differ:\n%s\n%s", bashni.LineText(a), bashni.LineText(b))
			}
		})
	}
}
