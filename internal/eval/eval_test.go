package eval

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgen"
	"pgregory.net/rapid"
)

// mirror returns pos turned half round with the colours swapped: the same
// position seen from the other side, which must be worth the same to the
// side to move.
func mirror(t *rapid.T, pos bashni.Position) bashni.Position {
	v := pos.Variant()
	var side [2][]string
	for s := bashni.Square(0); s < 64; s++ {
		tw := pos.Tower(s)
		if tw.IsEmpty() {
			continue
		}
		ms := bashni.SquareAt(v.Size-1-s.File(), v.Size-1-s.Rank())
		top := tw.Top()
		tok := ms.String()
		if top.IsKing() {
			tok = "K" + tok
		}
		for i := 1; i < tw.Height(); i++ {
			p := tw.Piece(i)
			tok += bashni.NewPiece(p.Color().Opponent(), p.IsKing()).String()
		}
		c := top.Color().Opponent()
		side[c] = append(side[c], tok)
	}
	turn := "W"
	if pos.Turn() == bashni.White {
		turn = "B"
	}
	fen := turn + ":W" + strings.Join(side[0], ",") + ":B" + strings.Join(side[1], ",")
	m, err := bashni.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("mirror of %s: %q: %v", pos.FEN(), fen, err)
	}
	return m
}

func TestEvaluateIsColourBlind(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := testgen.Variant().Draw(t, "variant")
		pos := testgen.Playout(v, 100).Draw(t, "pos")
		ev := New(v, For(v))
		m := mirror(t, pos)
		if a, b := ev.Evaluate(&pos), ev.Evaluate(&m); a != b {
			t.Fatalf("%s is worth %v, its mirror %s %v", pos.FEN(), a, m.FEN(), b)
		}
	})
}

// Holding prisoners is worth more than the same pieces free and the enemy's,
// by the terms of the evaluation. The pattern weights are left out: they
// are corrections learned from self-play positions, full boards where a
// tower over a prisoner is often about to be taken back, and they are
// judged by matches (docs/ENGINE.md, "Patterns"), not on boards of two
// pieces they never saw (russian's make W:Wc3b:Bf6 worth -70).
func TestEvaluatePrisonersCount(t *testing.T) {
	v := bashni.Russian()
	w := For(v)
	w.Patterns = nil
	ev := New(v, w)
	tests := []struct {
		name         string
		better, base string // White to move in both
	}{
		{"a prisoner is worth having", "W:Wc3b:Bf6", "W:Wc3:Bf6,h6"},
		{"an own reserve is worth having", "W:Wc3w:Bf6", "W:Wc3:Bf6"},
		{"a king on top beats a man", "W:WKc3:Bf6", "W:Wc3:Bf6"},
		{"prisoners under a reserve are safer", "W:Wc3wb:Bf6", "W:Wc3bw:Bf6"},
	}
	for _, tc := range tests {
		a, b := mustFEN(t, v, tc.better), mustFEN(t, v, tc.base)
		if ea, eb := ev.Evaluate(&a), ev.Evaluate(&b); ea <= eb {
			t.Errorf("%s: %s scores %v, not more than %s at %v", tc.name, tc.better, ea, tc.base, eb)
		}
	}
}

var mustFEN = testgen.MustFEN
