package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
)

// moveListError reports a move of a -moves list that cannot be played: its
// place in the list (from 1, move numbers not counted) and why.
type moveListError struct {
	Index int
	Err   error // a *bashni.MoveError
}

func (e *moveListError) Error() string {
	msg := errorText(e.Err)
	// The library lists the legal moves for an illegal or ambiguous move; for
	// text that is not a move at all the list helps just as much.
	var me *bashni.MoveError
	if errors.As(e.Err, &me) && errors.Is(e.Err, bashni.ErrBadMoveText) {
		if legal := me.Notation.MoveTexts(&me.Position, me.Legal); len(legal) > 0 {
			msg += " (legal: " + strings.Join(legal, " ") + ")"
		} else {
			msg += " (no legal moves)"
		}
	}
	return fmt.Sprintf("-moves: move %d: %s", e.Index, msg)
}

func (e *moveListError) Unwrap() error { return e.Err }

// parseMoves reads the moves of list from pos: a line of moves as
// bashni.SplitLine reads it, so a line copied from a game record works.
func parseMoves(pos bashni.Position, list string) ([]bashni.Move, error) {
	moves, err := pos.ParseLine(list)
	var le *bashni.LineError
	if errors.As(err, &le) {
		return nil, &moveListError{Index: le.Index, Err: le.Err}
	}
	return moves, err
}

// playMoves plays the moves of list from pos (parseMoves).
func playMoves(pos bashni.Position, list string) (bashni.Position, error) {
	moves, err := parseMoves(pos, list)
	if err != nil {
		return bashni.Position{}, err
	}
	for _, m := range moves {
		pos = pos.PlayUnchecked(m)
	}
	return pos, nil
}

// playGameMoves plays the moves of list in g (parseMoves): a move after
// the game's end is an error.
func playGameMoves(g *bashni.Game, list string) error {
	moves, err := parseMoves(*g.Position(), list)
	if err != nil {
		return err
	}
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			return fmt.Errorf("-moves: move %d: %s", i+1, errorText(err))
		}
	}
	return nil
}
