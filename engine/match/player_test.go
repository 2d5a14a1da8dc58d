package match

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

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
		{Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 2}}, "b4:d6"},
	} {
		m, err := c.p.Move(context.Background(), bashni.NewGameFrom(&pos), nil)
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
