package bashni

import (
	"errors"
	"testing"
)

// The zero Game is the game of the zero Position: an empty russian board
// with White to move and no move, so Black has won. Every method answers
// as for NewGameFrom(&Position{}); most of them dereferenced the missing
// start or current position and panicked.
func TestZeroGame(t *testing.T) {
	want := NewGameFrom(&Position{})
	check := func(name string, g *Game) {
		t.Helper()
		if o := g.Outcome(); o != want.Outcome() {
			t.Errorf("%s: Outcome = %v, want %v", name, o, want.Outcome())
		}
		if v := g.Variant(); v != Russian() {
			t.Errorf("%s: Variant = %v, want russian", name, v)
		}
		var zero Position
		if !g.Start().Equal(&zero) || !g.Position().Equal(&zero) {
			t.Errorf("%s: Start %v, Position %v; want the zero Position", name, g.Start(), g.Position())
		}
		if ps := g.Positions(); len(ps) != 1 || !ps[0].Equal(&zero) {
			t.Errorf("%s: Positions = %v", name, ps)
		}
		if ms := g.LegalMoves(); len(ms) != 0 {
			t.Errorf("%s: LegalMoves = %v", name, ms)
		}
		if n := g.Repetitions(); n != 1 {
			t.Errorf("%s: Repetitions = %d, want 1", name, n)
		}
		if g.Plies() != 0 || len(g.Moves()) != 0 || g.KingsOnlyPlies() != 0 || len(g.AppendReversibleKeys(nil)) != 0 {
			t.Errorf("%s: moves played", name)
		}
	}
	check("zero", new(Game))
	check("clone of the zero Game", new(Game).Clone())

	for name, f := range map[string]func(g *Game) error{
		"Play":      func(g *Game) error { return g.Play(Move{}) },
		"PlayText":  func(g *Game) error { _, err := g.PlayText("c3-d4"); return err },
		"PlayLine":  func(g *Game) error { return g.PlayLine("1. c3-d4") },
		"Resign":    func(g *Game) error { return g.Resign(White) },
		"AgreeDraw": func(g *Game) error { return g.AgreeDraw() },
	} {
		g := new(Game)
		if err := f(g); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s on the zero Game: %v, want ErrGameOver", name, err)
		}
		check(name, g)
	}
	g := new(Game)
	if _, err := g.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Undo on the zero Game: %v, want ErrNothingToUndo", err)
	}
	check("Undo", g)

	// A notation set before anything else is kept.
	g = new(Game)
	g.SetNotation(Notation{Numbers: true})
	if _, err := g.PlayText("22-18"); !errors.Is(err, ErrGameOver) {
		t.Errorf("PlayText: %v", err)
	}
	if !g.Notation().Numbers {
		t.Error("the zero Game forgot its notation")
	}
}
