package bashni

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Notation is a way to write and read moves and positions as text
// (docs/RULES.md section 10): squares by name ("c3-d4", "a3:c5:e7") or by
// number in a Numbering ("22-18", "11x18x25", PDN's numeric notation), and
// the separator written between a capture's squares. Reading takes either
// separator, ':' or 'x', whatever the notation writes, and square names in a
// numeric notation too.
//
// The zero Notation is the ruleset's own: square names, and captures
// written with 'x' in lasca (a ruleset whose text form, Variant.String,
// starts with "lasca" or "ludii-lasca") and with ':' in the others.
// Position.ParseMove, Position.FEN and ParseFEN are its short forms, and
// Move.String writes a move with ':'.
//
//	nt := bashni.Notation{Numbers: true, Numbering: bashni.NumberingBottomLeft, Separator: 'x'}
//	m, err := nt.ParseMove(pos, "9-13")  // a3-b4
//	fmt.Println(nt.FormatMove(pos, m))   // 9-13
type Notation struct {
	// Separator joins a capture's squares in the text written: ':' or 'x'.
	// Any other value (0 among them) means the ruleset's own.
	Separator byte
	// Numbers writes squares as numbers in Numbering, not by name; reading
	// then takes numbers (and names).
	Numbers bool
	// Numbering numbers the squares where Numbers is set. A value that is
	// none of the four numberings (Numbering(4) and up) numbers no square:
	// the notation then writes square names, which it reads back, and a
	// square number read is an error that says so.
	Numbering Numbering
}

// numbers reports whether n writes squares as numbers: Numbers, with one
// of the four numberings.
func (n Notation) numbers() bool { return n.Numbers && n.Numbering <= NumberingBottomRight }

// numberedSquare returns the square whose number is the digits, or
// NoSquare and why not.
func (n Notation) numberedSquare(v Variant, digits string) (Square, string) {
	if !n.numbers() {
		return NoSquare, fmt.Sprintf("%s is a square number, but the notation's numbering %v is none of N0 to N3", shortDigits(digits), n.Numbering)
	}
	s := NoSquare
	if len(digits) <= 3 {
		num, _ := strconv.Atoi(digits)
		s = n.Numbering.Square(v, num)
	}
	if s == NoSquare {
		return NoSquare, fmt.Sprintf("%s is not a square number of this board (1 to %d)", shortDigits(digits), v.SquareCount())
	}
	return s, ""
}

// separator returns the byte that joins a capture's squares in v.
func (n Notation) separator(v *Variant) byte {
	if n.Separator == ':' || n.Separator == 'x' {
		return n.Separator
	}
	return ownSeparator(v)
}

// ownSeparators caches ownSeparator: Variant -> byte.
var ownSeparators sync.Map

// ownSeparator is the capture separator of v's own notation: the one of
// the preset its text form names.
func ownSeparator(v *Variant) byte {
	if s, ok := ownSeparators.Load(*v); ok {
		return s.(byte)
	}
	i, _ := nearestPreset(*v)
	ownSeparators.Store(*v, presets[i].sep)
	return presets[i].sep
}

// square writes s: its name, or its number.
func (n Notation) square(b []byte, v *Variant, s Square) []byte {
	if n.numbers() {
		return strconv.AppendInt(b, int64(n.Numbering.Number(*v, s)), 10)
	}
	return append(b, s.String()...)
}

// FormatMove returns the text of m, a move of p: "c3-d4" for a quiet move,
// every landing square joined by the separator for a capture ("a3:c5:e7",
// "b2xd4xf6"), the squares as numbers in a numeric notation ("22x15x6").
// ParseMove reads it back to the same move. The zero Move is "-".
func (n Notation) FormatMove(p *Position, m Move) string {
	if m.n == 0 && m.from == m.to {
		return "-"
	}
	v := notationVariant(p)
	sep := byte('-')
	if m.n > 0 {
		sep = n.separator(v)
	}
	b := make([]byte, 0, 3*(int(m.n)+2))
	b = n.square(b, v, m.from)
	if m.n == 0 {
		return string(n.square(append(b, sep), v, m.to))
	}
	for _, s := range m.path[:m.n] {
		b = n.square(append(b, sep), v, s)
	}
	return string(b)
}

// notationVariant returns p's ruleset; p may be nil where the notation
// needs none (square names, the separator given), as in Move.String.
func notationVariant(p *Position) *Variant {
	if p == nil {
		return &defaultRules.Variant
	}
	return &p.rules().Variant
}

