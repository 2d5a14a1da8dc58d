package main

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
)

// The first moves of the start positions (docs/RULES.md section 1): every man of
// White's third rank steps forward, and on 7x7 g3 has no h4.
var (
	start8x8Moves = []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}
	start7x7Moves = []string{"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"}
)

// codexGame is the game of docs/RULES.md section 11, with its move numbers.
var codexGame = testgame.CodexRecord()

func TestMovesFromEveryPresetStart(t *testing.T) {
	want := map[string][]string{
		"russian": start8x8Moves, "international": start8x8Moves,
		"russian-draughts": start8x8Moves, "brazilian-draughts": start8x8Moves,
		"ludii-bashni": start8x8Moves,
		"lasca":        start7x7Moves, "ludii-lasca": start7x7Moves,
	}
	for _, name := range bashni.PresetNames() {
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatalf("no expected moves for preset %q", name)
			}
			got := lines(mustCLI(t, "moves", "-variant", name))
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("bashni moves -variant %s (-want +got):\n%s", name, diff)
			}
		})
	}
}

func TestMovesDefaultIsRussian(t *testing.T) {
	if diff := cmp.Diff(start8x8Moves, lines(mustCLI(t, "moves"))); diff != "" {
		t.Errorf("bashni moves (-want +got):\n%s", diff)
	}
}

func TestMovesAfterGivesFEN(t *testing.T) {
	// Each FEN is the start with one man moved (docs/RULES.md section 10 order:
	// rank by rank, file by file), Black to move.
	const black = ":Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7"
	want := []string{
		"a3-b4 B:Wa1,c1,e1,g1,b2,d2,f2,c3,e3,g3,b4" + black,
		"c3-b4 B:Wa1,c1,e1,g1,b2,d2,f2,a3,e3,g3,b4" + black,
		"c3-d4 B:Wa1,c1,e1,g1,b2,d2,f2,a3,e3,g3,d4" + black,
		"e3-d4 B:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,g3,d4" + black,
		"e3-f4 B:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,g3,f4" + black,
		"g3-f4 B:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,f4" + black,
	}
	got := lines(mustCLI(t, "moves", "-variant", "lasca", "-after"))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bashni moves -variant lasca -after (-want +got):\n%s", diff)
	}
}

func TestMovesTwelveJumpExample(t *testing.T) {
	// docs/RULES.md section 11: exactly two moves, both taking twelve pieces (R2,
	// R3, R5).
	want := []string{
		"c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:d2",
		"c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1",
	}
	got := lines(mustCLI(t, "moves", "-fen", "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b"))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestMovesAfterMovesList(t *testing.T) {
	// After 1. c3-d4 b6-c5 the black man on c5 attacks d4: White must take
	// (section 4, compulsory capture), and b6 is empty again.
	want := []string{"d4:b6"}
	for _, list := range []string{"c3-d4 b6-c5", "1. c3-d4 b6-c5", "1.c3-d4 1...b6-c5", "  C3-D4   b6-c5!  "} {
		got := lines(mustCLI(t, "moves", "-moves", list))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("-moves %q (-want +got):\n%s", list, diff)
		}
	}
}

func TestMovesCodexGameFlagsInAnyOrder(t *testing.T) {
	// The Codex game is legal from the start and leaves Black to move with
	// moves left (docs/RULES.md section 11).
	a := mustCLI(t, "moves", "-variant", "russian", "-moves", codexGame, "-after")
	b := mustCLI(t, "moves", "-after", "-moves", codexGame)
	c := mustCLI(t, "moves", "-moves", regexp.MustCompile(`\d+\. `).ReplaceAllString(codexGame, ""), "-variant=russian", "-after=true")
	if a == "" {
		t.Fatal("no moves after the Codex game; Black should still have moves")
	}
	if a != b || a != c {
		t.Errorf("flag order changed the output:\n%s\n---\n%s\n---\n%s", a, b, c)
	}
	for _, l := range lines(a) {
		f := strings.Fields(l)
		if len(f) != 2 || !strings.HasPrefix(f[1], "W:") {
			t.Errorf("line %q: want <move> <FEN with White to move>", l)
		}
	}
}

// runDirect calls a subcommand's run function with buffers, as runCLI does.
func runDirect(run func([]string, io.Writer, io.Writer) error, args ...string) (string, error) {
	var out bytes.Buffer
	err := run(args, &out, io.Discard)
	return out.String(), err
}

func TestMovesErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		is   error    // a sentinel the error wraps, if any
		want []string // parts of the message
	}{
		{"bad variant", []string{"-variant", "checkers"}, nil,
			[]string{`unknown ruleset "checkers"`, "russian", "lasca"}},
		{"bad override", []string{"-variant", "russian,majority=maybe"}, nil,
			[]string{"majority", `"maybe"`}},
		{"bad FEN square", []string{"-fen", "W:Wa1,i9:Bb8"}, nil,
			[]string{`"i9"`}},
		{"FEN square off the lasca board", []string{"-variant", "lasca", "-fen", "W:Wa1:Bh8"}, nil,
			[]string{`"h8"`}},
		{"illegal move", []string{"-moves", "c3-d4 e3-f4"}, bashni.ErrIllegalMove,
			[]string{"move 2", `"e3-f4"`, "legal: b6-a5 b6-c5 d6-c5 d6-e5 f6-e5 f6-g5 h6-g5"}},
		{"not a move", []string{"-moves", "1. c3-d4 zz"}, bashni.ErrBadMoveText,
			[]string{"move 2", `"zz"`, "legal: b6-a5 b6-c5 d6-c5 d6-e5 f6-e5 f6-g5 h6-g5"}},
		{"quiet move when a capture is compulsory", []string{"-moves", "c3-d4 b6-c5 e3-f4"}, bashni.ErrIllegalMove,
			[]string{"move 3", `"e3-f4"`, "legal: d4:b6"}},
		{"positional argument", []string{"c3-d4"}, nil,
			[]string{`unexpected argument "c3-d4"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runDirect(runMoves, tc.args...)
			if err == nil {
				t.Fatalf("bashni moves %q: no error, output %q", tc.args, out)
			}
			if out != "" {
				t.Errorf("output %q on error", out)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v does not wrap %v", err, tc.is)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			// Through runCLI: one line on stderr, status 1.
			_, errOut, status := cli(t, append([]string{"moves"}, tc.args...)...)
			if status != 1 || !strings.HasPrefix(errOut, "bashni moves: ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("status %d, stderr %q", status, errOut)
			}
		})
	}
}
