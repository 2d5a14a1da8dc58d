package engine

import (
	"context"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/endgame"
)

// tablesOf3 builds the russian-draughts tables of up to three pieces (well
// under a second).
func tablesOf3(t *testing.T) *endgame.Tables {
	t.Helper()
	tb, err := endgame.Build(context.Background(), bashni.RussianDraughts(), 3, endgame.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestTablesWinEnding plays out a won ending of three pieces (two men
// against one, a win in 19 plies) with the tables: the engine finds the
// win at a depth far short of it, each of its moves is one the tables call
// best (to a loss one ply shorter), the defender's each delay it most, and
// the game ends in exactly 19 plies. Without the tables the same search
// sees no win.
func TestTablesWinEnding(t *testing.T) {
	v := bashni.RussianDraughts()
	tb := tablesOf3(t)
	const fen, plies = "W:Wb2,a3:Bh8", 19
	g, err := bashni.NewGameFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := tb.Probe(g.Position()); got != (endgame.Value{Result: endgame.Win, Plies: plies}) {
		t.Fatalf("the tables call %s %v, want a win in %d", fen, got, plies)
	}
	lim := Limits{Depth: 3}
	without, err := MustNew(Options{HashMB: 1}).SearchGame(context.Background(), g, lim)
	if err != nil {
		t.Fatal(err)
	}
	if without.Score.IsWin() {
		t.Errorf("without tables, depth %d already scores %s: the test shows nothing", lim.Depth, without.Score)
	}
	e := MustNew(Options{HashMB: 1, Tables: tb})
	for ply := 0; ply < plies; ply++ {
		before, _ := tb.Probe(g.Position())
		res, err := e.SearchGame(context.Background(), g, lim)
		if err != nil {
			t.Fatalf("ply %d (%s): %v", ply, g.Position().FEN(), err)
		}
		if want := tableScore(before, 0); res.Score != want {
			t.Errorf("ply %d (%s, %v): the search scores %s, want %s", ply, g.Position().FEN(), before, res.Score, want)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatal(err)
		}
		after, _ := tb.Probe(g.Position())
		if after.Plies != before.Plies-1 || after.Result != -before.Result {
			t.Errorf("ply %d: %s leads from %v to %v, not the best", ply, res.Move, before, after)
		}
	}
	if out := g.Outcome(); out.Result != bashni.WinFor(bashni.White) {
		t.Errorf("after %d plies (%s) the game is %v, want a white win", plies, g.Position().FEN(), out)
	}
}

// TestTablesDraw checks that a drawn ending (a king and a man against a
// king on the long diagonal) is reported as a draw with the tables, where
// the evaluation alone sees a man up.
func TestTablesDraw(t *testing.T) {
	v := bashni.RussianDraughts()
	pos, err := bashni.ParseFEN(v, "W:WKc1,e3:BKh8")
	if err != nil {
		t.Fatal(err)
	}
	lim := Limits{Depth: 4}
	without, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	if without.Score <= Draw {
		t.Errorf("without tables the search scores %s: the test shows nothing", without.Score)
	}
	with, err := MustNew(Options{HashMB: 1, Tables: tablesOf3(t)}).Search(context.Background(), &pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	if with.Score != Draw {
		t.Errorf("with tables the search scores %s, want a draw", with.Score)
	}
}

// TestTableScore checks the scores of table values: win scores when the
// distance fits, just under WinThreshold (and ordered) when it does not.
func TestTableScore(t *testing.T) {
	for _, c := range []struct {
		v    endgame.Value
		ply  int
		want Score
	}{
		{endgame.Value{Result: endgame.Draw}, 5, Draw},
		{endgame.Value{Result: endgame.Win, Plies: 7}, 2, Win - 9},
		{endgame.Value{Result: endgame.Loss, Plies: 0}, 3, -Win + 3},
		{endgame.Value{Result: endgame.Win, Plies: 125}, 3, WinThreshold - 1},
		{endgame.Value{Result: endgame.Win, Plies: 127}, 3, WinThreshold - 3},
		{endgame.Value{Result: endgame.Loss, Plies: 200}, 10, -(WinThreshold - 83)},
	} {
		if got := tableScore(c.v, c.ply); got != c.want {
			t.Errorf("tableScore(%v, %d) = %d, want %d", c.v, c.ply, got, c.want)
		}
	}
}

// TestTablesUnderKingsOnlyCount checks that the search takes a table's
// win only where the ruleset's kings-only count cannot draw first. The
// tables serve russian-draughts with any draw-rule counts and call
// W:WKa1,Ka3:BKh8 a win in 3 plies; under kings-only=2 two plies without a
// capture draw, and the game played out by its own rules (gameValue) is a
// draw: the search must score it so (as it does without tables), not as
// the table's win. Under the preset's count of 30 the win is taken.
func TestTablesUnderKingsOnlyCount(t *testing.T) {
	tb := tablesOf3(t)
	const fen = "W:WKa1,Ka3:BKh8"
	win3 := endgame.Value{Result: endgame.Win, Plies: 3}
	lim := Limits{Depth: 4}

	preset, err := bashni.ParseFEN(bashni.RussianDraughts(), fen)
	if err != nil {
		t.Fatal(err)
	}
	res, err := MustNew(Options{HashMB: 1, Tables: tb}).Search(context.Background(), &preset, lim)
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != Win-3 {
		t.Errorf("russian-draughts: the search scores %s, want the tables' win in 3", res.Score)
	}

	v, err := bashni.ParseVariant("russian-draughts,kings-only=2")
	if err != nil {
		t.Fatal(err)
	}
	g, err := bashni.NewGameFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := tb.Probe(g.Position()); !ok || got != win3 {
		t.Fatalf("%s under %s: the tables say %v, %v; want %v", fen, v, got, ok, win3)
	}
	if got := gameValue(t, g); got != 0 {
		t.Fatalf("%s under %s is worth %d by the game's rules, not a draw: the test shows nothing", fen, v, got)
	}
	for _, opts := range []Options{{HashMB: 1, Tables: tb}, {HashMB: 1}} {
		res, err := MustNew(opts).SearchGame(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		if res.Score != Draw {
			t.Errorf("%s, tables %v: the search scores %s, want a draw", v, opts.Tables != nil, res.Score)
		}
	}
}

// gameValue plays out every line of g by the game's own rules (Game's
// outcome: no move loses, the draw rules draw) and returns g's value for
// its side to move: 1 a win, 0 a draw, -1 a loss. Only for a game whose
// every line ends soon, as under a kings-only count of a few plies.
func gameValue(t *testing.T, g *bashni.Game) int {
	t.Helper()
	if out := g.Outcome(); out.IsOver() {
		switch out.Result {
		case bashni.Draw:
			return 0
		case bashni.WinFor(g.Position().Turn()):
			return 1
		}
		return -1
	}
	best := -1
	for _, m := range g.Position().LegalMoves() {
		next := g.Clone()
		if err := next.Play(m); err != nil {
			t.Fatal(err)
		}
		best = max(best, -gameValue(t, next))
	}
	return best
}
