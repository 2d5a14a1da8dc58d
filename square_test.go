package bashni

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseSquare(t *testing.T) {
	valid := []struct {
		text string
		want Square
	}{
		{"a1", SquareAt(0, 0)},
		{"h8", SquareAt(7, 7)},
		{"c3", SquareAt(2, 2)},
		{"C3", SquareAt(2, 2)}, // section 10: input may be upper case
		{"H1", SquareAt(7, 0)},
		{"a8", SquareAt(0, 7)},
	}
	for _, c := range valid {
		got, err := ParseSquare(c.text)
		if err != nil || got != c.want {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v, nil", c.text, got, err, c.want)
		}
	}
	invalid := []string{"", "c", "c33", "i1", "a0", "a9", "11", "cc", " c3", "c3 ", "@1", "`1", "\xff1"}
	for _, text := range invalid {
		got, err := ParseSquare(text)
		if err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", text, got)
			continue
		}
		if got != NoSquare {
			t.Errorf("ParseSquare(%q) returned square %v with its error, want NoSquare", text, got)
		}
		// The error names the text it could not read.
		if quoted := fmt.Sprintf("%q", text); !strings.Contains(err.Error(), quoted) {
			t.Errorf("ParseSquare(%q) error %q does not name the input %s", text, err, quoted)
		}
	}
}

func TestSquareStringRoundTrip(t *testing.T) {
	for s := Square(0); s < 64; s++ {
		name := s.String()
		back, err := ParseSquare(name)
		if err != nil || back != s {
			t.Errorf("ParseSquare(%v.String() = %q) = %v, %v", uint8(s), name, back, err)
		}
		if s.File() != int(s)%8 || s.Rank() != int(s)/8 {
			t.Errorf("square %v: File, Rank = %d, %d", name, s.File(), s.Rank())
		}
		if SquareAt(s.File(), s.Rank()) != s {
			t.Errorf("SquareAt(%d, %d) != %v", s.File(), s.Rank(), name)
		}
	}
	for _, s := range []Square{NoSquare, 64, 100} {
		if got := s.String(); got != "-" {
			t.Errorf("Square(%d).String() = %q, want \"-\"", uint8(s), got)
		}
	}
	for _, fr := range [][2]int{{-1, 0}, {0, -1}, {8, 0}, {0, 8}, {100, 100}} {
		if got := SquareAt(fr[0], fr[1]); got != NoSquare {
			t.Errorf("SquareAt(%d, %d) = %v, want NoSquare", fr[0], fr[1], got)
		}
	}
}

// Every value past h8 (NoSquare among them) has a Rank of 8 or more, and
// SquareAt of its File and Rank is NoSquare; every square a1..h8 comes
// back as itself (File and Rank's documented ranges).
func TestFileAndRankOfEveryValue(t *testing.T) {
	for v := 0; v < 256; v++ {
		s := Square(v)
		back := SquareAt(s.File(), s.Rank())
		if v < 64 && (back != s || s.Rank() > 7) || v >= 64 && (back != NoSquare || s.Rank() < 8) {
			t.Errorf("Square(%d): File %d, Rank %d, SquareAt of them %v", v, s.File(), s.Rank(), back)
		}
	}
}
