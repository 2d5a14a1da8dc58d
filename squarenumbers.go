package bashni

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Numbering is a way to name the playable squares by number, 1 to 32 on the
// 8x8 board, as the numeric notation of PDN does: square 1 is in one corner
// of the board (seen from White's side), square 2 is the next playable
// square along the same rank, and the numbers go on rank by rank away from
// that corner. PDN's GameType tag names the corner with a digit after N
// (N0 bottom left ... N3 top right, see Numbering.PDN).
//
// The zero value is the numbering py-draughts writes and PDN calls N2:
// 1 = b8, 2 = d8, 3 = f8, 4 = h8, 5 = a7, ..., 29 = a1, 32 = g1.
type Numbering uint8

// The four numberings, by the corner square 1 is in (White at the bottom).
const (
	// NumberingTopLeft is PDN's N2 (py-draughts): 1 = b8, 5 = a7, 32 = g1.
	NumberingTopLeft Numbering = iota
	// NumberingTopRight is PDN's N3: 1 = h8, 2 = f8, 32 = a1.
	NumberingTopRight
	// NumberingBottomLeft is PDN's N0, the numbers of Russian draughts
	// records and of pydraughts' Hub moves: 1 = a1, 2 = c1, 9 = a3, 32 = h8.
	NumberingBottomLeft
	// NumberingBottomRight is PDN's N1: 1 = g1, 2 = e1, 32 = b8.
	NumberingBottomRight
)

// String returns the numbering's name, such as "top-left".
func (n Numbering) String() string {
	switch n {
	case NumberingTopLeft:
		return "top-left"
	case NumberingTopRight:
		return "top-right"
	case NumberingBottomLeft:
		return "bottom-left"
	case NumberingBottomRight:
		return "bottom-right"
	}
	return "Numbering(" + strconv.Itoa(int(n)) + ")"
}

// PDN returns the notation field of PDN's GameType tag for the numbering:
// "N0" (bottom left), "N1" (bottom right), "N2" (top left) or "N3" (top
// right).
func (n Numbering) PDN() string {
	switch n {
	case NumberingBottomLeft:
		return "N0"
	case NumberingBottomRight:
		return "N1"
	case NumberingTopLeft:
		return "N2"
	case NumberingTopRight:
		return "N3"
	}
	return "N?"
}

// numberTable is one numbering of one board size: the squares in number
// order, and each square's number (0: not playable).
type numberTable struct {
	squares []Square
	number  [64]uint8
}

// numberTables holds every numbering of every board size (1 to 8), so that
// Number and Square are lookups.
var numberTables = func() (t [9][4]numberTable) {
	for size := 1; size <= 8; size++ {
		for n := NumberingTopLeft; n <= NumberingBottomRight; n++ {
			tab := &t[size][n]
			top := n == NumberingTopLeft || n == NumberingTopRight
			right := n == NumberingTopRight || n == NumberingBottomRight
			for i := 0; i < size; i++ {
				rank := i
				if top {
					rank = size - 1 - i
				}
				for j := 0; j < size; j++ {
					file := j
					if right {
						file = size - 1 - j
					}
					if (file+rank)%2 == 0 { // the dark squares: a1 is dark
						s := SquareAt(file, rank)
						tab.squares = append(tab.squares, s)
						tab.number[s] = uint8(len(tab.squares))
					}
				}
			}
		}
	}
	return t
}()

// table returns the numbering's table for v's board, or nil for a board
// size or numbering that does not exist.
func (n Numbering) table(v Variant) *numberTable {
	if v.Size < 1 || v.Size > 8 || n > NumberingBottomRight {
		return nil
	}
	return &numberTables[v.Size][n]
}

// Number returns the number of square s on v's board, from 1, or 0 when s
// is not a playable square of that board.
func (n Numbering) Number(v Variant, s Square) int {
	t := n.table(v)
	if t == nil || s > 63 {
		return 0
	}
	return int(t.number[s])
}

// Square returns the square numbered num on v's board, or NoSquare when
// there is no such number (the 8x8 board has 1 to 32).
func (n Numbering) Square(v Variant, num int) Square {
	t := n.table(v)
	if t == nil || num < 1 || num > len(t.squares) {
		return NoSquare
	}
	return t.squares[num-1]
}

// Squares returns how many playable squares v's board has: the largest
// square number (32 on the 8x8 board).
func (v Variant) Squares() int {
	if t := NumberingTopLeft.table(v); t != nil {
		return len(t.squares)
	}
	return 0
}

// MoveNumbers returns the move's text with its squares as numbers in the
// numbering n and captures joined by sep (PDN writes 'x'): "9-13",
// "22x15x6". The squares are those of Move.String. ParseMoveNumbers reads
// it back.
func (p *Position) MoveNumbers(m Move, n Numbering, sep byte) string {
	v := p.Variant()
	path := m.Path()
	var b strings.Builder
	for i, s := range path {
		if i > 0 {
			if m.IsCapture() {
				b.WriteByte(sep)
			} else {
				b.WriteByte('-')
			}
		}
		b.WriteString(strconv.Itoa(n.Number(v, s)))
	}
	return b.String()
}

