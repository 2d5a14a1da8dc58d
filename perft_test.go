package bashni_test

// perft from the start of every preset against the tables of docs/PERFT.md, and
// the agreement of Divide and of every PerftConfig with plain Perft.
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
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
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
			if n := bashni.Perft(start, 0); n != 1 {
				t.Errorf("perft(0) = %d, want 1", n)
			}
			got := make([]uint64, 0, depth)
			for d := 1; d <= depth; d++ {
				begin := time.Now()
				got = append(got, bashni.Perft(start, d))
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

// perftDivideDepth is the depth of the Divide and PerftConfig checks: a few
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
			if lines := bashni.Divide(start, 0); len(lines) != 0 {
				t.Errorf("Divide(start, 0) gave %d lines, want none", len(lines))
			}
			depth := perftDivideDepth(tab)
			lines := bashni.Divide(start, depth)
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
				if n := bashni.Perft(next, depth-1); n != l.Nodes {
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

// Every way of counting gives the same numbers as plain Perft: without bulk
// counting, on two goroutines, with a hash table, and all three at once.
// Besides the starts, a tower-rich position (the Codex game after 10...
// f4:d2:b4) checks the hash table where towers make keys differ in depth.
func TestPerftConfigs(t *testing.T) {
	configs := []bashni.PerftConfig{
		{NoBulk: true},
		{Threads: 2},
		{HashMB: 16},
		{NoBulk: true, Threads: 2, HashMB: 16},
	}
	type run struct {
		name   string
		pos    bashni.Position
		depths []int
	}
	var runs []run
	for _, tab := range perftTables {
		d := perftDivideDepth(tab)
		runs = append(runs, run{tab.name, tab.v.MustStart(), []int{1, d - 2, d}})
	}
	codex, err := bashni.ParseFEN(bashni.Russian(), ruleCodexPositions[20])
	if err != nil {
		t.Fatal(err)
	}
	runs = append(runs, run{"codex-ply-20", codex, []int{1, 3, 5}})

	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			for _, d := range r.depths {
				want := bashni.Perft(r.pos, d)
				for _, c := range configs {
					if got := c.Perft(r.pos, d); got != want {
						t.Errorf("%+v.Perft(depth %d) = %d, plain Perft %d", c, d, got, want)
					}
					var sum uint64
					for _, l := range c.Divide(r.pos, d) {
						sum += l.Nodes
					}
					if sum != want {
						t.Errorf("%+v.Divide(depth %d) sums to %d, plain Perft %d", c, d, sum, want)
					}
				}
			}
		})
	}
}

// A table too small for the count fills up and entries are replaced: the
// counts stay exact. In a 1 MiB table (65,536 entries), russian perft 10
// stores 45,241 counts, 4,226 of them in place of another (buckets fill
// unevenly), and lasca perft 16 (from depth 5 up, tableFrom) 39,459,
// 2,420 in place of another. Checked against docs/PERFT.md, by one goroutine and by two.
func TestPerftFullTable(t *testing.T) {
	for _, c := range []struct {
		tab   perftTable
		depth int
	}{{perftTables[0], 10}, {perftTables[2], 16}} {
		for _, threads := range []int{1, 2} {
			cfg := bashni.PerftConfig{HashMB: 1, Threads: threads}
			if got, want := cfg.Perft(c.tab.v.MustStart(), c.depth), c.tab.counts[c.depth-1]; got != want {
				t.Errorf("%s: %+v.Perft(%d) = %d, want %d", c.tab.name, cfg, c.depth, got, want)
			}
		}
	}
}

