package engine

import "fmt"

// Score is the value of a position for the side to move, in hundredths of a
// man on top of a tower (so 100 is about one man up). Scores beyond
// WinThreshold in absolute value are forced wins and losses: Win-n means the
// side to move wins in n plies, -(Win-n) that it loses in n plies.
//
// A search's scores are from -Win to Win. A Score beyond them (from a
// caller's arithmetic on scores) is read as Win or -Win, a result at once:
// Plies is 0 and String "win 0" or "loss 0".
type Score int

const (
	// Win is the score of a position won at once. A win found n plies ahead
	// scores Win-n, so shorter wins score higher.
	Win Score = 30000
	// WinThreshold is the least absolute score of a forced win or loss.
	WinThreshold = Win - MaxPly
	// Draw is the score of a drawn position.
	Draw Score = 0
)

// MaxPly bounds the depth of a search, extensions and captures included.
const MaxPly = 128

// IsWin reports whether the score is a forced win or loss.
func (s Score) IsWin() bool { return s >= WinThreshold || s <= -WinThreshold }

// Plies returns, for a forced win or loss, the number of plies until the
// side that loses has no move, 0 to MaxPly (0 for a Score beyond ±Win too);
// 0 for other scores.
func (s Score) Plies() int {
	switch {
	case s >= Win || s <= -Win:
		return 0
	case s >= WinThreshold:
		return int(Win - s)
	case s <= -WinThreshold:
		return int(Win + s)
	}
	return 0
}

// String writes the score as pieces with two decimals ("+1.25", "-0.40",
// "0.00"), or as "win N" / "loss N" with the number of plies for a forced
// result.
func (s Score) String() string {
	switch {
	case s >= WinThreshold:
		return fmt.Sprintf("win %d", s.Plies())
	case s <= -WinThreshold:
		return fmt.Sprintf("loss %d", s.Plies())
	case s == 0:
		return "0.00"
	case s > 0:
		return fmt.Sprintf("+%d.%02d", s/100, s%100)
	}
	return fmt.Sprintf("-%d.%02d", -s/100, -s%100)
}

// toTT and fromTT convert win scores between "plies from the root" and
// "plies from this node", so a stored win keeps its meaning when the same
// position is reached at another depth.
func toTT(s Score, ply int) Score {
	switch {
	case s >= WinThreshold:
		return s + Score(ply)
	case s <= -WinThreshold:
		return s - Score(ply)
	}
	return s
}

func fromTT(s Score, ply int) Score {
	switch {
	case s >= WinThreshold:
		return s - Score(ply)
	case s <= -WinThreshold:
		return s + Score(ply)
	}
	return s
}
