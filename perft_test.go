package bashni_test

// perft from the start of every preset against the tables of docs/PERFT.md, and
// the agreement of Divide with plain Perft, its errors.
//
// By default each table runs to its quick depth (measured on a busy 2-core
// machine: 0.1-0.5 s a ruleset). Deeper rows run on request:
//
//	go test -run TestPerftTables -bashni.perftdepth=11 .
//	BASHNI_PERFT_DEPTH=11 go test -run TestPerftTables .
//
// A requested depth applies to every table whose quick depth is lower,
// capped at the table's last row: 11 deepens the 8x8 tables and leaves the
// lasca ones at 15; 99 runs every row there is. Measured: russian depth 10
// about 1-2 s, 11 about 9 s (each 8x8 row some 5x the last); lasca depth 17
// about 2.5 s, 18 about 7 s (each row some 3x).

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

var perftDepthFlag = flag.Int("bashni.perftdepth", 0,
	"run the perft tables to this depth instead of the quick default (also env BASHNI_PERFT_DEPTH)")

// perftTable is one column of docs/PERFT.md: perft from the start, depth 1 first.
type perftTable struct {
	name   string
	v      bashni.Variant
	quick  int // the depth run by default
	counts []uint64
}

var perftTables = []perftTable{
	// "The three rulesets (docs/RULES.md)".
	{"russian", bashni.Russian(), 9, []uint64{
		7, 49, 302, 1469, 7482, 37908, 189912, 925862, 4533133, 22069535,
		107689120, 518394258,
	}},
	{"international", bashni.International(), 9, []uint64{
		7, 49, 302, 1469, 7473, 37550, 186996, 903496, 4392384, 21178418,
		102325307, 486818865,
	}},
	{"lasca", bashni.Lasca(), 15, []uint64{
		6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898,
		37124, 97420, 269440, 742352, 2112084, 5942886, 17256080, 50476130,
	}},
	// "The rules Ludii encodes".
	{"ludii-bashni", bashni.LudiiBashni(), 9, []uint64{
		7, 49, 302, 1469, 7361, 36690, 179367, 842358, 3931426, 18063830,
		82398309, 366579737,
	}},
	{"ludii-lasca", bashni.LudiiLasca(), 15, []uint64{
		6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898,
		37130, 97492, 269770, 744022, 2118696, 5972100, 17361628,
	}},
	// "Classic draughts (stacking off)".
	{"russian-draughts", bashni.RussianDraughts(), 9, []uint64{
		7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032,
		110917189, 544770444, 2673979569,
	}},
	{"brazilian-draughts", bashni.BrazilianDraughts(), 9, []uint64{
		7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022,
		105491257, 511882477, 2481546396,
	}},
}

// perftRequestedDepth returns the depth asked for by -bashni.perftdepth or
// BASHNI_PERFT_DEPTH, or 0 when neither is set.
func perftRequestedDepth(t *testing.T) int {
	if *perftDepthFlag > 0 {
		return *perftDepthFlag
	}
	env := os.Getenv("BASHNI_PERFT_DEPTH")
	if env == "" {
		return 0
	}
	d, err := strconv.Atoi(env)
	if err != nil || d < 0 {
		t.Fatalf("BASHNI_PERFT_DEPTH=%q: want a depth, a whole number >= 0", env)
	}
	return d
}

func TestPerftTables(t *testing.T) {
	requested := perftRequestedDepth(t)
	for _, tab := range perftTables {
		t.Run(tab.name, func(t *testing.T) {
			depth := tab.quick
			if requested > 0 {
				depth = min(max(requested, tab.quick), len(tab.counts))
			}
			if tab.v.Name() != tab.name {
				t.Fatalf("preset named %q, want %q", tab.v.Name(), tab.name)
			}
			start := tab.v.MustStart()
			if n, err := bashni.Perft(&start, 0); n != 1 || err != nil {
				t.Errorf("perft(0) = %d, %v; want 1", n, err)
			}
			got := make([]uint64, 0, depth)
			for d := 1; d <= depth; d++ {
				begin := time.Now()
				got = append(got, mustPerft(t, &start, d))
				if d > tab.quick {
					t.Logf("depth %d: %d in %v", d, got[d-1], time.Since(begin).Round(time.Millisecond))
				}
			}
			if diff := cmp.Diff(tab.counts[:depth], got); diff != "" {
				t.Errorf("perft from the start, depths 1..%d (-docs/PERFT.md +got):\n%s", depth, diff)
			}
		})
	}
}

