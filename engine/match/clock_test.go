package match

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/google/go-cmp/cmp"
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

// A TimeControl is none (the zero one) or a clock with a positive Base and
// no negative Moves or Increment, as ParseTimeControl reads them;
// PlayTimedGame refuses another before the first move, where a negative
// Base played the game untimed and a Base of 0 with an increment did too.
func TestTimeControlValidate(t *testing.T) {
	for _, tc := range []TimeControl{{}, {Base: time.Second}, {Moves: 40, Base: 2 * time.Minute, Increment: time.Second}} {
		if err := tc.Validate(); err != nil {
			t.Errorf("%+v: %v", tc, err)
		}
	}
	for _, text := range []string{"10s+100ms", "40/2m", "1ns", "1/1ns+0s"} {
		tc, err := ParseTimeControl(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := tc.Validate(); err != nil {
			t.Errorf("ParseTimeControl(%q) = %+v: Validate: %v", text, tc, err)
		}
	}
	start := bashni.RussianDraughts().MustStart()
	players := [2]Player{Random{Rand: rand.New(rand.NewPCG(1, 2))}, Random{Rand: rand.New(rand.NewPCG(3, 4))}}
	for _, tc := range []TimeControl{
		{Base: -time.Second},
		{Increment: time.Second},
		{Moves: 40},
		{Moves: -1, Base: time.Second},
		{Base: time.Second, Increment: -time.Millisecond},
	} {
		if err := tc.Validate(); err == nil {
			t.Errorf("%+v: Validate: no error", tc)
		}
		g, err := PlayTimedGame(context.Background(), &start, nil, players, 10, tc)
		if err == nil || g.Game.Plies() != 0 {
			t.Errorf("%+v: PlayTimedGame: %d plies, error %v; want an error before the first move", tc, g.Game.Plies(), err)
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

// Clocks near the largest duration never wrap round: an increment or a
// control's base that would carry a clock past it leaves it there, rather
// than at a negative time that loses the next move on time, and the wait
// for an external program's move is as long as can be (a negative wait
// would be none: a program that never answered would hang the match).
func TestClockSaturates(t *testing.T) {
	const most = time.Duration(math.MaxInt64)
	c := newClockRun(TimeControl{Moves: 1, Base: most - time.Hour, Increment: 2 * time.Hour})
	var got []time.Duration
	for range 3 {
		if !c.spend(bashni.White, time.Second) {
			t.Fatalf("out of time with %v left", c.left[bashni.White])
		}
		got = append(got, c.left[bashni.White])
	}
	if diff := cmp.Diff([]time.Duration{most, most, most}, got); diff != "" {
		t.Errorf("White's clock after each move (-want +got):\n%s", diff)
	}
	var waits []time.Duration
	for _, w := range []struct {
		lim    engine.Limits
		clocks *Clocks
	}{
		{engine.Limits{Time: most / 4}, nil},
		{engine.Limits{Time: 512410 * time.Hour}, nil}, // ten times it is 2^64 ns and 4 hours
		{engine.Limits{}, &Clocks{Left: [2]time.Duration{most - time.Second, 0}}},
		{engine.Limits{Time: time.Second}, &Clocks{Left: [2]time.Duration{most, 0}}},
	} {
		waits = append(waits, moveWait(w.lim, w.clocks, bashni.White))
	}
	if diff := cmp.Diff([]time.Duration{most, most, most, most}, waits); diff != "" {
		t.Errorf("waits for a move (-want +got):\n%s", diff)
	}
}

// Engines under a small clock never lose on time: in the engine's own
// process and over the protocol, with increment and with moves to go. The
// clocks are small but leave room for a busy machine: at a second the
// engine keeps 110 ms aside and stops a search by a fifth of what remains,
// so only a stall of half a second or more could cost a game. The test
// runs one search at a time, so the load it adds is one core.
func TestNoLossOnTime(t *testing.T) {
	// A wall clock cannot be trusted on a loaded machine: a stall of the
	// process costs a game whatever the engine does. So these games run
	// only when asked for, on a quiet machine.
	if os.Getenv("BASHNI_CLOCK_GAMES") == "" {
		t.Skip("plays games on real clocks: set BASHNI_CLOCK_GAMES=1 on a quiet machine")
	}
	t.Setenv("BASHNI_TEST_ENGINE", "real")
	ctx := context.Background()
	for _, tc := range []struct {
		v        bashni.Variant
		clock    string
		external bool
	}{
		{bashni.Russian(), "1s+50ms", false},
		{bashni.Lasca(), "5/1s", false},
		{bashni.International(), "1s+50ms", true},
	} {
		clock, err := ParseTimeControl(tc.clock)
		if err != nil {
			t.Fatal(err)
		}
		start := tc.v.MustStart()
		var players [2]Player
		for c := range players {
			players[c] = Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{}}
		}
		if tc.external {
			ext, err := StartExternal(ctx, []string{os.Args[0]}, tc.v, engine.Limits{}, 1, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer ext.Close()
			players[bashni.White] = ext
		}
		// 4 random plies, then 10 moves a side: past the first control
		// of 5 moves.
		g, err := PlayTimedGame(ctx, &start, Opening(&start, 4, 7, 0), players, 24, clock)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.v, tc.clock, err)
		}
		if g.TimeLoss {
			t.Errorf("%s %s: %s after %d plies, clocks %v", tc.v, tc.clock, g.Reason(), g.Game.Plies(), g.Left)
		}
	}
}

// A player that takes longer than its clock has loses on time, on its
// first move: here Black sleeps 300ms with 200ms on its clock.
func TestLossOnTime(t *testing.T) {
	start := bashni.Russian().MustStart()
	players := [2]Player{Random{rand.New(rand.NewPCG(1, 2))}, slowPlayer{300 * time.Millisecond}}
	g, err := PlayTimedGame(context.Background(), &start, nil, players, 300, TimeControl{Base: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !g.TimeLoss || g.Result() != "1-0" || g.Reason() != "1-0: black lost on time" || g.Game.Plies() != 1 {
		t.Errorf("a player that sleeps past its clock: time loss %v, %s, %q after %d plies", g.TimeLoss, g.Result(), g.Reason(), g.Game.Plies())
	}
	if g.Left[bashni.Black] >= 0 {
		t.Errorf("Black's clock shows %v, want it run out", g.Left[bashni.Black])
	}
}

// slowPlayer sleeps, then plays the first legal move; it does not look at
// its clock.
type slowPlayer struct{ d time.Duration }

func (p slowPlayer) Move(_ context.Context, g *bashni.Game, _ *Clocks) (bashni.Move, error) {
	time.Sleep(p.d)
	return g.LegalMoves()[0], nil
}

// FuzzParseTimeControl: no text makes ParseTimeControl panic; a time
// control it reads has a positive base, no negative increment, and writes
// (String) as text that reads back to it.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10s+100ms", "40/2m", "1m", "40/1m0s+1s", "0/1s", "1s+-1s", "1h+", "/1s", "9223372036854775807ns+1ns"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			return
		}
		if tc.Base <= 0 || tc.Increment < 0 || tc.Moves < 0 {
			t.Fatalf("ParseTimeControl(%q) = %+v", text, tc)
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("ParseTimeControl(%q) = %+v, written %q, reads back as %+v, %v", text, tc, tc.String(), back, err)
		}
	})
}
