package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/bashni-dev/bashni/pdn"
)

var matchSummaryRE = regexp.MustCompile(`^A=depth=2 vs B=random: \+(\d+) =(\d+) -(\d+), score [\d.]+%, Elo A-B .*, \S+$`)

// A short match is played again move for move: same flags, same games.
func TestMatchIsReproducible(t *testing.T) {
	run := func() string {
		var out bytes.Buffer
		cfg := matchConfig{variant: bashni.Lasca(), games: 4, opening: 2, seed: 7, threads: 2, maxPlies: 200, hashMB: 1, verbose: true, out: &out}
		openings, err := matchOpenings(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := playMatch(context.Background(), cfg, [2]playerSpec{{Kind: kindEngine, Limits: engine.Limits{Depth: 2}}, {Kind: kindRandom}}, openings); err != nil {
			t.Fatal(err)
		}
		// Drop the elapsed time; keep games in order (threads finish in any order).
		ls := lines(out.String())
		last := ls[len(ls)-1]
		if !matchSummaryRE.MatchString(last) {
			t.Errorf("summary %q", last)
		}
		games := ls[1 : len(ls)-1]
		sort.Strings(games)
		return strings.Join(games, "\n") + "\n" + last[:strings.LastIndex(last, ",")]
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two runs differ:\n%s\n---\n%s", a, b)
	}
}

func TestMatchCommand(t *testing.T) {
	out := lines(mustCLI(t, "match", "-variant", "lasca", "-games", "2", "-opening", "1", "depth=1", "random"))
	if len(out) != 2 || !strings.HasPrefix(out[1], "A=depth=1 vs B=random: +") {
		t.Errorf("output:\n%s", strings.Join(out, "\n"))
	}
	out = lines(mustCLI(t, "match", "-games", "2", "-opening", "0", "-maxplies", "2", "depth=1", "random"))
	if want := "A=depth=1 vs B=random: +0 =2 -0, score 50.0% (2 drawn at the 2-ply cap), Elo A-B 0 (95%: 0 to 0), "; !strings.HasPrefix(out[1], want) {
		t.Errorf("capped games: %q, want it to start %q", out[1], want)
	}
	out = lines(mustCLI(t, "match", "-variant", "lasca", "-games", "2", "-ladder", "1-2"))
	if last := out[len(out)-1]; !strings.HasPrefix(last, "| depth=2 | +") {
		t.Errorf("ladder table ends with %q", last)
	}
	// Two moves a side on 5 s clocks: only a stall of seconds could lose
	// one on time.
	out = lines(mustCLI(t, "match", "-games", "2", "-tc", "5s+100ms", "-maxplies", "8", "engine", "threads=2"))
	if !strings.HasSuffix(out[0], ", clock 5s+100ms") || !strings.HasPrefix(out[1], "A=engine vs B=threads=2: +") || strings.Contains(out[1], "on time") {
		t.Errorf("a match under a clock:\n%s", strings.Join(out, "\n"))
	}
	for _, args := range [][]string{{"depth=1"}, {"-games", "0", "random", "random"}, {"-ladder", "3-2"}, {"random", "bogus"},
		{"engine", "random"}, {"-tc", "1x", "engine", "random"}, {"-ladder", "engine depth=1"},
		{"-balanced", "-1", "random", "random"}, {"-balanced", "0.555", "random", "random"}, {"-balanced", "1e2", "random", "random"},
		{"-balanced", ".5", "random", "random"}, {"-balanced", "100", "random", "random"}, {"-balanced", "0.5", "-balanced-depth", "0", "random", "random"},
		{"-balanced", "0.5", "-balanced-depth", "21", "random", "random"}, {"-balanced", "0.5", "-opening", "0", "random", "random"}} {
		if _, _, status := cli(t, append([]string{"match"}, args...)...); status != 1 {
			t.Errorf("match %q: status %d, want 1", args, status)
		}
	}
}

// -balanced: the header says what openings were kept, and each game
// starts with the pair's balanced opening, which BalancedOpening finds
// again.
func TestMatchBalancedOpenings(t *testing.T) {
	name := filepath.Join(t.TempDir(), "games.pdn")
	out := lines(mustCLI(t, "match", "-variant", "russian-draughts", "-games", "4", "-balanced", "0.3", "-balanced-depth", "6", "-maxplies", "6", "-pdn", name, "depth=1", "random"))
	if want := "match russian-draughts: A=depth=1 vs B=random, 4 games (openings of 4 random plies within 0.30 of level at depth 6, each played with both colours), seed 1"; out[0] != want {
		t.Errorf("header %q, want %q", out[0], want)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pdn.NewReader(f)
	start := bashni.RussianDraughts().MustStart()
	e := engine.MustNew(engine.Options{HashMB: 1})
	for i := range 4 {
		g, err := r.Next()
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		want, _, err := match.BalancedOpening(context.Background(), e, &start, 4, 1, i/2, match.Balance{Margin: 30, Depth: 6})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Game().Moves()[:4]; !slices.Equal(got, want) {
			t.Errorf("game %d opens %v, want %v", i+1, got, want)
		}
	}
}

func TestParseMen(t *testing.T) {
	for in, want := range map[string]engine.Score{"0": 0, "0.5": 50, "0.05": 5, "1": 100, "1.25": 125, "99.99": 9999} {
		if got, err := parseMen(in); err != nil || got != want {
			t.Errorf("parseMen(%q) = %v, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", ".", "1.", ".5", "-1", "+1", "0.555", "1e2", "100", "0x1", " 1", "1,5", "0.-5"} {
		if got, err := parseMen(in); err == nil {
			t.Errorf("parseMen(%q) = %v, want an error", in, got)
		}
	}
}

func TestMatchWritesPDN(t *testing.T) {
	name := filepath.Join(t.TempDir(), "match.pdn")
	mustCLI(t, "match", "-variant", "lasca", "-games", "2", "-opening", "2", "-pdn", name, "depth=1", "greedy")
	games := readPDNFile(t, name, 2)
	if games[0].Tag("White") != "A depth=1" || games[1].Tag("White") != "B greedy" {
		t.Errorf("white players %q and %q, want A first then B", games[0].Tag("White"), games[1].Tag("White"))
	}
}

// readPDNFile returns the games of the PDN file at path, which must hold n.
func readPDNFile(t *testing.T, path string, n int) []*pdn.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pdn.ReadAll(f)
	if err != nil || len(games) != n {
		t.Fatalf("%s: %d games, want %d: %v", path, len(games), n, err)
	}
	return games
}

// A player with book= plays the book's best moves where it has them (a
// margin of 0) and searches elsewhere; a book of another ruleset, or none,
// is an error before any game.
func TestMatchPlayerWithBook(t *testing.T) {
	const bookFile = "../../book/testdata/russian.book"
	b, err := book.ReadFile(bookFile, book.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "match.pdn")
	mustCLI(t, "match", "-games", "2", "-opening", "0", "-maxplies", "8", "-pdn", name, "depth=1,book="+bookFile, "depth=1")
	games := readPDNFile(t, name, 2)
	booked, differs := 0, 0
	for i, pg := range games {
		g := pg.Game()
		positions, moves := g.Positions(), g.Moves()
		for ply, m := range moves {
			pos := &positions[ply]
			if ply%2 != i || len(b.Lookup(pos)) == 0 { // A is White in game 0, Black in game 1
				continue
			}
			booked++
			best := b.Candidates(pos, 0)
			if !slices.ContainsFunc(best, func(e book.Entry) bool { return e.Move == m }) {
				t.Errorf("game %d, ply %d: A played %v, not one of the book's best %v", i, ply, m, best)
			}
			r, err := engine.MustNew(engine.Options{HashMB: 1}).Search(context.Background(), pos, engine.Limits{Depth: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(best, func(e book.Entry) bool { return e.Move == r.Move }) {
				differs++
			}
		}
	}
	// Without a position where the book and a search of depth 1 choose
	// apart, the test could not tell a player that ignores its book.
	if booked == 0 || differs == 0 {
		t.Fatalf("A was in its book %d times, %d of them where depth 1 chooses otherwise: need both", booked, differs)
	}
	for _, args := range [][]string{
		{"-variant", "lasca", "depth=1,book=" + bookFile, "random"},
		{"depth=1,book=" + filepath.Join(t.TempDir(), "none.book"), "random"},
		{"-ladder", "random depth=1,book=" + filepath.Join(t.TempDir(), "none.book")},
	} {
		_, stderr, status := cli(t, append([]string{"match", "-games", "2"}, args...)...)
		if status != 1 || !strings.Contains(stderr, "book") {
			t.Errorf("match %q: status %d, stderr %q; want 1 and an error about the book", args, status, stderr)
		}
	}
}

// The first failure of an external player ends the match (issue 26, item
// 11: each of the remaining games started the program again, 100 times
// for -games 100): the program, which counts its starts and fails, is
// started once, and the error names the game and A's colour in it.
func TestMatchEndsAtFirstFailure(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "engine.sh")
	starts := filepath.Join(dir, "starts")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho started >> "+starts+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, errOut, status := cli(t, "match", "-games", "100", "depth=2,cmd="+script, "random")
	b, _ := os.ReadFile(starts)
	if n := strings.Count(string(b), "started"); status != 1 || n != 1 || !strings.HasPrefix(errOut, "bashni match: game 1 (A white): ") {
		t.Errorf("status %d, %d starts of the program, stderr %q; want status 1, one start and game 1's error", status, n, errOut)
	}
}

// A negative -maxplies is an error, not a game without a cap.
func TestNegativeMaxPlies(t *testing.T) {
	for _, args := range [][]string{
		{"match", "-games", "2", "-maxplies", "-1", "greedy", "random"},
		{"selfplay", "-games", "1", "-depth", "1", "-maxplies", "-1"},
	} {
		out, errOut, status := cli(t, args...)
		if status != 1 || out != "" || !strings.Contains(errOut, "-maxplies -1") {
			t.Errorf("bashni %q: status %d, stdout %q, stderr %q", args, status, out, errOut)
		}
	}
}

// Errors are one line each (COMMAND.md: "An error is one line on standard
// error, `bashni <subcommand>: <what is wrong>`"), and the count of bad
// games is said even when a file could not be read.
