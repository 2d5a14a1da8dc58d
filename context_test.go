package bashni

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// costly is a position whose captures branch into millions of sequences (a
// flying king that may jump a tower of twelve again in any direction and
// land anywhere): about 0.2 s to list.
func costly(t testing.TB) Position {
	t.Helper()
	v, err := ParseVariant("russian,rejump=any,landing=any")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseFEN(v, "W:WKe5:Bd4bbbbbbbbbbb")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pollCtx is a context that is done from its n-th call of Err on, and counts
// the calls: how often the generator looked.
type pollCtx struct {
	context.Context
	n     int32
	calls atomic.Int32
}

func (c *pollCtx) Done() <-chan struct{} { return make(chan struct{}) } // never closed, but not nil
func (c *pollCtx) Err() error {
	if c.calls.Add(1) >= c.n {
		return context.Canceled
	}
	return nil
}

// The costly position's search stops at the first look that finds the
// context done: the third look here, where the whole search looks about
// three thousand times.
func TestContextCallsStopTheCaptureSearch(t *testing.T) {
	p := costly(t)
	costlyMove := p.LegalMoves()[0]
	calls := map[string]func(ctx context.Context) error{
		"LegalMovesContext": func(ctx context.Context) error {
			ms, err := p.LegalMovesContext(ctx)
			if ms != nil {
				t.Errorf("LegalMovesContext stopped: moves %v, want none", MoveTexts(ms))
			}
			return err
		},
		"ParseMoveContext": func(ctx context.Context) error {
			m, err := Notation{}.ParseMoveContext(ctx, &p, "e5:c3")
			if m != (Move{}) {
				t.Errorf("ParseMoveContext stopped: move %v, want none", m)
			}
			return err
		},
		"Game.PlayTextContext": func(ctx context.Context) error {
			g, err := NewGameFEN(p.Variant(), p.FEN())
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.PlayTextContext(ctx, "e5:c3")
			if g.Plies() != 0 || !g.Position().Equal(&p) {
				t.Errorf("Game.PlayTextContext stopped: the game moved on to %v", g.Position())
			}
			return err
		},
		"Game.PlayContext": func(ctx context.Context) error {
			g, err := NewGameFEN(p.Variant(), p.FEN())
			if err != nil {
				t.Fatal(err)
			}
			err = g.PlayContext(ctx, costlyMove)
			if g.Plies() != 0 || !g.Position().Equal(&p) {
				t.Errorf("Game.PlayContext stopped: the game moved on to %v", g.Position())
			}
			return err
		},
	}
	for name, call := range calls {
		ctx := &pollCtx{Context: context.Background(), n: 3}
		if err := call(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: error %v, want context.Canceled", name, err)
		}
		if got := ctx.calls.Load(); got != 3 {
			t.Errorf("%s looked at the context %d times, want 3 (stopped at the first look that found it done)", name, got)
		}
	}
}

// A context that is never done changes nothing: the same moves, the same
// move read, the same errors.
func TestContextCallsAgreeWithThePlainOnes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The costly position reads one move only: reading a capture there
	// lists three million sequences.
	p := costly(t)
	want := p.LegalMoves()[1]
	if got, err := (Notation{}).ParseMoveContext(ctx, &p, want.String()); err != nil || got != want {
		t.Errorf("%v: ParseMoveContext(%v) = %v, %v", p, want, got, err)
	}
	positions := []Position{p}
	for _, name := range PresetNames() {
		v, _ := ParseVariant(name)
		positions = append(positions, v.MustStart())
	}
	positions = append(positions, randomPositions(t, 300)...)
	for _, p := range positions {
		got, err := p.LegalMovesContext(ctx)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		want := p.LegalMoves()
		if diff := cmp.Diff(MoveTexts(want), MoveTexts(got)); diff != "" {
			t.Errorf("%v: LegalMovesContext (-LegalMoves +got):\n%s", p, diff)
		}
		if p.Equal(&positions[0]) {
			continue
		}
		for _, m := range append(want, Move{}) {
			wg, gg := NewGameFrom(&p), NewGameFrom(&p)
			werr, gerr := wg.Play(m), gg.PlayContext(ctx, m)
			if fmt.Sprint(werr) != fmt.Sprint(gerr) || !wg.Position().Equal(gg.Position()) {
				t.Errorf("%v: PlayContext(%v) = %v, to %v; Play: %v, to %v", p, m, gerr, gg.Position(), werr, wg.Position())
			}
		}
		texts := append(MoveTexts(want), "a1-h8", "zz")
		if len(want) > 0 {
			texts = append(texts, want[0].From().String()+"-"+want[len(want)-1].To().String())
		}
		for _, text := range texts {
			wm, werr := p.ParseMove(text)
			gm, gerr := Notation{}.ParseMoveContext(ctx, &p, text)
			if wm != gm || fmt.Sprint(werr) != fmt.Sprint(gerr) {
				t.Errorf("%v: ParseMoveContext(%q) = %v, %v; ParseMove: %v, %v", p, text, gm, gerr, wm, werr)
			}
		}
	}
}

// randomPositions returns positions reached by random games of the presets,
// captures among them.
func randomPositions(t *testing.T, n int) []Position {
	t.Helper()
	var out []Position
	seed := uint64(1)
	for len(out) < n {
		for _, name := range PresetNames() {
			v, _ := ParseVariant(name)
			p := v.MustStart()
			for ply := 0; ply < 60; ply++ {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					break
				}
				seed = seed*6364136223846793005 + 1442695040888963407
				p = p.PlayUnchecked(ms[int(seed>>33)%len(ms)])
				out = append(out, p)
			}
		}
	}
	return out
}

// A context already done is answered at once, before any work.
func TestContextCallsDoneBeforeTheStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := Russian().MustStart()
	if ms, err := p.LegalMovesContext(ctx); ms != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("LegalMovesContext(cancelled) = %v, %v", ms, err)
	}
	if _, err := (Notation{}).ParseMoveContext(ctx, &p, "c3-d4"); !errors.Is(err, context.Canceled) {
		t.Errorf("ParseMoveContext(cancelled): %v", err)
	}
	g := NewGameFrom(&p)
	if err := g.PlayContext(ctx, p.LegalMoves()[0]); !errors.Is(err, context.Canceled) || g.Plies() != 0 {
		t.Errorf("PlayContext(cancelled): %v, %d plies", err, g.Plies())
	}
}

func ExamplePosition_LegalMovesContext() {
	v, _ := ParseVariant("russian,rejump=any,landing=any")
	pos, _ := ParseFEN(v, "W:WKe5:Bd4bbbbbbbbbbb")

	// A fifth of a second of work: too much for a millisecond.
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	_, err := pos.LegalMovesContext(ctx)
	fmt.Println(err)

	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	moves, err := pos.LegalMovesContext(ctx)
	fmt.Println(MoveTexts(moves), err)
	// Output:
	// context deadline exceeded
	// [e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5 e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:f6 e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:g7 e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:h8] <nil>
}

func ExampleGame_PlayContext() {
	g, _ := NewGame(Russian())
	m, _ := g.Position().ParseMove("c3-d4")

	// A move from a search under a deadline is played under the same one.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	fmt.Println(g.PlayContext(ctx, m), g.Plies())

	// Once the context is done, the game stays as it was.
	cancel()
	reply, _ := g.Position().ParseMove("f6-g5")
	fmt.Println(g.PlayContext(ctx, reply), g.Plies())
	// Output:
	// <nil> 1
	// context canceled 1
}
