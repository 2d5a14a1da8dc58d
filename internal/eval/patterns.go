package eval

import (
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
)

// Pattern evaluation: learned weights indexed by what stands on a small
// group of squares (a region), as in Scan's trit-indexed regions. A region
// is a window of whole ranks and dark columns (the dark squares of a rank
// numbered from the a-file side, at most four on a board of up to 8x8);
// each of its squares is in one of K states, and the region's index is the
// sum of state times K to the power of the square's place in the window.
// A pattern table holds one weight per region and index.
//
// The board is read twice, once from each side: White's view as it is and
// Black's view turned half round with the colours swapped, and the sum is
// the weight of White's index less that of Black's. So a position and its
// mirror (the same position seen from the other side) get opposite sums, as
// the rest of the evaluation does (TestEvaluateIsColourBlind), and each
// weight learns from both colours' patterns.

// PatternLayout says how a pattern table cuts the board into regions and
// what a square's state is. The layouts are fixed and named, so that a
// weights file says which one its weights are for.
type PatternLayout struct {
	// Name is how weights files name the layout.
	Name string
	// K is the number of states of a square: 3 (empty, own man, enemy
	// man; kings read as empty, as in Scan) for the classic rulesets, 5
	// (empty; own top with nothing or an own piece under it; own top over
	// a prisoner; the same two for the enemy) for towers.
	K int
	// Ranks and Cols are a region's size: Ranks whole ranks and Cols
	// dark columns. Regions start at every rank and every dark column
	// where the window fits (on a board of Size ranks and (Size+1)/2 dark
	// columns).
	Ranks, Cols int
	// Towers: the states of the tower layout (K 5, kings are tops like
	// men); otherwise those of the classic one (K 3, men only).
	Towers bool
	// Phased: each region and index has two weights, one for the start
	// of the game and one for its end, and a position's weight mixes them
	// by how full the board is (PatternPhase), as Scan's evaluation mixes
	// its opening and endgame weights. Otherwise one weight serves the
	// whole game.
	Phased bool
}

// Pattern layouts: Men, MenSquares and MenSquaresPhased for the classic
// rulesets (no towers), Towers and TowersPhased for column checkers.
var (
	// MenLayout: regions of two ranks across the whole board (8 squares
	// on 8x8), each square empty, an own man or an enemy man: 3^8 = 6561
	// indices per region, 7 regions on 8x8.
	MenLayout = PatternLayout{Name: "men-2x4", K: 3, Ranks: 2, Cols: 4}
	// MenSquaresLayout: regions of 4x4 squares of the board (four ranks
	// by two dark columns, 8 dark squares), as Scan's, each square as in
	// MenLayout: 3^8 = 6561 indices per region, 15 regions on 8x8. Where
	// MenLayout sees what stands beside a man on its rank and the next,
	// these see the diagonals and files four ranks deep.
	MenSquaresLayout = PatternLayout{Name: "men-4x2", K: 3, Ranks: 4, Cols: 2}
	// MenSquaresPhasedLayout: the regions and states of MenSquaresLayout
	// with two weights for each (Phased): 15 x 2 x 3^8 = 196,830 weights
	// on 8x8.
	MenSquaresPhasedLayout = PatternLayout{Name: "men-4x2-phased", K: 3, Ranks: 4, Cols: 2, Phased: true}
	// TowersLayout: regions of 2x2 dark squares (two ranks, two columns)
	// with the five tower states: 5^4 = 625 indices per region, 21
	// regions on 8x8.
	TowersLayout = PatternLayout{Name: "towers-2x2", K: 5, Ranks: 2, Cols: 2, Towers: true}
	// TowersPhasedLayout: the regions and states of TowersLayout with two
	// weights for each (Phased): 21 x 2 x 625 = 26,250 weights on 8x8,
	// 18 x 2 x 625 = 22,500 on 7x7.
	TowersPhasedLayout = PatternLayout{Name: "towers-2x2-phased", K: 5, Ranks: 2, Cols: 2, Towers: true, Phased: true}
)

// patternLayouts are the layouts weights files may name.
var patternLayouts = []PatternLayout{MenLayout, MenSquaresLayout, MenSquaresPhasedLayout, TowersLayout, TowersPhasedLayout}

