package eval

import (
	"fmt"
	"math"
	"slices"

	"github.com/bashni-dev/bashni"
)

// Network evaluation: a small neural network added to the other terms of
// a preset's evaluation. Its inputs are the tops of the board: one input
// for each kind of top on each dark square, and two for the side to move.
// A top's kind is its colour and whether it is a man or a king, and in the
// rulesets with towers also what is right under it: nothing, an own piece
// or a prisoner (UnderNothing, UnderOwn, UnderEnemy), so that the network
// sees which towers one jump turns over. A layer of NetworkHidden units,
// each clipped to 0..1, feeds one output in hundredths of a man. Like the
// pattern weights it reads the board twice, from White's side and from
// Black's (turned half round, the colours swapped) and counts White's
// output less Black's, so a position and its mirror are worth the same to
// the side to move. Unlike them it sees the whole board at once: how the
// pieces of both sides stand together.
//
// The search keeps the hidden units' sums from move to move (NetworkState,
// Evaluator.Follow): a move changes a few squares, so a child's sums are
// its parent's plus and minus a few rows of weights, not a row per top
// again. The sums are integers, the weights scaled by netScale and offset
// by netBias so that each is at least 0: four 16-bit sums share a 64-bit
// word and one addition adds four. Each scaled weight is at most
// 2·netBias = 1024, and a sum has at most 34 (a top on each of the at
// most 32 dark squares, the side to move and the unit's bias): 34,816,
// below 2^16, so no sum carries into its neighbour, whatever the position.

const (
	// NetworkHidden is the number of hidden units.
	NetworkHidden = 32
	// NetworkMaxInputs is the most inputs a network has: 12 kinds of top
	// on the 32 dark squares of an 8x8 board with towers, and the side to
	// move (NetworkInputs).
	NetworkMaxInputs = 12*32 + 2
	// NetworkMaxWeight bounds the network's input weights and biases (in
	// the units of a hidden unit, which clips at 1), NetworkMaxOutput its
	// output weights (hundredths of a man): the integer sums need them.
	NetworkMaxWeight = 4.0
	NetworkMaxOutput = 1000.0

	netScale = 128                         // a hidden unit's 1 in the integer sums
	netBias  = netScale * NetworkMaxWeight // added to every weight so that none is below 0
	netWords = NetworkHidden / 4           // 64-bit words of four 16-bit sums
	netOut   = 16                          // an output weight's hundredth of a man, in integers
)

// NetworkInputs returns the number of inputs of a network for ruleset v:
// a kind of top on a dark square is input kind*squares + square, where
// kind is 0 for an own man, 1 an own king, 2 an enemy man and 3 an enemy
// king (own: the view's side), plus 4 for a top over an own piece and 8
// for one over a prisoner, and the square is numbered from the view's
// side (SquareIndex). The side to move's input follows them: the first of
// the last two in the view of the side to move, the second in the other.
// So a classic 8x8 ruleset's network has 4×32 + 2 = 130 inputs, one with
// towers 12×32 + 2 = 386, and lasca's 12×25 + 2 = 302.
func NetworkInputs(v bashni.Variant) int { return layoutOf(v).inputs() }

// netLayout numbers the inputs of one ruleset's board (NetworkInputs).
type netLayout struct {
	size    int  // the board's width
	squares int  // its dark squares
	towers  bool // a top's kind says what is right under it
}

func layoutOf(v bashni.Variant) netLayout {
	return netLayout{size: v.Size, squares: (v.Size*v.Size + 1) / 2, towers: v.Stacking}
}

func (l netLayout) inputs() int {
	kinds := 4
	if l.towers {
		kinds = 12
	}
	return kinds*l.squares + 2
}

// tempo returns the side-to-move inputs of White's view and Black's when
// turn is to move.
func (l netLayout) tempo(turn bashni.Color) (white, black int) {
	t := l.inputs() - 2
	if turn == bashni.White {
		return t, t + 1
	}
	return t + 1, t
}

// of returns the inputs, in White's view and in Black's, of the top on
// square s of pos (a square with a top).
func (l netLayout) of(pos *bashni.Position, s bashni.Square) (white, black int) {
	kind := 0
	if pos.Kings().Has(s) {
		kind = 1
	}
	if pos.Tops(bashni.Black).Has(s) {
		kind += 2
	}
	if l.towers {
		kind += 4 * underOf(pos.Tower(s))
	}
	d := (s.Rank()*l.size + s.File()) / 2 // SquareIndex from White's side
	// Black's view swaps the colours (kind^2) and turns the board round.
	return kind*l.squares + d, (kind^2)*l.squares + l.squares - 1 - d
}

