package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"pgregory.net/rapid"
)

// mustFEN reads a position or fails the test.
func mustFEN(t testing.TB, v bashni.Variant, fen string) bashni.Position {
	t.Helper()
	p, err := bashni.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

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

// presets are the rulesets every test runs in.
var presets = map[string]bashni.Variant{
	"russian":       bashni.Russian,
	"international": bashni.International,
	"lasca":         bashni.Lasca,
}

// variantGen draws a valid ruleset: a preset with any of its switches
// changed.
func variantGen() *rapid.Generator[bashni.Variant] {
	return rapid.Custom(func(t *rapid.T) bashni.Variant {
		v := rapid.SampledFrom([]bashni.Variant{bashni.Russian, bashni.International, bashni.Lasca,
			bashni.RussianDraughts, bashni.BrazilianDraughts, bashni.LudiiBashni, bashni.LudiiLasca}).Draw(t, "preset")
		if rapid.Bool().Draw(t, "custom") {
			v.MenCaptureBackward = rapid.Bool().Draw(t, "backward")
			v.FlyingKings = rapid.Bool().Draw(t, "flying")
			v.Majority = rapid.Bool().Draw(t, "majority")
			v.Crowning = rapid.SampledFrom([]bashni.Crowning{bashni.CrownAndContinue, bashni.CrownAtEnd, bashni.CrownAndStop}).Draw(t, "crowning")
			v.KingLanding = rapid.SampledFrom([]bashni.KingLanding{bashni.LandAnywhere, bashni.LandToContinue}).Draw(t, "landing")
			v.DemoteCapturedKings = rapid.Bool().Draw(t, "demote")
			if v.Stacking && v.Transfer == bashni.TransferImmediate {
				v.Rejump = rapid.SampledFrom([]bashni.Rejump{bashni.RejumpNoReversal, bashni.RejumpNotLast,
					bashni.RejumpOnce, bashni.RejumpNever, bashni.RejumpAny}).Draw(t, "rejump")
			}
		}
		if err := v.Validate(); err != nil {
			t.Fatalf("generated an invalid variant %s: %v", v, err)
		}
		return v
	})
}

// playoutGen draws a position reached from v's start by random legal moves.
func playoutGen(v bashni.Variant, maxPlies int) *rapid.Generator[bashni.Position] {
	return rapid.Custom(func(t *rapid.T) bashni.Position {
		pos := v.MustStart()
		n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
		for i := 0; i < n; i++ {
			ms := pos.LegalMoves()
			if len(ms) == 0 {
				break
			}
			pos = pos.PlayUnchecked(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
		}
		return pos
	})
}

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
