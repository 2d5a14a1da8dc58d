package tune

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// NetworkConfig says how FitNetwork fits.
type NetworkConfig struct {
	// Lambda weighs the game result in the label, 1 - Lambda the search's
	// score, as FitConfig.Lambda does.
	Lambda float64
	// Epochs is the number of passes over the training positions; the
	// network of the epoch with the lowest held-out loss is the result.
	Epochs int
	// Step is Adam's step for the input weights and biases; the output
	// weights, in hundredths of a man, take OutputStep.
	Step, OutputStep float64
	// HoldOut: every HoldOut-th game's positions are held out, as Fit's.
	HoldOut int
	// Seed chooses the starting weights and the order of the positions.
	Seed uint64
	// Mirror adds to the training positions their mirrors, the files
	// turned round (boards of odd size only, lasca's: mirrorFiles), each
	// with its position's label. The held-out positions stay as they are.
	Mirror bool
	// Log, when set, receives a line after each epoch.
	Log io.Writer
}

// NetworkResult is what FitNetwork found.
type NetworkResult struct {
	Network *eval.Network
	// K, the positions and the losses are those of FitResult; the start is
	// the evaluation without a network. Train counts the mirrors too
	// (NetworkConfig.Mirror).
	K                                                float64
	Train, HeldOut, Repeated                         int
	TrainStart, TrainLoss, HeldOutStart, HeldOutLoss float64
	Epoch                                            int // the epoch of Network, from 1
}

// netSample is a position as the network's inputs in both views, with the
// rest of the evaluation's value (for White) and the label.
type netSample struct {
	white, black []uint16
	base         float64
	target       float64 // the score, until K turns it into the label
	result       float64
}

// newNetSample returns sample s of position pos, its score not yet a
// label.
func newNetSample(ev *eval.Evaluator, pos *bashni.Position, s Sample) netSample {
	base := float64(ev.Evaluate(pos))
	if pos.Turn() == bashni.Black {
		base = -base
	}
	white, black := eval.NetworkView(pos, nil, nil)
	return netSample{white: white, black: black, base: base, target: float64(s.Score), result: s.Result}
}

// netBatch is the number of positions of one step (the last of an epoch
// may have fewer).
const netBatch = 256

// FitNetwork fits a network (eval.Network) to be added to the evaluation
// of ruleset v with the weights start, their own network and pattern
// weights, if any, left out (a preset with a network plays without its
// patterns: eval.For): the mean squared error between the labels and
// 1/(1+exp(-K*(evaluation + network))) is lowered by Adam over batches of
// 256 positions in an order the seed shuffles, each epoch anew, the
// network read from both sides as the engine reads it.
// K is fitted to the results as Fit fits it. Weights are kept within the
// bounds the file format and the engine's integer sums need, and each
// epoch's network is rounded to them as the file rounds it before its
// held-out loss is measured.
func FitNetwork(v bashni.Variant, start eval.Weights, samples []Sample, positions []bashni.Position, cfg NetworkConfig) (NetworkResult, error) {
	if len(samples) == 0 || len(samples) != len(positions) {
		return NetworkResult{}, fmt.Errorf("fit: %d samples, %d positions", len(samples), len(positions))
	}
	if cfg.HoldOut < 2 {
		cfg.HoldOut = 10
	}
	if cfg.Epochs < 1 {
		return NetworkResult{}, fmt.Errorf("fit: %d epochs: want 1 or more", cfg.Epochs)
	}
	if cfg.Mirror && !HasMirror(v) {
		return NetworkResult{}, errNoMirror(v)
	}
	// For gives a preset with a network no pattern weights.
	start.Network, start.Patterns = nil, nil
	ev := eval.New(v, start)
	xs := make([]netSample, len(samples))
	evals, results := make([]float64, len(samples)), make([]float64, len(samples))
	for i, s := range samples {
		xs[i] = newNetSample(ev, &positions[i], s)
		evals[i], results[i] = xs[i].base, s.Result
	}
	k := fitScale(evals, results) // over all the positions, held out or not
	trainAt, heldAt, repeated := holdOut(samples, positions, cfg.HoldOut)
	train, held := pick(xs, trainAt), pick(xs, heldAt)
	if cfg.Mirror {
		for _, i := range trainAt {
			m, err := mirrorFiles(&positions[i])
			if err != nil {
				return NetworkResult{}, err
			}
			train = append(train, newNetSample(ev, &m, samples[i]))
		}
	}
	res := NetworkResult{K: k, Train: len(train), HeldOut: len(held), Repeated: repeated}
	if len(train) == 0 || len(held) == 0 {
		return NetworkResult{}, fmt.Errorf("fit: %d training and %d held-out positions: need more games", len(train), len(held))
	}
	for _, set := range [][]netSample{train, held} {
		for i := range set {
			x := &set[i]
			x.target = cfg.Lambda*x.result + (1-cfg.Lambda)*sigmoid(k*x.target)
		}
	}

	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6e6574))
	n := eval.NewNetwork(v)
	for i := range n.Input {
		for j := range n.Input[i] {
			n.Input[i][j] = float32(rng.NormFloat64() * 0.15)
		}
	}
	for j := range n.Bias {
		n.Bias[j] = 0.5
		n.Output[j] = float32(rng.NormFloat64())
	}
	lossOf := func(n *eval.Network, set []netSample) float64 {
		sum := 0.0
		for i := range set {
			x := &set[i]
			d := sigmoid(k*(x.base+n.Value(x.white, x.black))) - x.target
			sum += d * d
		}
		return sum / float64(len(set))
	}
	zero := eval.NewNetwork(v)
	res.TrainStart, res.HeldOutStart = lossOf(zero, train), lossOf(zero, held)
	res.HeldOutLoss = math.Inf(1)

	var opt netAdam
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for at := 0; at < len(order); at += netBatch {
			opt.step(n, train, order[at:min(at+netBatch, len(order))], k, cfg)
		}
		rounded, err := roundNetwork(n)
		if err != nil {
			return NetworkResult{}, err
		}
		tl, hl := lossOf(rounded, train), lossOf(rounded, held)
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "epoch %d: loss %.6f, held out %.6f\n", epoch, tl, hl)
		}
		if hl < res.HeldOutLoss {
			res.Network, res.Epoch, res.TrainLoss, res.HeldOutLoss = rounded, epoch, tl, hl
		}
	}
	return res, nil
}

