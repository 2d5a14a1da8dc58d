package book

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// TestPlayerBookMove: in a book position the Player plays the book's best
// move (a nil Rand), legal, without a search.
func TestPlayerBookMove(t *testing.T) {
	b, _ := smallBook(t)
	p := &Player{Engine: engine.MustNew(engine.Options{HashMB: 1}), Book: b}
	g, _ := bashni.NewGame(bashni.Russian())
	res, err := p.SearchGame(context.Background(), g, engine.Limits{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	best := b.Lookup(g.Position())[0]
	if res.Stop != StopBook || res.Move != best.Move || int(res.Score) != best.Score || res.Nodes != 0 {
		t.Fatalf("got %s (stop %q, score %d, %d nodes), want the book's best %s (score %d), no search", res.Move, res.Stop, res.Score, res.Nodes, best.Move, best.Score)
	}
	if !g.Position().IsLegal(res.Move) {
		t.Fatalf("the book move %s is not legal", res.Move)
	}
}

// TestPlayerOutOfBook: outside the book, and for a search of several lines
// or a ponder search, the Player's answer is the engine's own.
func TestPlayerOutOfBook(t *testing.T) {
	b, _ := smallBook(t)
	deep, _ := bashni.NewGame(bashni.Russian())
	if err := deep.PlayLine("c3-d4 f6-g5 b2-c3 g7-f6 a1-b2"); err != nil {
		t.Fatal(err)
	}
	if b.Lookup(deep.Position()) != nil {
		t.Fatal("the test's position is in the small book")
	}
	start, _ := bashni.NewGame(bashni.Russian())
	for _, tc := range []struct {
		name string
		g    *bashni.Game
		lim  engine.Limits
	}{
		{"out of the book", deep, engine.Limits{Depth: 3}},
		{"two lines", start, engine.Limits{Depth: 3, Lines: 2}},
	} {
		p := &Player{Engine: engine.MustNew(engine.Options{HashMB: 1}), Book: b}
		got, err := p.SearchGame(context.Background(), tc.g, tc.lim)
		if err != nil {
			t.Fatal(err)
		}
		want, err := engine.MustNew(engine.Options{HashMB: 1}).SearchGame(context.Background(), tc.g, tc.lim)
		if err != nil {
			t.Fatal(err)
		}
		if got.Stop == StopBook || got.Move != want.Move || got.Score != want.Score || got.Nodes != want.Nodes {
			t.Errorf("%s: %s %s (%d nodes, stop %q), want the engine's %s %s (%d nodes)", tc.name, got.Move, got.Score, got.Nodes, got.Stop, want.Move, want.Score, want.Nodes)
		}
	}
}

func TestPlayerRefusesOtherRuleset(t *testing.T) {
	b, _ := smallBook(t)
	p := &Player{Engine: engine.MustNew(engine.Options{HashMB: 1}), Book: b}
	g, _ := bashni.NewGame(bashni.RussianDraughts())
	if _, err := p.SearchGame(context.Background(), g, engine.Limits{Depth: 1}); !errors.Is(err, ErrOtherRuleset) {
		t.Fatalf("a russian book in russian-draughts: %v, want ErrOtherRuleset", err)
	}
}

// TestPlayerMargin: with a margin, the moves played over many seeds are
// exactly the book's candidates within it; a seed replays its choices.
func TestPlayerMargin(t *testing.T) {
	b, start := startBook(t, startScores, ones())
	g := bashni.NewGameFrom(&start)
	e := engine.MustNew(engine.Options{HashMB: 1})
	played := func(seed uint64, n int) []string {
		p := &Player{Engine: e, Book: b, Margin: 10, Rand: rand.New(rand.NewPCG(seed, 0))}
		var out []string
		for range n {
			res, err := p.SearchGame(context.Background(), g, engine.Limits{Depth: 1})
			if err != nil || res.Stop != StopBook {
				t.Fatalf("%v, stop %q", err, res.Stop)
			}
			out = append(out, res.Move.String())
		}
		return out
	}
	moves := played(3, 300)
	set := slices.Compact(slices.Sorted(slices.Values(moves)))
	if d := cmp.Diff([]string{"c3-b4", "c3-d4", "e3-d4", "e3-f4"}, set); d != "" {
		t.Fatalf("the moves played within 0.10 of the best (-want +got):\n%s", d)
	}
	if d := cmp.Diff(moves, played(3, 300)); d != "" {
		t.Fatalf("the same seed played other moves:\n%s", d)
	}
}

// TestPlayerValidatesLimits: limits that engine.Limits.Validate refuses get
// its error whether or not the position is in the book, never a book move.
func TestPlayerValidatesLimits(t *testing.T) {
	b, _ := smallBook(t)
	in, _ := bashni.NewGame(bashni.Russian())
	if b.Lookup(in.Position()) == nil {
		t.Fatal("the start is not in the small book")
	}
	out, _ := bashni.NewGame(bashni.Russian())
	if err := out.PlayLine("c3-d4 f6-g5 b2-c3 g7-f6 a1-b2"); err != nil {
		t.Fatal(err)
	}
	p := &Player{Engine: engine.MustNew(engine.Options{HashMB: 1}), Book: b}
	for _, lim := range []engine.Limits{
		{Depth: -1},
		{Time: -time.Second},
		{Lines: -1},
		{Clock: engine.Clock{Left: time.Minute, Increment: -time.Second}},
		{Clock: engine.Clock{Left: time.Minute, MovesToGo: -1}},
	} {
		want := lim.Validate()
		if want == nil {
			t.Fatalf("%+v: Validate accepts it", lim)
		}
		for _, g := range []*bashni.Game{in, out} {
			res, err := p.SearchGame(context.Background(), g, lim)
			if err == nil || err.Error() != want.Error() {
				t.Errorf("%+v: %v (stop %q), want Validate's error %q", lim, err, res.Stop, want)
			}
		}
	}
}
