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
		if legal := bashni.MoveTexts(me.Position.LegalMoves()); len(legal) > 0 {
			msg += " (legal: " + strings.Join(legal, " ") + ")"
		} else {
			msg += " (no legal moves)"
		}
	}
	return fmt.Sprintf("-moves: move %d: %s", e.Index, msg)
}

func (e *moveListError) Unwrap() error { return e.Err }

// playMoves plays the space-separated moves of list from pos, in any text
// ParseMove reads. Move numbers ("1.", "12...", also glued on as "1.c3-d4")
// are skipped, so a line copied from a game record works.
func playMoves(pos bashni.Position, list string) (bashni.Position, error) {
	index := 0
	for _, tok := range strings.Fields(list) {
		tok = stripMoveNumber(tok)
		if tok == "" {
			continue
		}
		index++
		m, err := pos.ParseMove(tok)
		if err == nil {
			pos, err = pos.Play(m)
		}
		if err != nil {
			return bashni.Position{}, &moveListError{Index: index, Err: err}
		}
	}
	return pos, nil
}

// stripMoveNumber removes a leading move number with its dots ("12.",
// "12..."), and a token of dots alone; other text is returned unchanged.
func stripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	j := i
	for j < len(tok) && tok[j] == '.' {
		j++
	}
	if j == i {
		// No dots: not a move number (perhaps a bad move, for ParseMove to
		// report).
		return tok
	}
	return tok[j:]
}
