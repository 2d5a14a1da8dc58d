package hub

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/strictnum"
)

// The Hub's square numbers, as pydraughts sends and reads them for the 8x8
// games (measured from its dialogues, testdata/dialogues): moves number the
// squares from the bottom left, 1 = a1, 2 = c1 ... 9 = a3 ... 32 = h8 (PDN's
// N0, the numbers of Russian draughts), and the position string lists them
// from the top left, b8 d8 f8 h8 a7 ... g1 (PDN's N2). The dialogues send
// only the start position, which fixes the string's ranks; its files follow
// from pydraughts writing a Hub move by turning its board's numbers upside
// down rank for rank, so that its square 21 is the Hub's 9, a3.
const (
	posNumbering  = bashni.NumberingTopLeft
	moveNumbering = bashni.NumberingBottomLeft
)

// ParsePosition reads the Hub's position string for the ruleset v: the side
// to move ('W' or 'B'), then one letter per playable square in the order
// b8 d8 f8 h8 a7 ... g1 ('w', 'b' men, 'W', 'B' kings, 'e' empty), 33
// letters on the 8x8 board. Each piece is a tower of one.
func ParsePosition(v bashni.Variant, text string) (bashni.Position, error) {
	n := v.SquareCount()
	if len(text) != n+1 {
		return bashni.Position{}, fmt.Errorf("position %q: want %d letters (the side to move, then one per square), found %d", shortText(text), n+1, len(text))
	}
	var fen strings.Builder
	switch text[0] {
	case 'W':
		fen.WriteString("W")
	case 'B':
		fen.WriteString("B")
	default:
		return bashni.Position{}, fmt.Errorf("position: the side to move %q is not W or B", text[0])
	}
	var sides [2][]string
	for i := 1; i < len(text); i++ {
		s := posNumbering.Square(v, i)
		switch c := text[i]; c {
		case 'e':
		case 'w':
			sides[0] = append(sides[0], s.String())
		case 'W':
			sides[0] = append(sides[0], "K"+s.String())
		case 'b':
			sides[1] = append(sides[1], s.String())
		case 'B':
			sides[1] = append(sides[1], "K"+s.String())
		default:
			return bashni.Position{}, fmt.Errorf("position: letter %d, %q, is not w, b, W, B or e", i+1, c)
		}
	}
	fen.WriteString(":W" + strings.Join(sides[0], ",") + ":B" + strings.Join(sides[1], ","))
	p, err := bashni.ParseFEN(v, fen.String())
	if err != nil {
		return bashni.Position{}, fmt.Errorf("position %q: %s", shortText(text), bashni.Message(err))
	}
	return p, nil
}

