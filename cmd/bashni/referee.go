package main

import (
	"context"
	"fmt"

	"github.com/bashni-dev/bashni"
)

// playedGame is a finished game of match or selfplay.
type playedGame struct {
	start  bashni.Position // the ruleset's start position
	moves  []bashni.Move   // opening moves included
	result string          // "1-0", "0-1" or "1/2-1/2"
	reason string          // how it ended, for the record
}

// winner returns the colour that won, and false for a draw.
func (g playedGame) winner() (bashni.Color, bool) {
	switch g.result {
	case "1-0":
		return bashni.White, true
	case "0-1":
		return bashni.Black, true
	}
	return bashni.White, false
}

// referee keeps the score of one game by RULES.md section 9: a side with no
// legal move loses; the same position for the ruleset's Repetitions-th time
// or KingsOnlyPlies plies without a man move or capture draw; and, so that
// every game ends, maxPlies plies draw too (an adjudication, said so in the
// reason).
type referee struct {
	v         bashni.Variant
	maxPlies  int
	seen      map[uint64]int // occurrences of positions since the last irreversible move
	kingsOnly int
	plies     int
}

func newReferee(start bashni.Position, maxPlies int) *referee {
	r := &referee{v: start.Variant(), maxPlies: maxPlies, seen: map[uint64]int{}}
	r.seen[start.Key()] = 1
	return r
}

// play records m, played in before, and returns the result and reason when
// the game is over after it ("" while it goes on).
func (r *referee) play(before bashni.Position, m bashni.Move, after bashni.Position) (result, reason string) {
	r.plies++
	if m.IsCapture() || !before.Tower(m.From()).Top().IsKing() {
		r.kingsOnly = 0
		clear(r.seen)
	} else {
		r.kingsOnly++
	}
	r.seen[after.Key()]++
	switch {
	case !after.HasLegalMoves():
		if after.Turn() == bashni.White {
			return "0-1", "white has no legal move"
		}
		return "1-0", "black has no legal move"
	case r.v.Repetitions > 0 && r.seen[after.Key()] >= r.v.Repetitions:
		return "1/2-1/2", fmt.Sprintf("repetition (%d times)", r.v.Repetitions)
	case r.v.KingsOnlyPlies > 0 && r.kingsOnly >= r.v.KingsOnlyPlies:
		return "1/2-1/2", fmt.Sprintf("%d plies without a man move or capture", r.v.KingsOnlyPlies)
	case r.maxPlies > 0 && r.plies >= r.maxPlies:
		return "1/2-1/2", fmt.Sprintf("adjudicated a draw after %d plies", r.maxPlies)
	}
	return "", ""
}

// playGame plays a game from start: the opening moves first, then the
// players in turn (players[White] moves White). A player's error ends it.
func playGame(ctx context.Context, start bashni.Position, opening []bashni.Move, players [2]player, maxPlies int) (playedGame, error) {
	g := playedGame{start: start}
	ref := newReferee(start, maxPlies)
	pos := start
	next := func(m bashni.Move) bool {
		after := pos.PlayUnchecked(m)
		g.moves = append(g.moves, m)
		g.result, g.reason = ref.play(pos, m, after)
		pos = after
		return g.result != ""
	}
	if !pos.HasLegalMoves() {
		g.result, g.reason = "0-1", "white has no legal move"
		if pos.Turn() == bashni.Black {
			g.result, g.reason = "1-0", "black has no legal move"
		}
		return g, nil
	}
	for _, m := range opening {
		if next(m) {
			return g, nil
		}
	}
	for {
		m, err := players[pos.Turn()].move(ctx, start, g.moves, pos)
		if err != nil {
			return g, fmt.Errorf("ply %d: %w", len(g.moves)+1, err)
		}
		if _, err := pos.Play(m); err != nil {
			return g, fmt.Errorf("ply %d: the %s player chose an illegal move: %w", len(g.moves)+1, pos.Turn(), err)
		}
		if next(m) {
			return g, nil
		}
	}
}
