package tune

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// FitConfig says how Fit fits.
type FitConfig struct {
	// Params says which weights change: "base" for the terms the hand-set
	// evaluation has (material, reserves, prisoners, advancement, mobility),
	// "all" for those and the tower table (eval.Weights.Towers),
	// "patterns" for the pattern weights (of Layout) alone, the others
	// staying as they start, and "all+patterns" for everything.
	Params string
	// Keep names weights that stay as they start although Params would
	// fit them: each entry a name of eval.Weights.Params ("king"), or a
	// prefix of names ending in "*" ("towers[1]*"). So the material of a
	// preset's hand-set weights can stay while the tables around it are
	// fitted: a fit to the results alone prices a king at about a man,
	// which misleads the search (docs/ENGINE.md, "The classic presets' own
	// weights").
	Keep []string
	// Layout is the pattern layout to fit: when its Name is empty, that of
	// the starting pattern weights, or eval.LayoutFor the ruleset if they
	// have none. Starting pattern weights of the same regions unphased
	// start both weights of a Phased layout (Patterns.Phased); those of
	// another layout are left out, and the fitted ones start from zero.
	Layout eval.PatternLayout
	// Lambda weighs the two labels of a position: the game's result
	// (Lambda 1) and the search's score through the same logistic function
	// (Lambda 0).
	Lambda float64
	// Iterations of gradient descent (Adam) over all training positions.
	Iterations int
	// Step is Adam's step size, in hundredths of a man.
	Step float64
	// L2 pulls the weights of all but the material terms (see material)
	// towards zero, in squared logits: a term that few positions show
	// keeps a small weight, and the material terms keep what a piece is
	// worth (the advancement and tower tables could take it over).
	L2 float64
	// PatternL2 is the same pull on the pattern weights: most patterns
	// are seen in few positions, and those keep weights near zero.
	PatternL2 float64
	// PatternMin: fitted pattern weights of a magnitude below PatternMin
	// (in hundredths of a man) are set to zero. Most weights of a fit are
	// a few hundredths, which change few evaluations and cost a weights
	// file bytes, and the JavaScript package its size; the losses Fit
	// reports are those of the weights so cut.
	PatternMin int
	// HoldOut: the positions of every HoldOut-th game are not fitted but
	// used to measure the loss on positions the fit has not seen.
	HoldOut int
	// Log, when set, receives a line of progress now and then.
	Log io.Writer
}

// FitResult is what Fit found.
type FitResult struct {
	Weights eval.Weights
	// K is the scale of the logistic function: the expected result of a
	// position whose evaluation is e (for White) is 1/(1+exp(-K*e)).
	K float64
	// Loss is the mean squared error between the results and their
	// prediction, on the training and on the held-out positions, with the
	// starting weights and with the fitted ones.
	TrainStart, TrainLoss, HeldOutStart, HeldOutLoss float64
	// HeldOutResultStart and HeldOutResult are the held-out loss against
	// the game results alone, whatever Lambda: the measure that compares
	// fits with different labels.
	HeldOutResultStart, HeldOutResult float64
	Train, HeldOut                    int // positions
	// Repeated counts the positions of held-out games left out of the
	// held-out set because they are training positions too (the same
	// position, side to move included, in a training game): a loss on them
	// would measure how well the fit remembers, not how it predicts.
	Repeated int
}

// example is a position as features: the nonzero terms, White's side
// (a pattern weight's index is NumParams on from its index in
// eval.Patterns.W), and their values: counts, and for a pattern weight +1
// or -1, or in a Phased layout that times its share of the mix.
type example struct {
	idx    []uint32
	val    []float32
	target float64 // the label, from 0 to 1
	result float64
}

