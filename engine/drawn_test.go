package engine

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// Game values of a kings-only ending, for the side to move.
const (
	unknown int8 = iota // no forced result: a draw, as neither side can force one
	won
	lost
)

// kingsEnding holds every position of some kings-only material
// signatures, each with its value once solved. The positions themselves are
// not kept (a third of a million of them would take a hundred MiB): only
// what the test asks of each.
type kingsEnding struct {
	index map[uint64]int32
	first []int32 // position i's children are succ[first[i]:first[i+1]]
	succ  []int32 // -1: a child whose mover has no king left
	value []int8
	sig   []string // signature(p)
	named []bool   // knownDraw(p), where the side to move has no capture
	fen   []string // p.FEN() where named
}

// darkSquares returns the 32 playable squares of the 8x8 board.
func darkSquares() []bashni.Square {
	var out []bashni.Square
	for r := range 8 {
		for f := range 8 {
			if (f+r)%2 == 0 {
				out = append(out, bashni.SquareAt(f, r))
			}
		}
	}
	return out
}

// eachKings calls f with every position of one white king against one
// black king, of two white kings against one black king and the other way
// round, and (with three) of three white kings against one black king,
// each side to move: the signatures that the captures from these lead to
// are all among them. A position may come twice.
func eachKings(t *testing.T, v bashni.Variant, three bool, f func(p *bashni.Position)) {
	sq := darkSquares()
	names := func(ss ...bashni.Square) string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = "K" + s.String()
		}
		return strings.Join(out, ",")
	}
	add := func(w, b string) {
		for _, turn := range []string{"W", "B"} {
			p := mustFEN(t, v, turn+":W"+w+":B"+b)
			f(&p)
		}
	}
	for a := range sq {
		for b := range sq {
			if b == a {
				continue
			}
			add(names(sq[a]), names(sq[b]))
			for c := b + 1; c < len(sq); c++ {
				if c == a {
					continue
				}
				add(names(sq[b], sq[c]), names(sq[a]))
				add(names(sq[a]), names(sq[b], sq[c]))
				for d := c + 1; three && d < len(sq); d++ {
					if d != a {
						add(names(sq[b], sq[c], sq[d]), names(sq[a]))
					}
				}
			}
		}
	}
}

// solveKings builds and solves, by retrograde analysis, the positions of
// eachKings.
func solveKings(t *testing.T, v bashni.Variant, three bool) *kingsEnding {
	t.Helper()
	k := &kingsEnding{index: map[uint64]int32{}}
	eachKings(t, v, three, func(p *bashni.Position) {
		if _, ok := k.index[p.Key()]; !ok {
			k.index[p.Key()] = int32(len(k.index))
		}
	})
	n := len(k.index)
	k.first = make([]int32, n+1)
	k.sig = make([]string, n)
	k.named = make([]bool, n)
	k.fen = make([]string, n)
	// The second pass meets the positions in the order the first numbered
	// them: each one's children follow the last one's in succ.
	next := int32(0)
	intern := map[string]string{}
	var buf []bashni.Move
	eachKings(t, v, three, func(p *bashni.Position) {
		i := k.index[p.Key()]
		if i < next {
			return
		}
		next++
		k.sig[i] = intern[signature(p)]
		if k.sig[i] == "" {
			k.sig[i] = signature(p)
			intern[k.sig[i]] = k.sig[i]
		}
		if !strings.HasSuffix(k.sig[i], "capture") && knownDraw(p) {
			k.named[i], k.fen[i] = true, p.FEN()
		}
		buf = p.AppendLegalMoves(buf[:0])
		for _, m := range buf {
			c := p.PlayUnchecked(m)
			if c.Count(c.Turn()) == 0 {
				k.succ = append(k.succ, -1)
				continue
			}
			j, ok := k.index[c.Key()]
			if !ok {
				t.Fatalf("%s after %s: not among the positions solved", c.FEN(), m)
			}
			k.succ = append(k.succ, j)
		}
		k.first[i+1] = int32(len(k.succ))
	})
	// A position is won if a move leads to a lost one (or takes the last
	// king), lost if every move leads to a won one (or there is none);
	// what is neither when nothing changes any more is a draw.
	k.value = make([]int8, n)
	for changed := true; changed; {
		changed = false
		for i := range n {
			if k.value[i] != unknown {
				continue
			}
			allWon := true
			for _, j := range k.succ[k.first[i]:k.first[i+1]] {
				if j < 0 || k.value[j] == lost {
					k.value[i], changed = won, true
					break
				}
				allWon = allWon && k.value[j] == won
			}
			if k.value[i] == unknown && allWon {
				k.value[i], changed = lost, true
			}
		}
	}
	return k
}

// signature names a position's material as the side to move's kings
// against the other side's, and whether the side to move has a capture.
func signature(p *bashni.Position) string {
	s := fmt.Sprintf("%dv%d", p.Count(p.Turn()), p.Count(1-p.Turn()))
	if len(p.AppendCaptures(nil)) > 0 {
		s += " capture"
	}
	return s
}

