package perft

import (
	"context"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// count is c.Perft(p, depth), failing the test on an error.
func count(t *testing.T, c Config, p bashni.Position, depth int) uint64 {
	t.Helper()
	n, err := c.Perft(context.Background(), &p, depth)
	if err != nil {
		t.Fatalf("%+v.Perft(%s, %d): %v", c, p.FEN(), depth, err)
	}
	return n
}

// Every way of counting gives the same numbers as bashni.Perft: without
// bulk counting, on two goroutines, with a hash table, and all three at
// once, from every preset's start; and Divide's lines add up to it. A
// tower-rich position (the Codex game after 10... f4:d2:b4, the root
// package's ruleCodexPositions[20]) checks the hash
// table where towers make keys differ in depth.
func TestConfigs(t *testing.T) {
	configs := []Config{
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
	for _, name := range bashni.PresetNames() {
		v, _ := bashni.Preset(name)
		d := 6
		if v.Size == 7 {
			d = 11
		}
		runs = append(runs, run{name, v.MustStart(), []int{1, d - 2, d}})
	}
	codex, err := bashni.ParseFEN(bashni.Russian(), "W:Wc1,e1,g1,b2w,f2,a7bb:Bc3,b4www,e5ww,g5,c7,e7,g7,b8,f8,h8")
	if err != nil {
		t.Fatal(err)
	}
	runs = append(runs, run{"codex", codex, []int{1, 3, 5}})
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			for _, d := range r.depths {
				want, err := bashni.Perft(&r.pos, d)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range configs {
					if got := count(t, c, r.pos, d); got != want {
						t.Errorf("%+v.Perft(depth %d) = %d, bashni.Perft %d", c, d, got, want)
					}
					lines, err := c.Divide(context.Background(), &r.pos, d)
					if err != nil {
						t.Fatal(err)
					}
					if sum, err := Total(lines, d); sum != want || err != nil {
						t.Errorf("%+v.Divide(depth %d) sums to %d, %v; bashni.Perft %d", c, d, sum, err, want)
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
// 2,420 in place of another. Checked against docs/PERFT.md, by one
// goroutine and by two.
func TestFullTable(t *testing.T) {
	for _, c := range []struct {
		v     bashni.Variant
		depth int
		want  uint64
	}{{bashni.Russian(), 10, 22069535}, {bashni.Lasca(), 16, 5942886}} {
		for _, threads := range []int{1, 2} {
			cfg := Config{HashMB: 1, Threads: threads}
			if got := count(t, cfg, c.v.MustStart(), c.depth); got != c.want {
				t.Errorf("%s: %+v.Perft(%d) = %d, want %d", c.v.Name(), cfg, c.depth, got, c.want)
			}
		}
	}
}

// Progress is told of every share once, in order, with the same total, on
// one goroutine and on two, and the count is the same as without it; a
// position without moves has no share to tell of.
func TestProgress(t *testing.T) {
	// The shares are the positions of the first ply with at least 64 per
	// goroutine: perft 3 of the 8x8 starts, lasca's perft 5 and 6.
	for _, c := range []struct {
		v       bashni.Variant
		depth   int
		threads int
		shares  int
	}{{bashni.Russian(), 6, 1, 302}, {bashni.Russian(), 6, 2, 302}, {bashni.Lasca(), 9, 1, 116}, {bashni.Lasca(), 9, 2, 324}} {
		var calls [][2]int
		cfg := Config{Threads: c.threads, Progress: func(done, total int) {
			calls = append(calls, [2]int{done, total})
		}}
		p := c.v.MustStart()
		if got, want := count(t, cfg, p, c.depth), count(t, Config{}, p, c.depth); got != want {
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
	count(t, Config{Progress: func(int, int) { called = true }}, lost, 3)
	if called {
		t.Error("Progress was called for a position without moves")
	}
}

// A configuration that cannot be honoured is an error from Validate, and
// the same error from Perft and Divide, not a crash of the program when the
// table does not fit in memory.
func TestValidate(t *testing.T) {
	for _, c := range []Config{{}, {Threads: 1, HashMB: 1}, {Threads: MaxThreads, HashMB: 16, NoBulk: true}} {
		if err := c.Validate(); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
	}
	bad := []struct {
		c    Config
		want string
	}{
		{Config{Threads: MaxThreads + 1}, "perft: on 1025 goroutines: at most 1024"},
		// Negative numbers are refused (issue 15, case 9), not read as 0.
		{Config{Threads: -3}, "perft: on -3 goroutines: 0 or 1 counts on one, more on that many"},
		{Config{HashMB: -1}, "perft: a table of -1 MiB: want 0 (none) or more"},
	}
	if runtime.GOOS == "linux" {
		bad = append(bad, struct {
			c    Config
			want string
		}{Config{HashMB: min(1<<40, math.MaxInt)}, "more than the machine's memory"})
	}
	p := bashni.Russian().MustStart()
	ctx := context.Background()
	for _, b := range bad {
		err := b.c.Validate()
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%+v: Validate() = %v, want %q", b.c, err, b.want)
			continue
		}
		if n, err2 := b.c.Perft(ctx, &p, 3); n != 0 || err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%+v: Perft = %d, %v; want Validate's error", b.c, n, err2)
		}
		if n, err2 := b.c.Perft(ctx, &p, 0); n != 0 || err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%+v: Perft 0 = %d, %v; want Validate's error", b.c, n, err2)
		}
		if lines, err2 := b.c.Divide(ctx, &p, 3); lines != nil || err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%+v: Divide = %v, %v; want Validate's error", b.c, lines, err2)
		}
	}
}

// A count on two goroutines with a table gives up when its context ends,
// with the context's error.
func TestContext(t *testing.T) {
	p := bashni.Russian().MustStart()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	for _, c := range []Config{{}, {Threads: 2, HashMB: 1}} {
		if n, err := c.Perft(ctx, &p, 30); !errors.Is(err, context.DeadlineExceeded) || n != 0 {
			t.Errorf("%+v: Perft(30) under a deadline = %d, %v; want 0, the deadline", c, n, err)
		}
	}
}

// A count that passes 2^64-1 is refused, with the library's
// ErrPerftOverflow, on one goroutine and on two (issue 26, item 5: depth
// 23 of this position printed a count smaller than depth 22's); depth 22
// fits.
func TestOverflow(t *testing.T) {
	p, err := bashni.ParseFEN(bashni.Russian(), "W:WKa1:BKh2")
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{1, 2} {
		c := Config{HashMB: 64, Threads: threads}
		if n := count(t, c, p, 22); n < 1<<63 {
			t.Errorf("%+v: perft 22 = %d, want more than 2^63", c, n)
		}
		if n, err := c.Perft(context.Background(), &p, 23); !errors.Is(err, bashni.ErrPerftOverflow) || n != 0 || err.Error() != "perft: depth 23: the count reaches 2^64-1 (18446744073709551615), the most a uint64 holds" {
			t.Errorf("%+v: perft 23 = %d, %v; want 0, ErrPerftOverflow", c, n, err)
		}
	}
	lines := []bashni.MoveCount{{Nodes: 1 << 63}, {Nodes: 1 << 63}}
	if n, err := Total(lines, 5); !errors.Is(err, bashni.ErrPerftOverflow) || n != 0 {
		t.Errorf("Total of two lines of 2^63 = %d, %v; want ErrPerftOverflow", n, err)
	}
}