func (x *example) eval(w []float64) float64 {
	s := 0.0
	for j, i := range x.idx {
		s += w[i] * float64(x.val[j])
	}
	return s
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// material names the terms that count pieces wherever they stand.
var material = map[string]bool{
	"man": true, "king": true, "reserveMan": true, "reserveKing": true, "deepOwn": true,
	"prisonerMan": true, "prisonerKing": true, "exposed": true,
}

// Fit fits the weights of ruleset v, starting from start, to the samples
// (with their positions) by the Texel method: it chooses the scale K under
// which the starting evaluation predicts the results best, then moves the
// weights by gradient descent to lower the mean squared error between the
// labels and 1/(1+exp(-K*eval)).
func Fit(v bashni.Variant, start eval.Weights, samples []Sample, positions []bashni.Position, cfg FitConfig) (FitResult, error) {
	if len(samples) == 0 || len(samples) != len(positions) {
		return FitResult{}, fmt.Errorf("fit: %d samples, %d positions", len(samples), len(positions))
	}
	if cfg.HoldOut < 2 {
		cfg.HoldOut = 10
	}
	fitBase, fitTowers, fitPatterns, err := whichParams(cfg.Params)
	if err != nil {
		return FitResult{}, err
	}
	kept, err := keptParams(&start, cfg.Keep)
	if err != nil {
		return FitResult{}, err
	}
	layout := cfg.Layout
	switch {
	case layout.Name != "":
	case start.Patterns != nil:
		layout = start.Patterns.Layout
	default:
		layout = eval.LayoutFor(v)
	}
	if layout.Towers != v.Stacking {
		return FitResult{}, fmt.Errorf("fit: pattern layout %s is for the other kind of ruleset (stacking %v), not %s", layout.Name, layout.Towers, v)
	}
	if start.Patterns != nil && start.Patterns.Layout != layout {
		if !fitPatterns {
			return FitResult{}, fmt.Errorf("fit: starting pattern weights of layout %s, not %s, and -params does not fit patterns", start.Patterns.Layout.Name, layout.Name)
		}
		start.Patterns = start.Patterns.Phased(layout) // nil unless layout phases start's
	}
	usePatterns := fitPatterns || start.Patterns != nil
	nw := eval.NumParams
	if usePatterns {
		nw += layout.Len(v.Size)
	}
	base := start
	base.Patterns = nil // Features counts the other terms
	ev := eval.New(v, base)
	xs := make([]example, len(samples))
	for i, s := range samples {
		f := ev.Features(&positions[i])
		x := &xs[i]
		for j, c := range f {
			if c != 0 {
				x.idx = append(x.idx, uint32(j))
				x.val = append(x.val, float32(c))
			}
		}
		if usePatterns {
			x.addPatterns(layout, v, &positions[i])
		}
		x.result = s.Result
		x.target = float64(s.Score) // turned into a probability once K is known
	}
	trainAt, heldAt, repeated := holdOut(samples, positions, cfg.HoldOut)
	train, held := pick(xs, trainAt), pick(xs, heldAt)
	if len(train) == 0 || len(held) == 0 {
		return FitResult{}, fmt.Errorf("fit: %d training and %d held-out positions: need more games", len(train), len(held))
	}
	w := make([]float64, nw)
	startW := start
	for i, p := range startW.Params() {
		w[i] = float64(*p.Ptr)
	}
	if start.Patterns != nil {
		for i, x := range start.Patterns.W {
			w[eval.NumParams+i] = float64(x)
		}
	}
	startW0 := append([]float64(nil), w...)
	k := fitK(train, w)
	for _, set := range [][]example{train, held} {
		for i := range set {
			set[i].target = cfg.Lambda*set[i].result + (1-cfg.Lambda)*sigmoid(k*set[i].target)
		}
	}
	res := FitResult{K: k, Train: len(train), HeldOut: len(held), Repeated: repeated}
	res.TrainStart, res.HeldOutStart = loss(train, w, k), loss(held, w, k)
	free := make([]bool, nw)
	l2 := make([]float64, nw)
	for i, p := range startW.Params() {
		tower := strings.HasPrefix(p.Name, "towers")
		// Material is what the other terms add to: they are pulled
		// towards zero, so that a man is worth about the same wherever
		// it stands and a term that few positions show stays small.
		if !material[p.Name] {
			l2[i] = cfg.L2
		}
		free[i] = fitBase && (fitTowers || !tower) && !kept[p.Name]
	}
	for i := eval.NumParams; i < nw; i++ {
		free[i], l2[i] = fitPatterns, cfg.PatternL2
	}
	// Adam.
	m := make([]float64, len(w))
	s := make([]float64, len(w))
	grad := make([]float64, len(w))
	const b1, b2, eps = 0.9, 0.999, 1e-8
	for it := 1; it <= cfg.Iterations; it++ {
		clear(grad)
		for i := range train {
			x := &train[i]
			p := sigmoid(k * x.eval(w))
			g := 2 * (p - x.target) * p * (1 - p) * k
			for j, ix := range x.idx {
				grad[ix] += g * float64(x.val[j])
			}
		}
		n := float64(len(train))
		c1, c2 := 1-math.Pow(b1, float64(it)), 1-math.Pow(b2, float64(it)) // Adam's bias corrections
		for i := range w {
			if !free[i] {
				continue
			}
			g := grad[i]/n + 2*l2[i]*w[i]*k*k
			m[i] = b1*m[i] + (1-b1)*g
			s[i] = b2*s[i] + (1-b2)*g*g
			mh, sh := m[i]/c1, s[i]/c2
			w[i] -= cfg.Step * mh / (math.Sqrt(sh) + eps)
		}
		if cfg.Log != nil && (it%50 == 0 || it == cfg.Iterations) {
			fmt.Fprintf(cfg.Log, "iteration %d: loss %.6f, held out %.6f\n", it, loss(train, w, k), loss(held, w, k))
		}
	}
	fitted := start
	for i, p := range fitted.Params() {
		*p.Ptr = int(math.Round(w[i]))
	}
	rounded := make([]float64, len(w))
	for i, p := range fitted.Params() {
		rounded[i] = float64(*p.Ptr)
	}
	if usePatterns {
		fitted.Patterns = eval.NewPatterns(layout, v.Size)
		for i := range fitted.Patterns.W {
			x := math.Round(max(math.MinInt16, min(math.MaxInt16, w[eval.NumParams+i])))
			if math.Abs(x) < float64(cfg.PatternMin) {
				x = 0
			}
			fitted.Patterns.W[i] = int16(x)
			rounded[eval.NumParams+i] = x
		}
	}
	res.Weights = fitted
	res.TrainLoss, res.HeldOutLoss = loss(train, rounded, k), loss(held, rounded, k)
	res.HeldOutResultStart, res.HeldOutResult = resultLoss(held, startW0, k), resultLoss(held, rounded, k)
	return res, nil
}

// holdOut splits the samples into those a fit learns from and those it
// only measures, by their indices: every n-th game's positions are held
// out, less those a training game has too (repeated counts them: a loss
// on them would measure how well the fit remembers, not how it predicts).
func holdOut(samples []Sample, positions []bashni.Position, n int) (train, held []int, repeated int) {
	seen := map[uint64]bool{}
	var out []int
	for i, s := range samples {
		if s.Game%n == 0 {
			out = append(out, i)
		} else {
			train = append(train, i)
			seen[positions[i].Key()] = true
		}
	}
	for _, i := range out {
		if seen[positions[i].Key()] {
			repeated++
		} else {
			held = append(held, i)
		}
	}
	return train, held, repeated
}

// pick returns the elements of xs at the indices at, in their order.
func pick[T any](xs []T, at []int) []T {
	out := make([]T, len(at))
	for j, i := range at {
		out[j] = xs[i]
	}
	return out
}

// whichParams reads FitConfig.Params: whether the base terms, the tower
// table and the pattern weights change.
func whichParams(params string) (base, towers, patterns bool, err error) {
	switch params {
	case "base":
		return true, false, false, nil
	case "all":
		return true, true, false, nil
	case "patterns":
		return false, false, true, nil
	case "all+patterns":
		return true, true, true, nil
	}
	return false, false, false, fmt.Errorf("fit: params %q: want base, all, patterns or all+patterns", params)
}

// keptParams returns the names of start's Params that keep (FitConfig.Keep)
// names, or an error naming an entry that names none.
func keptParams(start *eval.Weights, keep []string) (map[string]bool, error) {
	kept := map[string]bool{}
	params := start.Params()
	for _, k := range keep {
		prefix, isPrefix := strings.CutSuffix(k, "*")
		n := 0
		for _, p := range params {
			if p.Name == k || isPrefix && strings.HasPrefix(p.Name, prefix) {
				kept[p.Name] = true
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("fit: keep %q: no weight of that name", k)
		}
	}
	return kept, nil
}

// addPatterns adds the pattern weights of layout l that pos uses: +1 for
// those of White's view, -1 for Black's (eval.PatternIndices), a weight
// used by both cancelling out. In a Phased layout each index stands for
// two weights, the start-of-game one counting occupied/full of it and the
// end-of-game one the rest (eval.PatternPhase), as the evaluation mixes
// them.
func (x *example) addPatterns(l eval.PatternLayout, v bashni.Variant, pos *bashni.Position) {
	white, black := eval.PatternIndices(l, v, pos)
	add := func(i, j int, val float32) {
		x.idx = append(x.idx, uint32(eval.NumParams+i), uint32(eval.NumParams+j))
		x.val = append(x.val, val, -val)
	}
	occupied, full := eval.PatternPhase(v, pos)
	early := float32(occupied) / float32(full)
	for r, i := range white {
		switch j := black[r]; {
		case i == j:
		case l.Phased:
			add(2*i, 2*j, early)
			add(2*i+1, 2*j+1, 1-early)
		default:
			add(i, j, 1)
		}
	}
}

// loss returns the mean squared error of the predictions of w under scale k
// against the positions' labels.
func loss(xs []example, w []float64, k float64) float64 {
	return meanSquaredError(xs, w, k, func(x *example) float64 { return x.target })
}

// resultLoss returns the mean squared error of the predictions of w under
// scale k against the game results.
func resultLoss(xs []example, w []float64, k float64) float64 {
	return meanSquaredError(xs, w, k, func(x *example) float64 { return x.result })
}

// meanSquaredError returns the mean squared error of the predictions of w
// under scale k against what label reads from each position.
func meanSquaredError(xs []example, w []float64, k float64, label func(*example) float64) float64 {
	sum := 0.0
	for i := range xs {
		d := sigmoid(k*xs[i].eval(w)) - label(&xs[i])
		sum += d * d
	}
	return sum / float64(len(xs))
}

// fitK returns the scale under which w predicts the game results best, by
// golden-section search (the loss is unimodal in the scale).
func fitK(xs []example, w []float64) float64 {
	evals := make([]float64, len(xs))
	results := make([]float64, len(xs))
	for i := range xs {
		evals[i], results[i] = xs[i].eval(w), xs[i].result
	}
	return fitScale(evals, results)
}

// fitScale returns the scale k under which 1/(1+exp(-k*evals[i])) predicts
// results[i] best, by golden-section search (the loss is unimodal in k).
func fitScale(evals, results []float64) float64 {
	f := func(k float64) float64 {
		sum := 0.0
		for i, e := range evals {
			d := sigmoid(k*e) - results[i]
			sum += d * d
		}
		return sum
	}
	lo, hi := 1e-5, 0.1
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := f(a), f(b)
	for range 60 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}
