package pdn

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// repeat is a reader of s written n times, made as it is read, so a huge
// input costs no memory of its own.
type repeat struct {
	s   string
	n   int
	off int
}

func (r *repeat) Read(p []byte) (int, error) {
	total := 0
	for len(p) > 0 && r.n > 0 {
		k := copy(p, r.s[r.off:])
		p, total, r.off = p[k:], total+k, r.off+k
		if r.off == len(r.s) {
			r.off = 0
			r.n--
		}
	}
	if total == 0 && r.n == 0 {
		return 0, io.EOF
	}
	return total, nil
}

// input joins strings and readers (repeats, say) into one reader.
func input(parts ...any) io.Reader {
	var rs []io.Reader
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			rs = append(rs, strings.NewReader(p))
		case io.Reader:
			rs = append(rs, p)
		}
	}
	return io.MultiReader(rs...)
}

const nextGame = "\n[Event \"next\"]\n1. c3-d4 b6-a5 *\n"

// readHostile reads every game of in, and reports the errors, the games,
// the time taken, and the bytes allocated meanwhile (an upper bound on the
// memory in use at any moment).
func readHostile(t *testing.T, rd *Reader) (games []*Game, errs []error, took time.Duration, alloc uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		var ge *GameError
		if err != nil && !errors.As(err, &ge) {
			t.Fatalf("Next: %v", err)
		}
		games, errs = append(games, g), append(errs, err)
	}
	took = time.Since(start)
	runtime.ReadMemStats(&after)
	return games, errs, took, after.TotalAlloc - before.TotalAlloc
}

// checkBadThenNext checks that the input held a bad game whose error says
// want, then the good game "next".
func checkBadThenNext(t *testing.T, games []*Game, errs []error, want string) {
	t.Helper()
	if len(games) != 2 {
		t.Fatalf("%d games read (errors %v), want the bad one and the next", len(games), errs)
	}
	if errs[0] == nil || !strings.Contains(errs[0].Error(), want) {
		t.Errorf("first game's error %v, want one saying %q", errs[0], want)
	}
	if len(errs[0].Error()) > 2000 {
		t.Errorf("the error message is %d bytes long", len(errs[0].Error()))
	}
	if errs[1] != nil || games[1].Tag("Event") != "next" || games[1].Game().Plies() != 2 {
		t.Errorf("the game after it: %v", errs[1])
	}
}

// A 10 MB comment is an error past the comment limit, read in bounded
// memory; with the limit raised, it is kept.
func TestHostileHugeComment(t *testing.T) {
	const words = 10 << 20 / 8 // 10 MiB of "comment "
	huge := func() io.Reader {
		return input("[Event \"huge\"]\n1. c3-d4 {", &repeat{s: "comment ", n: words}, "} b6-a5 *\n", nextGame)
	}
	games, errs, took, alloc := readHostile(t, NewReader(huge()))
	t.Logf("10 MiB comment, default limit: %v, %.1f MiB allocated", took, float64(alloc)/(1<<20))
	checkBadThenNext(t, games, errs, "comment longer than 1048576 bytes")
	if alloc > 16<<20 {
		t.Errorf("reading allocated %d bytes, want at most 16 MiB", alloc)
	}

	rd := NewReader(huge())
	rd.MaxComment = 16 << 20
	rd.MaxCommentBytes = 16 << 20
	games, errs, took, alloc = readHostile(t, rd)
	t.Logf("10 MiB comment, 16 MiB limit: %v, %.1f MiB allocated", took, float64(alloc)/(1<<20))
	if len(games) != 2 || errs[0] != nil || errs[1] != nil {
		t.Fatalf("with the limit raised: %d games, errors %v", len(games), errs)
	}
	if c := games[0].Notes[1].Comments[0]; len(c) != words*8-1 {
		t.Errorf("comment of %d bytes kept, want %d", len(c), words*8-1)
	}
}

