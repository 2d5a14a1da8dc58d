package svg

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// tb is what the checks need of *testing.T and *rapid.T.
type tb interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// readTowers reads the towers back out of a picture, the way a viewer does:
// for each tower group, its discs from the bottom up (colour from the fill, a
// gold stripe for a king, a "×k" label for a run of k), turned top-down. It
// also returns the height badges and whether each top face carries a crown.
func readTowers(t tb, doc string, c Colors) (towers map[string][]bashni.Piece, badges map[string]int, crowns map[string]bool) {
	t.Helper()
	towers, badges, crowns = map[string][]bashni.Piece{}, map[string]int{}, map[string]bool{}
	dec := xml.NewDecoder(strings.NewReader(doc))
	type run struct {
		p bashni.Piece
		n int
	}
	var sq string // the tower group being read
	var bottomUp []run
	var text string
	attr := func(e xml.StartElement, name string) string {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("picture is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			text = ""
			if e.Name.Local == "g" && attr(e, "class") == "tower" {
				sq, bottomUp = attr(e, "data-square"), nil
				continue
			}
			if sq == "" {
				continue
			}
			switch {
			case e.Name.Local == "path" && attr(e, "fill") != "none":
				var col bashni.Color
				switch attr(e, "fill") {
				case c.WhitePiece:
					col = bashni.White
				case c.BlackPiece:
					col = bashni.Black
				default:
					t.Fatalf("%s: disc of unknown colour %q", sq, attr(e, "fill"))
				}
				bottomUp = append(bottomUp, run{bashni.NewPiece(col, false), 1})
			case e.Name.Local == "path" && attr(e, "stroke") == c.King:
				last := &bottomUp[len(bottomUp)-1]
				last.p = bashni.NewPiece(last.p.Color(), true)
			case e.Name.Local == "polygon":
				crowns[sq] = true
			}
		case xml.CharData:
			text += string(e)
		case xml.EndElement:
			if sq == "" {
				continue
			}
			if e.Name.Local == "text" {
				if k, ok := strings.CutPrefix(text, "×"); ok {
					n, _ := strconv.Atoi(k)
					bottomUp[len(bottomUp)-1].n = n
				} else {
					badges[sq], _ = strconv.Atoi(text)
				}
			}
			if e.Name.Local == "g" {
				var topDown []bashni.Piece
				for i := len(bottomUp) - 1; i >= 0; i-- {
					for j := 0; j < bottomUp[i].n; j++ {
						topDown = append(topDown, bottomUp[i].p)
					}
				}
				towers[sq] = topDown
				sq = ""
			}
		}
	}
	return towers, badges, crowns
}

// checkTowers checks that every tower of p can be read back from the picture
// piece by piece, that kings on top wear a crown, and that towers drawn
// compressed say their height.
func checkTowers(t tb, p bashni.Position, doc string, colors Colors) {
	t.Helper()
	c, err := colors.withDefaults()
	if err != nil {
		t.Fatalf("%v", err)
	}
	towers, badges, crowns := readTowers(t, doc, c)
	want := map[string][]bashni.Piece{}
	for _, sq := range p.Squares() {
		tw := p.Tower(sq)
		want[sq.String()] = tw.Pieces()
		if crowns[sq.String()] != tw.Top().IsKing() {
			t.Errorf("%s: crown drawn = %v, but top piece is %v", sq, crowns[sq.String()], tw.Top())
		}
		if n, ok := badges[sq.String()]; ok && n != tw.Height() {
			t.Errorf("%s: badge says %d, tower has %d pieces", sq, n, tw.Height())
		}
	}
	if diff := cmp.Diff(want, towers); diff != "" {
		t.Errorf("towers read back from the picture differ (-position +picture):\n%s", diff)
	}
}

// randomGame plays up to 120 random legal moves from the start of a preset.
func randomGame(t *rapid.T) bashni.Position {
	presets := []bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca(), bashni.LudiiBashni(), bashni.LudiiLasca()}
	v := rapid.SampledFrom(presets).Draw(t, "variant")
	p := v.MustStart()
	plies := rapid.IntRange(0, 120).Draw(t, "plies")
	for i := 0; i < plies; i++ {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		p = p.PlayUnchecked(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
	}
	return p
}

// Property: in any position reached by play, every tower reads back exactly,
// a tower drawn compressed carries its height, and no tower rises above the
// picture or more than maxStack squares above its base.
func TestPropertyTowersReadBack(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		p := randomGame(rt)
		o := Options{
			Flip:          rapid.Bool().Draw(rt, "flip"),
			NoCoordinates: rapid.Bool().Draw(rt, "nocoords"),
			SquareSize:    float64(rapid.IntRange(20, 100).Draw(rt, "size")),
		}
		doc, err := String(&p, o)
		if err != nil {
			rt.Fatal(err)
		}
		checkTowers(rt, p, doc, Colors{})
		d, err := newDrawing(&p, o)
		if err != nil {
			rt.Fatal(err)
		}
		for _, l := range d.towers {
			if l.highest < 0 {
				rt.Errorf("%s: tower reaches y=%v, above the picture", l.sq, l.highest)
			}
			_, y := d.cell(l.sq)
			base := y + d.s/2 + discThick*d.s/2
			if rise := base - l.bands[len(l.bands)-1].y; rise > maxStack*d.s+0.01 {
				rt.Errorf("%s: tower rises %v px, more than %v squares", l.sq, rise, maxStack)
			}
			if want := l.tower.Height(); !l.compressed && len(l.bands) != want {
				rt.Errorf("%s: %d discs drawn for %d pieces without compression", l.sq, len(l.bands), want)
			}
		}
	})
}

// recorder is a tb that notes failures instead of stopping the test.
type recorder struct{ failed bool }

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(string, ...any)     { r.failed = true }
func (r *recorder) Fatalf(f string, a ...any) { r.failed = true }

// The checker itself must notice a picture of the wrong tower.
func TestCheckTowersCatchesMismatch(t *testing.T) {
	for _, pair := range [][2]string{
		{"W:Wc3bb:Bh8", "W:Wc3bbb:Bh8"},                                       // one piece fewer
		{"W:Wc3bwb:Bh8", "W:Wc3bbw:Bh8"},                                      // order
		{"W:WKc3:Bh8", "W:Wc3:Bh8"},                                           // rank of the top
		{"W:Wc3Bb:Bh8", "W:Wc3bb:Bh8"},                                        // rank of a prisoner
		{"W:We3bbbbbbbbbbbwwwwwwwwwww:Bh8", "W:We3bbbbbbbbbbwwwwwwwwwww:Bh8"}, // run counts
	} {
		drawn, err1 := bashni.ParseFEN(bashni.Russian(), pair[0])
		other, err2 := bashni.ParseFEN(bashni.Russian(), pair[1])
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		doc, err := String(&drawn, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var r recorder
		checkTowers(&r, other, doc, Colors{})
		if !r.failed {
			t.Errorf("picture of %s passed the check for %s", pair[0], pair[1])
		}
		r = recorder{}
		checkTowers(&r, drawn, doc, Colors{})
		if r.failed {
			t.Errorf("picture of %s failed its own check", pair[0])
		}
	}
}
