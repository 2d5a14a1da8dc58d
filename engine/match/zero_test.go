package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// The zero value of each player type is a player, or says why not: Random
// and Greedy without a Rand draw from math/rand/v2's global source, the
// zero Engine (no *engine.Engine) and the zero External and Hub (no
// program) return an error, and Close and Name of the latter do nothing.
// Each panicked; the zero External's and Hub's Close in a goroutine of its
// own, which no recover can catch.
func TestZeroPlayers(t *testing.T) {
	ctx := context.Background()
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]Player{"Random": Random{}, "Greedy": Greedy{}} {
		m, err := p.Move(ctx, g, nil)
		if err != nil || !g.Position().IsLegal(m) {
			t.Errorf("%s{}: Move = %v, %v; want a legal move", name, m, err)
		}
	}
	var ext External
	var hb Hub
	for name, p := range map[string]Player{"Engine": Engine{}, "External": &ext, "Hub": &hb} {
		if m, err := p.Move(ctx, g, nil); err == nil {
			t.Errorf("%s{}: Move = %v, nil error", name, m)
		}
	}
	if err := ext.Close(); err != nil || ext.Name() != "" {
		t.Errorf("External{}: Close = %v, Name = %q", err, ext.Name())
	}
	if err := hb.Close(); err != nil || hb.Name() != "" {
		t.Errorf("Hub{}: Close = %v, Name = %q", err, hb.Name())
	}
	time.Sleep(10 * time.Millisecond) // for a goroutine of Close to panic
}

// Random and Greedy asked for a move where there is none (the game is
// over: Player.Move's contract broken) return engine.ErrNoMoves, as the
// Engine player does, where they indexed an empty list and panicked.
func TestPlayersWithoutMoves(t *testing.T) {
	g, err := bashni.NewGameFEN(bashni.Russian(), "W:W:Bh8")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for name, p := range map[string]Player{"Random": Random{r}, "Greedy": Greedy{r},
		"Engine": Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 1}}} {
		if m, err := p.Move(context.Background(), g, nil); !errors.Is(err, engine.ErrNoMoves) {
			t.Errorf("%s: Move = %v, %v; want engine.ErrNoMoves", name, m, err)
		}
	}
}

// A nil player is an error before the game starts, where PlayGame called
// its Move and panicked.
func TestPlayGameNilPlayer(t *testing.T) {
	start := bashni.Russian().MustStart()
	for _, players := range [][2]Player{{nil, Random{}}, {Random{}, nil}} {
		if _, err := PlayGame(context.Background(), &start, nil, players, 10); err == nil {
			t.Errorf("PlayGame with players %v: no error", players)
		}
	}
}

// A Game without its bashni.Game (the zero Game) has no score: Result is
// "*", Winner false, Reason says so, Record is an error and Tally.Add
// counts nothing. Each dereferenced the nil game and panicked.
func TestZeroMatchGame(t *testing.T) {
	var g Game
	if r := g.Result(); r != "*" {
		t.Errorf("Result = %q, want *", r)
	}
	if _, ok := g.Winner(); ok {
		t.Error("Winner: ok")
	}
	if r := g.Reason(); r == "" {
		t.Error("Reason is empty")
	}
	if _, err := g.Record("e", 1, "a", "b", 0); err == nil {
		t.Error("Record: no error")
	}
	var tl Tally
	tl.Add(g, bashni.White)
	if tl.Games() != 0 {
		t.Errorf("Tally after adding the zero Game: %v", tl)
	}
}

// StartExternal and StartHub refuse, before starting anything, what they
// could not honour: a ruleset or limits that Validate refuses, a negative
// table size or number of threads. The limits were sent as they came (a
// negative depth as "go infinite"), the sizes dropped, and StartHub sent
// an invalid ruleset to the program.
func TestStartRefusesBadArguments(t *testing.T) {
	ctx := context.Background()
	argv := []string{"/nonexistent/bashni-test-engine"} // never started
	bad := bashni.Russian()
	bad.Size = 3
	for _, c := range []struct {
		name           string
		v              bashni.Variant
		lim            engine.Limits
		hashMB, thread int
		want           string
	}{
		{"variant", bad, engine.Limits{}, 0, 0, bad.Validate().Error()},
		{"limits", bashni.Russian(), engine.Limits{Depth: -1}, 0, 0, engine.Limits{Depth: -1}.Validate().Error()},
		{"hash", bashni.Russian(), engine.Limits{}, -1, 0, "match: a table of -1 MiB"},
		{"threads", bashni.Russian(), engine.Limits{}, 0, -1, "match: -1 threads"},
	} {
		if _, err := StartExternal(ctx, argv, c.v, c.lim, c.hashMB, c.thread); err == nil || err.Error() != c.want {
			t.Errorf("StartExternal, bad %s: %v; want %q", c.name, err, c.want)
		}
		if _, err := StartHub(ctx, argv, c.v, c.lim, c.hashMB, c.thread); err == nil || err.Error() != c.want {
			t.Errorf("StartHub, bad %s: %v; want %q", c.name, err, c.want)
		}
	}
}
