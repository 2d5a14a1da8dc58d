package bashni

import "strings"

// Diagram returns a text picture of the board for a terminal: White at the
// bottom, every tower written top-down as its pieces (w, b men; W, B kings),
// so "Wbb" is a white king holding two black men, "." an empty dark square.
// Each file's column is as wide as its tallest tower. The last line says who
// is to move.
func (p *Position) Diagram() string {
	r := p.rules()
	width := make([]int, r.Size)
	for f := range width {
		width[f] = 1
	}
	for _, s := range p.Squares() {
		if n := p.Tower(s).Height(); s.File() < r.Size && n > width[s.File()] {
			width[s.File()] = n
		}
	}
	total := 1
	for _, w := range width {
		total += w + 1
	}
	var sb strings.Builder
	border := "   +" + strings.Repeat("-", total) + "+\n"
	sb.WriteString(border)
	for rank := r.Size - 1; rank >= 0; rank-- {
		sb.WriteString(" ")
		sb.WriteByte(byte('1' + rank))
		sb.WriteString(" |")
		for f := 0; f < r.Size; f++ {
			s := SquareAt(f, rank)
			cell := ""
			if r.OnBoard(s) {
				cell = p.Tower(s).String()
				if cell == "" {
					cell = "."
				}
			}
			sb.WriteString(" ")
			sb.WriteString(cell)
			sb.WriteString(strings.Repeat(" ", width[f]-len(cell)))
		}
		sb.WriteString(" |\n")
	}
	sb.WriteString(border)
	files := "    "
	for f := 0; f < r.Size; f++ {
		files += " " + string(rune('a'+f)) + strings.Repeat(" ", width[f]-1)
	}
	sb.WriteString(strings.TrimRight(files, " ") + "\n")
	if p.turn == White {
		sb.WriteString("White to move\n")
	} else {
		sb.WriteString("Black to move\n")
	}
	return sb.String()
}
