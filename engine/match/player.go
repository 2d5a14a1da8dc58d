package match

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// A Player chooses moves in games: the engine, another program, a random
// mover; the games of a match, and the computer side of the web page's.
type Player interface {
	// Move returns a legal move of g's current position, which has one
	// (g is never nil).
	// Seeing the whole game lets a player avoid repetitions. Move only
	// reads g (Clone it to look ahead), which does not change until Move
	// returns. clocks is the state of both clocks in a timed game, and nil
	// in an untimed one. Move should return promptly, with its best move so
	// far or ctx's error, once ctx is done.
	Move(ctx context.Context, g *bashni.Game, clocks *Clocks) (bashni.Move, error)
}

// Random plays a uniformly random legal move, drawn by Rand: a nil Rand (the
// zero Random) draws from math/rand/v2's global source, which no seed
// repeats.
type Random struct{ Rand *rand.Rand }

// Move returns one of the position's legal moves at random, or
// engine.ErrNoMoves when there is none.
func (p Random) Move(_ context.Context, g *bashni.Game, _ *Clocks) (bashni.Move, error) {
	ms := g.Position().LegalMoves()
	if len(ms) == 0 {
		return bashni.Move{}, engine.ErrNoMoves
	}
	return ms[intN(p.Rand, len(ms))], nil
}

// intN returns a number in [0, n) drawn by r, or by the global source when r
// is nil.
func intN(r *rand.Rand, n int) int {
	if r == nil {
		return rand.IntN(n)
	}
	return r.IntN(n)
}

// Greedy looks one ply ahead: it plays the move after which it controls the
// most pieces (its own and prisoners, in the towers it tops) compared with
// the opponent, choosing at random among equals, drawn by Rand (a nil Rand:
// math/rand/v2's global source).
type Greedy struct{ Rand *rand.Rand }

// Move returns the move that leaves the player the most pieces, or
// engine.ErrNoMoves when there is none.
func (p Greedy) Move(_ context.Context, g *bashni.Game, _ *Clocks) (bashni.Move, error) {
	pos := g.Position()
	me := pos.Turn()
	var best []bashni.Move
	bestScore := -1 << 30
	for _, m := range pos.LegalMoves() {
		next := pos.PlayUnchecked(m)
		sc := control(&next, me) - control(&next, me.Opponent())
		switch {
		case sc > bestScore:
			bestScore, best = sc, append(best[:0], m)
		case sc == bestScore:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return bashni.Move{}, engine.ErrNoMoves
	}
	return best[intN(p.Rand, len(best))], nil
}

// control counts the pieces in the towers whose top is c's.
func control(pos *bashni.Position, c bashni.Color) int {
	n := 0
	for s := range pos.Tops(c).All() {
		n += pos.Tower(s).Height()
	}
	return n
}

// A Searcher searches a game's position under limits: an *engine.Engine,
// or a *book.Player, which plays from its opening book where the book has
// a move and searches with its engine elsewhere.
type Searcher interface {
	SearchGame(ctx context.Context, g *bashni.Game, lim engine.Limits) (engine.Result, error)
}

// Engine is the engine (or any Searcher, such as an engine with a book)
// searching under its limits; it sees the whole game. Without one (the
// zero Engine) its moves are an error.
type Engine struct {
	Engine Searcher
	Limits engine.Limits
}

// errNoSearcher is the error of the zero Engine's moves.
var errNoSearcher = errors.New("match: an Engine player without an engine (its Engine field is nil)")

// Move searches the game's position and returns the engine's move. Under
// clocks it shares out the time of its side's (engine.Limits.Clock), and
// keeps to its own limits too, if it has any.
func (p Engine) Move(ctx context.Context, g *bashni.Game, clocks *Clocks) (bashni.Move, error) {
	lim := p.Limits
	if clocks != nil {
		lim.Clock = clocks.engineClock(g.Position().Turn())
	}
	if p.Engine == nil {
		return bashni.Move{}, errNoSearcher
	}
	res, err := p.Engine.SearchGame(ctx, g, lim)
	return res.Move, err
}
