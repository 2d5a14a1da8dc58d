package pdn

import (
	"errors"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// Undo on the record takes back the move and its note, so a move played in
// its place does not inherit the note (and variations) of the one taken
// back; the notes of the moves before stay.
func TestUndoKeepsNotesInStep(t *testing.T) {
	rec := readOne(t, "1. c3-d4 {White's first} b6-a5 $2 {Black's first} (b6-c5) 2. g3-h4 *")
	m, err := rec.Undo()
	if err != nil || m.String() != "g3-h4" {
		t.Fatalf("Undo: %s, %v; want g3-h4", m, err)
	}
	if m, err = rec.Undo(); err != nil || m.String() != "b6-a5" {
		t.Fatalf("Undo: %s, %v; want b6-a5", m, err)
	}
	if _, err := rec.PlayText("f6-g5"); err != nil {
		t.Fatal(err)
	}
	text, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := "[Result \"*\"]\n[Variant \"russian\"]\n\n1. c3-d4 {White's first} 1... f6-g5 *\n\n"
	if diff := cmp.Diff(want, string(text)); diff != "" {
		t.Errorf("after two Undos and a move (-want +got):\n%s", diff)
	}
	if rec.Game().Plies() != 2 || len(rec.Notes) != 1 {
		t.Errorf("%d plies, notes %v; want 2 plies and the first move's note", rec.Game().Plies(), rec.Notes)
	}
	// Taking back a resignation keeps every note; nothing to undo is the
	// game's error.
	if err := rec.Game().Resign(bashni.White); err != nil {
		t.Fatal(err)
	}
	if m, err := rec.Undo(); err != nil || m != (bashni.Move{}) || len(rec.Notes) != 1 || rec.Game().Plies() != 2 {
		t.Errorf("Undo of a resignation: %s, %v, notes %v", m, err, rec.Notes)
	}
	start := bashni.Russian().MustStart()
	rec = NewGame(bashni.NewGameFrom(&start))
	if _, err := rec.Undo(); !errors.Is(err, bashni.ErrNothingToUndo) {
		t.Errorf("Undo at the start: %v, want ErrNothingToUndo", err)
	}
}

// ApplyResult ends a game the rules have not ended as a record's result
// says (a win the loser's resignation, a draw an agreed one), and leaves
// alone a game the rules ended and an ongoing result.
func TestApplyResult(t *testing.T) {
	for _, c := range []struct {
		fen  string
		r    bashni.Result
		want bashni.Outcome
	}{
		{"W:Wc3:Bf6", bashni.WhiteWins, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation}},
		{"W:Wc3:Bf6", bashni.BlackWins, bashni.Outcome{Result: bashni.BlackWins, Reason: bashni.Resignation}},
		{"W:Wc3:Bf6", bashni.Draw, bashni.Outcome{Result: bashni.Draw, Reason: bashni.Agreement}},
		{"W:Wc3:Bf6", bashni.Ongoing, bashni.Outcome{}},
		{"B:Wc3:B", bashni.Draw, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.NoLegalMoves}},
	} {
		g, err := bashni.NewGameFEN(bashni.Russian(), c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if err := ApplyResult(g, c.r); err != nil {
			t.Fatalf("%s, %v: %v", c.fen, c.r, err)
		}
		if got := g.Outcome(); got != c.want {
			t.Errorf("%s, %v: outcome %v, want %v", c.fen, c.r, got, c.want)
		}
	}
	// No game is an error, as a record with no game is Write's, not a
	// panic.
	for _, r := range []bashni.Result{bashni.WhiteWins, bashni.Ongoing} {
		if err := ApplyResult(nil, r); err == nil {
			t.Errorf("ApplyResult(nil, %v): no error", r)
		}
	}
}