// Network holds a network's weights as fitted (internal/tune,
// FitNetwork), read and written by ReadNetwork and WriteNetwork.
type Network struct {
	// Input[i][j] is input i's weight in hidden unit j: NetworkInputs(v)
	// rows for a network of ruleset v.
	Input [][NetworkHidden]float32
	// Bias[j] is hidden unit j's value with no input set.
	Bias [NetworkHidden]float32
	// Output[j] is what hidden unit j at 1 adds, in hundredths of a man.
	Output [NetworkHidden]float32
}

// NewNetwork returns a network of ruleset v with every weight 0.
func NewNetwork(v bashni.Variant) *Network {
	return &Network{Input: make([][NetworkHidden]float32, NetworkInputs(v))}
}

// Equal reports whether n and o have the same weights (or are both nil).
func (n *Network) Equal(o *Network) bool {
	if n == nil || o == nil {
		return n == o
	}
	return slices.Equal(n.Input, o.Input) && n.Bias == o.Bias && n.Output == o.Output
}

// Fits returns nil if n is a network of ruleset v, and otherwise an
// error that says why: its inputs are those of another board or kind of
// ruleset (NetworkInputs).
func (n *Network) Fits(v bashni.Variant) error {
	if want := NetworkInputs(v); len(n.Input) != want {
		return fmt.Errorf("eval: a network of %d inputs is not for %s, whose networks have %d", len(n.Input), v, want)
	}
	return nil
}

// NetworkView appends to white the inputs set in White's view of pos and
// to black those of Black's view (the board turned half round, the colours
// swapped), and returns both.
func NetworkView(pos *bashni.Position, white, black []uint16) ([]uint16, []uint16) {
	l := layoutOf(pos.Variant())
	for c := bashni.White; c <= bashni.Black; c++ {
		for b := pos.Tops(c); b != 0; b &= b - 1 {
			w, k := l.of(pos, b.First())
			white, black = append(white, uint16(w)), append(black, uint16(k))
		}
	}
	w, k := l.tempo(pos.Turn())
	return append(white, uint16(w)), append(black, uint16(k))
}

// Eval returns the network's value of pos for White, in hundredths of a
// man, in floating point: what the integer sums the engine uses
// approximate (within a hundredth of a man or so, TestNetworkIntegerSums).
func (n *Network) Eval(pos *bashni.Position) float64 {
	var wa, ba [34]uint16
	return n.Value(NetworkView(pos, wa[:0], ba[:0]))
}

// Value returns the network's value for White, in floating point, of the
// inputs set in White's view and in Black's (NetworkView's).
func (n *Network) Value(white, black []uint16) float64 {
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
func (n *Network) Hidden(inputs []uint16) (sum, unit [NetworkHidden]float64) {
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
	layout netLayout
	input  [NetworkMaxInputs][netWords]uint64
	bias   [netWords]uint64
	output [NetworkHidden]int32
}

// newNetEval returns n in integers for ruleset v, whose layout n has
// (New checks it).
func newNetEval(n *Network, v bashni.Variant) *netEval {
	q := &netEval{layout: layoutOf(v)}
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
			w, k := q.layout.of(pos, b.First())
			q.add(&st.white, w)
			q.add(&st.black, k)
			st.inputs++
		}
	}
	st.key, st.ok = pos.Key(), true
}

// follow sets to to the sums of child from from, those of parent: the
// squares whose towers differ (Position.Diff), whose inputs it compares:
// a jumped tower may keep a top of the same colour and rank, over another
// piece or over the same kind of piece. (The side to move is no part of
// the sums: value adds it.)
func (q *netEval) follow(parent, child *bashni.Position, from, to *NetworkState) {
	*to = *from
	// Without towers only the tops differ: Diff's squares, without its
	// look at what is under them.
	changed := (parent.Tops(bashni.White) ^ child.Tops(bashni.White)) |
		(parent.Tops(bashni.Black) ^ child.Tops(bashni.Black)) |
		(parent.Kings() ^ child.Kings())
	if q.layout.towers {
		changed = parent.Diff(child)
	}
	for b := changed; b != 0; b &= b - 1 {
		s := b.First()
		pw, pk, cw, ck := -1, -1, -1, -1
		if parent.Occupied().Has(s) {
			pw, pk = q.layout.of(parent, s)
		}
		if child.Occupied().Has(s) {
			cw, ck = q.layout.of(child, s)
		}
		if pw == cw {
			continue // the same top and what is under it
		}
		if pw >= 0 {
			q.sub(&to.white, pw)
			q.sub(&to.black, pk)
			to.inputs--
		}
		if cw >= 0 {
			q.add(&to.white, cw)
			q.add(&to.black, ck)
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
	tw, tb := q.layout.tempo(turn)
	w, b := q.units(&st.white, st.inputs, tw), q.units(&st.black, st.inputs, tb)
	var s int32
	for j, out := range q.output {
		s += (w[j] - b[j]) * out
	}
	return int(s / (netScale * netOut))
}
