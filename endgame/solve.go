package endgame

import (
	"context"
	"fmt"

	"github.com/bashni-dev/bashni"
)

// solver solves the signatures of one material and its colour swap
// together: a quiet move of one leads to the other, every other move to a
// table solved before (lookup).
//
// It works as retrograde analysis does, on a graph it builds with the
// bashni package's move generator rather than by unmoving: expand plays
// every position's moves once, values at once what leads out of the group,
// and keeps the moves within it as edges; propagate then walks the edges
// backward, distance by distance.
type solver struct {
	v      bashni.Variant
	sigs   []Signature // one, or a signature and its swap
	offset []uint64    // of each signature's entries in vals
	vals   []byte      // the entries of every signature, in turn; 0 until known
	lookup func(Signature, uint64) (byte, error)

	// start and edges are the moves within the group: entry e's lead to
	// edges[start[e]:start[e+1]]. propagate turns them round (preds).
	start, edges []uint32
	// pending counts an entry's moves within the group whose values are not
	// known yet; longest is the longest known win its moves lead to (for
	// the opponent), plies+1, 0 if none; winning marks an entry that is not
	// a loss whatever its moves within the group lead to (a move out leads
	// to a draw or a loss for the opponent).
	pending, longest []uint8
	winning          []bool
	// due[n] lists the entries whose value is a win or loss in n plies (or
	// may be: an entry listed at two distances takes the first).
	due [maxPlies + 1][]uint32
}

// solve fills vals: every position's value, by its moves.
func (sv *solver) solve(ctx context.Context) error {
	var total uint64
	for _, s := range sv.sigs {
		sv.offset = append(sv.offset, total)
		total += s.Size()
	}
	if total >= 1<<32-1 {
		return fmt.Errorf("endgame: %v holds %d positions, more than a build indexes", sv.sigs, total)
	}
	sv.vals = make([]byte, total)
	sv.start = make([]uint32, total+1)
	sv.pending = make([]uint8, total)
	sv.longest = make([]uint8, total)
	sv.winning = make([]bool, total)
	for k, s := range sv.sigs {
		if err := sv.expand(ctx, k, s); err != nil {
			return err
		}
	}
	return sv.propagate(ctx)
}

// expand plays the moves of every position of the group's k-th signature.
func (sv *solver) expand(ctx context.Context, k int, s Signature) error {
	buf := make([]bashni.Move, 0, 64)
	var child bashni.Position
	for i := range s.Size() {
		e := uint32(sv.offset[k] + i)
		sv.start[e+1] = uint32(len(sv.edges))
		if i&0xffff == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		pl, ok := s.placementAt(i)
		if !ok {
			continue
		}
		p, err := pl.position(sv.v)
		if err != nil {
			return fmt.Errorf("endgame: %s entry %d: %v", s, i, err)
		}
		buf = p.AppendLegalMoves(buf[:0])
		minLoss, maxWin, draw := maxPlies, -1, false
		for _, m := range buf {
			p.PlayUncheckedInto(&child, m)
			cs, ci := locate(&child)
			if j := sv.member(cs); j >= 0 {
				sv.edges = append(sv.edges, uint32(sv.offset[j]+ci))
				continue
			}
			b, err := sv.lookup(cs, ci)
			if err != nil {
				return err
			}
			switch {
			case b == drawByte:
				draw = true
			case isLoss(b):
				minLoss = min(minLoss, plies(b))
			default:
				maxWin = max(maxWin, plies(b))
			}
		}
		sv.start[e+1] = uint32(len(sv.edges))
		inside := sv.start[e+1] - sv.start[e]
		switch {
		case minLoss < maxPlies:
			sv.winning[e] = true
			sv.due[minLoss+1] = append(sv.due[minLoss+1], e)
		case len(buf) == 0:
			sv.due[0] = append(sv.due[0], e)
		case draw:
			sv.winning[e] = true // a draw at least; a win if a move within wins
		case inside == 0:
			if maxWin+1 > maxPlies {
				return fmt.Errorf("endgame: %v: a distance beyond the %d plies a table holds", sv.sigs, maxPlies)
			}
			sv.due[maxWin+1] = append(sv.due[maxWin+1], e)
		}
		sv.pending[e] = uint8(inside)
		sv.longest[e] = uint8(maxWin + 1)
	}
	return nil
}

// member returns the index of s among the group's signatures, -1 if none.
func (sv *solver) member(s Signature) int {
	for j, g := range sv.sigs {
		if g == s {
			return j
		}
	}
	return -1
}

// propagate settles the due entries distance by distance: an entry due at
// n takes its value there unless it has one already (a win found shorter).
// A loss in n makes every entry with a move to it due at n+1 (a win); a win
// in n settles one more move of each entry with a move to it, and when all
// of an entry's moves lead to wins it is due one ply after the longest (a
// loss). Each entry is due first at its true distance, since every
// shorter distance is settled before; what is never due is a draw.
func (sv *solver) propagate(ctx context.Context) error {
	start, preds := sv.reverse()
	for n := 0; n <= maxPlies; n++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		for _, e := range sv.due[n] {
			if sv.vals[e] != 0 {
				continue
			}
			sv.vals[e] = distance(n)
			for _, u := range preds[start[e]:start[e+1]] {
				if sv.vals[u] != 0 {
					continue
				}
				if n&1 == 0 {
					if err := sv.schedule(u, n+1); err != nil {
						return err
					}
					continue
				}
				sv.pending[u]--
				sv.longest[u] = max(sv.longest[u], uint8(n+1))
				if sv.pending[u] == 0 && !sv.winning[u] {
					if err := sv.schedule(u, int(sv.longest[u])); err != nil {
						return err
					}
				}
			}
		}
		sv.due[n] = nil
	}
	return nil
}

// schedule makes entry e due at n.
func (sv *solver) schedule(e uint32, n int) error {
	if n > maxPlies {
		return fmt.Errorf("endgame: %v: a distance beyond the %d plies a table holds", sv.sigs, maxPlies)
	}
	sv.due[n] = append(sv.due[n], e)
	return nil
}

// reverse turns the edges round: the entries with a move to entry e are
// preds[start[e]:start[e+1]]. It frees the forward edges.
func (sv *solver) reverse() (start, preds []uint32) {
	start = make([]uint32, len(sv.vals)+1)
	for _, d := range sv.edges {
		start[d+1]++
	}
	for e := range len(sv.vals) {
		start[e+1] += start[e]
	}
	preds = make([]uint32, len(sv.edges))
	fill := make([]uint32, len(sv.vals))
	copy(fill, start)
	for e := range len(sv.vals) {
		for _, d := range sv.edges[sv.start[e]:sv.start[e+1]] {
			preds[fill[d]] = uint32(e)
			fill[d]++
		}
	}
	sv.start, sv.edges = nil, nil
	return start, preds
}
