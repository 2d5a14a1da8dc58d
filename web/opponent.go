package web

import (
	"context"

	"github.com/bashni-dev/bashni"
)

// Opponent chooses moves for the computer side of a game. The server needs
// nothing more of an engine, so its tests can use a stand-in and the engine's
// internals stay out of this package.
type Opponent interface {
	// Move returns a legal move for the side to move in the position reached
	// from start by moves (legal in turn; the history lets it see
	// repetitions). It should return promptly, with its best move so far,
	// when ctx is done.
	Move(ctx context.Context, start bashni.Position, moves []bashni.Move) (bashni.Move, error)
}
