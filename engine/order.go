package engine

import "github.com/bashni-dev/bashni"

// Move ordering. Alpha-beta prunes most when the best move comes first, so
// each node tries, in order: the move the transposition table remembers,
// captures (the more pieces taken, and the more kings among them, the
// earlier), promotions, the two killer moves of the ply (quiet moves that
// refuted a sibling position), and the other quiet moves by their history
// (how often and how deep they caused a cutoff anywhere).

const (
	orderHash    = 1 << 30
	orderCapture = 1 << 24
	orderPromote = 1 << 23
	orderKiller  = 1 << 22
	historyMax   = 1 << 20
	// putOff marks a move that alphaBeta puts off for another thread:
	// below every ordering score, none of which is negative.
	putOff = -1
)

// moveList is the moves of one node with their ordering scores and their
// indices in generation order. It is reused from node to node at the same
// ply, so it allocates only when a node has more moves than any before.
type moveList struct {
	moves []bashni.Move
	score []int32
	index []uint8
}

// scoreMoves fills in the ordering scores; hash is the generation index
// of the hash move or -1.
func (s *searcher) scoreMoves(l *moveList, pos *bashni.Position, ply, hash int) {
	n := len(l.moves)
	if cap(l.score) < n {
		l.score = make([]int32, n, 2*n)
		l.index = make([]uint8, n, 2*n)
	}
	l.score, l.index = l.score[:n], l.index[:n]
	k := &s.killers[ply]
	hist := &s.hist[pos.Turn()]
	for i := range l.moves {
		m := &l.moves[i]
		var sc int32
		switch {
		case i == hash:
			sc = orderHash
		case m.IsCapture():
			n := m.Jumps()
			sc = orderCapture + int32(n)*1000
			for j := range n {
				if m.Taken(j).IsKing() {
					sc += 100
				}
			}
			if m.Promotes() {
				sc += 50
			}
		case m.Promotes():
			sc = orderPromote
		case *m == k[0]:
			sc = orderKiller + 1
		case *m == k[1]:
			sc = orderKiller
		default:
			sc = hist[m.From()][m.To()]
		}
		l.score[i] = sc
		l.index[i] = uint8(min(i, 255))
	}
}

// pick moves the best-scored of the moves from i on to position i and
// returns it: a selection sort done lazily, as most nodes cut off after a
// move or two.
func (l *moveList) pick(i int) bashni.Move {
	b := i
	for j := i + 1; j < len(l.moves); j++ {
		if l.score[j] > l.score[b] {
			b = j
		}
	}
	if b != i {
		l.moves[i], l.moves[b] = l.moves[b], l.moves[i]
		l.score[i], l.score[b] = l.score[b], l.score[i]
		l.index[i], l.index[b] = l.index[b], l.index[i]
	}
	return l.moves[i]
}

// history counts, for each side and each move's from and to squares, how
// often and how deep the move caused a cutoff.
type history [2][64][64]int32

// decay divides every count by d, so that old cutoffs count less.
func (h *history) decay(d int32) {
	for c := range h {
		for f := range h[c] {
			for t := range h[c][f] {
				h[c][f][t] /= d
			}
		}
	}
}
