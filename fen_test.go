package bashni

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// docs/RULES.md section 10 "Positions": every kind of bad FEN is a *FENError that
// names the offending token and says why.
func TestParseFENErrors(t *testing.T) {
	cases := []struct {
		name    string
		v       Variant
		fen     string
		token   string
		reasons []string // key words the reason must contain
	}{
		// A square off the board.
		{"off board h8 in lasca 7x7", Lasca(), "W:Wa1:Bh8", "h8", []string{"h8", "off the 7x7 board"}},
		{"off board a8 in lasca 7x7", Lasca(), "W:Wa1:BKa8", "Ka8", []string{"a8", "off the 7x7 board"}},
		{"off board h2 king tower in lasca", Lasca(), "B:Wa1,Kh2bw:Bg7", "Kh2bw", []string{"h2", "off the 7x7 board"}},
		{"file i", Russian(), "W:Wi1:Bc3", "i1", []string{"i1", "not a square"}},
		{"rank 9", Russian(), "W:Wa1:Ba9", "a9", []string{"a9", "not a square"}},
		{"rank 0", Russian(), "W:Wa0:Bc3", "a0", []string{"a0", "not a square"}},
		{"numeric square", Russian(), "W:W21,22:B1", "21", []string{"not a square"}},
		// A light square.
		{"light square a2", Russian(), "W:Wa2:Bc3", "a2", []string{"a2", "light square"}},
		{"light square h1 black king", Russian(), "W:Wa1:BKh1", "Kh1", []string{"h1", "light square"}},
		{"light square b1 in lasca", Lasca(), "W:Wb1:Bc3", "b1", []string{"b1", "light square"}},
		// A square given twice.
		{"twice within a side", Russian(), "W:Wc3,e3,c3:Bd6", "c3", []string{"c3", "given twice"}},
		{"twice across sides", Russian(), "W:Wc3:Bd6,c3", "c3", []string{"c3", "given twice"}},
		{"twice across sides, other case and a tower", Russian(), "W:Wc3:BKC3bw", "KC3bw", []string{"c3", "given twice"}},
		{"a tower taller than 24", Russian(), "W:Wa1" + strings.Repeat("b", 24) + ":B", "a1" + strings.Repeat("b", 24), []string{"more than"}},
		// A man on top on its own far rank.
		{"white man on rank 8", Russian(), "W:Wc3,b8:Bd6", "b8", []string{"white man", "b8", "far rank"}},
		{"black man on rank 1", Russian(), "B:Wc3:Bd6,g1", "g1", []string{"black man", "g1", "far rank"}},
		{"white man tower on rank 7 in lasca", Lasca(), "W:Wc7bb:Bd6", "c7bb", []string{"white man", "c7", "far rank"}},
		// An unknown letter.
		{"unknown letter below", Russian(), "W:Wa1wx:Bc3", "a1wx", []string{"'x'", "not a piece letter"}},
		{"king mark below", Russian(), "W:Wa1wK:Bc3", "a1wK", []string{"'K'", "not a piece letter"}},
		{"digit below", Russian(), "W:Wa1w1:Bc3", "a1w1", []string{"'1'", "not a piece letter"}},
		{"bad side letter", Russian(), "W:Xa1:Bc3", "Xa1", []string{"W or B"}},
		{"bad turn letter", Russian(), "X:Wa1:Bc3", "X", []string{"side to move", "W or B"}},
		{"lower-case king mark", Russian(), "W:Wkc3:Bd6", "kc3", []string{"not a square"}},
		{"king mark alone", Russian(), "W:WK:Bd6", "K", []string{"square"}},
		// Wrong number of fields.
		{"two fields", Russian(), "W:Wa1", "", []string{"three fields", "found 2"}},
		{"four fields", Russian(), "W:Wa1:Bc3:Be5", "", []string{"three fields", "found 4"}},
		{"one field", Russian(), "", "", []string{"three fields", "found 1"}},
		// The same side twice.
		{"white twice", Russian(), "W:Wa1:Wc3", "Wc3", []string{"white side", "twice"}},
		{"black twice", Russian(), "B:Bb6:Bd6", "Bd6", []string{"black side", "twice"}},
		// An empty token or side.
		{"two commas", Russian(), "W:Wa1,,c3:Bd6", "", []string{"empty token"}},
		{"trailing comma", Russian(), "W:Wa1:Bd6,", "", []string{"empty token"}},
		{"leading comma", Russian(), "W:W,a1:Bd6", "", []string{"empty token"}},
		{"empty side", Russian(), "W::Bd6", "", []string{"side must start with W or B"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parsersCheckFENError(t, c.v, c.fen, c.token, c.reasons)
		})
	}
}