// LayoutNamed returns the pattern layout of that name, or an error that
// lists the names.
func LayoutNamed(name string) (PatternLayout, error) {
	for _, l := range patternLayouts {
		if l.Name == name {
			return l, nil
		}
	}
	return PatternLayout{}, fmt.Errorf("unknown pattern layout %q: want one of %s", name, strings.Join(LayoutNames(), ", "))
}

// LayoutNames returns the names of the pattern layouts, as weights files
// and bashni-tune's -layout name them.
func LayoutNames() []string {
	names := make([]string, len(patternLayouts))
	for i, l := range patternLayouts {
		names[i] = l.Name
	}
	return names
}

// LayoutFor returns the pattern layout that bashni-tune fits for ruleset v
// unless told another: the tower one when stacking is on, MenLayout
// otherwise.
func LayoutFor(v bashni.Variant) PatternLayout {
	if v.Stacking {
		return TowersLayout
	}
	return MenLayout
}

// size returns the number of indices of one region: K^(Ranks*Cols).
func (l PatternLayout) size() int {
	n := 1
	for range l.Ranks * l.Cols {
		n *= l.K
	}
	return n
}

// regions returns the number of regions on a board of n ranks: the window
// at every rank and dark column where it fits.
func (l PatternLayout) regions(n int) int {
	cols := (n + 1) / 2
	if n < l.Ranks || cols < l.Cols {
		return 0
	}
	return (n - l.Ranks + 1) * (cols - l.Cols + 1)
}

// entries returns the number of the layout's regions and indices on a
// board of n ranks: the places that PatternIndices returns.
func (l PatternLayout) entries(n int) int { return l.regions(n) * l.size() }

// Len returns the number of weights of the layout on a board of n ranks:
// one for each region and index, two if the layout is Phased.
func (l PatternLayout) Len(n int) int {
	if l.Phased {
		return 2 * l.entries(n)
	}
	return l.entries(n)
}

// PatternPhase returns how full the board of pos is, the mix of a Phased
// layout's two weights: pos weighs its start-of-game weight by
// occupied/full and its end-of-game weight by (full-occupied)/full, where
// full is the number of pieces at the start of ruleset v (2*v.Pieces,
// at least 1) and occupied the squares occupied in pos (a tower counts
// once), at most full.
func PatternPhase(v bashni.Variant, pos *bashni.Position) (occupied, full int) {
	full = fullBoard(v)
	return min(pos.Occupied().Len(), full), full
}

// fullBoard is PatternPhase's full: the pieces at the start of v.
func fullBoard(v bashni.Variant) int { return max(1, 2*v.Pieces) }

// Patterns are the weights of a pattern layout on a board of Size ranks:
// W[r*K^(Ranks*Cols) + index] for region r (regions numbered rank by rank
// from White's side, then column by column) and index; in a Phased
// layout, W[2*(r*K^(Ranks*Cols) + index)] is the weight at the start of
// the game and the weight after it the one at its end (next to each
// other, as the evaluation reads both). Weights are in hundredths of a
// man, as the other weights are.
type Patterns struct {
	Layout PatternLayout
	Size   int // ranks of the board (7 or 8)
	W      []int16
}

// NewPatterns returns the zero weights of layout l on a board of n ranks.
func NewPatterns(l PatternLayout, n int) *Patterns {
	return &Patterns{Layout: l, Size: n, W: make([]int16, l.Len(n))}
}

// Phased returns p's weights as those of l, the Phased layout of p's
// regions and states, each weight both the start-of-game and the
// end-of-game one: the same evaluation, for a fit of l to start from. It
// returns nil if l is not that layout.
func (p *Patterns) Phased(l PatternLayout) *Patterns {
	unphased := l
	unphased.Name, unphased.Phased = p.Layout.Name, false
	if !l.Phased || p.Layout != unphased {
		return nil
	}
	q := NewPatterns(l, p.Size)
	for i, x := range p.W {
		q.W[2*i], q.W[2*i+1] = x, x
	}
	return q
}

