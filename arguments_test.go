package bashni

import (
	"fmt"
	"testing"
)

// Colours other than White and Black (issue 15, case 9: Resign(Color(7))
// counted as Black resigning) are refused or leave things as they are.
func TestOutOfRangeColors(t *testing.T) {
	for _, c := range []Color{2, 7, 255} {
		g, err := NewGame(Russian())
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Resign(c); err == nil || err.Error() != fmt.Sprintf("bashni: Color(%d) cannot resign: only White and Black play", c) {
			t.Errorf("Resign(%v): %v", c, err)
		}
		if o := g.Outcome(); o.IsOver() {
			t.Errorf("after Resign(%v) the game is over: %v", c, o)
		}
		if r := WinFor(c); r != Ongoing {
			t.Errorf("WinFor(%v) = %v, want Ongoing", c, r)
		}
		p := Russian().MustStart()
		if q := p.WithTurn(c); !q.Equal(&p) || q.Key() != p.Key() {
			t.Errorf("WithTurn(%v) changed the position to %v", c, q)
		}
		if n := p.Count(c); n != 0 {
			t.Errorf("Count(%v) = %d", c, n)
		}
		if s := p.Tops(c); s != 0 {
			t.Errorf("Tops(%v) = %v", c, s)
		}
	}
	for _, c := range []Color{White, Black} {
		g, _ := NewGame(Russian())
		if err := g.Resign(c); err != nil || g.Outcome().Result != WinFor(c.Opponent()) {
			t.Errorf("Resign(%v): %v, outcome %v", c, err, g.Outcome())
		}
	}
}
