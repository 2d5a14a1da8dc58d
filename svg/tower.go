package svg

import (
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
)

// Tower geometry, in fractions of a square's side. A disc is a flat cylinder
// seen from the front and a little above: its top face is an ellipse of
// half-axes discRX, discRY, its side a band discThick high.
const (
	discRX    = 0.38
	discRY    = 0.14
	discThick = 0.12
	// runThick is the band height of a compressed run of equal pieces, high
	// enough to carry its count.
	runThick = 0.24
	// maxStack is the most a stack of bands may rise. A playable square has a
	// light, always empty square above it, so a tower may grow over it; this
	// keeps a clear gap to the tower two squares up.
	maxStack = 1.4
	// badgeW and badgeH size the height tag of a compressed tower, which
	// overlaps the top face's upper right by 40%.
	badgeW = 0.34
	badgeH = 0.24
)

// band is one disc of a drawn tower: a piece and how many equal pieces it
// stands for (more than one only in a compressed tower).
type band struct {
	piece bashni.Piece
	count int
	y     float64 // top of the band's side, at its left and right ends
	thick float64
}

// towerLayout is a tower placed in the picture: its bands from the bottom up.
type towerLayout struct {
	sq      bashni.Square
	tower   bashni.Tower
	cx      float64
	bands   []band
	highest float64 // topmost point drawn
	// compressed is set when the tower is not drawn one full disc per piece;
	// it then carries a badge with its height.
	compressed bool
}

func (t *towerLayout) shift(dy float64) {
	for i := range t.bands {
		t.bands[i].y += dy
	}
	t.highest += dy
}

// layoutTowers places every tower of the position, in drawing order.
func (d *drawing) layoutTowers() []towerLayout {
	var out []towerLayout
	for _, sq := range d.squaresTopDown() {
		t := d.pos.Tower(sq)
		if t.IsEmpty() {
			continue
		}
		out = append(out, d.layoutTower(sq, t))
	}
	return out
}

// layoutTower stacks the tower's bands upward from a base chosen so that a
// lone piece sits in the middle of its square. A tower that does not fit disc
// by disc is drawn as runs; if even the runs are too tall, every band is
// thinned by the same factor.
func (d *drawing) layoutTower(sq bashni.Square, t bashni.Tower) towerLayout {
	s := d.s
	x, y := d.cell(sq)
	l := towerLayout{sq: sq, tower: t, cx: x + s/2}
	bands := discs(t)
	if float64(len(bands))*discThick > maxStack {
		bands = runs(t)
		l.compressed = true
	}
	total := 0.0
	for _, b := range bands {
		total += b.thick
	}
	scale := s
	if total > maxStack {
		scale = s * maxStack / total
		l.compressed = true
	}
	base := y + s/2 + discThick*s/2
	for i := len(bands) - 1; i >= 0; i-- { // bottom piece first
		b := bands[i]
		b.thick *= scale
		base -= b.thick
		b.y = base
		l.bands = append(l.bands, b)
	}
	l.highest = base - discRY*s
	if l.compressed {
		l.highest -= 0.6 * badgeH * s
	}
	return l
}

// discs gives one band per piece, top first.
func discs(t bashni.Tower) []band {
	var out []band
	for _, p := range t.Pieces() {
		out = append(out, band{piece: p, count: 1, thick: discThick})
	}
	return out
}

// runs gives one band per run of equal pieces, top first; a run of more than
// one piece is thicker so its count fits on it.
func runs(t bashni.Tower) []band {
	var out []band
	for _, p := range t.Pieces() {
		if n := len(out); n > 0 && out[n-1].piece == p {
			out[n-1].count++
			out[n-1].thick = runThick
			continue
		}
		out = append(out, band{piece: p, count: 1, thick: discThick})
	}
	return out
}

