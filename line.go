package bashni

import (
	"context"
	"strings"
)

// A line of moves is text such as "1. c3-d4 b6-c5 2. d4:b6": moves in any
// form ParseMove reads, separated by white space, with move numbers ("12.",
// "12...", also glued on as in "1.c3-d4") allowed between them, so that a
// line copied from a game record reads as it is. The command's -moves flag,
// its terminal game, the engine protocol's move lists and the web page's
// requests all read their moves through SplitLine, ParseLine and PlayLine.

// SplitLine returns the move texts of a line of moves, in order, without
// the move numbers.
func SplitLine(line string) []string {
	var out []string
	for _, tok := range strings.Fields(line) {
		if tok = TrimMoveNumber(tok); tok != "" {
			out = append(out, tok)
		}
	}
	return out
}

// TrimMoveNumber removes a leading move number with its dots ("12.",
// "12..."), and returns "" for a token of dots alone or a move number alone;
// other text, digits without a dot among it, is returned unchanged.
func TrimMoveNumber(tok string) string {
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

// ParseLine reads a line of moves (see SplitLine) played in turn from p and
// returns them. At a move that is not legal where it is played it stops,
// returning the moves before it and a *LineError.
func (p *Position) ParseLine(line string) ([]Move, error) {
	texts := SplitLine(line)
	moves := make([]Move, 0, len(texts))
	pos := *p
	for i, text := range texts {
		m, err := pos.ParseMove(text)
		if err != nil {
			return moves, &LineError{Index: i + 1, Text: text, Err: err}
		}
		moves = append(moves, m)
		pos.play(&m)
	}
	return moves, nil
}

// PlayLine plays a line of moves (see SplitLine) in the game, in turn. At a
// move that cannot be played (not legal there, or the game is over) it
// stops with a *LineError; the moves before it stay played.
func (g *Game) PlayLine(line string) error {
	return g.PlayLineContext(context.Background(), line)
}

// PlayLineContext is PlayLine that gives up when ctx is done, returning
// ctx.Err() (see PlayTextContext); the moves played until then stay played.
func (g *Game) PlayLineContext(ctx context.Context, line string) error {
	for i, text := range SplitLine(line) {
		if _, err := g.PlayTextContext(ctx, text); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &LineError{Index: i + 1, Text: text, Err: err}
		}
	}
	return nil
}
