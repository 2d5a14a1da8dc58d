package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
)

// playScript runs "bashni play args..." with the lines as its input and
// returns the output and the exit status.
func playScript(t *testing.T, input string, args ...string) (out, errOut string, status int) {
	t.Helper()
	withStdin(t, input, func() {
		out, errOut, status = cli(t, append([]string{"play"}, args...)...)
	})
	return out, errOut, status
}

// playWith runs "bashni play args..." with e as its engine and the lines as
// its input, and returns the output and the error.
func playWith(t *testing.T, e mover, input string, args ...string) (out string, err error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	withStdin(t, input, func() { err = runPlay(args, &stdout, &stderr, e) })
	return stdout.String(), err
}

// firstMove is a fake engine: the first of the sorted legal moves.
func firstMove(_ context.Context, g *bashni.Game, _ time.Duration) (bashni.Move, error) {
	pos := g.Position()
	texts := bashni.MoveTexts(pos.LegalMoves())
	return pos.ParseMove(texts[0])
}

func diagramOf(t *testing.T, v bashni.Variant, fen string) string {
	t.Helper()
	p, err := bashni.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p.Diagram()
}

// Two people play the Codex game (docs/RULES.md section 11), numbers and all,
// then Black resigns: a diagram after every move, the outcome at the end.
func TestPlayTwoPeopleCodex(t *testing.T) {
	input := "1. c3-b4\nb6-c5\n2. b4-a5 a7-b6\n3. b2-c3 c5-b4 4. a3:c5:a7 c7-b6\n" +
		"5. a5:c7:e5 f6:d4:b2 6. a1:c3 d8-c7? 7. g3-f4 e5:g3 8. h2:f4 g3:e5\n" +
		"9. e3:g5 h6:f4 10. d2-e3 f4:d2:b4 11. b2:d4:f6:d8:a5:d2:h6\nresign\n"
	out, errOut, status := playScript(t, input)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if n := strings.Count(out, "to move\n"); n != 22 {
		t.Errorf("%d diagrams, want 22 (the start and one per move)", n)
	}
	final := diagramOf(t, bashni.Russian(), testgame.CodexFinal)
	if want := "11. b2:d4:f6:d8:a5:d2:h6\n" + final + "11... black to move> Game over: 1-0: black resigned\n"; !strings.HasSuffix(out, want) {
		t.Errorf("output ends:\n%s\nwant:\n%s", out[max(0, len(out)-len(want)-100):], want)
	}
	for _, want := range []string{"1. white to move> 1. c3-b4\n", "1... black to move> 1... b6-c5\n", "6... d8-c7\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// Section 9: the game ends by the rules, and the outcome says why.
func TestPlayEndsByRules(t *testing.T) {
	out, _, status := playScript(t, "c3:e5\n", "-fen", "W:Wc3:Bd4")
	if status != 0 || !strings.HasSuffix(out, "Game over: 1-0: black has no legal move\n") {
		t.Errorf("status %d, output:\n%s", status, out)
	}
	out, _, _ = playScript(t, "c3-d4\ndraw\n")
	if !strings.HasSuffix(out, "Game over: 1/2-1/2: draw by agreement\n") {
		t.Errorf("draw: output:\n%s", out)
	}
	out, _, _ = playScript(t, "a1-b2\n", "-variant", "lasca", "-fen", "W:WKa1:BKg7")
	if !strings.Contains(out, "black to move> ") || strings.Contains(out, "Game over") {
		t.Errorf("lasca: output:\n%s", out)
	}
}

// Undo, bad input, and the other commands; the end of the input leaves the
// game unfinished.
func TestPlayCommands(t *testing.T) {
	input := "undo\nc3-d4\nundo\nc3-b4\nd4-e5\nmoves\nfen\nhelp\nzz9\n\nquit\n"
	out, _, status := playScript(t, input)
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{
		"1. white to move> Nothing to undo.\n",
		"1. c3-d4\n",
		"Taken back (0 plies played).\n",
		"1. c3-b4\n",
		"1... black to move> move \"d4-e5\": not a legal move here (legal: b6-a5 b6-c5 d6-c5 d6-e5 f6-e5 f6-g5 h6-g5)\n",
		"1... black to move> b6-a5 b6-c5 d6-c5 d6-e5 f6-e5 f6-g5 h6-g5\n",
		"B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,b4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\n",
		"  undo    take back",
		`move "zz9": `,
		"Game left unfinished (1 plies played).\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q; it is:\n%s", want, out)
		}
	}
	out, _, status = playScript(t, "c3-d4\n")
	if status != 0 || !strings.HasSuffix(out, "\nGame left unfinished (1 plies played).\n") {
		t.Errorf("at the end of the input: status %d, output ends %q", status, out[max(0, len(out)-80):])
	}
}