// perftDivideDepth is the depth of the Divide check: a few
// tens of milliseconds in each ruleset.
func perftDivideDepth(tab perftTable) int {
	if tab.v.Size == 7 {
		return 11
	}
	return 6
}

// Divide lists every legal move once, in LegalMoves order, with the perft of
// the position after it; the lines add up to Perft.
func TestPerftDivide(t *testing.T) {
	for _, tab := range perftTables {
		t.Run(tab.name, func(t *testing.T) {
			start := tab.v.MustStart()
			if lines, err := bashni.Divide(&start, 0); len(lines) != 0 || err != nil {
				t.Errorf("Divide(start, 0) gave %d lines, %v; want none", len(lines), err)
			}
			depth := perftDivideDepth(tab)
			lines, err := bashni.Divide(&start, depth)
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			var sum uint64
			for _, l := range lines {
				moves = append(moves, l.Move.String())
				sum += l.Nodes
				next, err := start.Play(l.Move)
				if err != nil {
					t.Errorf("Divide line %s: %v", l.Move, err)
					continue
				}
				if n := mustPerft(t, &next, depth-1); n != l.Nodes {
					t.Errorf("Divide line %s: %d, perft after it %d", l.Move, l.Nodes, n)
				}
			}
			var legal []string
			for _, m := range start.LegalMoves() {
				legal = append(legal, m.String())
			}
			if diff := cmp.Diff(legal, moves); diff != "" {
				t.Errorf("Divide moves (-LegalMoves +Divide):\n%s", diff)
			}
			if want := tab.counts[depth-1]; sum != want {
				t.Errorf("Divide(start, %d) sums to %d, want %d", depth, sum, want)
			}
		})
	}
}

// mustPerft returns Perft(p, depth), failing the test on an error.
func mustPerft(t testing.TB, p *bashni.Position, depth int) uint64 {
	t.Helper()
	n, err := bashni.Perft(p, depth)
	if err != nil {
		t.Fatalf("Perft(%s, %d): %v", p.FEN(), depth, err)
	}
	return n
}

// A depth above MaxPerftDepth is an error rather than a stack overflow
// going down a line of kings, and so is a negative depth (issue 15, case 9:
// Perft(p, -1) was 1); at the limit, a position whose lines all end soon
// is counted at once.
func TestPerftMaxDepth(t *testing.T) {
	p, err := bashni.ParseFEN(bashni.Russian(), "W:Wc3:Bd4")
	if err != nil {
		t.Fatal(err)
	}
	if n := mustPerft(t, &p, bashni.MaxPerftDepth); n != 0 {
		t.Errorf("perft %d = %d, want 0 (Black has no move after c3:e5)", bashni.MaxPerftDepth, n)
	}
	for _, c := range []struct {
		depth int
		want  string
	}{
		{bashni.MaxPerftDepth + 1, "bashni: perft of depth 1001: at most 1000"},
		{math.MaxInt, fmt.Sprintf("bashni: perft of depth %d: at most 1000", math.MaxInt)},
		{-1, "bashni: perft of depth -1: a depth is 0 or more"},
	} {
		if n, err := bashni.Perft(&p, c.depth); err == nil || err.Error() != c.want {
			t.Errorf("Perft(%d) = %d, %v; want the error %q", c.depth, n, err, c.want)
		}
		if lines, err := bashni.Divide(&p, c.depth); err == nil || err.Error() != c.want || lines != nil {
			t.Errorf("Divide(%d) = %v, %v; want no lines and the error %q", c.depth, lines, err, c.want)
		}
	}
}