// patternEval is what Evaluate needs of the pattern weights: tables that
// turn a rank of one plane of a bitboard straight into its part of the
// rank's base-K number, from White's view and from Black's at once, and a
// rank's number into a window's part of an index.
type patternEval struct {
	p *Patterns
	// rank[s][r][b]: the part of board rank r's base-K number that the
	// squares of plane s (planes) set in b, the rank's byte, make: from
	// White's view in the low 16 bits, where the rank is rank r and the
	// dark column j (from the a-file) is digit j, and from Black's view in
	// the high 16, where it is rank n-1-r, its columns run the other way
	// and own and enemy swap. A rank's number is below K^4 <= 625, so the
	// two halves of a sum over the planes never carry into each other.
	rank [4][8][256]uint32
	// (The table of base-K numbers, below K^4 <= 625, has 1024 entries
	// so that a mask, not a bounds check, keeps an index in it.)
	// window[c][d]: the digits c to c+Cols-1 of the base-K number d (a
	// rank's states), as a base-K number: a region's part of one rank.
	window        [4][1024]int32
	ranks         int   // board ranks
	kCols         int32 // K^Cols, the indices of a region's part of one rank
	placesPerRank int   // regions starting on one rank
	size          int   // indices per region
	towers        bool
	phased        bool // a Phased layout
	full          int  // PatternPhase's full, for a Phased layout
	men8x8        bool // MenLayout on an 8x8 board: men8 sums it
	// MenSquaresLayout or MenSquaresPhasedLayout on an 8x8 board:
	// menSquares8 sums it.
	menSquares8x8 bool
	// TowersLayout or TowersPhasedLayout on a board of 7 or 8 ranks:
	// towers8 sums it.
	towers7or8 bool
	// pairs[d][0][c], for towers8: the window of columns c and c+1 of the
	// base-5 number d of a rank as a region's lower rank, plus the c-th
	// region's offset c*625; pairs[d][1][c] the same window as its upper
	// rank, times 25.
	pairs [1024][2][3]uint16
	// squares[d], for menSquares8: the windows of dark columns 0-1, 1-2
	// and 2-3 of the base-3 number d of a rank, each a base-3 number below
	// 9, in the 16-bit lanes 0, 1 and 2 of one word, so that one sum of
	// four ranks' words makes three regions' indices at once. (128
	// entries, where d is below 81, so that a mask keeps an index in it.)
	squares [128]uint64
}

func newPatternEval(v bashni.Variant, p *Patterns) (*patternEval, error) {
	l := p.Layout
	n := v.Size
	if p.Size != n {
		return nil, fmt.Errorf("eval: patterns for a board of %d ranks, the ruleset's has %d", p.Size, n)
	}
	if len(p.W) != l.Len(n) {
		return nil, fmt.Errorf("eval: %d pattern weights, layout %s has %d on %dx%d", len(p.W), l.Name, l.Len(n), n, n)
	}
	pe := &patternEval{p: p, ranks: n, size: l.size(), towers: l.Towers, phased: l.Phased}
	pe.full = fullBoard(v)
	pe.men8x8 = l == MenLayout && n == 8
	pe.menSquares8x8 = (l == MenSquaresLayout || l == MenSquaresPhasedLayout) && n == 8
	pe.towers7or8 = (l == TowersLayout || l == TowersPhasedLayout) && (n == 7 || n == 8)
	pe.placesPerRank = (n+1)/2 - l.Cols + 1
	pow := [5]int32{1}
	for j := 1; j < 5; j++ {
		pow[j] = pow[j-1] * int32(l.K)
	}
	pe.kCols = pow[l.Cols]
	// swap returns state s seen by the other side.
	swap := func(s int32) int32 {
		if s == 0 {
			return 0
		}
		if s <= int32(l.K/2) {
			return s + int32(l.K/2)
		}
		return s - int32(l.K/2)
	}
	for r := range n {
		var dark []int // files of the rank's dark squares, from the a-file
		for f := range n {
			if v.OnBoard(bashni.SquareAt(f, r)) {
				dark = append(dark, f)
			}
		}
		for b := range 256 {
			var white, black int32 // the rank's number for state 1
			for j, f := range dark {
				if b>>f&1 != 0 {
					white += pow[j]
					black += pow[len(dark)-1-j]
				}
			}
			for s := range int32(l.K - 1) {
				pe.rank[s][r][b] = uint32((s+1)*white) | uint32(swap(s+1)*black)<<16
			}
		}
	}
	for c := range pe.placesPerRank {
		for d := range pow[4] {
			pe.window[c][d] = d / pow[c] % pe.kCols
			if pe.towers7or8 {
				pe.pairs[d][0][c] = uint16(int32(c)*625 + pe.window[c][d])
				pe.pairs[d][1][c] = uint16(25 * pe.window[c][d])
			}
			if pe.menSquares8x8 {
				pe.squares[d] |= uint64(pe.window[c][d]) << (16 * c)
			}
		}
	}
	return pe, nil
}

