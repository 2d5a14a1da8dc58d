package endgame

import (
	"testing"

	"github.com/bashni-dev/bashni"
)

// A Signature is a plain struct a caller may fill with any counts: Size of
// one whose pieces cannot stand on the board is 0, where it indexed its
// table of binomials out of range and panicked.
func TestSignatureSizeOfNoBoard(t *testing.T) {
	for _, s := range []Signature{
		{-1, 0, 0, 0},
		{1, -1, 1, 0},
		{29, 0, 0, 0},
		{0, 0, 29, 1},
		{20, 0, 20, 0},
		{0, 20, 0, 13},
	} {
		if n := s.Size(); n != 0 {
			t.Errorf("%+v.Size() = %d, want 0", s, n)
		}
	}
	// Signatures a table could be built for keep their sizes.
	for _, s := range []Signature{{1, 0, 0, 1}, {0, 32, 0, 0}, {28, 0, 0, 4}} {
		if s.Size() == 0 {
			t.Errorf("%+v.Size() = 0", s)
		}
	}
}

// A nil *Tables (engine.Options without tables) holds nothing, as Probe
// says: Pieces is 0, Stats finds no table and Variant is the zero Variant.
// The zero Tables too. Pieces, Variant and Stats panicked.
func TestNilAndZeroTables(t *testing.T) {
	var zero Tables
	for _, tb := range []*Tables{nil, &zero} {
		if n := tb.Pieces(); n != 0 {
			t.Errorf("Pieces = %d, want 0", n)
		}
		if v := tb.Variant(); v != (bashni.Variant{}) {
			t.Errorf("Variant = %v, want the zero Variant", v)
		}
		if st, ok := tb.Stats(Signature{1, 0, 0, 1}); ok {
			t.Errorf("Stats = %+v, true; want none", st)
		}
		p := bashni.RussianDraughts().MustStart()
		if v, ok := tb.Probe(&p); ok {
			t.Errorf("Probe = %v, true; want none", v)
		}
	}
}

// Signatures stops at 8 pieces, the most a table holds, as its
// documentation says.
func TestSignaturesStopAtEight(t *testing.T) {
	all := Signatures(100)
	if len(all) != len(Signatures(8)) || all[len(all)-1].Pieces() != 8 {
		t.Errorf("Signatures(100): %d signatures, the last of %d pieces; want those of Signatures(8)",
			len(all), all[len(all)-1].Pieces())
	}
}
