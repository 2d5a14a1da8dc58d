// Package svg draws bashni positions as standalone SVG pictures.
//
// Every tower is drawn from the side as a stack of discs, bottom piece
// lowest, so each piece's colour and rank can be read from top to bottom:
// kings carry a gold band (and a crown when on top). A tower too tall to draw
// disc by disc is compressed: each run of equal pieces becomes one thicker
// disc labelled with its count, so every piece is still accounted for.
//
// The output depends only on the position and the options, byte for byte, so
// pictures can be kept as golden files and compared.
//
//	pos := bashni.Russian().MustStart()
//	var o svg.Options
//	m, _ := pos.ParseMove("c3-d4")
//	o.HighlightMove(m)
//	err := svg.Render(os.Stdout, &pos, o)
package svg

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/bashni-dev/bashni"
)

// DefaultSquareSize is the side of a square in pixels when Options leaves it 0.
const DefaultSquareSize = 64

// Options say how to draw a position. The zero value draws the board from
// White's side at 64 pixels a square, with coordinates and the default
// colours.
type Options struct {
	// SquareSize is the side of one square in pixels (0: DefaultSquareSize).
	SquareSize float64
	// Flip draws the board from Black's side (h8 at the lower left).
	Flip bool
	// NoCoordinates leaves out the file letters and rank numbers.
	NoCoordinates bool
	// Path lists the squares a move stands on, in order (its start, then
	// every landing). They are tinted and joined by an arrow.
	Path []bashni.Square
	// Captured lists the squares whose towers a move jumps; they are marked.
	Captured []bashni.Square
	// Colors overrides the default colours; empty fields keep the defaults.
	Colors Colors
	// FixedSize keeps the picture the same size whatever the position: a
	// tall tower on the top row is not given room above the board but drawn
	// past the picture's edge (the root element says overflow="visible"),
	// for a page that shows one position after another in the same place.
	FixedSize bool
}

// HighlightMove sets Path and Captured to show the move m: its start and
// landing squares and the squares of the towers it jumps.
func (o *Options) HighlightMove(m bashni.Move) {
	o.Path = m.Path()
	o.Captured = m.JumpedSquares()
}

// String returns the picture of p as a string; see Render. p must not be
// nil.
func String(p *bashni.Position, o Options) (string, error) {
	var sb strings.Builder
	if err := Render(&sb, p, o); err != nil {
		return "", err
	}
	return sb.String(), nil
}

// Render writes the picture of p to w as a standalone SVG document. It fails
// when an option is unusable (a square size that is not a positive number, a
// highlighted square that is not on the board, a colour that is not a plain
// CSS colour) or when w does. p must not be nil.
func Render(w io.Writer, p *bashni.Position, o Options) error {
	d, err := newDrawing(p, o)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, d.document())
	return err
}

// drawing holds what every part of the picture needs: the position, the
// options with defaults filled in, and the board's place in the picture.
type drawing struct {
	pos    *bashni.Position
	v      bashni.Variant
	o      Options
	c      Colors
	s      float64 // square size
	left   float64 // board's left edge
	top    float64 // board's top edge
	width  float64 // whole picture
	height float64
	towers []towerLayout
}

