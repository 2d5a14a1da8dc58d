package eval

import (
	"fmt"
	"math"

	"github.com/bashni-dev/bashni"
)

// Network evaluation: a small neural network added to the other terms of
// the classic 8x8 rulesets (no towers). Its inputs are the board's pieces,
// one input for each kind of piece (white man, white king, black man,
// black king) on each of the 32 dark squares, and one for the side to move;
// a layer of NetworkHidden units, each clipped to 0..1, feeds one output in
// hundredths of a man. Like the pattern weights it reads the board twice,
// from White's side and from Black's (turned half round, the colours
// swapped) and counts White's output less Black's, so a position and its
// mirror are worth the same to the side to move. Unlike them it sees the
// whole board at once: how the men of both sides stand together.
//
// The search keeps the hidden units' sums from move to move (NetworkState,
// Evaluator.Follow): a move changes a few squares, so a child's sums are
// its parent's plus and minus a few rows of weights, not 25 rows again.
// The sums are integers, the weights scaled by netScale and offset by
// netBias so that each is at least 0: four 16-bit sums share a 64-bit
// word and one addition adds four. Each scaled weight is at most
// 2·netBias = 1024, and a sum has at most 34 (a piece on each of the 32
// dark squares, the side to move and the unit's bias): 34,816, below
// 2^16, so no sum carries into its neighbour, whatever the position.

const (
	// NetworkInputs: 4 kinds of piece × 32 dark squares, then the side to
	// move: input 128 is set in the view of the side to move, 129 in the
	// other view.
	NetworkInputs = 130
	// NetworkHidden is the number of hidden units.
	NetworkHidden = 32
	// NetworkMaxWeight bounds the network's input weights and biases (in
	// the units of a hidden unit, which clips at 1), NetworkMaxOutput its
	// output weights (hundredths of a man): the integer sums need them.
	NetworkMaxWeight = 4.0
	NetworkMaxOutput = 1000.0

	netScale = 128                         // a hidden unit's 1 in the integer sums
	netBias  = netScale * NetworkMaxWeight // added to every weight so that none is below 0
	netWords = NetworkHidden / 4           // 64-bit words of four 16-bit sums
	netOut   = 16                          // an output weight's hundredth of a man, in integers
	netTempo = 4 * 32                      // the input of the view's side to move
)

// NetworkPlays returns nil if a network can evaluate ruleset v, and
// otherwise an error that says why: its inputs are the pieces of the 32
// dark squares of an 8x8 board, without towers.
func NetworkPlays(v bashni.Variant) error {
	if v.Size != 8 || v.Stacking {
		return fmt.Errorf("a network is for the classic rulesets of 8x8 boards, not %s", v)
	}
	return nil
}

// Network holds a network's weights as fitted (internal/tune,
// FitNetwork), read and written by ReadNetwork and WriteNetwork.
type Network struct {
	// Input[i][j] is input i's weight in hidden unit j.
	Input [NetworkInputs][NetworkHidden]float32
	// Bias[j] is hidden unit j's value with no input set.
	Bias [NetworkHidden]float32
	// Output[j] is what hidden unit j at 1 adds, in hundredths of a man.
	Output [NetworkHidden]float32
}

// NetworkView appends to white the inputs set in White's view of pos and
// to black those of Black's view (the board turned half round, the colours
// swapped), and returns both. pos is of an 8x8 board.
func NetworkView(pos *bashni.Position, white, black []uint8) ([]uint8, []uint8) {
	for c := bashni.White; c <= bashni.Black; c++ {
		for b := pos.Tops(c); b != 0; b &= b - 1 {
			w, k := netInputs(pos, b.First())
			white, black = append(white, uint8(w)), append(black, uint8(k))
		}
	}
	w, k := netTempoInputs(pos.Turn())
	return append(white, uint8(w)), append(black, uint8(k))
}

// netInputs returns the inputs, in White's view and in Black's, of the top
// on square s of pos (a square with a top).
func netInputs(pos *bashni.Position, s bashni.Square) (white, black int) {
	kind := 0
	if pos.Kings().Has(s) {
		kind = 1
	}
	own := 0
	if pos.Tops(bashni.Black).Has(s) {
		own = 2
	}
	d := s.Rank()*4 + s.File()/2 // the dark square's number, 0 to 31
	return (own+kind)*32 + d, (2-own+kind)*32 + 31 - d
}

// netTempoInputs returns the side-to-move inputs of White's view and
// Black's when turn is to move.
func netTempoInputs(turn bashni.Color) (white, black int) {
	if turn == bashni.White {
		return netTempo, netTempo + 1
	}
	return netTempo + 1, netTempo
}

// Eval returns the network's value of pos for White, in hundredths of a
// man, in floating point: what the integer sums the engine uses
// approximate (within a hundredth of a man or so, TestNetworkIntegerSums).
func (n *Network) Eval(pos *bashni.Position) float64 {
	var wa, ba [26]uint8
	return n.Value(NetworkView(pos, wa[:0], ba[:0]))
}

