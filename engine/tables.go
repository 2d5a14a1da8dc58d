package engine

import (
	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/endgame"
)

// probe returns the score of pos at ply from the endgame tables
// (Options.Tables, which the caller has checked are set), and false when
// they do not hold it: tables of another ruleset, or more pieces than they
// have. The tables hold every position of their material, with a capture
// pending or not, so both the search and the capture search ask them; the
// count of pieces is read first, so positions of more pieces cost one
// population count. (The caller tests Options.Tables itself: through this
// call, too large to be inlined, the search from russian's start took 1%
// more instructions without tables.)
//
// The tables' values ignore the draw rules (they serve every ruleset that
// differs from theirs only in its draw-rule counts), so one is taken only
// where the ruleset's own draw rules cannot change it: a draw always (a
// draw rule ends no game in a win); a win or loss in n plies only when the
// kings-only count cannot reach its limit within those n plies (the rule
// is off, or the count at ply plus n stays under it; the table's line
// never repeats a position, each ply shortening the distance). Otherwise
// the count may draw first, and the search goes on below the node, where
// its own draw checks see it.
func (s *searcher) probe(pos *bashni.Position, ply int) (Score, bool) {
	t := s.e.opts.Tables
	if pos.Occupied().Len() > t.Pieces() {
		return 0, false
	}
	v, ok := t.Probe(pos)
	if !ok {
		return 0, false
	}
	if lim := s.v.KingsOnlyPlies; lim > 0 && v.Result != endgame.Draw && s.kingsOnly[ply]+v.Plies >= lim {
		return 0, false
	}
	return tableScore(v, ply), true
}

// tableScore is the score of a table's value at ply: a win in n plies is
// the search's own win score Win-(ply+n), as a win found by searching to
// the end scores. A win too far for a win score (ply+n beyond MaxPly, when
// the tables hold distances up to 254 plies) scores just under
// WinThreshold, less for a longer one: still above every evaluation, so
// the search heads for it and shortens it, but not reported as a forced
// win of a number of plies it could not count.
func tableScore(v endgame.Value, ply int) Score {
	n := Score(ply + v.Plies)
	var s Score
	switch v.Result {
	case endgame.Draw:
		return Draw
	case endgame.Win, endgame.Loss:
		s = Win - n
		if n >= MaxPly {
			s = WinThreshold - 1 - (n - MaxPly)
		}
	}
	if v.Result == endgame.Loss {
		return -s
	}
	return s
}