// tower draws a placed tower: each band's side from the bottom up, then the
// top face of the top piece. The group carries the square's name so a page
// can tell which tower was clicked, and a title that spells the tower out.
func (d *drawing) tower(b *builder, l towerLayout) {
	s := d.s
	rx, ry := discRX*s, discRY*s
	b.printf(`<g class="tower" data-square="%s">`+"\n", l.sq)
	b.printf("<title>%s</title>\n", escape(describe(l.sq, l.tower)))
	for _, bd := range l.bands {
		fill, edge := d.pieceColors(bd.piece)
		top, bot := bd.y, bd.y+bd.thick
		b.printf(`<path d="M%s,%s V%s A%s,%s 0 0 0 %s,%s V%s A%s,%s 0 0 0 %s,%s Z" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
			num(l.cx-rx), num(top), num(bot), num(rx), num(ry), num(l.cx+rx), num(bot),
			num(top), num(rx), num(ry), num(l.cx-rx), num(top),
			fill, edge, num(0.02*s))
		if bd.piece.IsKing() {
			// A gold stripe along the band's front marks a king anywhere in
			// the tower.
			mid := top + bd.thick/2
			b.printf(`<path d="M%s,%s A%s,%s 0 0 0 %s,%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
				num(l.cx-rx), num(mid), num(rx), num(ry), num(l.cx+rx), num(mid), d.c.King, num(bd.thick*0.4))
		}
		if bd.count > 1 {
			size := bd.thick * 0.85
			// The front of the band bulges down by ry at its middle.
			ty := top + bd.thick/2 + ry + size*0.35
			tx := l.cx
			label := fmt.Sprintf("×%d", bd.count)
			b.printf(`<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`+"\n",
				num(tx), num(ty), num(size), edge, label)
		}
	}
	topBand := l.bands[len(l.bands)-1]
	fill, edge := d.pieceColors(topBand.piece)
	b.printf(`<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
		num(l.cx), num(topBand.y), num(rx), num(ry), fill, edge, num(0.02*s))
	b.printf(`<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
		num(l.cx), num(topBand.y), num(rx*0.68), num(ry*0.68), edge, num(0.015*s))
	if topBand.piece.IsKing() {
		d.crown(b, l.cx, topBand.y)
	}
	if l.compressed {
		d.badge(b, l, l.tower.Height())
	}
	b.printf("</g>\n")
}

// badge writes a tower's height in a small tag at its upper right, for towers
// whose discs are too thin or merged to be counted at a glance.
func (d *drawing) badge(b *builder, l towerLayout, height int) {
	s := d.s
	w, h := badgeW*s, badgeH*s
	x := l.cx + discRX*s - w*0.6
	y := l.bands[len(l.bands)-1].y - discRY*s - h*0.6
	b.printf(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="%s" stroke-width="%s"/>`+"\n",
		num(x), num(y), num(w), num(h), num(h/2), d.c.Background, d.c.Frame, num(0.02*s))
	b.printf(`<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`+"\n",
		num(x+w/2), num(y+h*0.75), num(h*0.8), d.c.Frame, height)
}

// crown draws a small crown lying on a king's top face.
func (d *drawing) crown(b *builder, cx, cy float64) {
	w, h := 0.2*d.s, 0.13*d.s
	pts := [][2]float64{{-1, 0.45}, {-1, -0.5}, {-0.5, 0.05}, {0, -0.75}, {0.5, 0.05}, {1, -0.5}, {1, 0.45}}
	var sb strings.Builder
	for i, p := range pts {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(num(cx+p[0]*w) + "," + num(cy+p[1]*h))
	}
	b.printf(`<polygon points="%s" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n",
		sb.String(), d.c.King, d.c.KingEdge, num(0.015*d.s))
}

// pieceColors returns a piece's body and edge colours.
func (d *drawing) pieceColors(p bashni.Piece) (fill, edge string) {
	if p.Color() == bashni.Black {
		return d.c.BlackPiece, d.c.BlackEdge
	}
	return d.c.WhitePiece, d.c.WhiteEdge
}

// describe spells a tower out for a tooltip: "c3: Wbb — white king, 2 black
// men (top to bottom)".
func describe(sq bashni.Square, t bashni.Tower) string {
	var parts []string
	for _, r := range runs(t) {
		noun, plural := "man", "men"
		if r.piece.IsKing() {
			noun, plural = "king", "kings"
		}
		colour := r.piece.Color().String()
		if r.count == 1 {
			parts = append(parts, colour+" "+noun)
		} else {
			parts = append(parts, fmt.Sprintf("%d %s %s", r.count, colour, plural))
		}
	}
	return fmt.Sprintf("%s: %s — %s (top to bottom)", sq, t, strings.Join(parts, ", "))
}