func newDrawing(p *bashni.Position, o Options) (*drawing, error) {
	s := o.SquareSize
	if s == 0 {
		s = DefaultSquareSize
	}
	if math.IsNaN(s) || math.IsInf(s, 0) || s <= 0 || s > 10000 {
		return nil, fmt.Errorf("svg: square size %v is not a number of pixels between 0 and 10000", o.SquareSize)
	}
	c, err := o.Colors.withDefaults()
	if err != nil {
		return nil, err
	}
	v := p.Variant()
	for _, list := range [][]bashni.Square{o.Path, o.Captured} {
		for _, sq := range list {
			if !v.OnBoard(sq) {
				return nil, fmt.Errorf("svg: highlighted square %s is not a square of the %d×%d board", sq, v.Size, v.Size)
			}
		}
	}
	d := &drawing{pos: p, v: v, o: o, c: c, s: s}
	pad := 0.15 * s
	d.left, d.top = pad, pad
	bottom := pad
	if !o.NoCoordinates {
		d.left = 0.45 * s
		bottom = 0.45 * s
	}
	d.towers = d.layoutTowers()
	// Towers grow upward over the light square above them; only those on the
	// top row can reach past the board, and the picture grows to hold them.
	for _, t := range d.towers {
		if o.FixedSize {
			break
		}
		if over := d.top - t.highest + pad/2; over > 0 {
			for i := range d.towers {
				d.towers[i].shift(over)
			}
			d.top += over
		}
	}
	board := float64(v.Size) * s
	d.width = d.left + board + pad
	d.height = d.top + board + bottom
	return d, nil
}

// cell returns the top-left corner of square sq in the picture.
func (d *drawing) cell(sq bashni.Square) (x, y float64) {
	col, row := sq.File(), d.v.Size-1-sq.Rank()
	if d.o.Flip {
		col, row = d.v.Size-1-col, d.v.Size-1-row
	}
	return d.left + float64(col)*d.s, d.top + float64(row)*d.s
}

// center returns the middle of square sq in the picture.
func (d *drawing) center(sq bashni.Square) (x, y float64) {
	x, y = d.cell(sq)
	return x + d.s/2, y + d.s/2
}

// squaresTopDown returns the playable squares in drawing order: the row
// farthest from the viewer first, so nearer towers are drawn over the tops of
// farther ones.
func (d *drawing) squaresTopDown() []bashni.Square {
	var out []bashni.Square
	n := d.v.Size
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			f, r := col, n-1-row
			if d.o.Flip {
				f, r = n-1-col, row
			}
			if sq := bashni.SquareAt(f, r); d.v.OnBoard(sq) {
				out = append(out, sq)
			}
		}
	}
	return out
}

func (d *drawing) document() string {
	var b builder
	overflow := ""
	if d.o.FixedSize {
		overflow = ` overflow="visible"`
	}
	b.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif"%s>`+"\n",
		num(d.width), num(d.height), num(d.width), num(d.height), overflow)
	b.printf("<title>%s</title>\n", escape(d.title()))
	b.printf("<desc>%s</desc>\n", escape(d.pos.FEN()))
	d.board(&b)
	if !d.o.NoCoordinates {
		d.coordinates(&b)
	}
	d.squareHighlights(&b)
	b.printf("<g class=\"towers\">\n")
	for _, t := range d.towers {
		d.tower(&b, t)
	}
	b.printf("</g>\n")
	d.arrow(&b)
	b.printf("</svg>\n")
	return b.String()
}

func (d *drawing) title() string {
	name := d.v.Name()
	if name == "" {
		name = d.v.String()
	}
	turn := "White"
	if d.pos.Turn() == bashni.Black {
		turn = "Black"
	}
	return fmt.Sprintf("%s position, %s to move", name, turn)
}

