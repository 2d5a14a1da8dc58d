package tune

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/eval"
)

// Generate writes the same positions whatever the number of workers, and
// ReadSamples reads back what it wrote: every position quiet and legal.
func TestGenerateIsReproducible(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.Lasca()} {
		cfg := GenConfig{Variant: v, Games: 6, Seed: 3, Opening: 4, Depth: 2, MaxPlies: 120, Workers: 1}
		var one, three bytes.Buffer
		n, err := Generate(context.Background(), cfg, &one)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Workers = 3
		if _, err := Generate(context.Background(), cfg, &three); err != nil {
			t.Fatal(err)
		}
		if one.String() != three.String() {
			t.Fatalf("%s: one worker and three wrote different positions", v)
		}
		samples, positions, err := ReadSamples(v, strings.NewReader(one.String()))
		if err != nil {
			t.Fatal(err)
		}
		if len(samples) != n || n == 0 {
			t.Fatalf("%s: wrote %d positions, read %d", v, n, len(samples))
		}
		games := map[int]bool{}
		for i, p := range positions {
			if ms := p.LegalMoves(); len(ms) == 0 || ms[0].IsCapture() {
				t.Errorf("%s: sample %d (%s) is not a quiet position with moves", v, i, samples[i].FEN)
			}
			if r := samples[i].Result; r != 0 && r != 0.5 && r != 1 {
				t.Errorf("sample %d: result %v", i, r)
			}
			games[samples[i].Game] = true
		}
		if len(games) < 2 {
			t.Errorf("%s: positions of %d games, want several", v, len(games))
		}
	}
}

