package bashni

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Benchmark positions: a quiet midgame and capture-heavy positions with tall
// towers and flying kings, per ruleset.
var benchPositions = []struct {
	name string
	v    Variant
	fen  string
}{
	{"russian/start", Russian(), ""},
	{"russian/midgame", Russian(), "W:Wa1,c1,e1,b2,f2,h2,a3,e3,g3,d4:Bb6,f6,h6,a7,e7,g7,b8,d8,f8,c5"},
	{"russian/towers", Russian(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww,b6"},
	{"russian/12jump", Russian(), "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b"},
	{"international/start", International(), ""},
	{"international/midgame", International(), "W:Wa1,c1,e1,b2,f2,h2,a3,e3,g3,d4:Bb6,f6,h6,a7,e7,g7,b8,d8,f8,c5"},
	{"international/towers", International(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww,b6"},
	{"lasca/start", Lasca(), ""},
	{"lasca/midgame", Lasca(), "W:Wa1,c1,e1,b2,f2,a3,e3,g3,d4b:Bb6,f6,a7,e7,g7,c5,d6,Kg5w"},
	{"lasca/towers", Lasca(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww"},
}

func benchPosition(b testing.TB, v Variant, fen string) Position {
	b.Helper()
	if fen == "" {
		return v.MustStart()
	}
	p, err := ParseFEN(v, fen)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.v, bp.fen)
			buf := make([]Move, 0, 256)
			n := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				n += len(p.AppendLegalMoves(buf[:0]))
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
		})
	}
}

func BenchmarkPlay(b *testing.B) { benchPlay(b, false) }

// BenchmarkPlayChecked is Play with its legality check: the moves are
// generated into a buffer on the stack and compared with the move.
func BenchmarkPlayChecked(b *testing.B) { benchPlay(b, true) }

func benchPlay(b *testing.B, checked bool) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.v, bp.fen)
			moves := p.LegalMoves()
			b.ReportAllocs()
			var sink Position
			for i := 0; i < b.N; i++ {
				if m := moves[i%len(moves)]; checked {
					sink, _ = p.Play(m)
				} else {
					sink = p.PlayUnchecked(m)
				}
			}
			_ = sink
		})
	}
}

// BenchmarkStackedDiff reads the stacked squares of each position a legal
// move leads to and what the move changed, as the evaluation does at each
// node.
func BenchmarkStackedDiff(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.v, bp.fen)
			var after []Position
			for _, m := range p.LegalMoves() {
				after = append(after, p.PlayUnchecked(m))
			}
			var sink SquareSet
			for i := 0; i < b.N; i++ {
				o := &after[i%len(after)]
				sink ^= o.Stacked() ^ o.Diff(&p)
			}
			_ = sink
		})
	}
}