// TestKnownDrawsAreDraws proves knownDraw: every kings-only position of up
// to three kings against one (three only with White the stronger, in
// russian-draughts: the rules are colour-blind) is solved, and each
// position that knownDraw calls a draw must be one. The counts of wins,
// draws and losses are pinned as well, and how many draws knownDraw finds.
func TestKnownDrawsAreDraws(t *testing.T) {
	// Up to two kings against one, the game is the same in both presets
	// (no capture takes two kings, so the majority rule plays no part).
	upToTwo := map[string][3]int{
		"1v1":         {24, 1592, 4},
		"1v1 capture": {364, 0, 0},
		"1v2":         {0, 19812, 288},
		"1v2 capture": {1508, 7892, 260},
		"2v1":         {2100, 18504, 0},
		"2v1 capture": {9156, 0, 0},
	}
	upToThree := maps.Clone(upToTwo)
	upToThree["1v3"] = [3]int{0, 30756, 50860}
	upToThree["1v3 capture"] = [3]int{1854, 54712, 5658}
	upToThree["3v1"] = [3]int{76064, 11600, 0}
	upToThree["3v1 capture"] = [3]int{56176, 0, 0}
	namedTwo := map[string]int{"1v1": 1400, "1v2": 2812, "2v1": 2308}
	namedThree := maps.Clone(namedTwo)
	namedThree["1v3"] = 9648
	for _, tc := range []struct {
		name   string
		v      bashni.Variant
		three  bool
		counts map[string][3]int // signature: won, drawn, lost
		named  map[string]int    // signature: positions knownDraw names
	}{
		{"russian-draughts", bashni.RussianDraughts(), true, upToThree, namedThree},
		{"brazilian-draughts", bashni.BrazilianDraughts(), false, upToTwo, namedTwo},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !classicKings(tc.v) {
				t.Fatal("classicKings is false for the preset itself")
			}
			k := solveKings(t, tc.v, tc.three)
			counts := map[string][3]int{}
			named := map[string]int{}
			wrong := 0
			for i, v := range k.value {
				sig := k.sig[i]
				c := counts[sig]
				switch v {
				case won:
					c[0]++
				case unknown:
					c[1]++
				case lost:
					c[2]++
				}
				counts[sig] = c
				if !k.named[i] {
					continue
				}
				named[sig]++
				if v != unknown && wrong < 10 {
					wrong++
					t.Errorf("knownDraw(%s) is true, but the side to move has %s", k.fen[i], map[int8]string{won: "a win", lost: "lost"}[v])
				}
			}
			if diff := cmp.Diff(tc.counts, counts); diff != "" {
				t.Errorf("wins, draws, losses by signature (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.named, named); diff != "" {
				t.Errorf("positions knownDraw names (-want +got):\n%s", diff)
			}
		})
	}
}

// Only the classic presets' king rules, whatever their draw counts, get
// the known draws.
func TestClassicKings(t *testing.T) {
	change := func(v bashni.Variant, f func(*bashni.Variant)) bashni.Variant { f(&v); return v }
	rd := bashni.RussianDraughts()
	for _, tc := range []struct {
		name string
		v    bashni.Variant
		want bool
	}{
		{"russian-draughts", rd, true},
		{"brazilian-draughts", bashni.BrazilianDraughts(), true},
		{"repetitions=0", change(rd, func(v *bashni.Variant) { v.Repetitions = 0 }), true},
		{"kings-only=0", change(bashni.BrazilianDraughts(), func(v *bashni.Variant) { v.KingsOnlyPlies = 0 }), true},
		{"russian", bashni.Russian(), false},
		{"international", bashni.International(), false},
		{"lasca", bashni.Lasca(), false},
		{"flying=off", change(rd, func(v *bashni.Variant) { v.FlyingKings = false }), false},
		{"the other landing", change(rd, func(v *bashni.Variant) { v.KingLanding = bashni.LandAnywhere + bashni.LandToContinue - v.KingLanding }), false},
	} {
		if got := classicKings(tc.v); got != tc.want {
			t.Errorf("classicKings(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The search scores a known draw 0 at once, where the extra kings counted
// as material before; and it still finds the win of a lone king shut in
// on a1.
func TestSearchScoresKnownDraws(t *testing.T) {
	v := bashni.RussianDraughts()
	for _, tc := range []struct {
		fen  string
		draw bool
	}{
		{"W:WKc1,Ke1:BKd4", true}, // two kings against one on the main road
		{"B:WKc1,Ke1:BKd4", true}, // the same, the lone king to move
		{"B:WKc1,Ke1,Kg1:BKd4", true},
		{"W:WKc1,Kb2:BKa1", false}, // b2 is given up, and a1 taken on the road
	} {
		pos := mustFEN(t, v, tc.fen)
		r, err := MustNew(Options{}).Search(context.Background(), &pos, Limits{Depth: 6})
		if err != nil {
			t.Fatal(err)
		}
		if tc.draw && r.Score != Draw || !tc.draw && r.Score < WinThreshold {
			t.Errorf("%s: score %v, want a draw: %v (else a win)", tc.fen, r.Score, tc.draw)
		}
	}
}
