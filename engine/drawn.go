package engine

import "github.com/bashni-dev/bashni"

// Kings-only endings of the classic games (russian-draughts,
// brazilian-draughts) that are draws whatever either side does: the search
// scores them 0 instead of counting the extra kings, which cannot win.
// TestKnownDrawsAreDraws solves every such ending of up to four kings by
// retrograde analysis and checks each position knownDraw names.
//
// A position qualifies only when its side to move has no capture, and:
//   - one king against one, neither on a1 or h8 (a king there can be
//     shut in: its only diagonal is the main road);
//   - one king on the main road (a1-h8) but not at its ends, against two
//     kings off it, whoever is to move;
//   - the same against three kings, with the lone king to move (with the
//     three to move a sacrifice can win).
const (
	mainRoad   = bashni.SquareSet(0x8040201008040201) // a1 b2 c3 d4 e5 f6 g7 h8
	roadEnds   = bashni.SquareSet(0x8000000000000001) // a1 h8
	roadInside = mainRoad &^ roadEnds
)

// classicKings reports whether kings in v move, capture and win as in the
// classic presets the draws were proved for; the draw rules' counts play
// no part in whether a position can be won.
func classicKings(v bashni.Variant) bool {
	for _, p := range []bashni.Variant{bashni.RussianDraughts(), bashni.BrazilianDraughts()} {
		p.Repetitions, p.KingsOnlyPlies = v.Repetitions, v.KingsOnlyPlies
		if v == p {
			return true
		}
	}
	return false
}

// knownDraw reports whether pos, whose side to move has no capture, is one
// of the drawn kings-only endings above. The caller checks classicKings.
func knownDraw(pos *bashni.Position) bool {
	occ := pos.Occupied()
	if pos.Kings() != occ || occ.Len() > 4 {
		return false
	}
	mover := pos.Tops(pos.Turn())
	other := occ &^ mover
	if mover.Len() == 1 && other.Len() == 1 {
		return occ&roadEnds == 0
	}
	lone, strong, loneToMove := mover, other, true
	if other.Len() == 1 {
		lone, strong, loneToMove = other, mover, false
	}
	if lone.Len() != 1 || lone&roadInside == 0 || strong&mainRoad != 0 {
		return false
	}
	return strong.Len() == 2 || loneToMove
}