// Bad lines are errors that say which line and what is wrong.
func TestReadSamplesErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"0 1 5\n", "line 1: want \"game ply result score ruleset FEN\""},
		{"0 7 1 5 lasca W:Wa1:Bg7\n", "line 1: ruleset \"lasca\": the positions are read as russian"},
		{"0 7 1 5 chess W:Wa1:Bh8\n", "line 1: ruleset \"chess\""},
		{"0 -7 1 5 russian W:Wa1:Bh8\n", "line 1: ply \"-7\""},
		{"0 7 1 5 russian W:Wa1:Bh8\n0 8 0.3 5 russian W:Wa1:Bh8\n", "line 2: result \"0.3\""},
		{"0 1 5 W:Wa1:Bh8\n0 2 5 W:Wa1:Bh8\n", "line 2: result \"2\""},
		{"x 1 5 W:Wa1:Bh8\n", "line 1: game \"x\""},
		{"0 1 y W:Wa1:Bh8\n", "line 1: score \"y\""},
		{"0 1 5 W:Wz9:Bh8\n", "line 1:"},
		{"0 1 5 W:Wa1:Bh8\n" + strings.Repeat("x", 1<<20) + "\n", "line 2: bufio.Scanner: token too long"},
	} {
		_, _, err := ReadSamples(bashni.Russian(), strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.80q: error %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

// A fit lowers the loss on the positions it fits, and keeps ManyTowers.
func TestFitLowersTheLoss(t *testing.T) {
	v := bashni.Russian()
	samples, positions := russianSamples(t, 40)
	start := eval.Hand(v)
	res, err := Fit(v, start, samples, positions, FitConfig{Params: "all", Lambda: 1, Iterations: 50, Step: 2, HoldOut: 5})
	if err != nil {
		t.Fatal(err)
	}
	checkFit(t, res.TrainStart, res.TrainLoss, res.Train, res.HeldOut, res.Repeated, len(samples))
	if res.Weights.ManyTowers != start.ManyTowers || res.Weights == start {
		t.Errorf("ManyTowers %d (want %d), weights changed: %v", res.Weights.ManyTowers, start.ManyTowers, res.Weights != start)
	}
	// With the results alone as labels, the loss against the results is
	// the held-out loss; with the search's scores blended in, the labels
	// and so the two losses differ, and the results' stays comparable.
	if res.HeldOutResult != res.HeldOutLoss || res.HeldOutResultStart != res.HeldOutStart {
		t.Errorf("lambda 1: loss against the results %v -> %v, held-out loss %v -> %v", res.HeldOutResultStart, res.HeldOutResult, res.HeldOutStart, res.HeldOutLoss)
	}
	blend, err := Fit(v, start, samples, positions, FitConfig{Params: "all", Lambda: 0.5, Iterations: 50, Step: 2, HoldOut: 5})
	if err != nil {
		t.Fatal(err)
	}
	if blend.HeldOutResultStart != res.HeldOutResultStart || blend.HeldOutLoss == blend.HeldOutResult {
		t.Errorf("lambda 0.5: loss against the results from %v (lambda 1: %v), held-out loss %v, against the results %v",
			blend.HeldOutResultStart, res.HeldOutResultStart, blend.HeldOutLoss, blend.HeldOutResult)
	}
}

// Fitting the pattern weights alone (on the sample in testdata, with the
// hand-set weights under them) lowers the training loss, changes no other
// weight and gives weights of the ruleset's layout; fitting them with the
// others in a tower game lowers it too.
func TestFitPatternsLowersTheLoss(t *testing.T) {
	for _, c := range []struct {
		v      bashni.Variant
		params string
	}{{bashni.RussianDraughts(), "patterns"}, {bashni.Russian(), "all+patterns"}} {
		samples, positions := testdataSamples(t, c.v)
		start := eval.Hand(c.v)
		res, err := Fit(c.v, start, samples, positions, FitConfig{Params: c.params, Lambda: 0.5, Iterations: 30, Step: 2, HoldOut: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !(res.TrainLoss < res.TrainStart) {
			t.Errorf("%s: training loss %v -> %v: not lower", c.v, res.TrainStart, res.TrainLoss)
		}
		p := res.Weights.Patterns
		if p == nil || p.Layout != eval.LayoutFor(c.v) || p.Size != c.v.Size {
			t.Fatalf("%s: pattern weights %+v", c.v, p)
		}
		nonzero := 0
		for _, x := range p.W {
			if x != 0 {
				nonzero++
			}
		}
		if nonzero == 0 {
			t.Errorf("%s: every pattern weight is 0", c.v)
		}
		base := res.Weights
		base.Patterns = nil
		if same := base == start; same != (c.params == "patterns") {
			t.Errorf("%s: fitting %s, the other weights unchanged: %v", c.v, c.params, same)
		}
	}
	if _, err := Fit(bashni.Russian(), eval.Hand(bashni.Russian()), make([]Sample, 1), make([]bashni.Position, 1), FitConfig{Params: "most"}); err == nil || !strings.Contains(err.Error(), `params "most"`) {
		t.Errorf("params \"most\": error %v", err)
	}
}

// PatternMin zeroes the fitted pattern weights below it in magnitude and
// leaves the others as the fit without it made them.
func TestFitPatternMin(t *testing.T) {
	v := bashni.RussianDraughts()
	samples, positions := testdataSamples(t, v)
	cfg := FitConfig{Params: "patterns", Lambda: 0.5, Iterations: 30, Step: 2, HoldOut: 2}
	all, err := Fit(v, eval.Hand(v), samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.PatternMin = 3
	cut, err := Fit(v, eval.Hand(v), samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	small, kept := 0, 0
	for i, x := range all.Weights.Patterns.W {
		want := x
		if x > -3 && x < 3 {
			want = 0
			if x != 0 {
				small++
			}
		} else {
			kept++
		}
		if got := cut.Weights.Patterns.W[i]; got != want {
			t.Fatalf("weight %d: %d with -pattern-min 3, want %d (%d without)", i, got, want, x)
		}
	}
	if small == 0 || kept == 0 {
		t.Errorf("%d weights below 3 cut, %d kept: want some of each", small, kept)
	}
}

// The samples in testdata (docs/FORMATS.md, "Training positions"), written
// by "bashni-tune gen -variant V -games 2 -depth 4" (russian-draughts:
// -games 6, so that a held-out game is left with some of each result), read back as the format
// says: every position quiet and legal in its ruleset, plies rising within a
// game, one result a game.
func TestSampleFiles(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.Lasca(), bashni.RussianDraughts()} {
		samples, positions := testdataSamples(t, v)
		if len(samples) < 20 {
			t.Fatalf("%s: %d samples", v, len(samples))
		}
		last := map[int]Sample{}
		for i, s := range samples {
			if ms := positions[i].LegalMoves(); len(ms) == 0 || ms[0].IsCapture() {
				t.Errorf("%s line %d: %s is not quiet with moves", v, i+1, s.FEN)
			}
			if prev, ok := last[s.Game]; ok && (s.Ply <= prev.Ply || s.Result != prev.Result) {
				t.Errorf("%s line %d: game %d ply %d result %v after ply %d result %v", v, i+1, s.Game, s.Ply, s.Result, prev.Ply, prev.Result)
			}
			if s.Ply < 6 {
				t.Errorf("%s line %d: ply %d inside the 6-ply opening", v, i+1, s.Ply)
			}
			last[s.Game] = s
		}
	}
}

// Every game opens with a position no earlier game opened with: lasca has
// 53 positions after 4 plies, so 53 games find theirs and a 54th cannot.
func TestOpeningsAreDistinct(t *testing.T) {
	start := bashni.Lasca().MustStart()
	cfg := GenConfig{Variant: bashni.Lasca(), Games: 53, Seed: 1, Opening: 4, Depth: 1, MaxPlies: 1}
	lines, err := Openings(&start, cfg)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for k, line := range lines {
		pos := start
		for _, m := range line {
			if !pos.IsLegal(m) {
				t.Fatalf("game %d: %v is not legal in %s", k, m, pos.FEN())
			}
			pos = pos.PlayUnchecked(m)
		}
		if j, ok := seen[pos.FEN()]; ok {
			t.Errorf("games %d and %d both open with %s", j, k, pos.FEN())
		}
		seen[pos.FEN()] = k
	}
	// The first game's opening is the first line of its random source,
	// so earlier files' first game is unchanged.
	first, _ := engine.RandomOpening(&start, 4, rand.New(rand.NewPCG(1, 0)))
	if got, want := fmt.Sprint(lines[0]), fmt.Sprint(first); got != want {
		t.Errorf("game 0's opening is %s, want %s", got, want)
	}
	cfg.Games = 54
	if _, err := Openings(&start, cfg); err == nil || !strings.Contains(err.Error(), "game 53: 1000 random openings of 4 plies all lead to positions of earlier games (53 found)") {
		t.Errorf("54 games of 4-ply openings in lasca: error %v", err)
	}
}

// A held-out game that repeats a training game is no test of the fit: its
// positions are left out of the held-out set and counted as repeated.
func TestFitLeavesOutRepeatedPositions(t *testing.T) {
	v := bashni.Russian()
	samples, positions := russianSamples(t, 10)
	fit := func(samples []Sample, positions []bashni.Position) FitResult {
		t.Helper()
		res, err := Fit(v, eval.Hand(v), samples, positions, FitConfig{Params: "base", Lambda: 1, Iterations: 1, HoldOut: 5})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	before := fit(samples, positions)
	// Game 10 is held out (10 % 5 == 0): make it a copy of game 1.
	var copied int
	for i, s := range samples[:len(samples):len(samples)] {
		if s.Game == 1 {
			s.Game = 10
			samples = append(samples, s)
			positions = append(positions, positions[i])
			copied++
		}
	}
	after := fit(samples, positions)
	if after.Repeated != before.Repeated+copied || after.HeldOut != before.HeldOut || after.Train != before.Train {
		t.Errorf("with game 1 copied as held-out game 10 (%d positions): %d training, %d held out, %d repeated; before %d, %d, %d",
			copied, after.Train, after.HeldOut, after.Repeated, before.Train, before.HeldOut, before.Repeated)
	}
}

// russianSamples generates the positions of the given number of games of
// russian at depth 2 from 6-ply openings, and reads them back.
func russianSamples(t *testing.T, games int) ([]Sample, []bashni.Position) {
	t.Helper()
	var buf bytes.Buffer
	cfg := GenConfig{Variant: bashni.Russian(), Games: games, Seed: 1, Opening: 6, Depth: 2, MaxPlies: 200, Workers: 2}
	if _, err := Generate(context.Background(), cfg, &buf); err != nil {
		t.Fatal(err)
	}
	samples, positions, err := ReadSamples(cfg.Variant, &buf)
	if err != nil {
		t.Fatal(err)
	}
	return samples, positions
}

// checkFit fails t unless a fit lowered the training loss (from start to
// loss) and split all the samples, holding some out.
func checkFit(t *testing.T, start, loss float64, train, heldOut, repeated, samples int) {
	t.Helper()
	if !(loss < start) {
		t.Errorf("training loss %v -> %v: not lower", start, loss)
	}
	if train+heldOut+repeated != samples || heldOut == 0 {
		t.Errorf("%d training + %d held out + %d repeated, of %d", train, heldOut, repeated, samples)
	}
}

// testdataSamples reads the samples of testdata/<v's name>.txt.
func testdataSamples(t *testing.T, v bashni.Variant) ([]Sample, []bashni.Position) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", v.Name()+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	samples, positions, err := ReadSamples(v, f)
	if err != nil {
		t.Fatalf("%s: %v", v, err)
	}
	return samples, positions
}

// Keep holds the weights it names, by name or by prefix, at their starting
// values while the fit moves the others; a name that is no weight's is an
// error.
func TestFitKeep(t *testing.T) {
	v := bashni.RussianDraughts()
	samples, positions := testdataSamples(t, v)
	start := eval.Hand(v)
	cfg := FitConfig{Params: "all", Lambda: 0.5, Iterations: 30, Step: 2, HoldOut: 2}
	free, err := Fit(v, start, samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Keep = []string{"man", "manMobility", "towers[0][0]*"}
	kept, err := Fit(v, start, samples, positions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	starting := start.Params()
	moved := map[string]bool{}
	for i, p := range free.Weights.Params() {
		moved[p.Name] = *p.Ptr != *starting[i].Ptr
	}
	if !moved["man"] || !moved["manMobility"] || !moved["towers[0][0][0][5]"] {
		t.Fatalf("without Keep, man, manMobility and an early man's square did not all move: %v %v %v", moved["man"], moved["manMobility"], moved["towers[0][0][0][5]"])
	}
	changed := 0
	for i, p := range kept.Weights.Params() {
		held := p.Name == "man" || p.Name == "manMobility" || strings.HasPrefix(p.Name, "towers[0][0]")
		if same := *p.Ptr == *starting[i].Ptr; held && !same {
			t.Errorf("%s: kept, but moved from %d to %d", p.Name, *starting[i].Ptr, *p.Ptr)
		} else if !same {
			changed++
		}
	}
	if changed == 0 {
		t.Error("with Keep, no other weight moved")
	}
	cfg.Keep = []string{"queen"}
	if _, err := Fit(v, start, samples, positions, cfg); err == nil || !strings.Contains(err.Error(), `keep "queen"`) {
		t.Errorf("keep queen: error %v", err)
	}
}

// FuzzReadSamples: no text makes ReadSamples panic; the samples it reads,
// written as Generate writes them, read back to the same samples and
// positions; an error says on which line.
func FuzzReadSamples(f *testing.F) {
	presets := []bashni.Variant{bashni.Russian(), bashni.Lasca(), bashni.RussianDraughts()}
	for i, name := range []string{"russian", "lasca", "russian-draughts"} {
		data, err := os.ReadFile("testdata/" + name + ".txt")
		if err != nil {
			f.Fatal(err)
		}
		// A few lines: whole files make each run, and the minimising of
		// each new input, slow.
		lines := strings.SplitAfter(string(data), "\n")
		f.Add(byte(i), strings.Join(lines[:min(3, len(lines))], ""))
	}
	f.Add(byte(0), "3 1 66 W:Wc3:Bd4\n")
	f.Add(byte(0), "3 4 0.5 -1 russian,repetitions=5 W:Wc3:Bd4\n")
	f.Fuzz(func(t *testing.T, preset byte, text string) {
		v := presets[int(preset)%len(presets)]
		samples, positions, err := ReadSamples(v, strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("ReadSamples(%q): the error %q does not say where", text, err)
			}
			return
		}
		if len(samples) != len(positions) {
			t.Fatalf("ReadSamples(%q): %d samples, %d positions", text, len(samples), len(positions))
		}
		var written strings.Builder
		for _, s := range samples {
			fmt.Fprintf(&written, "%d %d %g %d %s %s\n", s.Game, s.Ply, s.Result, s.Score, v, s.FEN)
		}
		back, backPositions, err := ReadSamples(v, strings.NewReader(written.String()))
		if err != nil || !slices.Equal(back, samples) || len(backPositions) != len(positions) {
			t.Fatalf("ReadSamples(%q) = %v, written %q, reads back as %v, %v", text, samples, written.String(), back, err)
		}
		for i := range positions {
			if !backPositions[i].Equal(&positions[i]) {
				t.Fatalf("ReadSamples(%q): position %d, %s, reads back as %s", text, i, positions[i].FEN(), backPositions[i].FEN())
			}
		}
	})
}
