package bashni

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Sentinel errors for errors.Is; a *MoveError wraps one of them.
var (
	// ErrIllegalMove: the move is well written but not legal in the position.
	ErrIllegalMove = errors.New("bashni: illegal move")
	// ErrAmbiguousMove: a short capture "from:to" matches several legal moves.
	ErrAmbiguousMove = errors.New("bashni: ambiguous move")
	// ErrBadMoveText: the text is not move notation at all.
	ErrBadMoveText = errors.New("bashni: bad move text")
)

// annotations are the marks a move may carry after it (docs/RULES.md section 10).
var annotations = map[string]bool{"": true, "!": true, "?": true, "!!": true, "??": true, "!?": true, "?!": true}

// ParseMove reads a move in the notation of docs/RULES.md section 10 and returns
// the legal move it names:
//
//   - quiet moves as "c3-d4";
//   - captures as every landing square joined by ':' or 'x' (which may be
//     mixed): any full path of a legal capture sequence is accepted, even
//     where the canonical text of its move lists other squares;
//   - the short capture "from:to" when exactly one legal move matches it
//     (a two-square text that is the full path of a one-jump capture means
//     that capture);
//   - squares in either case, an optional promotion mark '*' and an
//     annotation (!, ?, !!, ??, !?, ?!), which change nothing.
//
// Errors are *MoveError values wrapping ErrBadMoveText (not notation),
// ErrAmbiguousMove (the candidates are listed) or ErrIllegalMove (the legal
// moves are listed). Reading a legal move allocates nothing.
func (p *Position) ParseMove(text string) (Move, error) { return p.parseMove(text, nil) }

// parseMove is ParseMove, its move lists generated under st (nil: no stop).
func (p *Position) parseMove(text string, st *stopper) (Move, error) {
	// A well-written legal move allocates nothing: the squares and the move
	// lists live on the stack.
	fail := func(sentinel error, reason string, cands []Move) (Move, error) {
		return Move{}, &MoveError{Text: text, Position: *p, Reason: reason, Candidates: cands, err: sentinel}
	}
	var sqBuf [maxPathSquares]Square
	squares, quiet, err := splitMove(text, sqBuf[:0])
	if err != nil {
		return fail(ErrBadMoveText, err.Error(), nil)
	}
	r := p.rules()
	for _, s := range squares {
		if !r.OnBoard(s) {
			return fail(ErrIllegalMove, fmt.Sprintf("%s is not a playable square of this board", s), nil)
		}
	}
	if len(squares) > maxPathSquares {
		return fail(ErrIllegalMove, fmt.Sprintf("%d squares: no capture makes more than %d jumps", len(squares), maxJumps), nil)
	}
	from, to := squares[0], squares[len(squares)-1]
	var legalBuf, seqBuf [64]Move
	legal := p.appendLegalStop(legalBuf[:0], false, st)
	if quiet {
		for _, m := range legal {
			if m.n == 0 && m.from == from && m.to == to {
				return m, nil
			}
		}
		if len(legal) > 0 && legal[0].n > 0 {
			return fail(ErrIllegalMove, "a capture is compulsory (captures are written with ':' or 'x')", nil)
		}
		return fail(ErrIllegalMove, "not a legal move here", nil)
	}
	if len(legal) > 0 && legal[0].n == 0 {
		return fail(ErrIllegalMove, "there is no capture here", nil)
	}
	// A full path of any legal sequence names the move that sequence belongs to.
	seqs := p.appendLegalStop(seqBuf[:0], true, st)
	unfinished := false
	for i := range seqs {
		sq := &seqs[i]
		if sq.from != from || int(sq.n) < len(squares)-1 {
			continue
		}
		match := true
		for j, s := range squares[1:] {
			if sq.path[j] != s {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		if int(sq.n) > len(squares)-1 {
			unfinished = true
			continue
		}
		for _, m := range legal {
			if m.sameResult(sq, r) {
				return m, nil
			}
		}
	}
	if len(squares) == 2 {
		var cands []Move
		for _, m := range legal {
			if m.from == from && m.to == to {
				cands = append(cands, m)
			}
		}
		switch len(cands) {
		case 1:
			return cands[0], nil
		case 0:
		default:
			return fail(ErrAmbiguousMove, fmt.Sprintf("%d legal captures go from %s to %s; write the full path", len(cands), from, to), cands)
		}
	}
	if unfinished {
		return fail(ErrIllegalMove, "unfinished capture: the sequence must go on", nil)
	}
	return fail(ErrIllegalMove, "not a legal move here", nil)
}

// maxPathSquares is the most squares a move's text can name: the start and
// one landing per jump.
const maxPathSquares = maxJumps + 1

// splitMove reads move text into its squares, appended to squares; quiet
// reports a '-' move.
func splitMove(text string, squares []Square) (_ []Square, quiet bool, err error) {
	t := strings.TrimSpace(text)
	end := len(t)
	for end > 0 && strings.IndexByte("!?*", t[end-1]) >= 0 {
		end--
	}
	marks := t[end:]
	t = t[:end]
	if strings.Count(marks, "*") > 1 || !annotations[strings.ReplaceAll(marks, "*", "")] {
		return nil, false, fmt.Errorf("%q is not a promotion mark and annotation", marks)
	}
	if t == "" {
		return nil, false, errors.New("no move")
	}
	dashes := 0
	for i := 0; ; {
		if i+2 > len(t) {
			return nil, false, fmt.Errorf("a square is missing at position %d", i+1)
		}
		s, err := ParseSquare(t[i : i+2])
		if err != nil {
			return nil, false, fmt.Errorf("%q at position %d is not a square", t[i:i+2], i+1)
		}
		squares = append(squares, s)
		i += 2
		if i == len(t) {
			break
		}
		c := t[i]
		if c != '-' && c != ':' && c != 'x' && c != 'X' {
			return nil, false, fmt.Errorf("%q at position %d is not a separator (-, : or x)", c, i+1)
		}
		if c == '-' {
			dashes++
		}
		i++
	}
	if len(squares) < 2 {
		return nil, false, errors.New("a move needs at least two squares")
	}
	if dashes > 0 {
		if len(squares) != 2 {
			return nil, false, errors.New("'-' is for quiet moves, which have two squares; captures use ':' or 'x'")
		}
		quiet = true
	}
	return squares, quiet, nil
}

// LineText writes moves in the order given, separated by spaces: a line of
// play such as a search's principal variation, "c3-d4 f6-g5 g3-h4".
func LineText(ms []Move) string {
	var sb strings.Builder
	for i, m := range ms {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}

// MoveTexts returns the canonical texts of the moves, sorted: a convenient
// form for printing and comparing move lists.
func MoveTexts(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}