// FormatLine writes moves played in turn from p, separated by spaces: a
// line of play such as a search's principal variation, "c3-d4 f6-g5 g3-h4".
func (n Notation) FormatLine(p *Position, ms []Move) string {
	var sb strings.Builder
	for i, m := range ms {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(n.FormatMove(p, m))
	}
	return sb.String()
}

// MoveTexts returns the texts of moves of p, sorted: a convenient form for
// printing and comparing move lists.
func (n Notation) MoveTexts(p *Position, ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = n.FormatMove(p, m)
	}
	sort.Strings(out)
	return out
}

// LineText writes moves as Notation.FormatLine does, with ':' in captures.
func LineText(ms []Move) string {
	return Notation{Separator: ':'}.FormatLine(nil, ms)
}

// MoveTexts returns the moves' texts with ':' in captures, sorted, as
// Notation.MoveTexts does.
func MoveTexts(ms []Move) []string {
	return Notation{Separator: ':'}.MoveTexts(nil, ms)
}

// ParseMove reads a move in the notation and returns the legal move of p it
// names:
//
//   - quiet moves as "c3-d4";
//   - captures as every landing square joined by ':' or 'x' (which may be
//     mixed): any full path of a legal capture sequence is accepted, even
//     where the canonical text of its move lists other squares;
//   - the short capture "from:to" when exactly one legal move matches it
//     (a two-square text that is the full path of a one-jump capture means
//     that capture);
//   - squares in either case, or as numbers in a numeric notation; an
//     optional promotion mark '*' and an annotation (!, ?, !!, ??, !?, ?!),
//     which change nothing.
//
// Errors are *MoveError values wrapping ErrBadMoveText (not notation),
// ErrAmbiguousMove (the candidates are listed) or ErrIllegalMove (the legal
// moves are listed). Reading a legal move allocates nothing. p must not
// be nil.
func (n Notation) ParseMove(p *Position, text string) (Move, error) {
	return n.parseMove(p, text, nil)
}

// ParseMoveContext is ParseMove that gives up when ctx is done, returning
// ctx.Err(), as Position.LegalMovesContext does.
func (n Notation) ParseMoveContext(ctx context.Context, p *Position, text string) (Move, error) {
	if ctx.Done() == nil {
		return n.ParseMove(p, text)
	}
	st := stopper{ctx: ctx}
	var m Move
	var perr error
	if err := st.run(func() { m, perr = n.parseMove(p, text, &st) }); err != nil {
		return Move{}, err
	}
	return m, perr
}

// ParseMove reads a move in the ruleset's own notation (Notation{}): see
// Notation.ParseMove.
func (p *Position) ParseMove(text string) (Move, error) { return Notation{}.parseMove(p, text, nil) }

// squareText is square's text in the notation, for messages.
func (n Notation) squareText(r *rules, s Square) string {
	return string(n.square(nil, &r.Variant, s))
}

// maxPathSquares is the most squares a move's text can name: the start and
// one landing per jump.
const maxPathSquares = maxJumps + 1

// annotations are the marks a move may carry after it (docs/RULES.md section 10).
var annotations = map[string]bool{"!": true, "?": true, "!!": true, "??": true, "!?": true, "?!": true}

// IsAnnotation reports whether s is one of the annotations a move may carry
// (docs/RULES.md section 10): !, ?, !!, ??, !? or ?!.
func IsAnnotation(s string) bool { return annotations[s] }

// CutMarks splits a move's text into the move and the marks after it: the
// annotation (see IsAnnotation, or "" for none), and whether it carries the
// promotion mark '*'. ok is false when the marks after the move are neither
// (such as "!!!" or "**").
func CutMarks(text string) (move, annotation string, promotes, ok bool) {
	end := len(text)
	for end > 0 && strings.IndexByte("!?*", text[end-1]) >= 0 {
		end--
	}
	marks := text[end:]
	stars := strings.Count(marks, "*")
	annotation = strings.ReplaceAll(marks, "*", "")
	ok = stars <= 1 && (annotation == "" || IsAnnotation(annotation))
	return text[:end], annotation, stars == 1, ok
}

