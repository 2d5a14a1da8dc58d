package bashni_test

// Properties of positions and moves that hold whatever the rules: piece
// counts, towers, FEN and move text round trips, keys. Each is checked on
// random positions and along random games, of the presets and of random
// switch combinations (the generators are in reference_test.go).

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// propPlies bounds the random games of the property tests.
const propPlies = 100

// propForAll checks prop on the positions of one rapid check: a ruleset (a
// preset or a random switch combination), a few random positions of it, and
// the positions of a random game from its start.
func propForAll(t *testing.T, prop func(t *rapid.T, p bashni.Position)) {
	rapid.Check(t, func(t *rapid.T) {
		var v bashni.Variant
		if rapid.Bool().Draw(t, "preset") {
			v = rapid.SampledFrom(refPresets).Draw(t, "ruleset").v
		} else {
			v = refGenVariant(t, rapid.SampledFrom(refCores).Draw(t, "core"))
		}
		for range 5 {
			prop(t, refDrawPosition(t, v))
		}
		refPlayout(t, v.MustStart(), propPlies, func(p bashni.Position) { prop(t, p) })
	})
}

// propPlay plays a listed move, failing the test on an error.
func propPlay(t *rapid.T, p bashni.Position, m bashni.Move) bashni.Position {
	t.Helper()
	next, err := p.Play(m)
	if err != nil {
		t.Fatalf("%s\nvariant %s: Play(%s) of a listed move: %v", p.FEN(), p.Variant(), m, err)
	}
	return next
}

// TestProperty_Section2_PieceCountsKept: a move changes no colour's piece
// count, except that with stacking off (section 12) the opponent loses one
// piece per jump. From the start every position holds a full set each.
func TestProperty_Section2_PieceCountsKept(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		mover, other := p.Turn(), p.Turn().Opponent()
		for _, m := range p.LegalMoves() {
			next := propPlay(t, p, m)
			lost := 0
			if !p.Variant().Stacking {
				lost = m.Jumps()
			}
			want := [2]int{p.Count(mover), p.Count(other) - lost}
			got := [2]int{next.Count(mover), next.Count(other)}
			if got != want {
				t.Fatalf("%s\nvariant %s: after %s the (mover, opponent) counts are %v, want %v", p.FEN(), p.Variant(), m, got, want)
			}
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(refPresets).Draw(t, "ruleset").v
		if !v.Stacking {
			return // pieces leave the board
		}
		refPlayout(t, v.MustStart(), propPlies, func(p bashni.Position) {
			if p.Count(bashni.White) != v.Pieces || p.Count(bashni.Black) != v.Pieces {
				t.Fatalf("%s\nvariant %s: %d white and %d black pieces, want %d each", p.FEN(), v, p.Count(bashni.White), p.Count(bashni.Black), v.Pieces)
			}
		})
	})
}

// TestProperty_Section2_NoEmptyTowers: after any move every listed square
// holds a tower of at least one piece, and Squares lists exactly the occupied
// squares of the board, in order.
func TestProperty_Section2_NoEmptyTowers(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		for _, m := range p.LegalMoves() {
			next := propPlay(t, p, m)
			var occupied []bashni.Square
			for s := bashni.Square(0); s < 64; s++ {
				if next.Tower(s).Height() > 0 {
					if !next.Variant().OnBoard(s) {
						t.Fatalf("%s: after %s the light or off-board square %s holds %q", p.FEN(), m, s, next.Tower(s))
					}
					occupied = append(occupied, s)
				}
			}
			if diff := cmp.Diff(occupied, next.Squares()); diff != "" {
				t.Fatalf("%s\nvariant %s: after %s, Squares() (-occupied +Squares):\n%s", p.FEN(), p.Variant(), m, diff)
			}
			for _, s := range next.Squares() {
				if tw := next.Tower(s); tw.Height() == 0 || tw.IsEmpty() || tw.Top() == bashni.NoPiece {
					t.Fatalf("%s: after %s the listed square %s holds an empty tower", p.FEN(), m, s)
				}
			}
		}
	})
}

