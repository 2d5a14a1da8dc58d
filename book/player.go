package book

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// StopBook is the Result.Stop of a move that Player.SearchGame took from
// its book, without a search.
const StopBook engine.StopReason = "book"

// A Player plays from a book where the book has a move for the position
// and searches with its engine elsewhere: a layer around
// engine.Engine.SearchGame, which "bashni engine" and "bashni hub" use when
// given a book, and a match.Searcher, so that match.Engine plays it in
// games. A Player is safe for use by several goroutines (its Engine serves
// them one at a time).
type Player struct {
	// Engine searches the positions the book has no move for.
	Engine *engine.Engine
	// Book, when set, gives the moves of its positions; nil: always search.
	Book *Book
	// Margin is Book.Choose's margin, in hundredths of a man: the moves
	// scored at most this far below the best are played too, in
	// proportion to their weights. 0 keeps to the best score.
	Margin int
	// Rand draws among the moves within Margin; nil plays the best (the
	// first of Book.Lookup), deterministically. Seed it for games that
	// vary but can be replayed.
	Rand *rand.Rand

	mu sync.Mutex // guards Rand
}

// SearchGame returns a book move for g's position when the book has one
// (Stop is StopBook; Score is the move's book score, PV the move alone,
// Depth and Nodes 0), and otherwise the engine's SearchGame. The book is
// asked only for a move to play: a search of several lines (lim.Lines above
// 1) or a ponder search goes to the engine. A book of another ruleset than
// g's is an error wrapping ErrOtherRuleset. Limits that the engine refuses
// (lim.Validate's error) are refused in the book's positions too. Without
// an Engine a position the book has no move for is an error, and so is
// every search of a nil Player. g must not be nil.
func (p *Player) SearchGame(ctx context.Context, g *bashni.Game, lim engine.Limits) (engine.Result, error) {
	if p == nil {
		return engine.Result{}, errNilPlayer
	}
	if err := lim.Validate(); err != nil {
		return engine.Result{}, err
	}
	if p.Book != nil {
		if err := p.Book.Check(g.Variant()); err != nil {
			return engine.Result{}, err
		}
		if lim.Lines <= 1 && lim.Ponder == nil {
			if e, ok := p.choose(g.Position()); ok {
				return engine.Result{
					Move: e.Move,
					Info: engine.Info{
						Score: engine.Score(e.Score),
						PV:    []bashni.Move{e.Move},
						Lines: []engine.Line{{Score: engine.Score(e.Score), PV: []bashni.Move{e.Move}}},
					},
					Stop: StopBook,
				}, nil
			}
		}
	}
	return p.Engine.SearchGame(ctx, g, lim)
}

// errNilPlayer is the error of a nil Player's searches.
var errNilPlayer = errors.New("book: a nil Player cannot search")

func (p *Player) choose(pos *bashni.Position) (Entry, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.Book.Choose(pos, p.Margin, p.Rand)
}
