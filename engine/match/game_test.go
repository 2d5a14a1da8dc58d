package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/google/go-cmp/cmp"
)

// Games end by the rules, or by adjudication at the ply cap.
func TestPlayGameEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	players := [2]Player{Random{rng}, Random{rng}}
	start := bashni.Russian().MustStart()
	g, err := PlayGame(context.Background(), &start, nil, players, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g.Result() != "1/2-1/2" || g.Reason() != "adjudicated a draw after 2 plies" || g.Game.Plies() != 2 {
		t.Errorf("ply cap 2: %s (%s) after %d plies", g.Result(), g.Reason(), g.Game.Plies())
	}
	// White's move a5-b6 shuts in Black's only man: the opening ends the game.
	start, err = bashni.ParseFEN(bashni.Russian(), "W:Wa5,c5:Ba7")
	if err != nil {
		t.Fatal(err)
	}
	m, err := start.ParseMove("a5-b6")
	if err != nil {
		t.Fatal(err)
	}
	g, err = PlayGame(context.Background(), &start, []bashni.Move{m}, players, 0)
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := g.Winner(); !ok || w != bashni.White || g.Result() != "1-0" {
		t.Errorf("blockade: %s (%s)", g.Result(), g.Reason())
	}
}

// The same seed and pair give the same opening; another pair another one.
func TestOpening(t *testing.T) {
	start := bashni.Russian().MustStart()
	a, b := Opening(&start, 6, 7, 0), Opening(&start, 6, 7, 0)
	if len(a) != 6 || bashni.MoveTexts(a)[0] == "" {
		t.Fatalf("opening %v, want 6 plies", a)
	}
	if !equalMoves(a, b) {
		t.Errorf("same seed: %v and %v", a, b)
	}
	if equalMoves(a, Opening(&start, 6, 7, 1)) && equalMoves(a, Opening(&start, 6, 7, 2)) {
		t.Errorf("pairs 0, 1 and 2 all open %v", a)
	}
}

// An opening stops where the game ends, by a draw of the rules too: two
// lasca officers that walk about repeat a position, and the opening of
// pair 1 drew by repetition at ply 14, where it went on to 76 plies. Where
// the game does not end early the line is engine.RandomOpening's.
func TestOpeningStopsAtGameEnd(t *testing.T) {
	start, err := bashni.ParseFEN(bashni.Lasca(), "W:WKa1:BKg7")
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for k := range 3 {
		line := Opening(&start, 500, 1, k)
		g := bashni.NewGameFrom(&start)
		for i, m := range line {
			if err := g.Play(m); err != nil {
				t.Fatalf("pair %d, ply %d: %v", k, i+1, err)
			}
		}
		if !g.Outcome().IsOver() {
			t.Errorf("pair %d: the game goes on after its %d plies", k, len(line))
		}
		got = append(got, len(line))
	}
	if diff := cmp.Diff([]int{18, 14, 27}, got); diff != "" {
		t.Errorf("plies of the openings of pairs 0 to 2 (-want +got):\n%s", diff)
	}
	russian := bashni.Russian().MustStart()
	want, err := engine.RandomOpening(&russian, 12, rand.New(rand.NewPCG(7, 3)))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(bashni.MoveTexts(want), bashni.MoveTexts(Opening(&russian, 12, 7, 3))); diff != "" {
		t.Errorf("Opening is not RandomOpening's line (-RandomOpening +Opening):\n%s", diff)
	}
}

func equalMoves(a, b []bashni.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// An adjudicated game's record is a draw with a comment saying why, and a
// comment where the random opening ends.
func TestRecordOfAdjudicatedGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	start := bashni.Russian().MustStart()
	g, err := PlayGame(context.Background(), &start, Opening(&start, 2, 1, 0), [2]Player{Random{rng}, Random{rng}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := g.Record("test", 3, "W", "B", 2)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Tag("Round") != "3" || rec.Tag("White") != "W" || rec.Tag("Black") != "B" {
		t.Errorf("tags Round %q White %q Black %q", rec.Tag("Round"), rec.Tag("White"), rec.Tag("Black"))
	}
	if got := rec.Game().Outcome(); got.Result != bashni.Draw {
		t.Errorf("outcome %v, want a draw", got)
	}
	if got := rec.Note(2).Comments; len(got) != 1 || got[0] != "random opening of 2 plies ends here" {
		t.Errorf("comments after ply 2: %q", got)
	}
	if got := rec.Note(4).Comments; len(got) != 1 || got[0] != "adjudicated a draw after 4 plies" {
		t.Errorf("comments after ply 4: %q", got)
	}
}

// failing is a player whose every move is err.
type failing struct{ err error }

func (f failing) Move(context.Context, *bashni.Game, *Clocks) (bashni.Move, error) {
	return bashni.Move{}, f.err
}

// A player's error ends the game, and says at which ply, for which side,
// in which position and after which moves: enough to replay what made a
// program fail, with the history its search saw.
func TestPlayerErrorSaysWhere(t *testing.T) {
	errHung := errors.New(`external engine "x": no "bestmove" within 11s`)
	start := bashni.RussianDraughts().MustStart()
	opening, err := start.ParseLine("c3-d4 f6-e5")
	if err != nil {
		t.Fatal(err)
	}
	players := [2]Player{Random{rand.New(rand.NewPCG(1, 2))}, failing{errHung}}
	g, err := PlayGame(context.Background(), &start, opening, players, 0)
	if !errors.Is(err, errHung) {
		t.Fatalf("error %v, want one wrapping %v", err, errHung)
	}
	if g.Game.Plies() != 3 {
		t.Fatalf("%d plies played, want 3: the opening's and White's", g.Game.Plies())
	}
	line := "c3-d4 f6-e5 " + g.Game.Moves()[2].String()
	want := "ply 4, black to move in " + g.Game.Position().FEN() + " (the game: " + line + "): " + errHung.Error()
	if err.Error() != want {
		t.Errorf("error\n%q\nwant\n%q", err, want)
	}
}
