package eval

import (
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgen"
	"pgregory.net/rapid"
)

// weightsGen draws weights with every term different, so that a term
// counted in place of another shows.
func weightsGen() *rapid.Generator[Weights] {
	return rapid.Custom(func(t *rapid.T) Weights {
		var w Weights
		for _, p := range w.Params() {
			*p.Ptr = rapid.IntRange(-1000, 1000).Draw(t, p.Name)
		}
		w.ManyTowers = rapid.IntRange(0, 24).Draw(t, "manyTowers")
		return w
	})
}

// dot returns the evaluation Features implies: each term times its weight,
// for the side to move.
func dot(e *Evaluator, pos bashni.Position) int {
	f := e.Features(&pos)
	sum := 0
	for i, p := range e.w.Params() {
		sum += f[i] * *p.Ptr
	}
	if e.w.Patterns != nil {
		sum += patternDot(e.w.Patterns, e.v, &pos)
	}
	if pos.Turn() == bashni.Black {
		sum = -sum
	}
	return sum
}

// The evaluation on bitboards is the weighted sum of the terms the
// square-by-square Features counts, on positions of random games of any
// ruleset (towers, prisoners, kings, flying or not), with the hand-set, the
// fitted and random weights. So the weights a fit finds for the features
// are the weights the engine plays with.
func TestEvaluateIsTheSumOfFeatures(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := testgen.Variant().Draw(t, "variant")
		w := rapid.SampledFrom([]Weights{Hand(v), For(v)}).Draw(t, "weights")
		if rapid.Bool().Draw(t, "random weights") {
			w = weightsGen().Draw(t, "random")
		}
		// The network is no sum of terms: TestNetworkIntegerSums holds it.
		w.Network = nil
		pos := testgen.Playout(v, 150).Draw(t, "pos")
		e := New(v, w)
		if got, want := e.Evaluate(&pos), dot(e, pos); got != want {
			t.Fatalf("%s (%s): Evaluate = %v, the sum of the features %v", pos.FEN(), v, got, want)
		}
	})
}

// Params names every fitted weight once, in the order of Features.
func TestParams(t *testing.T) {
	var w Weights
	ps := w.Params()
	if len(ps) != NumParams {
		t.Fatalf("%d params, NumParams %d", len(ps), NumParams)
	}
	seen := map[*int]bool{}
	names := map[string]bool{}
	for _, p := range ps {
		if seen[p.Ptr] || names[p.Name] {
			t.Errorf("%s listed twice", p.Name)
		}
		seen[p.Ptr], names[p.Name] = true, true
	}
}

// The presets the engine ships fitted weights for have them, and they are
// not the hand-set ones.
func TestFittedWeightsLoad(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca()} {
		w, err := Fitted(v.String())
		if err != nil {
			t.Fatal(err)
		}
		played := For(v)
		played.Patterns, played.Network = nil, nil
		if w == Hand(v) || played != w || w.ManyTowers != hand.ManyTowers {
			t.Errorf("%s: the fitted weights are not in use, or are the hand-set ones", v)
		}
	}
	// russian and international add their own pattern weights
	// (weights/towers/NAME.patterns, towers-2x2-phased for 8x8); lasca
	// its network (weights/lasca.network) in place of its towers-2x2
	// ones, as do the rulesets of 7x7 boards with towers, which play
	// lasca's weights.
	for _, c := range []struct {
		v bashni.Variant
		l PatternLayout
	}{
		{bashni.Russian(), TowersPhasedLayout},
		{bashni.International(), TowersPhasedLayout},
	} {
		if p := For(c.v).Patterns; p == nil || p.Layout != c.l || p.Size != c.v.Size {
			t.Errorf("%s: want its %s pattern weights for %dx%d", c.v, c.l.Name, c.v.Size, c.v.Size)
		}
	}
	la, err := FittedNetwork("lasca")
	if err != nil {
		t.Fatal(err)
	}
	if p, err := FittedPatterns("lasca"); err != nil || p.Layout != TowersLayout || p.Size != 7 {
		t.Errorf("lasca's pattern weights: %v, want towers-2x2 for 7x7 (kept for fits over them)", err)
	}
	for _, v := range []bashni.Variant{bashni.Lasca(), bashni.LudiiLasca()} {
		if w := For(v); !w.Network.Equal(la) || w.Patterns != nil {
			t.Errorf("%s: want lasca's network and no pattern weights", v)
		}
	}
	if _, err := Fitted("chess"); err == nil {
		t.Error("weights for chess: no error")
	}
	// The classic presets play the hand-set weights, and each adds its
	// own network (weights/NAME.network) and no pattern weights: the
	// network replaced them.
	nets := map[string]*Network{}
	for _, name := range []string{"russian-draughts", "brazilian-draughts"} {
		n, err := FittedNetwork(name)
		if err != nil {
			t.Fatal(err)
		}
		nets[name] = n
	}
	if nets["russian-draughts"].Equal(nets["brazilian-draughts"]) {
		t.Error("brazilian-draughts' network is russian-draughts'")
	}
	for _, v := range []bashni.Variant{bashni.RussianDraughts(), bashni.BrazilianDraughts()} {
		w := For(v)
		if n := w.Network; n == nil || !n.Equal(nets[v.Name()]) {
			t.Errorf("%s: want its own network", v)
		}
		if w.Patterns != nil {
			t.Errorf("%s: pattern weights beside the network", v)
		}
		w.Network = nil
		if w != Hand(v) {
			t.Errorf("%s: classic draughts should keep the hand-set weights under the network", v)
		}
	}
}