// board draws the frame and the squares. The playable squares carry their
// names (data-square) so a page can find them.
func (d *drawing) board(b *builder) {
	n := float64(d.v.Size)
	b.printf(`<rect width="%s" height="%s" fill="%s"/>`+"\n", num(d.width), num(d.height), d.c.Background)
	b.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
		num(d.left), num(d.top), num(n*d.s), num(n*d.s), d.c.Light)
	b.printf("<g class=\"squares\">\n")
	for _, sq := range d.squaresTopDown() {
		x, y := d.cell(sq)
		b.printf(`<rect class="sq" data-square="%s" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
			sq, num(x), num(y), num(d.s), num(d.s), d.c.Dark)
	}
	b.printf("</g>\n")
	b.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
		num(d.left), num(d.top), num(n*d.s), num(n*d.s), d.c.Frame, num(0.03*d.s))
}

// coordinates writes the file letters under the board and the rank numbers
// to its left, in the order the viewer sees them.
func (d *drawing) coordinates(b *builder) {
	n := d.v.Size
	size := 0.26 * d.s
	b.printf(`<g class="coords" font-size="%s" fill="%s" text-anchor="middle">`+"\n", num(size), d.c.Coordinates)
	for i := 0; i < n; i++ {
		f, r := i, i
		if d.o.Flip {
			f, r = n-1-i, n-1-i
		}
		x, _ := d.center(bashni.SquareAt(f, 0))
		_, y := d.center(bashni.SquareAt(0, r))
		board := d.top + float64(n)*d.s
		b.printf(`<text x="%s" y="%s">%c</text>`+"\n", num(x), num(board+0.32*d.s), 'a'+f)
		b.printf(`<text x="%s" y="%s">%d</text>`+"\n", num(d.left-0.22*d.s), num(y+0.35*size), r+1)
	}
	b.printf("</g>\n")
}

// squareHighlights tints the squares of a move's path and rings the squares
// of the towers it jumps. They lie under the towers so no piece is hidden.
func (d *drawing) squareHighlights(b *builder) {
	if len(d.o.Path) == 0 && len(d.o.Captured) == 0 {
		return
	}
	// Marks let clicks through to the squares and towers under them.
	b.printf("<g class=\"highlight\" pointer-events=\"none\">\n")
	tinted := map[bashni.Square]bool{}
	for _, sq := range d.o.Path {
		if tinted[sq] { // a king may pass a square twice
			continue
		}
		tinted[sq] = true
		x, y := d.cell(sq)
		b.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.55"/>`+"\n",
			num(x), num(y), num(d.s), num(d.s), d.c.Path)
	}
	marked := map[bashni.Square]bool{}
	for _, sq := range d.o.Captured {
		if marked[sq] { // a tower may be jumped twice (docs/RULES.md R2)
			continue
		}
		marked[sq] = true
		x, y := d.cell(sq)
		in := 0.06 * d.s
		b.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.35" stroke="%s" stroke-width="%s"/>`+"\n",
			num(x+in), num(y+in), num(d.s-2*in), num(d.s-2*in), d.c.Captured, d.c.Captured, num(0.08*d.s))
	}
	b.printf("</g>\n")
}

// arrow joins the centres of the path's squares with a line that ends in an
// arrowhead, drawn over the towers but translucent so they stay readable.
func (d *drawing) arrow(b *builder) {
	if len(d.o.Path) < 2 {
		return
	}
	w := 0.09 * d.s
	head := 0.3 * d.s
	var pts []string
	for i, sq := range d.o.Path {
		x, y := d.center(sq)
		if i == len(d.o.Path)-1 {
			// Stop the shaft where the head begins so the tip stays sharp.
			px, py := d.center(d.o.Path[i-1])
			if l := math.Hypot(x-px, y-py); l > 0 {
				x -= (x - px) / l * head * 0.8
				y -= (y - py) / l * head * 0.8
			}
		}
		pts = append(pts, num(x)+","+num(y))
	}
	b.printf(`<g class="arrow" opacity="0.8" pointer-events="none">` + "\n")
	b.printf(`<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"/>`+"\n",
		strings.Join(pts, " "), d.c.Arrow, num(w))
	tx, ty := d.center(d.o.Path[len(d.o.Path)-1])
	px, py := d.center(d.o.Path[len(d.o.Path)-2])
	if l := math.Hypot(tx-px, ty-py); l > 0 {
		ux, uy := (tx-px)/l, (ty-py)/l
		bx, by := tx-ux*head, ty-uy*head
		half := head * 0.55
		b.printf(`<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>`+"\n",
			num(tx), num(ty), num(bx-uy*half), num(by+ux*half), num(bx+uy*half), num(by-ux*half), d.c.Arrow)
	}
	b.printf("</g>\n")
}