// roundNetwork returns n as its file holds it (eval.WriteNetwork's
// rounding).
func roundNetwork(n *eval.Network) (*eval.Network, error) {
	var buf bytes.Buffer
	if err := eval.WriteNetwork(&buf, n); err != nil {
		return nil, err
	}
	return eval.ReadNetwork(buf.Bytes())
}

// netAdam is Adam's state for every weight of a network (the first and
// second moments), and the batch's gradient.
type netAdam struct {
	t                 int
	mIn, sIn, gradIn  [eval.NetworkMaxInputs][eval.NetworkHidden]float64
	mBias, sBias      [eval.NetworkHidden]float64
	mOut, sOut        [eval.NetworkHidden]float64
	gradBias, gradOut [eval.NetworkHidden]float64
}

// step moves n by one batch of train.
func (a *netAdam) step(n *eval.Network, train []netSample, batch []int, k float64, cfg NetworkConfig) {
	clear(a.gradIn[:len(n.Input)])
	a.gradBias, a.gradOut = [eval.NetworkHidden]float64{}, [eval.NetworkHidden]float64{}
	for _, i := range batch {
		x := &train[i]
		sw, w := n.Hidden(x.white)
		sb, b := n.Hidden(x.black)
		v := 0.0
		for j := range w {
			v += float64(n.Output[j]) * (w[j] - b[j])
		}
		p := sigmoid(k * (x.base + v))
		g := 2 * (p - x.target) * p * (1 - p) * k // d loss / d value
		for j := range w {
			a.gradOut[j] += g * (w[j] - b[j])
			gw, gb := 0.0, 0.0
			if sw[j] > 0 && sw[j] < 1 {
				gw = g * float64(n.Output[j])
			}
			if sb[j] > 0 && sb[j] < 1 {
				gb = -g * float64(n.Output[j])
			}
			a.gradBias[j] += gw + gb
			if gw != 0 {
				for _, in := range x.white {
					a.gradIn[in][j] += gw
				}
			}
			if gb != 0 {
				for _, in := range x.black {
					a.gradIn[in][j] += gb
				}
			}
		}
	}
	a.t++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1, c2 := 1-math.Pow(b1, float64(a.t)), 1-math.Pow(b2, float64(a.t))
	update := func(w *float32, g float64, m, s *float64, step, bound float64) {
		g /= float64(len(batch))
		*m = b1**m + (1-b1)*g
		*s = b2**s + (1-b2)*g*g
		x := float64(*w) - step*(*m/c1)/(math.Sqrt(*s/c2)+eps)
		*w = float32(max(-bound, min(bound, x)))
	}
	for i := range n.Input {
		for j := range n.Input[i] {
			update(&n.Input[i][j], a.gradIn[i][j], &a.mIn[i][j], &a.sIn[i][j], cfg.Step, eval.NetworkMaxWeight)
		}
	}
	for j := range n.Bias {
		update(&n.Bias[j], a.gradBias[j], &a.mBias[j], &a.sBias[j], cfg.Step, eval.NetworkMaxWeight)
		update(&n.Output[j], a.gradOut[j], &a.mOut[j], &a.sOut[j], cfg.OutputStep, eval.NetworkMaxOutput)
	}
}
