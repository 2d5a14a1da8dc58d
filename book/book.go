// Package book is an opening book for the bashni engine: the moves worth
// playing in positions near a ruleset's start, each with a score and a
// weight, looked up by the position's key (bashni.Position.Key).
//
// A Book is built by self-play search (Build: drop-out expansion, each new
// position scored by an engine search), written to a file (Write,
// WriteFile) and read back (Read, ReadFile) in the format of docs/FORMATS.md
// ("Opening books"). A file names its ruleset, and a Book answers only for
// positions of that ruleset: Position.Key does not cover the ruleset.
//
//	b, err := book.ReadFile("russian.book", book.DefaultMaxBytes)
//	e, ok := b.Choose(g.Position(), 10, rng) // a move within 0.10 of the best: e.Move
//
// Player plays from a Book and searches with an engine outside it; the
// commands "bashni engine" and "bashni hub" use it (their book and
// book-margin parameters).
package book

import (
	"math/rand/v2"
	"slices"

	"github.com/bashni-dev/bashni"
)

// A Book holds, for each of its positions, the moves the build found worth
// playing. It is read-only once made, so one Book may be shared by many
// goroutines.
type Book struct {
	variant bashni.Variant
	keys    []uint64 // the positions' keys, strictly increasing
	first   []uint32 // the moves of keys[i] are moves[first[i]:first[i+1]]
	moves   []record
}

// maxPath is the most squares of a move's path: its start and a landing
// per jump, at most 12 jumps (a side has at most 12 pieces).
const maxPath = 13

// A record is a book move as stored: its path (Move.Path), resolved against
// the position's legal moves when looked up.
type record struct {
	path   [maxPath]bashni.Square
	n      uint8 // squares of path used
	score  int16
	weight uint32
}

// An Entry is one book move of a position.
type Entry struct {
	// Move is a legal move of the position looked up.
	Move bashni.Move
	// Score is the move's value for the side to move, in hundredths of a
	// man (engine.Score): the engine's search score of the position it
	// leads to, backed up through the book's positions below it.
	Score int
	// Weight says how much the build explored the move: one, plus the
	// positions it expanded after the move (Build). Choose draws among
	// the moves near the best in proportion to their weights.
	Weight uint32
}

// Variant returns the ruleset of the book's positions; the zero Variant for
// a nil *Book, which is no book.
func (b *Book) Variant() bashni.Variant {
	if b == nil {
		return bashni.Variant{}
	}
	return b.variant
}

// Len returns the number of positions in the book (0 for a nil *Book).
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.keys)
}

// Moves returns the number of moves in the book, over all its positions (0
// for a nil *Book).
func (b *Book) Moves() int {
	if b == nil {
		return 0
	}
	return len(b.moves)
}

// Lookup returns the book moves of pos, best score first (ties: the higher
// weight, then the move's text), or nil when pos is not in the book or is
// of another ruleset. Each move is checked against the legal moves of pos:
// a stored move that is not one (a key shared by two positions, a book
// edited by hand) is left out.
func (b *Book) Lookup(pos *bashni.Position) []Entry {
	if b == nil || pos.Variant() != b.variant {
		return nil
	}
	i, found := slices.BinarySearch(b.keys, pos.Key())
	if !found {
		return nil
	}
	legal := pos.LegalMoves()
	var out []Entry
	for _, r := range b.moves[b.first[i]:b.first[i+1]] {
		if m, ok := r.resolve(legal); ok {
			out = append(out, Entry{Move: m, Score: int(r.score), Weight: r.weight})
		}
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		switch {
		case a.Score != b.Score:
			return b.Score - a.Score
		case a.Weight != b.Weight:
			if a.Weight > b.Weight {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Move.Path(), b.Move.Path())
	})
	return out
}

// resolve returns the legal move whose path is r's.
func (r *record) resolve(legal []bashni.Move) (bashni.Move, bool) {
	for _, m := range legal {
		if slices.Equal(m.Path(), r.path[:r.n]) {
			return m, true
		}
	}
	return bashni.Move{}, false
}

// Candidates returns the book moves of pos that Choose draws from: those
// whose score is at most margin below the best move's (margin in
// hundredths of a man; 0 keeps only the best score), and whose weight is
// not 0. It returns nil when pos is not in the book; a negative margin
// counts as 0.
func (b *Book) Candidates(pos *bashni.Position, margin int) []Entry {
	es := b.Lookup(pos)
	if len(es) == 0 {
		return nil
	}
	margin = max(margin, 0)
	best := es[0].Score
	var out []Entry
	for _, e := range es {
		if best-e.Score <= margin && e.Weight > 0 {
			out = append(out, e)
		}
	}
	return out
}

// Choose returns a book move of pos: one of Candidates(pos, margin), drawn
// by rng in proportion to its weight. ok is false when pos has no such
// move. With a nil rng it returns the first candidate (the best), so the
// choice is deterministic.
func (b *Book) Choose(pos *bashni.Position, margin int, rng *rand.Rand) (e Entry, ok bool) {
	cs := b.Candidates(pos, margin)
	if len(cs) == 0 {
		return Entry{}, false
	}
	if rng == nil {
		return cs[0], true
	}
	var total uint64
	for _, c := range cs {
		total += uint64(c.Weight) // at most 65535 moves of weight < 2^32: no overflow
	}
	x := rng.Uint64N(total)
	for _, c := range cs {
		if x < uint64(c.Weight) {
			return c, true
		}
		x -= uint64(c.Weight)
	}
	return cs[len(cs)-1], true // not reached: x < total
}