// splitMove reads move text into its squares, appended to squares; quiet
// reports a '-' move.
func (n Notation) splitMove(r *rules, text string, squares []Square) (_ []Square, quiet bool, err error) {
	t, _, _, ok := CutMarks(strings.TrimSpace(text))
	if !ok {
		return nil, false, fmt.Errorf("%q is not a promotion mark and annotation", strings.TrimSpace(text)[len(t):])
	}
	if t == "" {
		return nil, false, errors.New("no move")
	}
	dashes := 0
	for i := 0; ; {
		if i >= len(t) {
			return nil, false, fmt.Errorf("a square is missing at position %d", i+1)
		}
		var s Square
		if s, i, err = n.readSquare(r, t, i); err != nil {
			return nil, false, err
		}
		squares = append(squares, s)
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

// readSquare reads the square at t[i:], a name or (in a numeric notation)
// a number, and returns it with the index after it.
func (n Notation) readSquare(r *rules, t string, i int) (Square, int, error) {
	if n.Numbers && t[i] >= '0' && t[i] <= '9' {
		j := i
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		s, why := n.numberedSquare(r.Variant, t[i:j])
		if s == NoSquare {
			return NoSquare, i, errors.New(why)
		}
		return s, j, nil
	}
	if i+2 > len(t) {
		return NoSquare, i, fmt.Errorf("a square is missing at position %d", i+1)
	}
	s, err := ParseSquare(t[i : i+2])
	if err != nil {
		return NoSquare, i, fmt.Errorf("%q at position %d is not a square", t[i:i+2], i+1)
	}
	return s, i + 2, nil
}

// shortDigits cuts a long run of digits for an error message.
func shortDigits(s string) string {
	if len(s) > 12 {
		return s[:12] + "..."
	}
	return s
}

// FEN returns p in the FEN of the notation: Position.FEN, with square
// numbers in place of names in a numeric notation ("W:W21,22,...:B1,2,..."),
// each side's tokens in the order of their numbers. p must not be nil.
func (n Notation) FEN(p *Position) string {
	if !n.numbers() {
		return p.FEN()
	}
	v := p.Variant()
	fields := strings.Split(p.FEN(), ":")
	for i := 1; i < len(fields); i++ {
		side := fields[i]
		if len(side) <= 1 {
			continue
		}
		toks := strings.Split(side[1:], ",")
		nums := make(map[string]int, len(toks))
		for j, tok := range toks {
			king := ""
			if strings.HasPrefix(tok, "K") {
				king, tok = "K", tok[1:]
			}
			s, _ := ParseSquare(tok[:2])
			num := n.Numbering.Number(v, s)
			toks[j] = king + strconv.Itoa(num) + tok[2:]
			nums[toks[j]] = num
		}
		sort.Slice(toks, func(a, b int) bool { return nums[toks[a]] < nums[toks[b]] })
		fields[i] = side[:1] + strings.Join(toks, ",")
	}
	return strings.Join(fields, ":")
}

// ParseFEN reads a position of the variant in the notation's FEN: see the
// function ParseFEN, which it is for square names. In a numeric notation
// the squares may be numbers ("W:W21,22,23:BK1,2") or names, or a mix; a
// number that names no square is a *FENError naming the token.
func (n Notation) ParseFEN(v Variant, fen string) (Position, error) {
	if !n.Numbers {
		return ParseFEN(v, fen)
	}
	fields := strings.Split(fen, ":")
	orig := map[string]string{} // each token as ParseFEN sees it -> as written
	for i := 1; i < len(fields); i++ {
		side := strings.TrimSpace(fields[i])
		if side == "" {
			continue
		}
		toks := strings.Split(side[1:], ",")
		for j, tok := range toks {
			t := strings.TrimSpace(tok)
			king := ""
			if strings.HasPrefix(t, "K") {
				king, t = "K", t[1:]
			}
			d := 0
			for d < len(t) && t[d] >= '0' && t[d] <= '9' {
				d++
			}
			if d == 0 {
				continue // a square name, or bad: ParseFEN says which
			}
			s, why := n.numberedSquare(v, t[:d])
			if s == NoSquare {
				return Position{}, &FENError{FEN: fen, Token: strings.TrimSpace(tok), Reason: why}
			}
			toks[j] = king + s.String() + t[d:]
			orig[toks[j]] = strings.TrimSpace(tok)
		}
		fields[i] = side[:1] + strings.Join(toks, ",")
	}
	p, err := ParseFEN(v, strings.Join(fields, ":"))
	if fe, ok := err.(*FENError); ok {
		fe.FEN = fen
		if o, ok := orig[fe.Token]; ok {
			fe.Token = o // the token as the FEN writes it, in numbers
		}
	}
	return p, err
}
