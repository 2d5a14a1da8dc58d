package bashni

import "math/bits"

// NewPosition returns the position of the variant with one-piece towers
// only: white's and black's pieces on the squares of white and black, those
// of kings crowned, and turn to move. It is the fast way to set up a
// position from sets, for programs that enumerate positions (the endgame
// tables index every placement of a few pieces): ParseFEN reads the same
// positions from text.
//
// The sets must be squares of the board (Variant.Board), white and black
// must not meet, kings must lie in white|black, no man may stand on its own
// far rank, and neither colour may have more than the variant's Pieces;
// otherwise the error says which rule the sets break.
func NewPosition(v Variant, turn Color, white, black, kings SquareSet) (Position, error) {
	r, err := rulesFor(v)
	if err != nil {
		return Position{}, err
	}
	w, b, k := uint64(white), uint64(black), uint64(kings)
	board := r.board
	switch {
	case turn > Black:
		return Position{}, errorf("the side to move is %d, neither White nor Black", turn)
	case (w|b)&^board != 0:
		return Position{}, errorf("%s is not a square of the board", Square(bits.TrailingZeros64((w|b)&^board)))
	case w&b != 0:
		return Position{}, errorf("%s holds a white and a black piece", Square(bits.TrailingZeros64(w&b)))
	case k&^(w|b) != 0:
		return Position{}, errorf("%s is a king's square but holds no piece", Square(bits.TrailingZeros64(k&^(w|b))))
	case w&^k&r.far[White] != 0:
		return Position{}, errorf("a white man stands on its own far rank at %s", Square(bits.TrailingZeros64(w&^k&r.far[White])))
	case b&^k&r.far[Black] != 0:
		return Position{}, errorf("a black man stands on its own far rank at %s", Square(bits.TrailingZeros64(b&^k&r.far[Black])))
	case bits.OnesCount64(w) > r.Pieces || bits.OnesCount64(b) > r.Pieces:
		return Position{}, errorf("more pieces of a colour than the %d a side has in %s", r.Pieces, r.Variant)
	}
	p := Position{r: r, white: w, black: b, kings: k, turn: turn}
	p.key = p.computeKey()
	return p, nil
}
