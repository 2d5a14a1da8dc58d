package engine

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
	"github.com/bashni-dev/bashni/internal/testgen"
	"pgregory.net/rapid"
)

// isLegal reports whether m is one of pos's legal moves.
func isLegal(pos bashni.Position, m bashni.Move) bool {
	for _, l := range pos.LegalMoves() {
		if l == m {
			return true
		}
	}
	return false
}

// checkLine plays the moves from pos with the checked Play and reports the
// first that is not legal.
func checkLine(pos bashni.Position, line []bashni.Move) error {
	for i, m := range line {
		next, err := pos.Play(m)
		if err != nil {
			return fmt.Errorf("move %d (%s) of the line in %s: %v", i+1, m, pos.FEN(), err)
		}
		pos = next
	}
	return nil
}

// lineText writes moves in order, separated by spaces.
func lineText(ms []bashni.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// ptr returns a pointer to a copy of x, for a value such as v.MustStart()
// where a call wants a pointer.
func ptr[T any](x T) *T { return &x }

// testSearcher returns a searcher of e for ruleset v with the ruleset's
// switches (useRuleset, as Engine.search sets them), for a test that calls
// alphaBeta or a cut on its own; the test sets the switch it varies.
func testSearcher(e *Engine, v bashni.Variant) *searcher {
	e.eval = eval.New(v, eval.For(v))
	s := &searcher{e: e, ev: e.eval, hist: &e.history[0], stop: new(atomic.Bool), total: new(atomic.Uint64)}
	s.useRuleset(v)
	return s
}

// presets are the rulesets every test runs in.
var presets = map[string]bashni.Variant{
	"russian":       bashni.Russian(),
	"international": bashni.International(),
	"lasca":         bashni.Lasca(),
}

// variantGen, playoutGen and mustFEN are internal/testgen's, shared with the
// evaluation's tests.
var (
	variantGen = testgen.Variant
	playoutGen = testgen.Playout
	mustFEN    = testgen.MustFEN
)

// sparseGen draws a position of v with a few small towers on random
// squares: the kind of endgame in which a brute-force search can prove wins.
func sparseGen(v bashni.Variant, maxTowers int) *rapid.Generator[bashni.Position] {
	return rapid.Custom(func(t *rapid.T) bashni.Position {
		var squares []bashni.Square
		for s := bashni.Square(0); s < 64; s++ {
			if v.OnBoard(s) {
				squares = append(squares, s)
			}
		}
		n := rapid.IntRange(2, maxTowers).Draw(t, "towers")
		perm := rapid.Permutation(squares).Draw(t, "squares")
		var count [2]int
		var side [2][]string
		for i, sq := range perm[:n] {
			top := bashni.Color(i % 2) // both sides get towers
			if i >= 2 {
				top = bashni.Color(rapid.IntRange(0, 1).Draw(t, "owner"))
			}
			if count[top] >= v.Pieces {
				// The side has all its pieces on the board (in
				// lasca's 11, five towers of three can exceed it).
				top = top.Opponent()
			}
			king := rapid.IntRange(0, 3).Draw(t, "king") == 0
			farRank := v.Size - 1
			if top == bashni.Black {
				farRank = 0
			}
			if sq.Rank() == farRank {
				king = true
			}
			tok := sq.String()
			if king {
				tok = "K" + tok
			}
			count[top]++
			for h := rapid.IntRange(0, 2).Draw(t, "below"); h > 0; h-- {
				c := bashni.Color(rapid.IntRange(0, 1).Draw(t, "colour"))
				if count[c] >= v.Pieces {
					break
				}
				count[c]++
				tok += bashni.NewPiece(c, false).String()
			}
			side[top] = append(side[top], tok)
		}
		turn := rapid.SampledFrom([]string{"W", "B"}).Draw(t, "turn")
		fen := turn + ":W" + strings.Join(side[0], ",") + ":B" + strings.Join(side[1], ",")
		pos, err := bashni.ParseFEN(v, fen)
		if err != nil {
			t.Fatalf("generated a bad FEN %q: %v", fen, err)
		}
		return pos
	})
}

// shortestWin returns the least odd number of plies, at most maxPlies, in
// which the side to move can leave the opponent without a move whatever the
// opponent does, or 0 when there is none: a brute-force search with no
// pruning beyond stopping at the first proof.
func shortestWin(pos bashni.Position, maxPlies int) int {
	for n := 1; n <= maxPlies; n += 2 {
		if winsWithin(pos, n) {
			return n
		}
	}
	return 0
}

func winsWithin(pos bashni.Position, plies int) bool {
	for _, m := range pos.LegalMoves() {
		child := pos.PlayUnchecked(m)
		replies := child.LegalMoves()
		if len(replies) == 0 {
			return true
		}
		if plies < 3 {
			continue
		}
		all := true
		for _, r := range replies {
			if !winsWithin(child.PlayUnchecked(r), plies-2) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