// Progress is told of every share once, in order, with the same total, on
// one goroutine and on two, and the count is the same as without it; a
// position without moves has no share to tell of.
func TestPerftProgress(t *testing.T) {
	// The shares are the positions of the first ply with at least 64 per
	// goroutine: perft 3 of the 8x8 starts, lasca's perft 5 and 6.
	for _, c := range []struct {
		v       bashni.Variant
		depth   int
		threads int
		shares  int
	}{{bashni.Russian(), 6, 1, 302}, {bashni.Russian(), 6, 2, 302}, {bashni.Lasca(), 9, 1, 116}, {bashni.Lasca(), 9, 2, 324}} {
		var calls [][2]int
		cfg := bashni.PerftConfig{Threads: c.threads, Progress: func(done, total int) {
			calls = append(calls, [2]int{done, total})
		}}
		p := c.v.MustStart()
		if got, want := cfg.Perft(p, c.depth), bashni.Perft(p, c.depth); got != want {
			t.Errorf("%s %d, %d goroutines: Perft with Progress = %d, want %d", c.v.Name(), c.depth, c.threads, got, want)
		}
		var want [][2]int
		for i := range c.shares {
			want = append(want, [2]int{i + 1, c.shares})
		}
		if diff := cmp.Diff(want, calls); diff != "" {
			t.Errorf("%s %d, %d goroutines: Progress calls (-want +got):\n%s", c.v.Name(), c.depth, c.threads, diff)
		}
	}
	lost, err := bashni.ParseFEN(bashni.Russian(), "W:W:Bc5")
	if err != nil {
		t.Fatal(err)
	}
	called := false
	bashni.PerftConfig{Progress: func(int, int) { called = true }}.Perft(lost, 3)
	if called {
		t.Error("Progress was called for a position without moves")
	}
}

// A configuration that cannot be honoured is an error from Validate, and a
// panic with that error from Perft and Divide, not a crash of the program
// when the table does not fit in memory.
func TestPerftConfigValidate(t *testing.T) {
	for _, c := range []bashni.PerftConfig{{}, {Threads: 1, HashMB: 1}, {Threads: bashni.MaxPerftThreads, HashMB: 16, NoBulk: true}} {
		if err := c.Validate(); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
	}
	bad := []struct {
		c    bashni.PerftConfig
		want string
	}{
		{bashni.PerftConfig{Threads: bashni.MaxPerftThreads + 1}, "at most 1024"},
		// Negative numbers are refused (issue 15, case 9), not read as 0.
		{bashni.PerftConfig{Threads: -3}, "bashni: perft on -3 goroutines: 0 or 1 counts on one"},
		{bashni.PerftConfig{HashMB: -1}, "bashni: a perft table of -1 MiB: want 0 (none) or more"},
	}
	if runtime.GOOS == "linux" {
		bad = append(bad, struct {
			c    bashni.PerftConfig
			want string
		}{bashni.PerftConfig{HashMB: 1 << 40}, "more than the machine's memory"})
	}
	for _, b := range bad {
		err := b.c.Validate()
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%+v: Validate() = %v, want %q", b.c, err, b.want)
			continue
		}
		for name, f := range map[string]func(){
			"Perft":   func() { b.c.Perft(bashni.Russian().MustStart(), 3) },
			"Perft 0": func() { b.c.Perft(bashni.Russian().MustStart(), 0) },
			"Divide":  func() { b.c.Divide(bashni.Russian().MustStart(), 3) },
		} {
			func() {
				defer func() {
					if r := recover(); r != err && fmt.Sprint(r) != err.Error() {
						t.Errorf("%+v: %s panicked with %v, want %v", b.c, name, r, err)
					}
				}()
				f()
			}()
		}
	}
}

// A depth above MaxPerftDepth panics with a message rather than overflow
// the stack going down a line of kings; at the limit, a position whose lines
// all end soon is counted at once.
func TestPerftMaxDepth(t *testing.T) {
	p, err := bashni.ParseFEN(bashni.Russian(), "W:Wc3:Bd4")
	if err != nil {
		t.Fatal(err)
	}
	if n := bashni.Perft(p, bashni.MaxPerftDepth); n != 0 {
		t.Errorf("perft %d = %d, want 0 (Black has no move after c3:e5)", bashni.MaxPerftDepth, n)
	}
	for name, f := range map[string]func(){
		"Perft":  func() { bashni.Perft(p, bashni.MaxPerftDepth+1) },
		"Divide": func() { bashni.Divide(p, 1<<40) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "at most 1000") {
					t.Errorf("%s: panic %v, want the depth limit", name, r)
				}
			}()
			f()
		}()
	}
	// A negative depth is no count (issue 15, case 9: Perft(p, -1) was 1).
	for name, f := range map[string]func(){
		"Perft":  func() { bashni.Perft(p, -1) },
		"Divide": func() { bashni.Divide(p, -1) },
	} {
		func() {
			defer func() {
				if r := recover(); fmt.Sprint(r) != "bashni: perft of depth -1: a depth is 0 or more" {
					t.Errorf("%s(-1): panic %v, want the message of a negative depth", name, r)
				}
			}()
			f()
		}()
	}
}