// BenchmarkParseMove reads the canonical text of each legal move of the
// benchmark positions, as a server reads its clients' moves.
func BenchmarkParseMove(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p := benchPosition(b, bp.v, bp.fen)
			texts := MoveTexts(p.LegalMoves())
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := p.ParseMove(texts[i%len(texts)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkKey(b *testing.B) {
	p := benchPosition(b, Russian(), benchPositions[2].fen)
	b.ReportAllocs()
	var k uint64
	for i := 0; i < b.N; i++ {
		k ^= p.computeKey()
	}
	_ = k
}

// perftBench lists perft runs of about a second each on the project's
// machine; without bulk counting one ply less. Russian at depth 11 and 10 is
// what the speed targets of the issue are stated for.
var perftBench = []struct {
	name  string
	v     Variant
	depth int
}{
	{"russian", Russian(), 11},
	{"international", International(), 11},
	{"lasca", Lasca(), 18},
	{"russian-draughts", RussianDraughts(), 11},
}

// BenchmarkPerft reports leaves per second, the rate the speed targets are
// stated in, and positions per second: the positions above the leaves,
// whose moves perft generates or counts (the sum of perft d for d below the
// depth). Lasca's tree has half as many leaves per position as russian's
// (about three moves a position against five), so its leaves cost twice as
// much for the same work per position (docs/PERFORMANCE.md, "Lasca against
// russian").
func BenchmarkPerft(b *testing.B) {
	for _, pb := range perftBench {
		for _, bulk := range []bool{true, false} {
			name := pb.name + "/bulk"
			depth := pb.depth
			if !bulk {
				name = pb.name + "/nobulk"
				depth--
			}
			b.Run(name, func(b *testing.B) {
				p := pb.v.MustStart()
				above := positionsAbove(pb.v, depth)
				opt := PerftOptions{NoBulk: !bulk}
				ctx := context.Background()
				var n uint64
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					k, err := opt.Count(ctx, &p, depth)
					if err != nil {
						b.Fatal(err)
					}
					n += k
				}
				secs := b.Elapsed().Seconds()
				b.ReportMetric(float64(n)/secs/1e6, "Mleaves/s")
				b.ReportMetric(float64(above)*float64(b.N)/secs/1e6, "Mpositions/s")
			})
		}
	}
}

// aboveCounts caches positionsAbove, which the benchmark framework would
// otherwise count again each time it runs a benchmark function.
var aboveCounts sync.Map // struct{Variant; int} -> uint64

// positionsAbove returns the number of positions above the leaves of perft
// depth from v's start: the sum of perft d for d < depth.
func positionsAbove(v Variant, depth int) uint64 {
	type key struct {
		v Variant
		d int
	}
	if n, ok := aboveCounts.Load(key{v, depth}); ok {
		return n.(uint64)
	}
	var n uint64
	start := v.MustStart()
	for d := range depth {
		k, err := Perft(&start, d)
		if err != nil {
			panic(err)
		}
		n += k
	}
	aboveCounts.Store(key{v, depth}, n)
	return n
}

// BenchmarkPerftLevels splits bulk perft's time per leaf by where it goes:
// counting two plies from the leaves (countTwoPlies) at the positions whose
// moves are steps and at those whose moves are captures, and the rest, the
// positions above them and the moves played down to them. It is the measure
// behind docs/PERFORMANCE.md's comparison of lasca with russian: lasca's tree has
// about twice as many positions above each leaf.
func BenchmarkPerftLevels(b *testing.B) {
	for _, c := range []struct {
		name  string
		v     Variant
		depth int
	}{{"russian", Russian(), 9}, {"lasca", Lasca(), 15}} {
		b.Run(c.name, func(b *testing.B) {
			var quiet, capture []Position
			var collect func(p Position, depth int)
			collect = func(p Position, depth int) {
				if depth == 2 {
					if capturersOf(p.rules(), p.tops()) == 0 {
						quiet = append(quiet, p)
					} else {
						capture = append(capture, p)
					}
					return
				}
				for _, m := range p.LegalMoves() {
					collect(p.PlayUnchecked(m), depth-1)
				}
			}
			start := c.v.MustStart()
			collect(start, c.depth)
			buf := make([]Move, 0, 1024)
			var w pathWalk
			var tQuiet, tCapture, tAll time.Duration
			var leaves, quietLeaves uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				var err error
				if leaves, err = Perft(&start, c.depth); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				quietLeaves = 0
				for i := range quiet {
					quietLeaves += quiet[i].countTwoPlies(&w, buf)
				}
				t2 := time.Now()
				for i := range capture {
					capture[i].countTwoPlies(&w, buf)
				}
				t3 := time.Now()
				tAll += t1.Sub(t0)
				tQuiet += t2.Sub(t1)
				tCapture += t3.Sub(t2)
			}
			perLeaf := func(d time.Duration) float64 {
				return float64(d.Nanoseconds()) / float64(b.N) / float64(leaves)
			}
			b.ReportMetric(perLeaf(tAll), "ns/leaf")
			b.ReportMetric(perLeaf(tQuiet), "steps-ns/leaf")
			b.ReportMetric(perLeaf(tCapture), "captures-ns/leaf")
			b.ReportMetric(perLeaf(tAll-tQuiet-tCapture), "above-ns/leaf")
			b.ReportMetric(float64(quietLeaves)/float64(leaves), "steps-leaves/leaf")
		})
	}
}
