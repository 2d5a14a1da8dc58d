package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

func TestRandomOpening(t *testing.T) {
	for name, v := range presets {
		start := v.MustStart()
		lines := map[string]bool{}
		for seed := range uint64(8) {
			line, _ := RandomOpening(&start, 6, rand.New(rand.NewPCG(seed, 1)))
			if len(line) != 6 {
				t.Fatalf("%s seed %d: %d plies, want 6: %s", name, seed, len(line), lineText(line))
			}
			if err := checkLine(start, line); err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			again, _ := RandomOpening(&start, 6, rand.New(rand.NewPCG(seed, 1)))
			if diff := cmp.Diff(lineText(line), lineText(again)); diff != "" {
				t.Fatalf("%s seed %d: the same seed gave another line (-first +second):\n%s", name, seed, diff)
			}
			lines[lineText(line)] = true
		}
		if len(lines) < 2 {
			t.Errorf("%s: eight seeds gave %d line(s)", name, len(lines))
		}
	}
}

// A line stops where the side to move has no move (R7): here White's only
// man is blocked, so the line is empty; so is a line of no plies.
func TestRandomOpeningStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	blocked := mustFEN(t, bashni.Russian(), "W:Wa1:Bb2,c3")
	if line, err := RandomOpening(&blocked, 4, rng); len(line) != 0 || err != nil {
		t.Errorf("blocked position: line %s, want none", lineText(line))
	}
	if line, err := RandomOpening(ptr(bashni.Russian().MustStart()), 0, rng); len(line) != 0 || err != nil {
		t.Errorf("0 plies: line %s, want none", lineText(line))
	}
	// White must take Black's only tower (R2), and then Black has nothing
	// on top to move: the line is that one capture.
	one := mustFEN(t, bashni.Russian(), "W:Wc3:Bd4")
	if line, _ := RandomOpening(&one, 10, rng); lineText(line) != "c3:e5" {
		t.Errorf("line %q, want \"c3:e5\"", lineText(line))
	}
}

// A nil source or a negative length is an error, not a panic (issue 26,
// item 14), and so is a nil start, as a nil source is.
func TestRandomOpeningErrors(t *testing.T) {
	start := bashni.Russian().MustStart()
	if line, err := RandomOpening(nil, 4, rand.New(rand.NewPCG(1, 2))); err == nil || line != nil {
		t.Errorf("nil start: %v, %v; want an error", line, err)
	}
	if line, err := RandomOpening(&start, 4, nil); err == nil || line != nil {
		t.Errorf("nil source: %v, %v; want an error", line, err)
	}
	if line, err := RandomOpening(&start, -1, rand.New(rand.NewPCG(1, 2))); err == nil || line != nil {
		t.Errorf("-1 plies: %v, %v; want an error", line, err)
	}
}