// Value returns the network's value for White, in floating point, of the
// inputs set in White's view and in Black's (NetworkView's).
func (n *Network) Value(white, black []uint8) float64 {
	_, w := n.Hidden(white)
	_, b := n.Hidden(black)
	v := 0.0
	for j := range w {
		v += float64(n.Output[j]) * (w[j] - b[j])
	}
	return v
}

// Hidden returns one view's hidden units from its inputs set: their sums,
// and the sums clipped to 0..1, the units' values.
func (n *Network) Hidden(inputs []uint8) (sum, unit [NetworkHidden]float64) {
	for j := range sum {
		sum[j] = float64(n.Bias[j])
	}
	for _, i := range inputs {
		for j := range sum {
			sum[j] += float64(n.Input[i][j])
		}
	}
	for j, h := range sum {
		unit[j] = min(max(h, 0), 1)
	}
	return sum, unit
}

// netEval is a Network in integers, for the search.
type netEval struct {
	input  [NetworkInputs][netWords]uint64
	bias   [netWords]uint64
	output [NetworkHidden]int32
}

func newNetEval(n *Network) *netEval {
	q := new(netEval)
	lane := func(x float32, j int) uint64 {
		return uint64(math.Round(float64(x)*netScale)+netBias) << (16 * (j % 4))
	}
	for i := range n.Input {
		for j, x := range n.Input[i] {
			q.input[i][j/4] |= lane(x, j)
		}
	}
	for j := range n.Bias {
		q.bias[j/4] |= lane(n.Bias[j], j)
		q.output[j] = int32(math.Round(float64(n.Output[j]) * netOut))
	}
	return q
}

// NetworkState holds the network's hidden sums of one position, kept by
// the search from a position to its children (Evaluator.Follow). The zero
// value holds no position.
type NetworkState struct {
	key          uint64
	ok           bool
	inputs       int32 // pieces on the board: inputs set in each view, but the side to move's
	white, black [netWords]uint64
}

// Holds reports whether st holds the sums of pos (by its key).
func (st *NetworkState) Holds(pos *bashni.Position) bool { return st.ok && st.key == pos.Key() }

func (q *netEval) add(sums *[netWords]uint64, i int) {
	row := &q.input[i]
	for k := range sums {
		sums[k] += row[k]
	}
}

// sub undoes add: the sums never go below 0 in between, so no borrow
// crosses from one 16-bit sum into the next.
func (q *netEval) sub(sums *[netWords]uint64, i int) {
	row := &q.input[i]
	for k := range sums {
		sums[k] -= row[k]
	}
}

func (q *netEval) fill(pos *bashni.Position, st *NetworkState) {
	st.white, st.black = q.bias, q.bias
	st.inputs = 0
	for c := bashni.White; c <= bashni.Black; c++ {
		for b := pos.Tops(c); b != 0; b &= b - 1 {
			w, k := netInputs(pos, b.First())
			q.add(&st.white, w)
			q.add(&st.black, k)
			st.inputs++
		}
	}
	st.key, st.ok = pos.Key(), true
}

// follow sets to to the sums of child from from, those of parent: the
// squares whose top changed. (The side to move is no part of the sums:
// value adds it.)
func (q *netEval) follow(parent, child *bashni.Position, from, to *NetworkState) {
	*to = *from
	changed := (parent.Tops(bashni.White) ^ child.Tops(bashni.White)) |
		(parent.Tops(bashni.Black) ^ child.Tops(bashni.Black)) |
		(parent.Kings() ^ child.Kings())
	for b := changed; b != 0; b &= b - 1 {
		s := b.First()
		if parent.Occupied().Has(s) {
			w, k := netInputs(parent, s)
			q.sub(&to.white, w)
			q.sub(&to.black, k)
			to.inputs--
		}
		if child.Occupied().Has(s) {
			w, k := netInputs(child, s)
			q.add(&to.white, w)
			q.add(&to.black, k)
			to.inputs++
		}
	}
	to.key, to.ok = child.Key(), true
}

// units returns a view's hidden units, clipped, from its sums of the
// pieces' inputs and the side to move's input tempo.
func (q *netEval) units(sums *[netWords]uint64, pieces int32, tempo int) (h [NetworkHidden]int32) {
	off := (pieces + 2) * netBias // each input's offset, the side to move's and the bias's
	row := &q.input[tempo]
	for k, word := range sums {
		word += row[k]
		for l := range 4 {
			h[4*k+l] = min(max(int32(word>>(16*l)&0xFFFF)-off, 0), netScale)
		}
	}
	return h
}

// value returns the network's value for White from st's sums.
func (q *netEval) value(st *NetworkState, turn bashni.Color) int {
	tw, tb := netTempoInputs(turn)
	w, b := q.units(&st.white, st.inputs, tw), q.units(&st.black, st.inputs, tb)
	var s int32
	for j, out := range q.output {
		s += (w[j] - b[j]) * out
	}
	return int(s / (netScale * netOut))
}
