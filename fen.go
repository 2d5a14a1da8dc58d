package bashni

import (
	"fmt"
	"strings"
)

// ParseFEN reads a position of the variant in the FEN of docs/RULES.md section
// 10: PDN's FEN, in which a square may hold a tower ("W:WKh6wbbbbbb,a7bb:Bc3").
// A plain draughts FEN without towers is valid. Square names may be upper
// case and a trailing '.' is ignored. In a ruleset that demotes captured kings
// (I4) a king written below a tower's top is read as a man.
//
// Errors are *FENError values naming the token and the reason: a square off
// the board or light, a square given twice, more pieces of a colour than the
// ruleset has, a man on top on its own far rank, an unknown letter.
func ParseFEN(v Variant, fen string) (Position, error) {
	r, err := rulesFor(v)
	if err != nil {
		return Position{}, err
	}
	fail := func(token, format string, args ...any) (Position, error) {
		return Position{}, &FENError{FEN: fen, Token: token, Reason: fmt.Sprintf(format, args...)}
	}
	text := strings.TrimSuffix(strings.TrimSpace(fen), ".")
	parts := strings.Split(text, ":")
	if len(parts) != 3 {
		return fail("", "want three fields separated by ':' (turn, one side, the other side), found %d", len(parts))
	}
	p := Position{r: r}
	switch strings.TrimSpace(parts[0]) {
	case "W", "w":
		p.turn = White
	case "B", "b":
		p.turn = Black
	default:
		return fail(parts[0], "the side to move must be W or B")
	}
	var counts [2]int
	seen := [2]bool{}
	for _, part := range parts[1:] {
		part = strings.TrimSpace(part)
		if part == "" {
			return fail(part, "a side must start with W or B")
		}
		var side Color
		switch part[0] {
		case 'W', 'w':
			side = White
		case 'B', 'b':
			side = Black
		default:
			return fail(part, "a side must start with W or B, not %q", part[0])
		}
		if seen[side] {
			return fail(part, "the %s side is given twice", side)
		}
		seen[side] = true
		body := strings.TrimSpace(part[1:])
		if body == "" {
			continue // a side with no towers
		}
		for _, tok := range strings.Split(body, ",") {
			tok = strings.TrimSpace(tok)
			if err := p.addToken(r, side, tok, &counts); err != "" {
				return fail(tok, "%s", err)
			}
			for c := White; c <= Black; c++ {
				if counts[c] > r.Pieces {
					return fail(tok, "%d %s pieces, more than the %d a side has in %s", counts[c], c, r.Pieces, r.Variant)
				}
			}
		}
	}
	p.key = p.computeKey()
	return p, nil
}

// addToken places one token of a side; it returns the reason when the token
// is bad.
func (p *Position) addToken(r *rules, side Color, tok string, counts *[2]int) string {
	if tok == "" {
		return "empty token (two commas in a row, or a comma at an end)"
	}
	t := tok
	king := false
	if t[0] == 'K' {
		king = true
		t = t[1:]
	}
	if len(t) < 2 {
		return "want [K]square[pieces below], such as Kc3 or a7bb"
	}
	if len(t) > 2 && t[2] >= '0' && t[2] <= '9' {
		return fmt.Sprintf("%q is not a square of an 8x8 board or smaller", strings.TrimRight(t, "wbWB"))
	}
	s, err := ParseSquare(t[:2])
	if err != nil {
		return fmt.Sprintf("%q is not a square", t[:2])
	}
	if !r.OnBoard(s) {
		if s.File() >= r.Size || s.Rank() >= r.Size {
			return fmt.Sprintf("%s is off the %dx%d board", s, r.Size, r.Size)
		}
		return fmt.Sprintf("%s is a light square", s)
	}
	if (p.white|p.black)&s.bit() != 0 {
		return fmt.Sprintf("%s is given twice", s)
	}
	if !king && r.far[side]&s.bit() != 0 {
		return fmt.Sprintf("a %s man on top of %s stands on its own far rank (it would be a king)", side, s)
	}
	top := NewPiece(side, king).code()
	var st stack
	counts[side]++
	for i := 2; i < len(t); i++ {
		var c pieceCode
		switch t[i] {
		case 'w':
		case 'b':
			c = codeBlack
		case 'W':
			c = codeKing
		case 'B':
			c = codeBlack | codeKing
		default:
			return fmt.Sprintf("%q is not a piece letter (w, b, W, B)", t[i])
		}
		c = r.asPrisoner(c) // I4
		if stackLen(st) == 23 {
			return "a tower of more than 24 pieces"
		}
		st = stackPush(st, c)
		counts[c&codeBlack]++
	}
	p.put(s, top, st)
	return ""
}

// FEN returns the position in the FEN of docs/RULES.md section 10: the side to
// move, then White's towers, then Black's, each in square order a1, c1, ...,
// rank by rank. ParseFEN reads it back to an equal position.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.WriteString([]string{"W", "B"}[p.turn&1])
	for c := White; c <= Black; c++ {
		sb.WriteString([]string{":W", ":B"}[c])
		own := p.white
		if c == Black {
			own = p.black
		}
		first := true
		for _, s := range p.Squares() {
			if own&s.bit() == 0 {
				continue
			}
			if !first {
				sb.WriteByte(',')
			}
			first = false
			t := p.Tower(s)
			if t.top.IsKing() {
				sb.WriteByte('K')
			}
			sb.WriteString(s.String())
			sb.WriteString(t.String()[1:])
		}
	}
	return sb.String()
}

// String returns the position's FEN.
func (p Position) String() string { return p.FEN() }