// Variations nested 100,000 deep are an error past MaxDepth, and the
// reader goes on after them; so does a run of '(' with no moves, and one
// never closed. Under the limit, deep nesting reads and writes back (no
// recursion in the reader).
func TestHostileDeepVariations(t *testing.T) {
	const deep = 100000
	cases := []struct {
		name  string
		parts []any
		want  string
	}{
		{"closed", []any{"1. c3-d4 ", &repeat{s: "(1. c3-b4 ", n: deep}, &repeat{s: ")", n: deep}, " *\n", nextGame}, "variations nested more than 100 deep"},
		{"no moves", []any{"1. c3-d4 ", &repeat{s: "(", n: deep}, &repeat{s: ")", n: deep}, " *\n", nextGame}, "a variation before any move"},
		{"never closed", []any{"1. c3-d4 ", &repeat{s: "(1. c3-b4 ", n: deep}, nextGame}, "variations nested more than 100 deep"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, errs, took, alloc := readHostile(t, NewReader(input(c.parts...)))
			t.Logf("%v, %.1f MiB allocated", took, float64(alloc)/(1<<20))
			checkBadThenNext(t, games, errs, c.want)
		})
	}
	t.Run("under a raised limit", func(t *testing.T) {
		const n = 5000
		rd := NewReader(input("1. c3-d4 ", &repeat{s: "(1. c3-b4 ", n: n}, &repeat{s: ")", n: n}, " *\n"))
		rd.MaxDepth = n
		games, errs, took, _ := readHostile(t, rd)
		t.Logf("%d deep: read in %v", n, took)
		if len(games) != 1 || errs[0] != nil {
			t.Fatalf("%d games, errors %v", len(games), errs)
		}
		// Written for that Reader: the default one would refuse it.
		if _, err := games[0].MarshalText(); err == nil || !strings.Contains(err.Error(), "variations nested more than the 100 deep a Reader reads (Limits.MaxDepth)") {
			t.Errorf("written for the default Reader: %v", err)
		}
		text, err := Writer{Limits: rd.Limits}.Marshal(games[0])
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(text), "("); got != n {
			t.Errorf("written back with %d '(', want %d", got, n)
		}
		back := NewReader(strings.NewReader(string(text)))
		back.MaxDepth = n
		if g, err := back.Next(); err != nil || g.Game().Plies() != 1 {
			t.Errorf("reading it again: %v", err)
		}
	})
}

// A token of a million characters (a move, a tag value, a NAG) is an error
// that quotes only its start.
func TestHostileHugeToken(t *testing.T) {
	const n = 1 << 20
	cases := []struct {
		name  string
		parts []any
		want  string
	}{
		{"move", []any{"1. ", &repeat{s: "c", n: n}, " *\n", nextGame}, "token longer than 4096 bytes"},
		{"tag value", []any{"[Event \"", &repeat{s: "e", n: n}, "\"]\n1. c3-d4 *\n", nextGame}, "tag value longer than 4096 bytes"},
		{"NAG", []any{"1. c3-d4 $", &repeat{s: "1", n: n}, " *\n", nextGame}, "token longer than 4096 bytes"},
		{"tag name", []any{"[", &repeat{s: "E", n: n}, " \"x\"]\n1. c3-d4 *\n", nextGame}, "token longer than 4096 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, errs, took, alloc := readHostile(t, NewReader(input(c.parts...)))
			t.Logf("%v, %.1f MiB allocated", took, float64(alloc)/(1<<20))
			checkBadThenNext(t, games, errs, c.want)
			if alloc > 8<<20 {
				t.Errorf("reading allocated %d bytes, want at most 8 MiB", alloc)
			}
		})
	}
}

// A file of 100,000 games (every 1000th broken) is read one game at a time:
// the heap stays small however many games have gone by.
func TestHostileManyGames(t *testing.T) {
	const n = 100000
	pr, pw := io.Pipe()
	go func() {
		for i := 1; i <= n; i++ {
			move := "b6-a5"
			if i%1000 == 0 {
				move = "b6-b5" // a light square: broken
			}
			fmt.Fprintf(pw, "[Event \"game %d\"]\n[Round \"%d\"]\n\n1. c3-d4 %s 2. d4-c5 *\n\n", i, i, move)
		}
		pw.Close()
	}()
	rd := NewReader(pr)
	start := time.Now()
	var good, bad int
	var peak uint64
	var ms runtime.MemStats
	for i := 1; ; i++ {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		var ge *GameError
		switch {
		case errors.As(err, &ge):
			bad++
			if ge.Game != i || ge.Move != "1..." {
				t.Fatalf("game %d: error %v", i, err)
			}
		case err != nil:
			t.Fatal(err)
		case g.Game().Plies() != 3 || g.Tag("Round") != fmt.Sprint(i):
			t.Fatalf("game %d: %d plies, round %q", i, g.Game().Plies(), g.Tag("Round"))
		default:
			good++
		}
		if i%5000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	took := time.Since(start)
	t.Logf("%d games (%d broken) in %v, %.1f µs a game; heap at most %.1f MiB", good+bad, bad, took,
		float64(took.Microseconds())/n, float64(peak)/(1<<20))
	if good != n-n/1000 || bad != n/1000 {
		t.Errorf("%d good and %d bad games, want %d and %d", good, bad, n-n/1000, n/1000)
	}
	if peak > 32<<20 {
		t.Errorf("heap reached %d bytes, want at most 32 MiB", peak)
	}
}
