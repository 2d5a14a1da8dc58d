package bashni

// Directions: north-east, north-west, south-east, south-west (bit steps +9,
// +7, -7, -9 on the rank*8+file layout). The opposite of direction d is 3-d.
const (
	dirNE = 0
	dirNW = 1
	dirSE = 2
	dirSW = 3
)

// geometry is what the generator needs to know of a board size.
type geometry struct {
	board uint64        // playable squares
	step  [64][4]Square // next square in a direction, NoSquare off the board
	far   [2]uint64     // far (crowning) rank of each colour
	// canStep[d] holds the squares that have a neighbour in direction d, so
	// that a shift of a bitboard masked by it never wraps or leaves the board.
	canStep [4]uint64
	// canJump[d] holds the squares with two neighbours in a row in direction
	// d: those a short jump in direction d can start from.
	canJump [4]uint64
	// adj[s] holds the squares next to s diagonally.
	adj [64]uint64
	// rays[s][d] holds the squares from s to the edge in direction d.
	rays [64][4]uint64
}

func newGeometry(size int) *geometry {
	g := &geometry{}
	for r := 0; r < size; r++ {
		for f := 0; f < size; f++ {
			if (r+f)%2 == 0 {
				g.board |= 1 << (r*8 + f)
			}
		}
	}
	for s := 0; s < 64; s++ {
		for d := 0; d < 4; d++ {
			g.step[s][d] = NoSquare
			if g.board&(1<<s) == 0 {
				continue
			}
			f, r := s&7, s>>3
			df, dr := 1, 1
			if d == dirNW || d == dirSW {
				df = -1
			}
			if d == dirSE || d == dirSW {
				dr = -1
			}
			nf, nr := f+df, r+dr
			if nf >= 0 && nf < size && nr >= 0 && nr < size {
				g.step[s][d] = Square(nr*8 + nf)
				g.canStep[d] |= 1 << s
			}
		}
	}
	for s := 0; s < 64; s++ {
		for d := 0; d < 4; d++ {
			for t := g.step[s][d]; t != NoSquare; t = g.step[t][d] {
				if t == g.step[s][d] {
					g.adj[s] |= t.bit()
				}
				g.rays[s][d] |= t.bit()
			}
			if a := g.step[s][d]; a != NoSquare && g.step[a][d] != NoSquare {
				g.canJump[d] |= 1 << s
			}
		}
	}
	for f := 0; f < size; f++ {
		g.far[White] |= 1 << ((size-1)*8 + f)
		g.far[Black] |= 1 << f
	}
	g.far[White] &= g.board
	g.far[Black] &= g.board
	return g
}
