package endgame

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/bashni-dev/bashni"
)

// built holds the tables the tests share, built once per variant and size.
var built sync.Map // key string -> *Tables

func tablesFor(t *testing.T, v bashni.Variant, pieces int) *Tables {
	t.Helper()
	key := fmt.Sprint(v.Name(), pieces)
	if tb, ok := built.Load(key); ok {
		return tb.(*Tables)
	}
	tb, err := Build(context.Background(), v, pieces, BuildOptions{})
	if err != nil {
		t.Fatalf("Build(%s, %d): %v", v.Name(), pieces, err)
	}
	built.Store(key, tb)
	return tb
}

// allPositions lists every position of the variant with 2 to 3 pieces,
// each side having one, either side to move, written as FEN and read with
// ParseFEN: an enumeration that shares nothing with the tables' index.
func allPositions(v bashni.Variant) []bashni.Position {
	var squares []string
	for s := range v.Board().All() {
		squares = append(squares, s.String())
	}
	out := make([]bashni.Position, 0, 400000)
	// add writes the FEN of the pieces: kinds[i] is "w", "W" (a king), "b"
	// or "B" on squares at[i].
	add := func(kinds []byte, at []int) {
		var side [2]string
		for i, k := range kinds {
			c := 0
			if k == 'b' || k == 'B' {
				c = 1
			}
			if side[c] != "" {
				side[c] += ","
			}
			if k == 'W' || k == 'B' {
				side[c] += "K"
			}
			side[c] += squares[at[i]]
		}
		if side[0] == "" || side[1] == "" {
			return // a side with no piece
		}
		for _, turn := range []string{"W", "B"} {
			p, err := bashni.ParseFEN(v, turn+":W"+side[0]+":B"+side[1])
			if err != nil {
				return // a man on its far rank
			}
			out = append(out, p)
		}
	}
	kinds := []byte("wWbB")
	for i := range squares {
		for j := i + 1; j < len(squares); j++ {
			for _, ka := range kinds {
				for _, kb := range kinds {
					add([]byte{ka, kb}, []int{i, j})
					for k := j + 1; k < len(squares); k++ {
						for _, kc := range kinds {
							add([]byte{ka, kb, kc}, []int{i, j, k})
						}
					}
				}
			}
		}
	}
	return out
}

// solveByKeys values positions by the plain definition, on a graph keyed
// by Position.Key: ply by ply, a position is a win in n when a move leads
// to a loss in n-1, a loss in n when every move leads to a win and the
// longest in n-1, a draw when no ply decides it. The positions must be
// closed under moves.
func solveByKeys(t *testing.T, ps []bashni.Position) map[uint64]Value {
	id := make(map[uint64]int, len(ps))
	for i := range ps {
		id[ps[i].Key()] = i
	}
	children := make([][]int, len(ps))
	for i := range ps {
		for _, m := range ps[i].LegalMoves() {
			c := ps[i].PlayUnchecked(m)
			j, ok := id[c.Key()]
			if !ok && c.Tops(c.Turn()).Len() > 0 {
				t.Fatalf("%s: the move %s leads out of the positions", ps[i].FEN(), m)
			}
			if !ok {
				j = -1 // no piece left: lost
			}
			children[i] = append(children[i], j)
		}
	}
	const unknown = -1
	dist := make([]int, len(ps)) // plies, unknown until decided
	for i := range dist {
		dist[i] = unknown
	}
	value := func(j int) int { // the child's distance; a side with no piece has lost
		if j < 0 {
			return 0
		}
		return dist[j]
	}
	for n, found := 0, true; found; n++ { // a ply deciding nothing ends it: the next needs one that did
		found = n == 0
		for i := range ps {
			if dist[i] != unknown {
				continue
			}
			if n%2 == 1 {
				for _, j := range children[i] {
					if value(j) == n-1 {
						dist[i], found = n, true
					}
				}
				continue
			}
			longest := -1
			for _, j := range children[i] {
				d := value(j)
				if d == unknown || d%2 == 0 || d >= n {
					longest = n + 1 // undecided, or not all wins
					break
				}
				longest = max(longest, d)
			}
			if longest+1 == n {
				dist[i], found = n, true
			}
		}
	}
	out := make(map[uint64]Value, len(ps))
	for i, d := range dist {
		switch {
		case d == unknown:
			out[ps[i].Key()] = Value{}
		case d%2 == 1:
			out[ps[i].Key()] = Value{Win, d}
		default:
			out[ps[i].Key()] = Value{Loss, d}
		}
	}
	return out
}

// TestAgainstPlainSolver checks every position of up to three pieces of
// both presets against solveByKeys.
func TestAgainstPlainSolver(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.RussianDraughts(), bashni.BrazilianDraughts()} {
		t.Run(v.Name(), func(t *testing.T) {
			tb := tablesFor(t, v, 3)
			ps := allPositions(v)
			want := solveByKeys(t, ps)
			bad := 0
			for i := range ps {
				got, ok := tb.Probe(&ps[i])
				if !ok || got != want[ps[i].Key()] {
					bad++
					if bad <= 10 {
						t.Errorf("%s: the table says %v (held %v), the plain solver %v", ps[i].FEN(), got, ok, want[ps[i].Key()])
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d positions differ", bad, len(ps))
			}
			t.Logf("%d positions agree", len(ps))
		})
	}
}