// planes returns the sets of the squares in each state from White's view
// (state s in planes[s-1]) and the number of sets, K-1.
func (pe *patternEval) planes(pos *bashni.Position, stacked bashni.SquareSet) (pl [4]bashni.SquareSet, k int) {
	w, b := pos.Tops(bashni.White), pos.Tops(bashni.Black)
	if !pe.towers {
		kings := pos.Kings()
		return [4]bashni.SquareSet{w &^ kings, b &^ kings}, 2
	}
	// Tops over a prisoner: the piece right under is the other colour's.
	var over [2]bashni.SquareSet
	for s := stacked; s != 0; s &= s - 1 {
		t := pos.Tower(s.First())
		if c := t.Owner(); t.Piece(1).Color() != c {
			over[c] |= s & -s
		}
	}
	ow, ob := over[bashni.White], over[bashni.Black]
	return [4]bashni.SquareSet{w &^ ow, ow, b &^ ob, ob}, 4
}

// sum returns the pattern weights of pos, White's view less Black's.
// stacked is pos.Stacked(). Both layouts' regions are two ranks high.
func (pe *patternEval) sum(pos *bashni.Position, stacked bashni.SquareSet) int {
	pl, k := pe.planes(pos, stacked)
	if pe.men8x8 {
		return pe.men8(&pl, k)
	}
	if pe.towers7or8 {
		return pe.towers8(&pl, pos)
	}
	if pe.menSquares8x8 {
		return pe.menSquares8(&pl, pos)
	}
	n := pe.ranks
	var x [8]uint32 // the ranks' numbers from both views, as in rank
	for s := range k {
		set, tab := uint64(pl[s&3]), &pe.rank[s&3]
		for r := range n {
			x[r&7] += tab[r&7][uint8(set)]
			set >>= 8
		}
	}
	// d[view][r]: the view's rank r as a base-K number of its squares'
	// states, column j the digit j.
	var d [2][8]int32
	for r := range n {
		d[0][r&7], d[1][(n-1-r)&7] = int32(x[r&7]&0xffff), int32(x[r&7]>>16)
	}
	w := pe.p.W
	early, late := 0, 0 // late: a Phased layout's end-of-game weights
	reg := 0
	ranks := pe.p.Layout.Ranks
	for r0 := 0; r0+ranks <= n; r0++ {
		for c := range pe.placesPerRank {
			win := &pe.window[c&3]
			var white, black int
			pow := int32(1)
			for i := range ranks {
				white += int(pow * win[d[0][(r0+i)&7]&1023])
				black += int(pow * win[d[1][(r0+i)&7]&1023])
				pow *= pe.kCols
			}
			white, black = reg*pe.size+white, reg*pe.size+black
			if pe.phased {
				early += int(w[2*white]) - int(w[2*black])
				late += int(w[2*white+1]) - int(w[2*black+1])
			} else {
				early += int(w[white]) - int(w[black])
			}
			reg++
		}
	}
	if pe.phased {
		return pe.mix(early, late, pos)
	}
	return early
}

// ranks8 returns the numbers of the 8 ranks of an 8x8 board from both
// views, as in sum, for the k planes of pl: written out for men8 and
// towers8.
func (pe *patternEval) ranks8(pl *[4]bashni.SquareSet, k int) (x [8]uint32) {
	for s := range k {
		set, t := uint64(pl[s&3]), &pe.rank[s&3]
		x[0] += t[0][uint8(set)]
		x[1] += t[1][uint8(set>>8)]
		x[2] += t[2][uint8(set>>16)]
		x[3] += t[3][uint8(set>>24)]
		x[4] += t[4][uint8(set>>32)]
		x[5] += t[5][uint8(set>>40)]
		x[6] += t[6][uint8(set>>48)]
		x[7] += t[7][uint8(set>>56)]
	}
	return x
}