// Against the engine: it plays its side, its moves are printed in
// notation, undo takes back a person's move and the engine's reply.
func TestPlayEngine(t *testing.T) {
	out, err := playWith(t, firstMove, "c3-d4\nundo\nc3-b4\ndraw\nb2-c3\nquit\n", "-engine", "black", "-time", "10ms")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"1. white to move> 1. c3-d4\n",
		"1... b6-a5 (engine)\n",
		"Taken back (0 plies played).\n",
		"1. white to move> 1. c3-b4\n",
		"The engine plays on.\n",
		"Game left unfinished (4 plies played).\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q; it is:\n%s", want, out)
		}
	}

	out, _ = playWith(t, firstMove, "quit\n", "-engine", "white")
	if start := bashni.Russian().MustStart(); !strings.HasPrefix(out, start.Diagram()+"1. a3-b4 (engine)\n") {
		t.Errorf("engine as white: output:\n%s", out)
	}

	out, err = playWith(t, firstMove, "", "-engine", "both", "-fen", "W:Wc3:Bd4")
	if err != nil || !strings.Contains(out, "1. c3:e5 (engine)\n") || !strings.HasSuffix(out, "Game over: 1-0: black has no legal move\n") {
		t.Errorf("engine against itself: error %v, output:\n%s", err, out)
	}
}

// The engine of the command plays both sides of a lasca game to its end.
func TestPlayEngineBoth(t *testing.T) {
	out, errOut, status := playScript(t, "", "-variant", "lasca", "-engine", "both", "-time", "5ms")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if !strings.Contains(out, "1. ") || !strings.Contains(out, " (engine)\n") || !strings.Contains(out, "Game over: ") {
		t.Errorf("want engine moves and an outcome; output ends:\n%s", out[max(0, len(out)-400):])
	}
}

// A person plays White against the command's engine; it answers each move.
func TestPlayAgainstEngine(t *testing.T) {
	out, errOut, status := playScript(t, "c3-d4\nresign\n", "-engine", "black", "-time", "20ms")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if !strings.Contains(out, "1... ") || !strings.HasSuffix(out, "Game over: 0-1: white resigned\n") {
		t.Errorf("want the engine's reply and White's resignation; output:\n%s", out)
	}
}

// A bad -engine value is an error, as are the other bad flags; -engine none
// is two people.
func TestPlayEngineErrors(t *testing.T) {
	if out, _, status := playScript(t, "quit\n", "-engine", "none"); status != 0 || !strings.Contains(out, "white to move> ") {
		t.Errorf("-engine none: status %d, output %q", status, out)
	}
	for _, args := range [][]string{{"-engine", "red"}, {"-variant", "chess"}, {"-fen", "W:Wz9"}, {"extra"}} {
		if _, errOut, status := playScript(t, "", args...); status != 1 || errOut == "" {
			t.Errorf("bashni play %q: status %d, stderr %q", args, status, errOut)
		}
	}
}

// -pdn writes the game, which reads back to the same moves and outcome.
func TestPlayRecord(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.pdn")
	_, errOut, status := playScript(t, "c3-d4 b6-c5 d4:b6\nresign\n", "-pdn", file)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	g := readPDNFile(t, file, 1)[0]
	if d := cmp.Diff([]string{"b6-c5", "c3-d4", "d4:b6"}, bashni.MoveTexts(g.Game().Moves())); d != "" {
		t.Errorf("moves (-want +got):\n%s", d)
	}
	if want := (bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation}); g.Game().Outcome() != want {
		t.Errorf("outcome %v, want %v", g.Game().Outcome(), want)
	}
	if g.Tag("Event") != "bashni play" {
		t.Errorf("Event tag %q", g.Tag("Event"))
	}
}

// play takes -moves, as the other position flags: the game starts after
// them, and a bad one is an error that names it.
func TestPlayTakesMoves(t *testing.T) {
	out, errOut, status := playScript(t, "fen\nquit\n", "-moves", "1. c3-d4 b6-c5")
	want := "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bc5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
	if status != 0 || !strings.Contains(out, "2. white to move> "+want+"\n") {
		t.Errorf("status %d, stderr %q, stdout %q: want the FEN %s", status, errOut, out, want)
	}
	_, errOut, status = playScript(t, "", "-moves", "c3-d4 e3-f4")
	if status != 1 || !strings.Contains(errOut, "bashni play: -moves: move 2:") {
		t.Errorf("a bad -moves: status %d, stderr %q", status, errOut)
	}
}

// A negative -maxplies is an error, not a match or selfplay without a cap.

// A read error on play's input is an error, not the input's end.
func TestPlayInputReadError(t *testing.T) {
	d, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var status int
	var out, errOut strings.Builder
	withStdinReader(d, func() { status = runCLI([]string{"play"}, &out, &errOut) })
	if status != 1 || !strings.Contains(errOut.String(), "is a directory") {
		t.Errorf("status %d, stderr %q", status, errOut.String())
	}
}