// TestProperty_PlayKeepsReceiver: Play and PlayUnchecked return a new
// position and leave the receiver as it was; both give the same result.
func TestProperty_PlayKeepsReceiver(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		fen, key, copied := p.FEN(), p.Key(), p
		for _, m := range p.LegalMoves() {
			next := propPlay(t, p, m)
			fast := p.PlayUnchecked(m)
			if !fast.Equal(&next) || fast.FEN() != next.FEN() {
				t.Fatalf("%s\nvariant %s: %s gives %s by Play but %s by PlayUnchecked", fen, p.Variant(), m, next.FEN(), fast.FEN())
			}
			if p.FEN() != fen || p.Key() != key || !p.Equal(&copied) {
				t.Fatalf("%s\nvariant %s: playing %s changed the receiver to %s", fen, p.Variant(), m, p.FEN())
			}
			// PlayUncheckedInto writes the same position (key included)
			// over what dst held (an empty board), or plays in place.
			var dst bashni.Position
			p.PlayUncheckedInto(&dst, m)
			if dst != fast {
				t.Fatalf("%s\nvariant %s: %s gives %s by PlayUnchecked but %s by PlayUncheckedInto", fen, p.Variant(), m, fast.FEN(), dst.FEN())
			}
			if p.FEN() != fen || p.Key() != key || !p.Equal(&copied) {
				t.Fatalf("%s\nvariant %s: PlayUncheckedInto(%s) changed the receiver to %s", fen, p.Variant(), m, p.FEN())
			}
			inPlace := p
			inPlace.PlayUncheckedInto(&inPlace, m)
			if inPlace != fast {
				t.Fatalf("%s\nvariant %s: %s played in place gives %s, PlayUnchecked %s", fen, p.Variant(), m, inPlace.FEN(), fast.FEN())
			}
		}
	})
}

// TestProperty_Section8_DistinctPositions: every listed move leads to a
// different position, and the other ways to list moves agree with LegalMoves.
func TestProperty_Section8_DistinctPositions(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		moves := p.LegalMoves()
		seen := map[string]bashni.Move{}
		for _, m := range moves {
			next := propPlay(t, p, m)
			f := next.FEN()
			if dup, ok := seen[f]; ok {
				t.Fatalf("%s\nvariant %s: %s and %s both lead to %s", p.FEN(), p.Variant(), dup, m, f)
			}
			seen[f] = m
		}
		buf := make([]bashni.Move, 1, 64)
		appended := p.AppendLegalMoves(buf)
		if !slices.Equal(appended[1:], moves) || appended[0] != buf[0] {
			t.Fatalf("%s: AppendLegalMoves gives %v, LegalMoves %v", p.FEN(), bashni.MoveTexts(appended[1:]), bashni.MoveTexts(moves))
		}
		if p.HasLegalMoves() != (len(moves) > 0) {
			t.Fatalf("%s: HasLegalMoves is %v with %d legal moves", p.FEN(), p.HasLegalMoves(), len(moves))
		}
		// AppendCaptures: the legal moves if they are captures (taking is
		// obligatory, docs/RULES.md section 4), none if they are quiet.
		var captures []bashni.Move
		if len(moves) > 0 && moves[0].IsCapture() {
			captures = moves
		}
		if got := p.AppendCaptures(buf); !slices.Equal(got[1:], captures) || got[0] != buf[0] {
			t.Fatalf("%s: AppendCaptures gives %v, the legal moves are %v", p.FEN(), bashni.MoveTexts(got[1:]), bashni.MoveTexts(moves))
		}
	})
}

// TestProperty_Section10_FENRoundTrip: ParseFEN reads FEN back to an equal
// position that writes the same string.
func TestProperty_Section10_FENRoundTrip(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		fen := p.FEN()
		back, err := bashni.ParseFEN(p.Variant(), fen)
		if err != nil {
			t.Fatalf("variant %s: ParseFEN(%q) of an emitted FEN: %v", p.Variant(), fen, err)
		}
		if !back.Equal(&p) || back.FEN() != fen || back.String() != fen {
			t.Fatalf("variant %s: ParseFEN(%q) reads back as %s", p.Variant(), fen, back.FEN())
		}
	})
}

// TestProperty_Section10_MoveTextRoundTrip: the text of every legal move is
// its path in the notation of section 10 (from-to, or every square joined by
// the ruleset's separator), and ParseMove reads it back to the same move.
func TestProperty_Section10_MoveTextRoundTrip(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		v := p.Variant()
		for _, m := range p.LegalMoves() {
			var names []string
			for _, s := range m.Path() {
				names = append(names, s.String())
			}
			sep := "-"
			if m.IsCapture() {
				sep = ":"
			}
			if want := strings.Join(names, sep); m.String() != want {
				t.Fatalf("%s\nvariant %s: move text %q, want %q", p.FEN(), v, m.String(), want)
			}
			back, err := p.ParseMove(m.String())
			if err != nil {
				t.Fatalf("%s\nvariant %s: ParseMove(%q) of a listed move: %v", p.FEN(), v, m, err)
			}
			if back != m {
				t.Fatalf("%s\nvariant %s: ParseMove(%q) gives %s, a different move", p.FEN(), v, m, back)
			}
			// Every notation reads back what it writes.
			for _, nt := range []bashni.Notation{{}, {Separator: 'x'}, {Numbers: true, Numbering: bashni.NumberingBottomLeft},
				{Numbers: true, Numbering: bashni.NumberingTopRight, Separator: ':'}} {
				text := nt.FormatMove(&p, m)
				if back, err := nt.ParseMove(&p, text); err != nil || back != m {
					t.Fatalf("%s\nvariant %s: %+v writes %s as %q, which reads back as %s, %v", p.FEN(), v, nt, m, text, back, err)
				}
			}
		}
	})
}

