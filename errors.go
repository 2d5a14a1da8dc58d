package bashni

import (
	"errors"
	"fmt"
	"strings"
)

// The package's errors read "bashni: " and then what went wrong. A program
// that names the source itself (a command's "bashni show: ", a protocol's
// "error ") takes the part after the prefix from Message, or from the
// Message method every error type of the package has; no caller needs to
// cut the prefix off the text.

// Message returns err's text without the "bashni: " with which the
// package's own errors begin: the Message of an error of this package, and
// err.Error() for any other error (also for one that wraps an error of this
// package inside its own text). A nil error is "".
func Message(err error) string {
	switch e := err.(type) {
	case nil:
		return ""
	case interface{ Message() string }:
		return e.Message()
	}
	return err.Error()
}

// prefixed is the package's error text: "bashni: " and the message.
func prefixed(message string) string { return "bashni: " + message }

// textError is an error of this package with a fixed message, such as the
// sentinels; wrapped, when set, is what it wraps for errors.Is.
type textError struct {
	message string
	wrapped error
}

// newError returns an error of this package: "bashni: " and the message.
func newError(message string) error { return &textError{message: message} }

// errorf is fmt.Errorf for the package's errors (without %w: wrap with
// wrapError).
func errorf(format string, args ...any) error {
	return &textError{message: fmt.Sprintf(format, args...)}
}

// wrapError returns an error of this package that wraps err (for errors.Is)
// and says message.
func wrapError(err error, message string) error {
	return &textError{message: message, wrapped: err}
}

func (e *textError) Error() string   { return prefixed(e.message) }
func (e *textError) Message() string { return e.message }
func (e *textError) Unwrap() error   { return e.wrapped }

// Sentinel errors of reading and playing moves, for errors.Is; a
// *MoveError wraps one of them.
var (
	// ErrIllegalMove: the move is well written but not legal in the position.
	ErrIllegalMove = newError("illegal move")
	// ErrAmbiguousMove: a short capture "from:to" matches several legal moves.
	ErrAmbiguousMove = newError("ambiguous move")
	// ErrBadMoveText: the text is not move notation at all.
	ErrBadMoveText = newError("bad move text")
)

// MoveError reports move text that cannot be read or a move that is not
// legal in the position. It wraps ErrIllegalMove, ErrAmbiguousMove or
// ErrBadMoveText for errors.Is. It carries its parts, so that a program can
// say them its own way; Error and Message write them with Notation.
type MoveError struct {
	Text     string   // the move as given
	Position Position // the position it was tried in
	Reason   string   // why, such as "not a legal move here"
	// Candidates are, for an ambiguous move, every move it could mean.
	Candidates []Move
	// Legal are the legal moves of Position, as LegalMoves lists them.
	Legal []Move
	// Notation is the notation the text was read in, in which Error writes
	// the moves.
	Notation Notation
	err      error
}

// Message returns the error text without the package's prefix: the move
// and Detail, such as `move "c3-e5": not a legal move here (legal: a3-b4
// ...)`.
func (e *MoveError) Message() string { return fmt.Sprintf("move %q: %s", e.Text, e.Detail()) }

// Detail returns the reason, and the candidates of an ambiguous move or the
// legal moves of an illegal one: `not a legal move here (legal: a3-b4 ...)`.
func (e *MoveError) Detail() string {
	s := e.Reason
	switch {
	case len(e.Candidates) > 0:
		s += " (it could be " + joinTexts(e.Notation.MoveTexts(&e.Position, e.Candidates), ", ", " or ") + ")"
	case e.err != ErrIllegalMove:
	case len(e.Legal) == 0:
		s += " (no legal moves)"
	default:
		s += " (legal: " + joinTexts(e.Notation.MoveTexts(&e.Position, e.Legal), " ", " ") + ")"
	}
	return s
}

// Error returns "bashni: " and Message. It generates no moves: the moves it
// lists are those the error carries.
func (e *MoveError) Error() string { return prefixed(e.Message()) }

// Unwrap returns the sentinel error (ErrIllegalMove, ErrAmbiguousMove or
// ErrBadMoveText) for errors.Is.
func (e *MoveError) Unwrap() error { return e.err }

// joinTexts joins sorted texts with sep, and the last two with last.
func joinTexts(texts []string, sep, last string) string {
	var b strings.Builder
	for i, t := range texts {
		switch {
		case i == 0:
		case i == len(texts)-1:
			b.WriteString(last)
		default:
			b.WriteString(sep)
		}
		b.WriteString(t)
	}
	return b.String()
}

// FENError reports a FEN that cannot be read: the offending token and why.
type FENError struct {
	FEN    string // the whole text
	Token  string // the offending part
	Reason string
}

// Message returns the error text without the package's prefix: the FEN,
// the token and the reason; the token once, when the reason begins with it.
func (e *FENError) Message() string {
	if e.Token == "" || strings.HasPrefix(e.Reason, fmt.Sprintf("%q ", e.Token)) {
		return fmt.Sprintf("FEN %q: %s", e.FEN, e.Reason)
	}
	return fmt.Sprintf("FEN %q: %q: %s", e.FEN, e.Token, e.Reason)
}

// Error returns "bashni: " and Message.
func (e *FENError) Error() string { return prefixed(e.Message()) }

// VariantError reports a variant text or switch combination that cannot be
// used.
type VariantError struct {
	Text   string // the text being parsed, if any
	Reason string
}

// Message returns the error text without the package's prefix: the variant
// text, if any, and the reason.
func (e *VariantError) Message() string {
	if e.Text != "" {
		return fmt.Sprintf("variant %q: %s", e.Text, e.Reason)
	}
	return "variant: " + e.Reason
}

// Error returns "bashni: " and Message.
func (e *VariantError) Error() string { return prefixed(e.Message()) }

// LineError reports the move of a line that cannot be read or played: its
// place in the line (from 1, move numbers not counted), its text, and why.
type LineError struct {
	Index int    // the move's place in the line, from 1
	Text  string // the move as the line gives it
	Err   error  // a *MoveError, or Game.Play's error (such as ErrGameOver)
}

// Message returns the error text without the package's prefix: the move's
// place, then its text and why (a MoveError's Detail), or the error of
// playing it: `move 2: "c3-e5": not a legal move here (legal: ...)`,
// `move 9: the game is over: 1-0: black has no legal move`.
func (e *LineError) Message() string {
	var me *MoveError
	if errors.As(e.Err, &me) {
		return fmt.Sprintf("move %d: %q: %s", e.Index, me.Text, me.Detail())
	}
	return fmt.Sprintf("move %d: %s", e.Index, Message(e.Err))
}

// Error returns "bashni: " and Message.
func (e *LineError) Error() string { return prefixed(e.Message()) }

// Unwrap returns the move's error, for errors.Is and errors.As.
func (e *LineError) Unwrap() error { return e.Err }