// A count never wraps around (issue 26, item 5): W:WKa1:BKh2 has more
// than 2^64 lines of 23 plies, which a table counts in a second; without
// one that takes centuries, so a table of our own (a map, every count kept)
// stands in for perft's. Depth 22 fits, and is what docs/PERFT.md's
// overflow example shows; depth 23 is ErrPerftOverflow, from Perft and
// from Divide, whose lines each pass it too.
func TestPerftOverflow(t *testing.T) {
	p, err := bashni.ParseFEN(bashni.Russian(), "W:WKa1:BKh2")
	if err != nil {
		t.Fatal(err)
	}
	opt := bashni.PerftOptions{Table: mapTable{}}
	ctx := context.Background()
	n22, err := opt.Count(ctx, &p, 22)
	if err != nil || n22 < 1<<63 {
		t.Fatalf("perft 22 = %d, %v; want a count over 2^63, no error", n22, err)
	}
	if bulk, err := (bashni.PerftOptions{Table: mapTable{}, NoBulk: true}).Count(ctx, &p, 22); bulk != n22 || err != nil {
		t.Errorf("perft 22 without bulk counting = %d, %v; want %d", bulk, err, n22)
	}
	n, err := opt.Count(ctx, &p, 23)
	if !errors.Is(err, bashni.ErrPerftOverflow) || n != 0 {
		t.Fatalf("perft 23 = %d, %v; want 0 and ErrPerftOverflow", n, err)
	}
	const want = "bashni: perft of depth 23: the count reaches 2^64-1 (18446744073709551615), the most a uint64 holds"
	if err.Error() != want {
		t.Errorf("perft 23: error %q, want %q", err, want)
	}
	if lines, err := opt.Divide(ctx, &p, 23); !errors.Is(err, bashni.ErrPerftOverflow) || lines != nil {
		t.Errorf("divide 23 = %v, %v; want ErrPerftOverflow", lines, err)
	}
}

// mapTable is a bashni.PerftTable that keeps every count.
type mapTable map[[2]uint64]uint64

func (m mapTable) Get(key uint64, depth int) (uint64, bool) {
	n, ok := m[[2]uint64{key, uint64(depth)}]
	return n, ok
}
func (m mapTable) Put(key uint64, depth int, n uint64) { m[[2]uint64{key, uint64(depth)}] = n }
func (mapTable) MinDepth() int                         { return 3 }

// PerftContext gives up when its context ends, with the context's error:
// russian perft 30 would take years; cancelled after 50 ms it returns at
// once (within seconds on a loaded machine), as does Divide; a context
// ended before the count counts nothing. A count with a table stores no
// count cut short.
func TestPerftContext(t *testing.T) {
	p := bashni.Russian().MustStart()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	begin := time.Now()
	n, err := bashni.PerftContext(ctx, &p, 30)
	if !errors.Is(err, context.DeadlineExceeded) || n != 0 {
		t.Errorf("PerftContext(30) under a 50 ms deadline = %d, %v; want 0, the deadline", n, err)
	}
	if took := time.Since(begin); took > 20*time.Second {
		t.Errorf("PerftContext(30) took %v to end after its deadline", took)
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	tab := mapTable{}
	for name, f := range map[string]func() error{
		"Count":  func() error { _, err := (bashni.PerftOptions{Table: tab}).Count(ended, &p, 12); return err },
		"Divide": func() error { _, err := (bashni.PerftOptions{NoBulk: true}).Divide(ended, &p, 12); return err },
	} {
		if err := f(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s under an ended context: %v, want context.Canceled", name, err)
		}
	}
	if len(tab) != 0 {
		t.Errorf("a cancelled count stored %d counts", len(tab))
	}
	// A context that has not ended changes nothing.
	if n, err := bashni.PerftContext(context.Background(), &p, 6); n != 37908 || err != nil {
		t.Errorf("PerftContext(6) = %d, %v; want 37908", n, err)
	}
}
