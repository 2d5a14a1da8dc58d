package bashni

import (
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The numberings' squares as the interop data shows them: py-draughts'
// records (1 = b8, 2 = d8, ... 29 = a1, 32 = g1) and pydraughts' Hub moves
// (White's first moves 9-13 10-13 10-14 11-14 11-15 12-15 12-16 are a3-b4
// c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4).
func TestNumberingSquares(t *testing.T) {
	cases := []struct {
		n    Numbering
		want map[int]string
	}{
		{NumberingTopLeft, map[int]string{1: "b8", 2: "d8", 3: "f8", 4: "h8", 5: "a7", 8: "g7", 29: "a1", 32: "g1"}},
		{NumberingBottomLeft, map[int]string{1: "a1", 4: "g1", 9: "a3", 10: "c3", 11: "e3", 12: "g3", 13: "b4", 14: "d4", 15: "f4", 16: "h4", 32: "h8"}},
		{NumberingTopRight, map[int]string{1: "h8", 2: "f8", 5: "g7", 32: "a1"}},
		{NumberingBottomRight, map[int]string{1: "g1", 2: "e1", 5: "h2", 32: "b8"}},
	}
	for _, c := range cases {
		got := map[int]string{}
		for num := range c.want {
			got[num] = c.n.Square(RussianDraughts(), num).String()
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", c.n, diff)
		}
	}
	// White's first moves at the start, in pydraughts' Hub numbers.
	pos := RussianDraughts().MustStart()
	var hub []string
	for _, m := range pos.LegalMoves() {
		hub = append(hub, Notation{Numbers: true, Numbering: NumberingBottomLeft}.FormatMove(&pos, m))
	}
	sort.Strings(hub)
	if diff := cmp.Diff([]string{"10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"}, hub); diff != "" {
		t.Errorf("first moves in Hub numbers (-want +got):\n%s", diff)
	}
}

// Every numbering numbers every playable square once, 1 to N, on every
// board size, and Square inverts Number.
func TestNumberingRoundTrip(t *testing.T) {
	for _, v := range []Variant{Russian(), Lasca(), RussianDraughts()} {
		for n := NumberingTopLeft; n <= NumberingBottomRight; n++ {
			seen := map[int]bool{}
			for s := Square(0); s < 64; s++ {
				num := n.Number(v, s)
				if !v.OnBoard(s) {
					if num != 0 {
						t.Errorf("%v %s: %s is not playable but numbered %d", v, n, s, num)
					}
					continue
				}
				if num < 1 || num > v.SquareCount() || seen[num] {
					t.Errorf("%v %s: %s numbered %d (of %d, seen %v)", v, n, s, num, v.SquareCount(), seen[num])
				}
				seen[num] = true
				if back := n.Square(v, num); back != s {
					t.Errorf("%v %s: Square(%d) = %s, want %s", v, n, num, back, s)
				}
			}
			for _, bad := range []int{0, -1, v.SquareCount() + 1} {
				if s := n.Square(v, bad); s != NoSquare {
					t.Errorf("%v %s: Square(%d) = %s, want NoSquare", v, n, bad, s)
				}
			}
		}
	}
	if Russian().SquareCount() != 32 || Lasca().SquareCount() != 25 {
		t.Errorf("SquareCount: %d, %d; want 32, 25", Russian().SquareCount(), Lasca().SquareCount())
	}
}

// Every legal move of positions along random games, written in numbers,
// reads back to the same move in every numbering; so does every FEN.
func TestMoveNumbersRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	for _, v := range []Variant{RussianDraughts(), BrazilianDraughts(), Russian(), Lasca()} {
		for game := 0; game < 20; game++ {
			pos := v.MustStart()
			for ply := 0; ply < 80; ply++ {
				moves := pos.LegalMoves()
				if len(moves) == 0 {
					break
				}
				for num := NumberingTopLeft; num <= NumberingBottomRight; num++ {
					n := Notation{Numbers: true, Numbering: num, Separator: 'x'}
					for _, m := range moves {
						text := n.FormatMove(&pos, m)
						back, err := n.ParseMove(&pos, text)
						if err != nil || back != m {
							t.Fatalf("%v %s at %s: %s written %q reads %v, %v", v, num, pos, m, text, back, err)
						}
					}
					fen := n.FEN(&pos)
					back, err := n.ParseFEN(v, fen)
					if err != nil || !back.Equal(&pos) {
						t.Fatalf("%v %s: FEN %q of %s reads %v, %v", v, num, fen, pos, back, err)
					}
				}
				pos = pos.PlayUnchecked(moves[rng.Intn(len(moves))])
			}
		}
	}
}

