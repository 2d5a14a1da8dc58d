package match

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/google/go-cmp/cmp"
)

func TestParseSpec(t *testing.T) {
	for _, text := range []string{"random", "greedy", "engine", "depth=6", "nodes=1000", "time=1s", "depth=8,time=500ms",
		"depth=4,threads=2", "cmd=./mybot --fast", "time=100ms,cmd=/tmp/bashni-old engine -hash 8", "depth=6,hub=./scan hub"} {
		ps, err := ParseSpec(text)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", text, err)
			continue
		}
		if ps.String() != text {
			t.Errorf("ParseSpec(%q).String() = %q", text, ps)
		}
	}
	for _, text := range []string{"", "strong", "depth=0", "depth=x", "time=-1s", "speed=3", "depth", "threads=0", "cmd=", "depth=2,cmd= ", "hub="} {
		if _, err := ParseSpec(text); err == nil {
			t.Errorf("ParseSpec(%q): no error", text)
		}
	}
}

func TestParseLadder(t *testing.T) {
	tests := map[string][]string{
		"1-3":               {"depth=1", "depth=2", "depth=3"},
		"random greedy 2-3": {"random", "greedy", "depth=2", "depth=3"},
		"4 nodes=500 6":     {"depth=4", "nodes=500", "depth=6"},
	}
	for text, want := range tests {
		rungs, err := ParseLadder(text)
		if err != nil {
			t.Errorf("ParseLadder(%q): %v", text, err)
			continue
		}
		var got []string
		for _, r := range rungs {
			got = append(got, r.String())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ParseLadder(%q) (-want +got):\n%s", text, diff)
		}
	}
	for _, text := range []string{"", "3", "3-2", "random bogus", "0-2"} {
		if _, err := ParseLadder(text); err == nil {
			t.Errorf("ParseLadder(%q): no error", text)
		}
	}
}

// The greedy player takes what it can: here a4:c6 wins a man, and f2-g3 does
// not. The engine player finds the same capture.
func TestPlayersChooseLegalMoves(t *testing.T) {
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wa1,b4,f2:Bc5,h8")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		p    Player
		want string // "" for any legal move
	}{
		{Random{rng}, ""},
		{Greedy{rng}, "b4:d6"},
		{Engine{engine.New(engine.Options{HashMB: 1}), engine.Limits{Depth: 2}}, "b4:d6"},
	} {
		m, err := c.p.Move(context.Background(), bashni.NewGameFrom(pos), nil)
		if err != nil {
			t.Fatalf("%T: %v", c.p, err)
		}
		if _, err := pos.Play(m); err != nil {
			t.Errorf("%T chose %s, not legal: %v", c.p, m, err)
		}
		if c.want != "" && m.String() != c.want {
			t.Errorf("%T chose %s, want %s", c.p, m, c.want)
		}
	}
}
