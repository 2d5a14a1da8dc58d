package eval

import (
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// Features counts each top's two diagonals by what stands ahead of it
// (towards the enemy) and behind it, from its owner's side. In this lasca
// position White's c3 holds a black prisoner and Black's king g7 a white
// one; Black's d4 stands ahead of White's c3 and e3, and they ahead of it.
func TestLinesCountEachDiagonal(t *testing.T) {
	pos := mustFEN(t, bashni.Lasca(), "W:WKa1,d2,c3b,e3:Bd4,Kg7w")
	var want [2][3][5][5]int
	want[0][UnderNothing][EnemyMan][Empty] = 1 - 2 // e3 (d4 ahead, f2 behind) less d4's two
	want[0][UnderNothing][Empty][Own] = 1          // e3: f4 ahead, d2 behind
	want[0][UnderNothing][Own][Empty] = 2          // d2: e3 and c3 ahead, c1 and e1 behind
	want[0][UnderEnemy][EnemyMan][Empty] = 1       // c3: d4 ahead, b2 behind
	want[0][UnderEnemy][Empty][Own] = 1            // c3: b4 ahead, d2 behind
	want[1][UnderNothing][Empty][OffBoard] = 1     // a1: b2 ahead
	want[1][UnderNothing][OffBoard][OffBoard] = 1  // a1 along its short diagonal
	want[1][UnderEnemy][OffBoard][OffBoard] = -1   // g7 along its short diagonal
	want[1][UnderEnemy][Empty][OffBoard] = -1      // g7: f6 ahead
	f := New(bashni.Lasca(), Weights{ManyTowers: 10}).Features(&pos)
	var got [2][3][5][5]int
	i := NumParams - 2*3*5*5
	for k := range got {
		for u := range got[k] {
			for a := range got[k][u] {
				for b := range got[k][u][a] {
					got[k][u][a][b] = f[i]
					i++
				}
			}
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s: Lines features, White's less Black's (-want +got):\n%s", pos.FEN(), d)
	}
}
