package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// Balance asks for balanced openings: random openings that a search
// scores near level. A few random plies often hand one side a man or more
// (in russian-draughts, 4 random plies did so in about two openings of
// five, docs/ENGINE.md), and such a pair of games is won by that side
// with either player on it: it measures nothing but adds a point to each
// side, and narrows every difference of strength towards 0.
type Balance struct {
	// Margin is the largest value, either way, of an opening kept: in
	// hundredths of a man, as engine.Score. An opening that ends the game
	// or leaves a forced win is never kept.
	Margin engine.Score
	// Depth is the depth of the search that scores an opening, in plies,
	// 1 to MaxBalanceDepth.
	Depth int
}

const (
	// MaxBalanceDepth is the deepest search Balance may ask for: each
	// opening tried costs one.
	MaxBalanceDepth = 20
	// MaxBalanceTries is how many random openings BalancedOpening tries
	// for a pair before it gives up.
	MaxBalanceTries = 1000
)

// Validate reports a Balance that BalancedOpening cannot use.
func (b Balance) Validate() error {
	switch {
	case b.Margin < 0 || b.Margin >= engine.WinThreshold:
		return fmt.Errorf("match: balance margin %d: need 0 to %d hundredths of a man", b.Margin, engine.WinThreshold-1)
	case b.Depth < 1 || b.Depth > MaxBalanceDepth:
		return fmt.Errorf("match: balance depth %d: need 1 to %d plies", b.Depth, MaxBalanceDepth)
	}
	return nil
}

// ErrNoBalancedOpening is BalancedOpening's error when none of the
// openings it tried was within the margin.
var ErrNoBalancedOpening = errors.New("match: no balanced opening")

// BalancedOpening returns the first random opening of pair k of a match
// with the given seed, of n plies from start (n at least 1), whose value
// after a search of b.Depth plies by e is within b.Margin of level, and
// that value (for the side to move after the opening). It draws the
// openings from the stream Opening draws pair k's from, so the first it
// tries is Opening's; e's table is cleared before each search, so with an
// engine of one thread (a search to a fixed depth is then repeatable) the
// same arguments give the same opening. After MaxBalanceTries openings
// out of the margin the error is ErrNoBalancedOpening; a cancelled ctx
// stops it with ctx's error, and a nil e (or one not made by engine.New)
// with the engine's. start must not be nil.
func BalancedOpening(ctx context.Context, e *engine.Engine, start *bashni.Position, n int, seed uint64, k int, b Balance) ([]bashni.Move, engine.Score, error) {
	if err := b.Validate(); err != nil {
		return nil, 0, err
	}
	if n < 1 {
		return nil, 0, fmt.Errorf("match: a balanced opening needs random plies, not %d", n)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	for range MaxBalanceTries {
		g := randomOpening(start, n, rng)
		if g.Outcome().IsOver() {
			continue // the opening ended the game
		}
		e.Clear()
		r, err := e.Search(ctx, g.Position(), engine.Limits{Depth: b.Depth})
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if err != nil {
			return nil, 0, err
		}
		if !r.Score.IsWin() && r.Score >= -b.Margin && r.Score <= b.Margin {
			return g.Moves(), r.Score, nil
		}
	}
	return nil, 0, fmt.Errorf("%w of pair %d within %v of level at depth %d in %d tries", ErrNoBalancedOpening, k, b.Margin, b.Depth, MaxBalanceTries)
}
