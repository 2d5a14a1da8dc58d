package main

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/pdn"
	"github.com/google/go-cmp/cmp"
)

func TestTallyElo(t *testing.T) {
	tests := []struct {
		t   tally
		est float64
	}{
		{tally{1, 0, 1}, 0},
		{tally{75, 0, 25}, 190.8},
		{tally{50, 50, 0}, 190.8},
		{tally{10, 20, 30}, -120.4},
	}
	for _, tc := range tests {
		est, lo, hi := tc.t.elo()
		if math.Abs(est-tc.est) > 0.1 {
			t.Errorf("%v: Elo %.1f, want %.1f", tc.t, est, tc.est)
		}
		if !(lo < est && est < hi) {
			t.Errorf("%v: interval %.1f..%.1f does not hold the estimate %.1f", tc.t, lo, hi, est)
		}
	}
	// 100 wins out of 100: the score is at least 0.05^(1/100) = 97.0% with
	// 95% confidence, which is +607 Elo.
	est, lo, _ := tally{100, 0, 0}.elo()
	if !math.IsInf(est, 1) || math.Abs(lo-607) > 1 {
		t.Errorf("100-0: Elo %v, lower bound %.1f; want +inf and about +607", est, lo)
	}
	if got := formatElo(tally{100, 0, 0}.elo()); got != "+inf (95%: > +607)" {
		t.Errorf("formatElo of 100-0: %q", got)
	}
}

func TestParseLadder(t *testing.T) {
	tests := map[string][]string{
		"1-3":               {"depth=1", "depth=2", "depth=3"},
		"random greedy 2-3": {"random", "greedy", "depth=2", "depth=3"},
		"4 nodes=500 6":     {"depth=4", "nodes=500", "depth=6"},
	}
	for text, want := range tests {
		rungs, err := parseLadder(text)
		if err != nil {
			t.Errorf("parseLadder(%q): %v", text, err)
			continue
		}
		var got []string
		for _, r := range rungs {
			got = append(got, r.String())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("parseLadder(%q) (-want +got):\n%s", text, diff)
		}
	}
	for _, text := range []string{"", "3", "3-2", "random bogus", "0-2"} {
		if _, err := parseLadder(text); err == nil {
			t.Errorf("parseLadder(%q): no error", text)
		}
	}
}

func TestParsePlayer(t *testing.T) {
	for _, text := range []string{"random", "greedy", "depth=6", "nodes=1000", "time=1s", "depth=8,time=500ms"} {
		ps, err := parsePlayer(text)
		if err != nil {
			t.Errorf("parsePlayer(%q): %v", text, err)
			continue
		}
		if ps.String() != text {
			t.Errorf("parsePlayer(%q).String() = %q", text, ps)
		}
	}
	for _, text := range []string{"", "strong", "depth=0", "depth=x", "time=-1s", "speed=3", "depth"} {
		if _, err := parsePlayer(text); err == nil {
			t.Errorf("parsePlayer(%q): no error", text)
		}
	}
}

// Games end by the rules, or by adjudication at the ply cap.
func TestPlayGameEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	players := [2]player{randomPlayer{rng}, randomPlayer{rng}}
	start := bashni.Russian.MustStart()
	g, err := playGame(context.Background(), start, nil, players, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g.result() != "1/2-1/2" || g.reason() != "adjudicated a draw after 2 plies" || g.game.Plies() != 2 {
		t.Errorf("ply cap 2: %s (%s) after %d plies", g.result(), g.reason(), g.game.Plies())
	}
	// White's move a5-b6 shuts in Black's only man: the opening ends the game.
	start, err = bashni.ParseFEN(bashni.Russian, "W:Wa5,c5:Ba7")
	if err != nil {
		t.Fatal(err)
	}
	m, err := start.ParseMove("a5-b6")
	if err != nil {
		t.Fatal(err)
	}
	g, err = playGame(context.Background(), start, []bashni.Move{m}, players, 0)
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := g.winner(); !ok || w != bashni.White || g.result() != "1-0" {
		t.Errorf("blockade: %s (%s)", g.result(), g.reason())
	}
}

var matchSummaryRE = regexp.MustCompile(`^A=depth=2 vs B=random: \+(\d+) =(\d+) -(\d+), score [\d.]+%, Elo A-B .*, \S+$`)

// A short match is played again move for move: same flags, same games.
func TestMatchIsReproducible(t *testing.T) {
	run := func() string {
		var out bytes.Buffer
		cfg := matchConfig{variant: bashni.Lasca, games: 4, opening: 2, seed: 7, threads: 2, maxPlies: 200, hashMB: 1, verbose: true, out: &out}
		if _, err := playMatch(context.Background(), cfg, [2]playerSpec{{kind: "engine", limits: engine.Limits{Depth: 2}}, {kind: "random"}}); err != nil {
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
	for _, args := range [][]string{{"depth=1"}, {"-games", "0", "random", "random"}, {"-ladder", "3-2"}, {"random", "bogus"}} {
		if _, _, status := cli(t, append([]string{"match"}, args...)...); status != 1 {
			t.Errorf("match %q: status %d, want 1", args, status)
		}
	}
}

func TestMatchWritesPDN(t *testing.T) {
	name := filepath.Join(t.TempDir(), "match.pdn")
	mustCLI(t, "match", "-variant", "lasca", "-games", "2", "-opening", "2", "-pdn", name, "depth=1", "greedy")
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pdn.ReadAll(f)
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[0].Tag("White") != "A depth=1" || games[1].Tag("White") != "B greedy" {
		t.Errorf("white players %q and %q, want A first then B", games[0].Tag("White"), games[1].Tag("White"))
	}
}