// men8 is sum for regions of two whole ranks on an 8x8 board (men-2x4),
// the classic presets' first layout (their search evaluates at about
// every other node), written out rank by rank so that it costs a few
// hundred instructions, not twice that.
func (pe *patternEval) men8(pl *[4]bashni.SquareSet, k int) int {
	const size = 6561 // 3^8 indices per region
	x := pe.ranks8(pl, k)
	w := (*[7 * size]int16)(pe.p.W) // newPatternEval checked the length
	total := 0
	for r := range 7 {
		// White's region r reads board ranks r and r+1 as they are;
		// Black's region 6-r reads the same two ranks turned round.
		white := r*size + int(x[r]&0xffff) + 81*int(x[r+1]&0xffff)
		black := (6-r)*size + int(x[r+1]>>16) + 81*int(x[r]>>16)
		total += int(w[white]) - int(w[black])
	}
	return total
}

// towers8 is sum for regions of 2x2 dark squares on a board of 7 or 8
// ranks (towers-2x2 and towers-2x2-phased), the layouts of the tower
// presets, written out as men8 is: on 8x8 about 1,400 instructions a call,
// not 2,350. (A 7x7 board's eighth rank is empty: ranks8 reads it as 0.)
func (pe *patternEval) towers8(pl *[4]bashni.SquareSet, pos *bashni.Position) int {
	const size = 625 // 5^4 indices per region
	x := pe.ranks8(pl, 4)
	n := pe.ranks
	regions := 3 * (n - 1)
	// White's regions 3r to 3r+2 read board ranks r and r+1 as they are;
	// Black's regions 3(n-2-r) to 3(n-2-r)+2 the same two ranks turned
	// round, rank r+1 their lower one. (The %21 below changes no index,
	// 3r+c being below 21; without it BenchmarkEvaluate/international
	// measured 2% slower, benchstat of 6 runs, p=0.004.)
	var white, black [21]int
	// Seven pairs of ranks whatever n: on 7x7 the seventh (ranks 6 and 7,
	// the last off the board) fills white[18:21] and black[18:21], which
	// are not summed. (A loop to n-1 made international's sum 10% slower.)
	for r := range 7 {
		lo, hi := &pe.pairs[x[r]&1023][0], &pe.pairs[x[r+1]&1023][1]
		blo, bhi := &pe.pairs[x[r+1]>>16&1023][0], &pe.pairs[x[r]>>16&1023][1]
		wr, br := 3*r*size, 3*(n-2-r)*size
		for c := range 3 {
			white[(3*r+c)%21] = wr + int(lo[c]) + int(hi[c])
			black[(3*r+c)%21] = br + int(blo[c]) + int(bhi[c])
		}
	}
	if pe.phased {
		w := pe.p.W[:2*regions*size] // newPatternEval checked the length
		early, late := 0, 0
		for i := range regions {
			a, b := 2*white[i], 2*black[i]
			early += int(w[a]) - int(w[b])
			late += int(w[a+1]) - int(w[b+1])
		}
		return pe.mix(early, late, pos)
	}
	w := pe.p.W[:regions*size] // newPatternEval checked the length
	total := 0
	for i := range regions {
		total += int(w[white[i]]) - int(w[black[i]])
	}
	return total
}