// More pieces of a colour than the ruleset has (docs/RULES.md section 10):
// prisoners count for their own colour, whichever side's tower holds them.
// The offending token is the one that takes the count past the limit.
func TestParseFENTooManyPieces(t *testing.T) {
	cases := []struct {
		name    string
		v       Variant
		fen     string
		token   string
		reasons []string
	}{
		{"13 white men", Russian(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:B", "b4", []string{"13 white pieces", "more than the 12"}},
		{"13 black prisoners in one tower", Russian(), "W:Wa1bbbbbbbbbbbbb:B", "a1bbbbbbbbbbbbb", []string{"13 black pieces", "more than the 12"}},
		{"prisoners count for their colour", Russian(), "W:Wa1bbbbbbbbbbbb:Bc3", "c3", []string{"13 black pieces", "more than the 12"}},
		{"black prisoners under black count too", Russian(), "W:Wa1bbbbbb:Bc3bbbbbb", "c3bbbbbb", []string{"13 black pieces", "more than the 12"}},
		{"12 white in lasca", Lasca(), "W:Wa1wwwwwwwwwww:Bc5", "a1wwwwwwwwwww", []string{"12 white pieces", "more than the 11"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parsersCheckFENError(t, c.v, c.fen, c.token, c.reasons)
		})
	}
}

// parsersCheckFENError checks that the FEN fails with a *FENError naming the
// token, whose reason holds every one of the key words.
func parsersCheckFENError(t *testing.T, v Variant, fen, token string, reasons []string) {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err == nil {
		t.Fatalf("ParseFEN(%s, %q) = %s, want an error", v, fen, p.FEN())
	}
	var fe *FENError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T) is not a *FENError", err, err)
	}
	if fe.FEN != fen {
		t.Errorf("FENError.FEN = %q, want the whole text %q", fe.FEN, fen)
	}
	if fe.Token != token {
		t.Errorf("FENError.Token = %q, want %q (reason %q)", fe.Token, token, fe.Reason)
	}
	for _, w := range reasons {
		if !strings.Contains(fe.Reason, w) {
			t.Errorf("FENError.Reason %q does not say %q", fe.Reason, w)
		}
	}
	if token != "" && !strings.Contains(err.Error(), `"`+token+`"`) {
		t.Errorf("message %q does not quote the token %q", err, token)
	}
}

// A FEN for an invalid switch combination fails with the variant's error,
// not a FEN error.
func TestParseFENInvalidVariant(t *testing.T) {
	v := Russian()
	v.Size = 3
	_, err := ParseFEN(v, "W:Wa1:Bc3")
	var ve *VariantError
	if !errors.As(err, &ve) {
		t.Fatalf("ParseFEN with size 3: error %v (%T), want a *VariantError", err, err)
	}
}

