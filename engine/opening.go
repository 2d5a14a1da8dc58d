package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/bashni-dev/bashni"
)

// RandomOpening returns a line of up to plies moves from start, each drawn
// uniformly by rng from the legal moves; it stops early at a position where
// the side to move has none. The engine is deterministic, so matches and
// self-play start their games from such lines to play different games; the
// same rng state gives the same line. A nil start or rng, or a negative
// plies, is an error.
func RandomOpening(start *bashni.Position, plies int, rng *rand.Rand) ([]bashni.Move, error) {
	switch {
	case start == nil:
		return nil, errors.New("engine: RandomOpening needs a start position, not nil")
	case rng == nil:
		return nil, errors.New("engine: RandomOpening needs a random source, not nil")
	case plies < 0:
		return nil, fmt.Errorf("engine: an opening of %d plies is negative", plies)
	}
	pos := *start
	var line []bashni.Move
	var buf [64]bashni.Move
	for range plies {
		legal := pos.AppendLegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		line = append(line, m)
		pos = pos.PlayUnchecked(m)
	}
	return line, nil
}