// TestProperty_I2_MajorityTakesMost: where the majority rule holds, every
// listed capture takes the same number of pieces (the reference tests check
// that it is the most possible).
func TestProperty_I2_MajorityTakesMost(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		if !p.Variant().Majority {
			return
		}
		moves := p.LegalMoves()
		for _, m := range moves {
			if m.Jumps() != moves[0].Jumps() {
				t.Fatalf("%s\nvariant %s: %s takes %d pieces but %s takes %d", p.FEN(), p.Variant(), moves[0], moves[0].Jumps(), m, m.Jumps())
			}
		}
	})
}

// TestProperty_KeyMatchesRecompute: the key Play keeps up to date equals the
// key of the same position read fresh from its FEN, and equal positions have
// equal keys wherever they are met. The key covers the side to move and the
// towers, not the ruleset, so one table serves every ruleset of the test.
func TestProperty_KeyMatchesRecompute(t *testing.T) {
	keys := map[string]uint64{}
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		for _, m := range p.LegalMoves() {
			next := propPlay(t, p, m)
			fresh, err := bashni.ParseFEN(p.Variant(), next.FEN())
			if err != nil {
				t.Fatalf("variant %s: ParseFEN(%q) of an emitted FEN: %v", p.Variant(), next.FEN(), err)
			}
			if next.Key() != fresh.Key() {
				t.Fatalf("%s\nvariant %s: after %s the key is %#x, recomputed %#x", p.FEN(), p.Variant(), m, next.Key(), fresh.Key())
			}
			if k, ok := keys[next.FEN()]; ok && k != next.Key() {
				t.Fatalf("%s\nvariant %s: after %s the key of %s is %#x, but %#x elsewhere", p.FEN(), p.Variant(), m, next.FEN(), next.Key(), k)
			}
			keys[next.FEN()] = next.Key()
		}
	})
}

// TestProperty_PlayRefusesForeignMoves: Play refuses a move that is not legal
// in the position with an error wrapping ErrIllegalMove, and keeps the
// receiver.
func TestProperty_PlayRefusesForeignMoves(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		legal := map[string]bool{}
		for _, m := range p.LegalMoves() {
			next := propPlay(t, p, m)
			legal[next.FEN()] = true
		}
		// Moves of the other side are never legal here.
		other := p.WithTurn(p.Turn().Opponent())
		fen := p.FEN()
		for _, m := range other.LegalMoves() {
			next, err := p.Play(m)
			if err == nil {
				if !legal[next.FEN()] {
					t.Fatalf("%s\nvariant %s: Play accepts %s, a move of the side not to move, giving %s", fen, p.Variant(), m, next.FEN())
				}
				continue
			}
			if !errors.Is(err, bashni.ErrIllegalMove) {
				t.Fatalf("%s: Play(%s) error %v does not wrap ErrIllegalMove", fen, m, err)
			}
			if p.FEN() != fen {
				t.Fatalf("%s: a refused Play(%s) changed the receiver to %s", fen, m, p.FEN())
			}
		}
	})
}

// TestProperty_AppendLegalMovesAnyBuffer: AppendLegalMoves gives LegalMoves'
// list after whatever the buffer holds, whatever its capacity (a full
// buffer makes the generator move to a larger array of its own), and never
// writes into the buffer before its length.
func TestProperty_AppendLegalMovesAnyBuffer(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		want := p.LegalMoves()
		prefix := rapid.IntRange(0, 3).Draw(t, "prefix")
		buf := make([]bashni.Move, prefix, prefix+rapid.IntRange(0, 4).Draw(t, "room"))
		for i := range buf { // some moves to keep, where there are any
			if len(want) > 0 {
				buf[i] = want[len(want)-1-i%len(want)]
			}
		}
		before := slices.Clone(buf)
		got := p.AppendLegalMoves(buf)
		if !slices.Equal(got[:prefix], before) {
			t.Fatalf("%s\nvariant %s: AppendLegalMoves changed the buffer's first %d moves", p.FEN(), p.Variant(), prefix)
		}
		if diff := cmp.Diff(bashni.MoveTexts(want), bashni.MoveTexts(got[prefix:])); diff != "" {
			t.Fatalf("%s\nvariant %s: AppendLegalMoves with capacity %d (-LegalMoves +appended):\n%s", p.FEN(), p.Variant(), cap(buf), diff)
		}
	})
}
