package match

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

func TestParseTimeControl(t *testing.T) {
	for text, want := range map[string]TimeControl{
		"10s+100ms":   {Base: 10 * time.Second, Increment: 100 * time.Millisecond},
		"40/2m0s":     {Moves: 40, Base: 2 * time.Minute},
		"40/1m0s+1s":  {Moves: 40, Base: time.Minute, Increment: time.Second},
		"1m0s":        {Base: time.Minute},
		"500ms+10ms":  {Base: 500 * time.Millisecond, Increment: 10 * time.Millisecond},
		"5/1s+100µs":  {Moves: 5, Base: time.Second, Increment: 100 * time.Microsecond},
		"300ms+0s":    {Base: 300 * time.Millisecond},
		"2/300ms+0ms": {Moves: 2, Base: 300 * time.Millisecond},
	} {
		tc, err := ParseTimeControl(text)
		if err != nil || tc != want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", text, tc, err, want)
		}
		if back, err := ParseTimeControl(tc.String()); err != nil || back != tc {
			t.Errorf("%q: String %q reads back as %+v, %v", text, tc.String(), back, err)
		}
	}
	for _, text := range []string{"", "10", "x/10s", "0/10s", "10s+", "10s+x", "-1s", "10s+-1s"} {
		if _, err := ParseTimeControl(text); err == nil {
			t.Errorf("ParseTimeControl(%q): no error", text)
		}
	}
}

// The clocks: time spent is charged, the increment added after each move,
// the base again at each control; a clock that runs out says so.
func TestClockRun(t *testing.T) {
	c := newClockRun(TimeControl{Moves: 2, Base: time.Second, Increment: 100 * time.Millisecond})
	if s := c.state(bashni.White); s.MovesToGo != 2 || s.Left[0] != time.Second {
		t.Errorf("at the start: %+v", s)
	}
	if !c.spend(bashni.White, 400*time.Millisecond) || c.left[0] != 700*time.Millisecond {
		t.Errorf("after 400ms: %v left", c.left[0])
	}
	if s := c.state(bashni.White); s.MovesToGo != 1 {
		t.Errorf("one move to the control: %+v", s)
	}
	if !c.spend(bashni.White, 600*time.Millisecond) || c.left[0] != 1200*time.Millisecond {
		t.Errorf("at the control: %v left, want 0.1s + 0.1s + 1s", c.left[0])
	}
	if c.spend(bashni.Black, 1001*time.Millisecond) {
		t.Error("1001ms of a 1s clock: not out of time")
	}
}

// Engines under a small clock never lose on time: in the engine's own
// process and over the protocol, with increment and with moves to go. A
// player that overruns its clock loses on time.
func TestNoLossOnTime(t *testing.T) {
	if testing.Short() {
		t.Skip("plays timed games")
	}
	t.Setenv("BASHNI_TEST_ENGINE", "real")
	ctx := context.Background()
	for _, tc := range []struct {
		v        bashni.Variant
		clock    string
		external bool
	}{
		{bashni.Russian, "500ms+20ms", false},
		{bashni.Lasca, "10/300ms", false},
		{bashni.International, "500ms+20ms", true},
	} {
		clock, err := ParseTimeControl(tc.clock)
		if err != nil {
			t.Fatal(err)
		}
		start := tc.v.MustStart()
		for k := range 1 {
			var players [2]Player
			for c := range players {
				players[c] = Engine{engine.New(engine.Options{HashMB: 1}), engine.Limits{}}
			}
			if tc.external {
				ext, err := StartExternal(ctx, []string{os.Args[0]}, tc.v, engine.Limits{}, 1, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer ext.Close()
				players[k] = ext
			}
			g, err := PlayTimedGame(ctx, start, Opening(start, 4, 7, k), players, 60, clock)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.v, tc.clock, err)
			}
			if g.TimeLoss {
				t.Errorf("%s %s game %d: %s after %d plies, clocks %v", tc.v, tc.clock, k, g.Reason(), g.Game.Plies(), g.Left)
			}
		}
	}
	slow := slowPlayer{Engine{engine.New(engine.Options{HashMB: 1}), engine.Limits{Depth: 1}}}
	var _ Player = slow // a Player, not a TimedPlayer: it does not look at its clock
	fast := Engine{engine.New(engine.Options{HashMB: 1}), engine.Limits{Depth: 1}}
	start := bashni.Russian.MustStart()
	g, err := PlayTimedGame(ctx, start, nil, [2]Player{fast, slow}, 300, TimeControl{Base: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !g.TimeLoss || g.Result() != "1-0" || g.Reason() != "1-0: black lost on time" {
		t.Errorf("a player that sleeps past its clock: time loss %v, %s, %q", g.TimeLoss, g.Result(), g.Reason())
	}
}

// slowPlayer takes 20ms a move, whatever its clock.
type slowPlayer struct{ e Engine }

func (p slowPlayer) Move(ctx context.Context, start bashni.Position, moves []bashni.Move, pos bashni.Position) (bashni.Move, error) {
	time.Sleep(20 * time.Millisecond)
	return p.e.Move(ctx, start, moves, pos)
}
