package bashni_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"pgregory.net/rapid"
)

// keyVariants are the rulesets the key tests walk: the three of docs/RULES.md and
// the stacking-off and Ludii presets, which play differently.
var keyVariants = []struct {
	name string
	v    bashni.Variant
}{
	{"russian", bashni.Russian()},
	{"international", bashni.International()},
	{"lasca", bashni.Lasca()},
	{"russian-draughts", bashni.RussianDraughts()},
	{"ludii-bashni", bashni.LudiiBashni()},
}

// tb is the part of testing.TB that *rapid.T also has.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// reparse returns the position read back from its own FEN: the same
// position built from scratch, with its key computed from scratch.
func reparse(t tb, p bashni.Position) bashni.Position {
	t.Helper()
	q, err := bashni.ParseFEN(p.Variant(), p.FEN())
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", p.FEN(), err)
	}
	return q
}

// The key that Play updates incrementally equals the key computed from
// scratch, along random games in every ruleset.
func TestKeyAfterPlayEqualsKeyFromFEN(t *testing.T) {
	for _, kv := range keyVariants {
		t.Run(kv.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := kv.v.MustStart()
				plies := rapid.IntRange(1, 200).Draw(t, "plies")
				for i := 0; i < plies; i++ {
					moves := p.LegalMoves()
					if len(moves) == 0 {
						break
					}
					m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
					next, err := p.Play(m)
					if err != nil {
						t.Fatalf("Play(%s) in %s: %v", m, p.FEN(), err)
					}
					if q := reparse(t, next); next.Key() != q.Key() {
						t.Fatalf("after %s from %s: Play's key %#x, key from FEN %#x (%s)", m, p.FEN(), next.Key(), q.Key(), next.FEN())
					}
					if q := p.PlayUnchecked(m); q.Key() != next.Key() {
						t.Fatalf("after %s from %s: PlayUnchecked's key %#x, Play's %#x", m, p.FEN(), q.Key(), next.Key())
					}
					p = next
				}
			})
		})
	}
}

// randomFEN writes a random legal position of v: random towers of random
// pieces (at most v.Pieces of each colour) on random squares, the tokens and
// the two sides listed in random order, so the same position can be written
// in many ways.
func randomFEN(r *rand.Rand, v bashni.Variant) string {
	var dark []bashni.Square
	for s := bashni.Square(0); s < 64; s++ {
		if v.OnBoard(s) {
			dark = append(dark, s)
		}
	}
	r.Shuffle(len(dark), func(i, j int) { dark[i], dark[j] = dark[j], dark[i] })
	var pieces []bashni.Piece
	for c := bashni.White; c <= bashni.Black; c++ {
		for n := r.IntN(v.Pieces + 1); n > 0; n-- {
			pieces = append(pieces, bashni.NewPiece(c, r.IntN(3) == 0))
		}
	}
	r.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	tokens := [2][]string{}
	for sq := 0; len(pieces) > 0 && sq < len(dark); sq++ {
		h := 1 + r.IntN(len(pieces))
		if r.IntN(4) != 0 {
			h = 1 + r.IntN(min(3, len(pieces)))
		}
		tower := pieces[:h]
		pieces = pieces[h:]
		s := dark[sq]
		top := tower[0]
		farRank := v.Size - 1
		if top.Color() == bashni.Black {
			farRank = 0
		}
		var tok strings.Builder
		if top.IsKing() || s.Rank() == farRank {
			tok.WriteString("K")
		}
		tok.WriteString(s.String())
		for _, p := range tower[1:] {
			tok.WriteString(p.String())
		}
		tokens[top.Color()] = append(tokens[top.Color()], tok.String())
	}
	side := func(c bashni.Color) string {
		return strings.ToUpper(c.String()[:1]) + strings.Join(tokens[c], ",")
	}
	turn := "W"
	if r.IntN(2) == 1 {
		turn = "B"
	}
	if r.IntN(2) == 0 {
		return turn + ":" + side(bashni.White) + ":" + side(bashni.Black)
	}
	return turn + ":" + side(bashni.Black) + ":" + side(bashni.White)
}

// Equal positions have equal keys, however their FEN lists them; and the
// key stays right along random games from random positions.
func TestKeyRandomPositions(t *testing.T) {
	for _, kv := range keyVariants {
		t.Run(kv.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
				fen := randomFEN(r, kv.v)
				p, err := bashni.ParseFEN(kv.v, fen)
				if err != nil {
					t.Fatalf("ParseFEN(%q): %v", fen, err)
				}
				q := reparse(t, p)
				if !p.Equal(&q) || p.Key() != q.Key() {
					t.Fatalf("%q and its FEN %q: equal %v, keys %#x and %#x", fen, p.FEN(), p.Equal(&q), p.Key(), q.Key())
				}
				for i := 0; i < 40; i++ {
					moves := p.LegalMoves()
					if len(moves) == 0 {
						break
					}
					p = p.PlayUnchecked(moves[r.IntN(len(moves))])
					if q := reparse(t, p); p.Key() != q.Key() {
						t.Fatalf("from %q, ply %d: key %#x, from FEN %#x (%s)", fen, i+1, p.Key(), q.Key(), p.FEN())
					}
				}
			})
		})
	}
}