// menSquares8 is sum for regions of 4x4 squares on an 8x8 board
// (men-4x2 and men-4x2-phased), written out as men8 is: each rank's three
// windows come in one word (squares), and the words of four ranks,
// weighted 1, 9, 81 and 729, add up to the indices of the three regions on
// them, each below 3^8 = 6561 and so in its own 16-bit lane.
func (pe *patternEval) menSquares8(pl *[4]bashni.SquareSet, pos *bashni.Position) int {
	const size = 6561 // 3^8 indices per region
	x := pe.ranks8(pl, 2)
	// a[r], b[r]: White's and Black's view of their rank r. White's view
	// of board rank r is its rank r, Black's its rank 7-r.
	var a, b [8]uint64
	for r := range 8 {
		a[r] = pe.squares[x[r]&127]
		b[7-r] = pe.squares[x[r]>>16&127]
	}
	if pe.phased {
		w := (*[2 * 15 * size]int16)(pe.p.W) // newPatternEval checked the length
		early, late := 0, 0
		for r := range 5 {
			white := a[r] + 9*a[r+1] + 81*a[r+2] + 729*a[r+3]
			black := b[r] + 9*b[r+1] + 81*b[r+2] + 729*b[r+3]
			for c := range 3 {
				reg := (3*r + c) * size
				i, j := 2*(reg+int(white>>(16*c)&0xffff)), 2*(reg+int(black>>(16*c)&0xffff))
				early += int(w[i]) - int(w[j])
				late += int(w[i+1]) - int(w[j+1])
			}
		}
		return pe.mix(early, late, pos)
	}
	w := (*[15 * size]int16)(pe.p.W) // newPatternEval checked the length
	total := 0
	for r := range 5 {
		white := a[r] + 9*a[r+1] + 81*a[r+2] + 729*a[r+3]
		black := b[r] + 9*b[r+1] + 81*b[r+2] + 729*b[r+3]
		for c := range 3 {
			reg := (3*r + c) * size
			total += int(w[reg+int(white>>(16*c)&0xffff)]) - int(w[reg+int(black>>(16*c)&0xffff)])
		}
	}
	return total
}

// mix returns the weight of a Phased layout's sums of its start-of-game
// weights (early) and end-of-game ones (late) in pos (PatternPhase).
// Integer division rounds towards zero, so a position and its mirror
// still get opposite sums.
func (pe *patternEval) mix(early, late int, pos *bashni.Position) int {
	occupied := min(pos.Occupied().Len(), pe.full)
	return (early*occupied + late*(pe.full-occupied)) / pe.full
}

// PatternIndices returns the weights of layout l that pos uses on a board
// of v's size, as indices into Patterns.W (in a Phased layout, the index
// i stands for the two weights at 2*i and 2*i+1): white those of White's
// view (added), black those of Black's (subtracted), one per region each. It
// visits the window's squares one by one, turning the board round for
// Black's view square by square: the slow and plain way, the reference the
// evaluation's bitboards are tested against, and what a fit counts.
func PatternIndices(l PatternLayout, v bashni.Variant, pos *bashni.Position) (white, black []int) {
	n := v.Size
	size := l.size()
	// darkSquare returns the j-th dark square from the a-file of rank r,
	// or false if the rank has fewer.
	darkSquare := func(r, j int) (bashni.Square, bool) {
		for f := range n {
			if s := bashni.SquareAt(f, r); v.OnBoard(s) {
				if j == 0 {
					return s, true
				}
				j--
			}
		}
		return bashni.NoSquare, false
	}
	state := func(s bashni.Square, own bashni.Color) int {
		t := pos.Tower(s)
		if t.IsEmpty() || (!l.Towers && t.Top().IsKing()) {
			return 0
		}
		st := 1
		if l.Towers && t.Height() > 1 && t.Piece(1).Color() != t.Owner() {
			st = 2
		}
		if t.Owner() != own {
			st += l.K / 2
		}
		return st
	}
	cols := (n + 1) / 2
	for view, own := range []bashni.Color{bashni.White, bashni.Black} {
		reg := 0
		for r0 := 0; r0+l.Ranks <= n; r0++ {
			for c0 := 0; c0+l.Cols <= cols; c0++ {
				idx, pow := 0, 1
				for i := range l.Ranks {
					for j := range l.Cols {
						vr, vc := r0+i, c0+j
						s, ok := darkSquare(vr, vc)
						if ok && view == 1 {
							// Black's view: the square half a turn round.
							s = bashni.SquareAt(n-1-s.File(), n-1-s.Rank())
						}
						if ok {
							idx += state(s, own) * pow
						}
						pow *= l.K
					}
				}
				if view == 0 {
					white = append(white, reg*size+idx)
				} else {
					black = append(black, reg*size+idx)
				}
				reg++
			}
		}
	}
	return white, black
}
