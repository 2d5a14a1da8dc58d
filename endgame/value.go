package endgame

import "fmt"

// Result is the outcome of a position for the side to move.
type Result int8

// The outcomes.
const (
	Loss Result = -1
	Draw Result = 0
	Win  Result = 1
)

// Value is a position's value for the side to move: its Result and, for a
// win or a loss, Plies, the number of plies until the losing side has no
// move with best play (0 for a draw, and for a side to move that has lost
// already).
type Value struct {
	Result Result
	Plies  int
}

// String writes the value as "win N", "loss N" (N in plies) or "draw".
func (v Value) String() string {
	switch v.Result {
	case Win:
		return fmt.Sprintf("win %d", v.Plies)
	case Loss:
		return fmt.Sprintf("loss %d", v.Plies)
	}
	return "draw"
}

// The stored byte of a value: 0 is a draw, and a win or loss in n plies is
// n+1. Wins take an odd number of plies and losses an even one (the loser is
// to move when it has no move), so the byte's parity tells them apart: even
// bytes are wins, odd ones losses.
const (
	drawByte = 0
	lostNow  = 1 // the side to move has no move
	// maxPlies is the longest distance a byte holds.
	maxPlies = 254
)

func decode(b byte) Value {
	switch {
	case b == drawByte:
		return Value{}
	case b&1 == 0:
		return Value{Result: Win, Plies: int(b) - 1}
	}
	return Value{Result: Loss, Plies: int(b) - 1}
}

// distance is the byte of a win or a loss in n plies (n's parity says
// which).
func distance(n int) byte { return byte(n + 1) }

// isWin and isLoss read a byte's result; plies its distance.
func isWin(b byte) bool  { return b != drawByte && b&1 == 0 }
func isLoss(b byte) bool { return b&1 == 1 }
func plies(b byte) int   { return int(b) - 1 }