// docs/RULES.md section 1 and 10: the start FENs read to the start positions and
// are written back exactly.
func TestParseFENStartRoundTrip(t *testing.T) {
	cases := []struct {
		v   Variant
		fen string
	}{
		{Russian(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
		{International(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
		{Lasca(), "W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7"},
	}
	for _, c := range cases {
		t.Run(c.v.String(), func(t *testing.T) {
			p, err := ParseFEN(c.v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			start := c.v.MustStart()
			if !p.Equal(&start) || p.Key() != start.Key() {
				t.Errorf("ParseFEN(start FEN) =\n%s\nwant the start position\n%s", p.Diagram(), start.Diagram())
			}
			if got := p.FEN(); got != c.fen {
				t.Errorf("FEN() = %q, want %q", got, c.fen)
			}
			if got := start.FEN(); got != c.fen {
				t.Errorf("Start().FEN() = %q, want %q", got, c.fen)
			}
		})
	}
}

// parsersTowers returns the non-empty towers of a position by square name,
// as letters top-down.
func parsersTowers(p Position) map[string]string {
	out := map[string]string{}
	for _, s := range p.Squares() {
		out[s.String()] = p.Tower(s).String()
	}
	return out
}

// The tower example of docs/RULES.md section 10, and the readings the grammar
// allows: a plain draughts FEN, sides in either order, upper case, a
// trailing '.', spaces, lower-case letters for turn and sides.
func TestParseFENValid(t *testing.T) {
	cases := []struct {
		name   string
		v      Variant
		fen    string
		turn   Color
		towers map[string]string
		out    string // the emitted FEN
	}{
		{"tower example", Russian(), "W:WKh6wbbbbbb,a7bb:Bc3", White,
			map[string]string{"h6": "Wwbbbbbb", "a7": "wbb", "c3": "b"},
			"W:WKh6wbbbbbb,a7bb:Bc3"},
		{"plain russian draughts FEN", RussianDraughts(), "B:WKa1,c3,e3:Bf6,Kh8", Black,
			map[string]string{"a1": "W", "c3": "w", "e3": "w", "f6": "b", "h8": "B"},
			"B:WKa1,c3,e3:Bf6,Kh8"},
		{"plain FEN in russian bashni", Russian(), "B:WKa1,c3,e3:Bf6,Kh8", Black,
			map[string]string{"a1": "W", "c3": "w", "e3": "w", "f6": "b", "h8": "B"},
			"B:WKa1,c3,e3:Bf6,Kh8"},
		{"black side first", Russian(), "W:Bb6,d6:Wc3,e3", White,
			map[string]string{"b6": "b", "d6": "b", "c3": "w", "e3": "w"},
			"W:Wc3,e3:Bb6,d6"},
		{"upper-case squares", Russian(), "B:WC3,KE3BW:BB6", Black,
			map[string]string{"c3": "w", "e3": "WBW", "b6": "b"},
			"B:Wc3,Ke3BW:Bb6"},
		{"trailing dot", Russian(), "W:Wc3:Bd6.", White,
			map[string]string{"c3": "w", "d6": "b"},
			"W:Wc3:Bd6"},
		{"spaces", Russian(), " W : Wc3 , e3 : Bd6 ", White,
			map[string]string{"c3": "w", "e3": "w", "d6": "b"},
			"W:Wc3,e3:Bd6"},
		{"lower-case turn and sides", Russian(), "b:wc3:bd6", Black,
			map[string]string{"c3": "w", "d6": "b"},
			"B:Wc3:Bd6"},
		{"empty sides", Russian(), "W:W:B", White, map[string]string{}, "W:W:B"},
		{"one side empty", Lasca(), "B:B:Wg5w", Black, map[string]string{"g5": "ww"}, "B:Wg5w:B"},
		{"kings on their far ranks over men", Russian(), "W:WKb8ww:BKc1w", White,
			map[string]string{"b8": "Www", "c1": "Bw"},
			"W:WKb8ww:BKc1w"},
		{"full sets in towers", Russian(), "W:Wa1bbbbbbbbbbbb,c1wwwwwwwwww:B", White,
			map[string]string{"a1": "wbbbbbbbbbbbb", "c1": "wwwwwwwwwww"},
			"W:Wa1bbbbbbbbbbbb,c1wwwwwwwwww:B"},
		{"a tower of 24", Russian(), "W:WKd4" + strings.Repeat("wb", 11) + "b:B", White,
			map[string]string{"d4": "W" + strings.Repeat("wb", 11) + "b"},
			"W:WKd4" + strings.Repeat("wb", 11) + "b:B"},
		// I4: international reads a king below the top as a man.
		{"I4 king below read as man", International(), "W:WKc3wB:BKd6W,e7BB", White,
			map[string]string{"c3": "Wwb", "d6": "Bw", "e7": "bbb"},
			"W:WKc3wb:BKd6w,e7bb"},
		// R7: russian keeps them kings.
		{"R7 king below stays a king", Russian(), "W:WKc3wB:BKd6W,e7BB", White,
			map[string]string{"c3": "WwB", "d6": "BW", "e7": "bBB"},
			"W:WKc3wB:BKd6W,e7BB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if p.Turn() != c.turn {
				t.Errorf("Turn() = %v, want %v", p.Turn(), c.turn)
			}
			if p.Variant() != c.v {
				t.Errorf("Variant() = %s, want %s", p.Variant(), c.v)
			}
			if diff := cmp.Diff(c.towers, parsersTowers(p)); diff != "" {
				t.Errorf("towers (-want +got):\n%s", diff)
			}
			if got := p.FEN(); got != c.out {
				t.Errorf("FEN() = %q, want %q", got, c.out)
			}
			q, err := ParseFEN(c.v, p.FEN())
			if err != nil || !q.Equal(&p) || q.Key() != p.Key() {
				t.Errorf("FEN() %q does not read back to the same position: %v", p.FEN(), err)
			}
		})
	}
}

// docs/RULES.md section 10: the emitted FEN lists White, then Black, each in the
// order a1, c1, e1, g1, b2, d2, ..., rank by rank, file by file.
func TestFENOrder(t *testing.T) {
	p, err := ParseFEN(Russian(), "B:Bh8,b2w,Kc5,a7:Wg3,a1,Kc1b,e1,h2,b4,Kd8")
	if err != nil {
		t.Fatal(err)
	}
	const want = "B:Wa1,Kc1b,e1,h2,g3,b4,Kd8:Bb2w,Kc5,a7,h8"
	if got := p.FEN(); got != want {
		t.Errorf("FEN() = %q, want %q", got, want)
	}
	if got := p.String(); got != want {
		t.Errorf("String() = %q, want the FEN %q", got, want)
	}
	wantSquares := []string{"a1", "c1", "e1", "b2", "h2", "g3", "b4", "c5", "a7", "d8", "h8"}
	var gotSquares []string
	for _, s := range p.Squares() {
		gotSquares = append(gotSquares, s.String())
	}
	if diff := cmp.Diff(wantSquares, gotSquares); diff != "" {
		t.Errorf("Squares() (-want +got):\n%s", diff)
	}
}

// Every position reached in random games of every preset is written as a
// FEN that reads back to an equal position with the same key and the same
// text.
func TestFENRoundTripPlayouts(t *testing.T) {
	for _, v := range parsersPresets() {
		t.Run(v.String(), func(t *testing.T) {
			parsersPlayouts(t, v, 1, 60, 120, func(p Position) {
				fen := p.FEN()
				q, err := ParseFEN(v, fen)
				if err != nil {
					t.Fatalf("FEN %q does not read back: %v", fen, err)
				}
				if !q.Equal(&p) || q.Key() != p.Key() || q.FEN() != fen {
					t.Fatalf("FEN %q reads back as %q (equal %v, keys %x %x)", fen, q.FEN(), q.Equal(&p), q.Key(), p.Key())
				}
			})
		})
	}
}
