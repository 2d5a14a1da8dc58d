package main

import (
	"bytes"
	"context"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
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

// RULES.md section 9 as the referee applies it.
func TestReferee(t *testing.T) {
	play := func(ref *referee, pos bashni.Position, texts ...string) (bashni.Position, string) {
		t.Helper()
		var reason string
		for _, text := range texts {
			m, err := pos.ParseMove(text)
			if err != nil {
				t.Fatal(err)
			}
			after := pos.PlayUnchecked(m)
			_, reason = ref.play(pos, m, after)
			pos = after
		}
		return pos, reason
	}
	t.Run("no legal move loses", func(t *testing.T) {
		pos, err := bashni.ParseFEN(bashni.Russian, "W:Wa5,c5:Ba7")
		if err != nil {
			t.Fatal(err)
		}
		ref := newReferee(pos, 0)
		m, _ := pos.ParseMove("a5-b6")
		if result, reason := ref.play(pos, m, pos.PlayUnchecked(m)); result != "1-0" || reason != "black has no legal move" {
			t.Errorf("got %q (%s)", result, reason)
		}
	})
	t.Run("third repetition draws", func(t *testing.T) {
		pos, err := bashni.ParseFEN(bashni.Russian, "W:WKc1:BKh8,Kg1")
		if err != nil {
			t.Fatal(err)
		}
		ref := newReferee(pos, 0)
		cycle := []string{"c1-d2", "h8-g7", "d2-c1", "g7-h8"}
		pos, reason := play(ref, pos, cycle...)
		if reason != "" {
			t.Fatalf("second occurrence: %q, want the game to go on", reason)
		}
		if _, reason = play(ref, pos, cycle...); reason != "repetition (3 times)" {
			t.Errorf("third occurrence: %q", reason)
		}
	})
	t.Run("kings only", func(t *testing.T) {
		v := bashni.Russian
		v.KingsOnlyPlies = 3
		pos, err := bashni.ParseFEN(v, "W:WKc1:BKh8,Kg1")
		if err != nil {
			t.Fatal(err)
		}
		if _, reason := play(newReferee(pos, 0), pos, "c1-d2", "h8-g7", "d2-e3"); reason != "3 plies without a man move or capture" {
			t.Errorf("got %q", reason)
		}
	})
	t.Run("move limit", func(t *testing.T) {
		pos := bashni.Russian.MustStart()
		if _, reason := play(newReferee(pos, 2), pos, "c3-d4", "f6-g5"); reason != "adjudicated a draw after 2 plies" {
			t.Errorf("got %q", reason)
		}
	})
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
	out = lines(mustCLI(t, "match", "-variant", "lasca", "-games", "2", "-ladder", "1-2"))
	if last := out[len(out)-1]; !strings.HasPrefix(last, "| 2 | +") {
		t.Errorf("ladder table ends with %q", last)
	}
	for _, args := range [][]string{{"depth=1"}, {"-games", "0", "random", "random"}, {"-ladder", "3-2"}, {"random", "bogus"}} {
		if _, _, status := cli(t, append([]string{"match"}, args...)...); status != 1 {
			t.Errorf("match %q: status %d, want 1", args, status)
		}
	}
}