// A Numbering that is none of the four numbers no square: a numeric
// notation with one writes square names, not "0-0" for every move, and
// reads them back (docs/RULES.md section 10: reading a move's written form
// back yields the same move); a number read is an error that names the
// numbering, not one that says 22 is not a square of the board.
func TestNumbersOfNoNumbering(t *testing.T) {
	for _, num := range []Numbering{NumberingBottomRight + 1, 255} {
		for _, v := range []Variant{RussianDraughts(), Lasca()} {
			pos := v.MustStart()
			pos = pos.PlayUnchecked(pos.LegalMoves()[0])
			n := Notation{Numbers: true, Numbering: num, Separator: 'x'}
			names := Notation{Separator: 'x'}
			moves := pos.LegalMoves()
			if diff := cmp.Diff(names.MoveTexts(&pos, moves), n.MoveTexts(&pos, moves)); diff != "" {
				t.Errorf("%v %v: move texts (-names +written):\n%s", v, num, diff)
			}
			for _, m := range moves {
				text := n.FormatMove(&pos, m)
				if back, err := n.ParseMove(&pos, text); err != nil || back != m {
					t.Errorf("%v %v: %q reads %v, %v; want %v", v, num, text, back, err, m)
				}
			}
			if fen := n.FEN(&pos); fen != pos.FEN() {
				t.Errorf("%v %v: FEN %q, want the names' %q", v, num, fen, pos.FEN())
			} else if back, err := n.ParseFEN(v, fen); err != nil || !back.Equal(&pos) {
				t.Errorf("%v %v: FEN %q reads %v, %v", v, num, fen, back, err)
			}
			want := "the notation's numbering " + num.String() + " is none of N0 to N3"
			if _, err := n.ParseMove(&pos, "9-13"); err == nil || !strings.Contains(err.Error(), "9 is a square number, but "+want) {
				t.Errorf("%v %v: ParseMove(9-13): error %v, want one with %q", v, num, err, want)
			}
			if _, err := n.ParseFEN(v, "W:W21:B1"); err == nil || !strings.Contains(err.Error(), `"21": 21 is a square number, but `+want) {
				t.Errorf("%v %v: ParseFEN: error %v, want one with %q", v, num, err, want)
			}
		}
	}
}

// Bad numbers are errors that say which number and the board's range.
func TestParseNumbersErrors(t *testing.T) {
	pos := RussianDraughts().MustStart()
	for text, want := range map[string]string{
		"33-29":                  "33 is not a square number of this board (1 to 32)",
		"0-4":                    "0 is not a square number",
		"99999999999999999999-1": "999999999999... is not a square number",
		"21-18":                  "not a legal move here",
		"23-19!":                 "",
		"c3-17":                  "",
		"23-":                    "a square is missing",
	} {
		_, err := Notation{Numbers: true}.ParseMove(&pos, text)
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", text, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `"`+text+`"`) {
			t.Errorf("%q: error %v, want one quoting the text with %q", text, err, want)
		}
	}
	for fen, want := range map[string]string{
		"W:W33:B1":  `"33": 33 is not a square number`,
		"W:W21,2:B": `far rank`,
		"W:W21:B1.": "",
		"W:Wc3:B1":  "",
	} {
		_, err := Notation{Numbers: true}.ParseFEN(RussianDraughts(), fen)
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", fen, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), fen) {
			t.Errorf("%q: error %v, want one with %q", fen, err, want)
		}
	}
}

func TestParseNumbering(t *testing.T) {
	for text, want := range map[string]Numbering{"N2": NumberingTopLeft, "n0": NumberingBottomLeft, "Bottom-Right": NumberingBottomRight, " top-right ": NumberingTopRight, "N1": NumberingBottomRight} {
		if n, err := ParseNumbering(text); err != nil || n != want {
			t.Errorf("ParseNumbering(%q) = %v, %v; want %v", text, n, err, want)
		}
	}
	for _, bad := range []string{"", "N4", "A0", "left"} {
		if _, err := ParseNumbering(bad); err == nil || !strings.Contains(err.Error(), "N2 (top-left") {
			t.Errorf("ParseNumbering(%q): error %v", bad, err)
		}
	}
}

// Reading a move in numbers costs what reading it by name does; compare
// with BenchmarkParseMove... of the same move.
func BenchmarkParseMoveNumbers(b *testing.B) {
	pos, _ := ParseFEN(RussianDraughts(), "W:Wc3,e3:Bd4,f6,b6")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := (Notation{Numbers: true}).ParseMove(&pos, "22x15x8"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMoveNumbers(b *testing.B) {
	pos, _ := ParseFEN(RussianDraughts(), "W:Wc3,e3:Bd4,f6,b6")
	m, _ := pos.ParseMove("c3:e5:g7")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = Notation{Numbers: true, Separator: 'x'}.FormatMove(&pos, m)
	}
}

// An illegal move in numbers says the legal moves in the same numbers.
func TestParseMoveNumbersListsLegalInNumbers(t *testing.T) {
	pos := RussianDraughts().MustStart()
	_, err := Notation{Numbers: true, Numbering: NumberingBottomLeft}.ParseMove(&pos, "9-14")
	want := `bashni: move "9-14": not a legal move here (legal: 10-13 10-14 11-14 11-15 12-15 12-16 9-13)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v,\nwant %s", err, want)
	}
}

// A FEN in square numbers that cannot be read names the offending token as
// the FEN writes it, numbers and all, not as the square names it becomes.
func TestNumberedFENErrorToken(t *testing.T) {
	for fen, token := range map[string]string{
		"W:W21,21:B1":     "21",
		"W:W21,2:B":       "2",
		"W:W21,K22wbq:B1": "K22wbq",
	} {
		_, err := Notation{Numbers: true}.ParseFEN(RussianDraughts(), fen)
		fe, ok := err.(*FENError)
		if !ok {
			t.Fatalf("%q: error %v, want a *FENError", fen, err)
		}
		if fe.Token != token || !strings.Contains(fe.FEN, fe.Token) {
			t.Errorf("%q: error %v names token %q, want %q", fen, err, fe.Token, token)
		}
	}
}