// FormatPosition writes a position as the Hub's position string; the
// second result is false when the position has a tower of more than one
// piece, which the string cannot show. p must not be nil.
func FormatPosition(p *bashni.Position) (string, bool) {
	v := p.Variant()
	b := []byte{"WB"[p.Turn()]}
	ok := true
	for i := 1; i <= v.SquareCount(); i++ {
		t := p.Tower(posNumbering.Square(v, i))
		switch {
		case t.IsEmpty():
			b = append(b, 'e')
			continue
		case t.Height() > 1:
			ok = false
		}
		c := byte('w')
		if t.Owner() == bashni.Black {
			c = 'b'
		}
		if t.Top().IsKing() {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b), ok
}

// numbered reports whether the ruleset's moves are written in Hub numbers:
// the classic games (stacking off). Column checkers, which no Hub client
// knows, use bashni's own notation (c3-d4, a3:c5:e7).
func numbered(v bashni.Variant) bool { return !v.Stacking }

// FormatMove writes a move as the Hub does: for the classic games the
// start and end square numbers joined by '-' for a quiet move, and for a
// capture by 'x' followed by the captured squares in increasing order
// ("16x23x20", as pydraughts reads it); for column checkers the move's
// bashni notation. The zero Move (no move) is "-", as Move.String writes
// it in every ruleset: it is no Hub move, which ParseMove refuses, and a
// Session that has no move answers "done" without one, as Scan does. p
// must not be nil.
func FormatMove(p *bashni.Position, m bashni.Move) string {
	if !m.IsCapture() && m.From() == m.To() {
		return "-" // the zero Move, not a1 to a1
	}
	v := p.Variant()
	if !numbered(v) {
		return bashni.Notation{}.FormatMove(p, m)
	}
	from, to := moveNumbering.Number(v, m.From()), moveNumbering.Number(v, m.To())
	if !m.IsCapture() {
		return strconv.Itoa(from) + "-" + strconv.Itoa(to)
	}
	taken := make([]int, 0, m.Jumps())
	for _, s := range m.JumpedSquares() {
		taken = append(taken, moveNumbering.Number(v, s))
	}
	sort.Ints(taken)
	var b strings.Builder
	b.WriteString(strconv.Itoa(from) + "x" + strconv.Itoa(to))
	for _, n := range taken {
		b.WriteString("x" + strconv.Itoa(n))
	}
	return b.String()
}

// ParseMove reads a Hub move in the position: for the classic games
// "from-to" in square numbers, and a capture in either numbered form:
// Scan's "from x to x captured..." (the captured squares in any order, or
// left out where only one capture goes from one to the other), or the path
// "from x landing x ... x to" that lidraughts' analysis sends; and in every
// ruleset bashni's own notation, which has square names ("c3-d4",
// "a3:c5:e7"). p must not be nil.
func ParseMove(p *bashni.Position, text string) (bashni.Move, error) {
	v := p.Variant()
	if strings.ContainsAny(text, "abcdefghABCDEFGH") || !numbered(v) {
		return p.ParseMove(text)
	}
	sep := "-"
	if strings.Contains(text, "x") {
		sep = "x"
	}
	parts := strings.Split(text, sep)
	if len(parts) < 2 || (sep == "-" && len(parts) != 2) {
		return bashni.Move{}, fmt.Errorf("move %q: want from-to, from x to x captured squares, or from x landing squares", shortText(text))
	}
	squares := make([]bashni.Square, len(parts))
	for i, part := range parts {
		n, err := strictnum.Int(part, 1, v.SquareCount())
		s := moveNumbering.Square(v, n)
		if err != nil || s == bashni.NoSquare {
			return bashni.Move{}, fmt.Errorf("move %q: %q is not a square number (1 to %d)", shortText(text), shortText(part), v.SquareCount())
		}
		squares[i] = s
	}
	var scanForm, pathForm []bashni.Move
	for _, m := range p.LegalMoves() {
		if m.IsCapture() != (sep == "x") {
			continue
		}
		if m.From() == squares[0] && m.To() == squares[1] && (len(squares) == 2 || sameSquares(m.JumpedSquares(), squares[2:])) {
			scanForm = append(scanForm, m)
		}
		if len(squares) > 2 && slices.Equal(m.Path(), squares) {
			pathForm = append(pathForm, m)
		}
	}
	found := scanForm
	switch {
	case len(scanForm) == 0 && len(pathForm) == 0:
		return bashni.Move{}, fmt.Errorf("move %q is not legal here (legal: %s)", shortText(text), strings.Join(sortedMoves(p), " "))
	case len(scanForm) > 1 && len(squares) == 2:
		return bashni.Move{}, fmt.Errorf("move %q: %d captures go from %d to %d; give the captured squares", text, len(scanForm), moveNumbering.Number(v, squares[0]), moveNumbering.Number(v, squares[1]))
	case len(scanForm) > 0 && len(pathForm) > 0 && scanForm[0] != pathForm[0]:
		return bashni.Move{}, fmt.Errorf("move %q names two captures, %s and %s (as from x to x captured squares); write one of those", shortText(text), FormatMove(p, scanForm[0]), FormatMove(p, pathForm[0]))
	case len(scanForm) == 0:
		found = pathForm
	}
	// Two captures with the same ends and captured pieces differ only in
	// whether the man was crowned on the way, which a Hub move cannot say;
	// the first is taken.
	return found[0], nil
}

// sortedMoves returns the legal moves of p as the Hub writes them, in the
// order of their start square's number, then their end square's.
func sortedMoves(p *bashni.Position) []string {
	v := p.Variant()
	moves := p.LegalMoves()
	if numbered(v) {
		sort.SliceStable(moves, func(i, j int) bool {
			a, b := moves[i], moves[j]
			if a.From() != b.From() {
				return moveNumbering.Number(v, a.From()) < moveNumbering.Number(v, b.From())
			}
			return moveNumbering.Number(v, a.To()) < moveNumbering.Number(v, b.To())
		})
	}
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, FormatMove(p, m))
	}
	return out
}

// sameSquares reports whether a and b hold the same squares, as sets: a
// Hub move names each captured piece once.
func sameSquares(a, b []bashni.Square) bool {
	return bashni.SquareSetOf(a...) == bashni.SquareSetOf(b...) && len(b) == bashni.SquareSetOf(b...).Len()
}

// shortText cuts long text for error messages, at a character boundary.
func shortText(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
