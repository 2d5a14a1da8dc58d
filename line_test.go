package bashni_test

import (
	"context"
	"errors"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// A line copied from a record reads with its move numbers, alone or glued
// on; other text is left for ParseMove to judge.
func TestSplitLine(t *testing.T) {
	tests := map[string][]string{
		"1. c3-d4 b6-c5 2. d4:b6":  {"c3-d4", "b6-c5", "d4:b6"},
		"1.c3-d4 1...b6:d4 12... ": {"c3-d4", "b6:d4"},
		" ... 12 a3:c5\tc3d4\n":    {"12", "a3:c5", "c3d4"},
		"":                         nil,
		"1. 2. ...":                nil,
	}
	for line, want := range tests {
		if diff := cmp.Diff(want, bashni.SplitLine(line)); diff != "" {
			t.Errorf("SplitLine(%q) (-want +got):\n%s", line, diff)
		}
	}
}

// ParseLine reads the Codex game's first moves and stops at the first bad
// one with its place, keeping the moves before it; the position it was
// called on does not change.
func TestParseLine(t *testing.T) {
	start := bashni.Russian().MustStart()
	moves, err := start.ParseLine("1. c3-b4 b6-c5 2. b4-a5 a7-b6")
	if err != nil || len(moves) != 4 || bashni.LineText(moves) != "c3-b4 b6-c5 b4-a5 a7-b6" {
		t.Fatalf("ParseLine: %v, %v", moves, err)
	}
	moves, err = start.ParseLine("1. c3-b4 b6-c5 2. b4-c5 a7-b6")
	var le *bashni.LineError
	if !errors.As(err, &le) || le.Index != 3 || le.Text != "b4-c5" || !errors.Is(err, bashni.ErrIllegalMove) || len(moves) != 2 {
		t.Fatalf("a bad third move: %v, %+v", moves, err)
	}
	if want := `bashni: move 3: "b4-c5": not a legal move here`; len(err.Error()) < len(want) || err.Error()[:len(want)] != want {
		t.Errorf("error text %q, want it to start %q", err, want)
	}
	if _, err := start.ParseLine("c3-d4 nonsense"); !errors.Is(err, bashni.ErrBadMoveText) {
		t.Errorf("text that is no move: %v, want ErrBadMoveText", err)
	}
	if fresh := bashni.Russian().MustStart(); !start.Equal(&fresh) {
		t.Error("ParseLine changed the position it was called on")
	}
}

// PlayLine plays the moves before a bad one and says which it is; a game
// that ends in the middle of a line refuses the rest.
func TestGamePlayLine(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayLine("1. " + codexMoves); err != nil || g.Position().FEN() != codexFinal {
		t.Fatalf("the Codex game: %v, %s", err, g.Position().FEN())
	}
	g, _ = bashni.NewGame(bashni.Russian())
	err = g.PlayLine("c3-d4 b6-a5 c4-d5")
	var le *bashni.LineError
	if !errors.As(err, &le) || le.Index != 3 || g.Plies() != 2 {
		t.Errorf("a bad third move: %v after %d plies", err, g.Plies())
	}
	g, _ = bashni.NewGameFEN(bashni.Russian(), "W:Wa5,c5:Ba7")
	if err := g.PlayLine("a5-b6 a7-a6"); !errors.Is(err, bashni.ErrGameOver) || g.Plies() != 1 {
		t.Errorf("a move after the end: %v after %d plies, want ErrGameOver after 1", err, g.Plies())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ = bashni.NewGame(bashni.Russian())
	if err := g.PlayLineContext(ctx, "c3-d4"); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}