// The key covers the side to move and every piece of every tower, not just
// the tops: positions that differ anywhere have different keys.
func TestKeyCoversTowerContents(t *testing.T) {
	groups := [][]string{
		{"W:Wc3:Bf6", "B:Wc3:Bf6"},
		{"W:Wc3bw:Bf6", "W:Wc3wb:Bf6", "W:Wc3bb:Bf6", "W:Wc3b:Bf6", "W:Wc3bbw:Bf6", "W:Wc3:Bf6"},
		{"W:Wc3bB:Bf6", "W:Wc3Bb:Bf6", "W:Wc3bb:Bf6", "W:WKc3bb:Bf6", "W:Wc3:Bf6bb"},
		{"W:Wc3:Bf6", "W:Wd4:Bf6", "W:Wc3:Be5", "W:WKc3:Bf6", "W:Wc3:BKf6", "W:Wc3,d4:Bf6"},
		{"W:Wa1" + strings.Repeat("b", 12) + ":B", "W:Wa1" + strings.Repeat("b", 11) + "B:B", "W:Wa1B" + strings.Repeat("b", 11) + ":B"},
	}
	for gi, fens := range groups {
		keys := map[uint64]string{}
		for _, fen := range fens {
			p, err := bashni.ParseFEN(bashni.Russian(), fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", fen, err)
			}
			if other, ok := keys[p.Key()]; ok {
				t.Errorf("group %d: %q and %q share the key %#x", gi, fen, other, p.Key())
			}
			keys[p.Key()] = fen
		}
	}
}

// WithTurn changes the key, and changing back restores it.
func TestKeyTurn(t *testing.T) {
	p := bashni.Russian().MustStart()
	b := p.WithTurn(bashni.Black)
	if b.Key() == p.Key() {
		t.Fatalf("White and Black to move share the key %#x", p.Key())
	}
	if q := reparse(t, b); q.Key() != b.Key() {
		t.Fatalf("WithTurn key %#x, from FEN %#x", b.Key(), q.Key())
	}
	if w := b.WithTurn(bashni.White); w.Key() != p.Key() {
		t.Fatalf("back to White: key %#x, want %#x", w.Key(), p.Key())
	}
}

// Different positions almost never share a key: among every distinct
// position within a few plies of the start (and many random positions), no
// two share one. A collision among this many 64-bit keys has a chance of
// about 1e-9 for a good hash.
func TestKeyNoCollisions(t *testing.T) {
	type walk struct {
		v     bashni.Variant
		depth int
	}
	// The key covers the towers and the side to move, not the ruleset, so
	// a position is identified by its FEN alone.
	seen := map[uint64]string{} // key -> FEN, over all walks
	check := func(t *testing.T, p bashni.Position) {
		fen := p.FEN()
		if other, ok := seen[p.Key()]; ok && other != fen {
			t.Fatalf("%q and %q share the key %#x", fen, other, p.Key())
		}
		seen[p.Key()] = fen
	}
	walks := []walk{{bashni.Russian(), 6}, {bashni.International(), 6}, {bashni.Lasca(), 10}}
	for _, w := range walks {
		t.Run(fmt.Sprintf("%s-depth-%d", w.v.Name(), w.depth), func(t *testing.T) {
			// A breadth-first walk over distinct positions.
			start := w.v.MustStart()
			visited := map[string]bool{start.FEN(): true}
			check(t, start)
			level := []bashni.Position{start}
			total := 1
			for d := 0; d < w.depth; d++ {
				var next []bashni.Position
				for _, p := range level {
					for _, m := range p.LegalMoves() {
						q := p.PlayUnchecked(m)
						if fen := q.FEN(); !visited[fen] {
							visited[fen] = true
							check(t, q)
							next = append(next, q)
						}
					}
				}
				level = next
				total += len(next)
			}
			t.Logf("%d distinct positions", total)
		})
	}
	t.Run("random", func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 11))
		for i := 0; i < 100000; i++ {
			v := keyVariants[i%3].v
			p, err := bashni.ParseFEN(v, randomFEN(r, v))
			if err != nil {
				t.Fatal(err)
			}
			check(t, reparse(t, p))
		}
	})
}