// ParseMoveNumbers reads a move whose squares are numbers in the numbering
// n, such as "23-19" or "10x19x28", and returns the legal move it names. It
// accepts everything ParseMove accepts with numbers in place of square names
// (and square names too, which are not ambiguous). Errors are *MoveError
// values, as from ParseMove, quoting the text as given.
func (p *Position) ParseMoveNumbers(text string, n Numbering) (Move, error) {
	alg, reason := n.toAlgebraic(p.Variant(), text)
	if reason != "" {
		return Move{}, &MoveError{Text: text, Position: *p, Reason: reason, err: ErrBadMoveText}
	}
	m, err := p.ParseMove(alg)
	if me, ok := err.(*MoveError); ok {
		me.Text = text
		if legal := p.LegalMoves(); me.err == ErrIllegalMove && len(legal) > 0 {
			// The error lists the legal moves by name; say them in the
			// record's numbers too.
			nums := make([]string, len(legal))
			for i, l := range legal {
				nums[i] = p.MoveNumbers(l, n, 'x')
			}
			me.Reason += " (in numbers: " + strings.Join(nums, " ") + ")"
		}
	}
	return m, err
}

// toAlgebraic rewrites each run of digits in text that is not part of a
// square name ("c3") as the name of the square with that number; the reason
// is set when a number names no square.
func (n Numbering) toAlgebraic(v Variant, text string) (string, string) {
	var b strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		isDigit := c >= '0' && c <= '9'
		afterFile := i > 0 && (text[i-1]|0x20) >= 'a' && (text[i-1]|0x20) <= 'h'
		if !isDigit || afterFile {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		num, err := strconv.Atoi(text[i:j])
		s := NoSquare
		if err == nil && j-i <= 3 {
			s = n.Square(v, num)
		}
		if s == NoSquare {
			return "", fmt.Sprintf("%s is not a square number of this board (1 to %d)", shortDigits(text[i:j]), v.Squares())
		}
		b.WriteString(s.String())
		i = j
	}
	return b.String(), ""
}

// shortDigits cuts a long run of digits for an error message.
func shortDigits(s string) string {
	if len(s) > 12 {
		return s[:12] + "..."
	}
	return s
}

// FENNumbers returns the position's FEN (see Position.FEN) with square
// numbers in the numbering n in place of square names:
// "W:W21,22,...:B1,2,...", each side's tokens in the order of their numbers.
func (p *Position) FENNumbers(n Numbering) string {
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
			num := n.Number(v, s)
			toks[j] = king + strconv.Itoa(num) + tok[2:]
			nums[toks[j]] = num
		}
		sort.Slice(toks, func(a, b int) bool { return nums[toks[a]] < nums[toks[b]] })
		fields[i] = side[:1] + strings.Join(toks, ",")
	}
	return strings.Join(fields, ":")
}

// ParseFENNumbers reads a FEN whose squares are numbers in the numbering n
// ("W:W21,22,23:BK1,2"), or names, or a mix; otherwise it is ParseFEN. A
// number that names no square is a *FENError naming the token.
func ParseFENNumbers(v Variant, fen string, n Numbering) (Position, error) {
	fields := strings.Split(fen, ":")
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
			num, err := strconv.Atoi(t[:d])
			s := NoSquare
			if err == nil && d <= 3 {
				s = n.Square(v, num)
			}
			if s == NoSquare {
				return Position{}, &FENError{FEN: fen, Token: strings.TrimSpace(tok),
					Reason: fmt.Sprintf("%s is not a square number of this board (1 to %d)", shortDigits(t[:d]), v.Squares())}
			}
			toks[j] = king + s.String() + t[d:]
		}
		fields[i] = side[:1] + strings.Join(toks, ",")
	}
	p, err := ParseFEN(v, strings.Join(fields, ":"))
	if fe, ok := err.(*FENError); ok {
		fe.FEN = fen
	}
	return p, err
}

// ParseNumbering reads a numbering by its PDN notation field ("N0" to
// "N3") or its name ("top-left", "top-right", "bottom-left",
// "bottom-right"), in any case.
func ParseNumbering(text string) (Numbering, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for n := NumberingTopLeft; n <= NumberingBottomRight; n++ {
		if t == n.String() || t == strings.ToLower(n.PDN()) {
			return n, nil
		}
	}
	return 0, fmt.Errorf("bashni: numbering %q is not N0 (bottom-left, 1 = a1), N1 (bottom-right), N2 (top-left, 1 = b8, py-draughts') or N3 (top-right)", text)
}
