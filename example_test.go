package bashni_test

import (
	"cmp"
	"errors"
	"fmt"
	"log"
	"slices"

	"github.com/bashni-dev/bashni"
)

func ExampleVariant_Start() {
	pos, err := bashni.Lasca().Start()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pos.FEN())
	fmt.Println(pos.Turn(), "to move,", pos.Count(bashni.White), "white and", pos.Count(bashni.Black), "black pieces")
	// Output:
	// W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7
	// white to move, 11 white and 11 black pieces
}

func ExamplePosition_LegalMoves() {
	pos := bashni.Russian().MustStart()
	moves := pos.LegalMoves()
	// The order of LegalMoves is the generator's; MoveTexts sorts the texts.
	fmt.Println(len(moves), bashni.MoveTexts(moves))

	// Capturing is compulsory: here White's only moves are the two ways
	// the man on d4 can take.
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wd4:Bc5,e5")
	if err != nil {
		fmt.Println(err)
		return
	}
	moves = pos.LegalMoves()
	slices.SortFunc(moves, func(a, b bashni.Move) int { return cmp.Compare(a.String(), b.String()) })
	for _, m := range moves {
		if m.IsCapture() {
			fmt.Println(m, "takes", m.Jumps(), "piece(s), jumping", m.JumpedSquares())
		}
	}
	// Output:
	// 7 [a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4]
	// d4:b6 takes 1 piece(s), jumping [c5]
	// d4:f6 takes 1 piece(s), jumping [e5]
}

func ExamplePosition_ParseMove() {
	// After 1. c3-d4 b6-c5 White must take on c5.
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bc5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Input is lenient: the short form, upper case, 'x' and annotations all
	// name the same capture.
	for _, text := range []string{"d4:b6", "D4xB6!", "d4:b6*"} {
		m, err := pos.ParseMove(text)
		fmt.Println(text, "->", m, err)
	}
	// A quiet move is refused while a capture is compulsory; the error says
	// why and lists the legal moves.
	_, err = pos.ParseMove("e3-f4")
	fmt.Println(errors.Is(err, bashni.ErrIllegalMove), err)
	// Output:
	// d4:b6 -> d4:b6 <nil>
	// D4xB6! -> d4:b6 <nil>
	// d4:b6* -> d4:b6 <nil>
	// true bashni: move "e3-f4": a capture is compulsory (captures are written with ':' or 'x') (legal: d4:b6)
}

func ExamplePosition_Play() {
	pos := bashni.Russian().MustStart()
	for _, text := range []string{"c3-d4", "b6-c5", "d4:b6"} {
		m, err := pos.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		// Play returns the new position; pos itself is a value and is not
		// changed by it.
		if pos, err = pos.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	// The white man jumped c5 and took its top: it now stands on b6 over the
	// black man it took, and c5 is empty.
	fmt.Println(pos.Tower(mustSquare("b6")), pos.Tower(mustSquare("c5")).IsEmpty())
	fmt.Println(pos.FEN())
	// Output:
	// wb true
	// B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,b6b:Bd6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8
}

// mustSquare reads a square name the example knows to be good.
func mustSquare(name string) bashni.Square {
	s, err := bashni.ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

func ExampleParseFEN() {
	// A white king on h6 over a white man and six black men, a white man on
	// a7 over two black men, and a black man on c3 (docs/RULES.md section 10).
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:WKh6wbbbbbb,a7bb:Bc3")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range pos.Squares() {
		t := pos.Tower(s)
		fmt.Println(s, t, "height", t.Height(), "owner", t.Owner())
	}
	// Bad input is an error naming the token and the reason.
	_, err = bashni.ParseFEN(bashni.Lasca(), "W:Wa1,h8:Bc5")
	var fe *bashni.FENError
	if errors.As(err, &fe) {
		fmt.Printf("token %q: %s\n", fe.Token, fe.Reason)
	}
	// Output:
	// c3 b height 1 owner black
	// h6 Wwbbbbbb height 8 owner white
	// a7 wbb height 3 owner white
	// token "h8": h8 is off the 7x7 board
}

func ExamplePosition_FEN() {
	pos := bashni.Russian().MustStart()
	m, _ := pos.ParseMove("c3-d4")
	pos, _ = pos.Play(m)
	fen := pos.FEN()
	fmt.Println(fen)
	// ParseFEN reads it back to an equal position.
	back, err := bashni.ParseFEN(bashni.Russian(), fen)
	fmt.Println(back.Equal(&pos), err)
	// Output:
	// B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8
	// true <nil>
}

func ExamplePosition_Diagram() {
	// A lasca ending: kings ("officers") are capitals. Where there are
	// towers, each is written top-down ("Wbb": a white king over two black
	// men) and the columns widen to fit the tallest.
	pos, err := bashni.ParseFEN(bashni.Lasca(), "B:Wc3,Ke5:Bd6,Ka7")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(pos.Diagram())
	// Output:
	//    +---------------+
	//  7 | B   .   .   . |
	//  6 |   .   b   .   |
	//  5 | .   .   W   . |
	//  4 |   .   .   .   |
	//  3 | .   w   .   . |
	//  2 |   .   .   .   |
	//  1 | .   .   .   . |
	//    +---------------+
	//      a b c d e f g
	// Black to move
}

func ExamplePerft() {
	// docs/PERFT.md: 302 sequences of three plies from the russian start, 18 in
	// lasca.
	russian, lasca := bashni.Russian().MustStart(), bashni.Lasca().MustStart()
	fmt.Println(bashni.Perft(&russian, 3))
	fmt.Println(bashni.Perft(&lasca, 3))
	// Divide splits the count by first move.
	lines, err := bashni.Divide(&lasca, 3)
	if err != nil {
		log.Fatal(err)
	}
	for _, mc := range lines {
		fmt.Println(mc.Move, mc.Nodes)
	}
	// Output:
	// 302 <nil>
	// 18 <nil>
	// a3-b4 5
	// c3-d4 2
	// e3-f4 2
	// c3-b4 2
	// e3-d4 2
	// g3-f4 5
}

func ExampleParseVariant() {
	v, err := bashni.ParseVariant("russian, majority=on")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Majority, v == bashni.Russian(), v.Name() == "")
	_, err = bashni.ParseVariant("lasca,rejump=sometimes")
	fmt.Println(err)
	// Output:
	// true false true
	// bashni: variant "lasca,rejump=sometimes": switch rejump: "sometimes" is not one of no-reversal, not-last, once, never, any
}

// A custom ruleset starts from a copy of a preset; the preset itself stays
// as the package defines it.
func ExamplePreset() {
	v, _ := bashni.Preset("lasca")
	v.Rejump = bashni.RejumpAny
	fmt.Println(v)
	again, _ := bashni.Preset("lasca")
	fmt.Println(again, again == bashni.Lasca())
	// Output:
	// ludii-lasca
	// lasca true
}

func ExampleVariant_String() {
	fmt.Println(bashni.International())
	v := bashni.Lasca()
	v.Rejump = bashni.RejumpNoReversal
	fmt.Println(v)
	// The text form reads back to the same Variant.
	back, err := bashni.ParseVariant(v.String())
	fmt.Println(back == v, err)
	// Output:
	// international
	// lasca,rejump=no-reversal
	// true <nil>
}

func ExampleMove_String() {
	// The 12-jump example of docs/RULES.md section 11: a white king takes the top
	// of every black tower twice.
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range pos.LegalMoves() {
		fmt.Println(m, m.Jumps(), m.From(), m.To())
	}
	// Output:
	// c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:d2 12 c1 d2
	// c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1 12 c1 e1
}

func ExampleTower() {
	t, err := bashni.NewTower(bashni.WhiteKing, bashni.BlackMan, bashni.BlackMan)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t, t.Height(), t.Owner(), t.Top().IsKing(), t.Count(bashni.Black))
	for i, p := range t.Pieces() {
		fmt.Println(i, p, p.Color())
	}
	// Output:
	// Wbb 3 white true 2
	// 0 W white
	// 1 b black
	// 2 b black
}

// The sets of a position answer questions about the whole board in a few
// bit operations, and walking one visits only the towers it holds: here,
// White's towers and kings in a lasca position, the towers that hold a
// prisoner, and the empty squares.
func ExamplePosition_Tops() {
	pos, err := bashni.ParseFEN(bashni.Lasca(), "B:Wc3,e3b,Ka5:Bd4w,b6,f6")
	if err != nil {
		fmt.Println(err)
		return
	}
	white, black := pos.Tops(bashni.White), pos.Tops(bashni.Black)
	fmt.Println("white towers", white, "kings among them", white&pos.Kings())
	for s := range (white & pos.Stacked()).All() { // Tower only where there is more than a top
		if t := pos.Tower(s); t.Count(bashni.Black) > 0 {
			fmt.Println(s, "holds", t)
		}
	}
	empty := pos.Variant().Board() &^ pos.Occupied()
	fmt.Printf("%d empty squares, d4 among them: %v; %d black men\n", empty.Len(), empty.Has(bashni.SquareAt(3, 3)), (black &^ pos.Kings()).Len())
	// Output:
	// white towers {c3 e3 a5} kings among them {a5}
	// e3 holds wb
	// 19 empty squares, d4 among them: false; 3 black men
}

// Diff shows what a move changed: here the capture's from and to squares
// and the tower it jumped, whose new top is a black man as the old one
// was, so that the tops and kings alone do not show it.
func ExamplePosition_Diff() {
	pos, err := bashni.ParseFEN(bashni.Lasca(), "W:Wc3:Bd4b,g7")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := pos.ParseMove("c3xe5") // a legal move of pos, or an error
	if err != nil {
		fmt.Println(err)
		return
	}
	after := pos.PlayUnchecked(m)
	fmt.Println("changed", pos.Diff(&after))
	fmt.Println("black tops changed", pos.Tops(bashni.Black)^after.Tops(bashni.Black))
	fmt.Println("d4 holds", after.Tower(bashni.SquareAt(3, 3)), "and e5", after.Tower(bashni.SquareAt(4, 4)))
	// Output:
	// changed {c3 d4 e5}
	// black tops changed {}
	// d4 holds b and e5 wb
}

// A Notation writes and reads moves and positions: by square name with
// either separator, or by square number. The zero Notation is the
// ruleset's own (lasca's captures with 'x').
func ExampleNotation() {
	pos, err := bashni.ParseFEN(bashni.RussianDraughts(), "W:Wc3:Bd4")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := pos.ParseMove("c3xe5")
	if err != nil {
		fmt.Println(err)
		return
	}
	numbers := bashni.Notation{Numbers: true, Numbering: bashni.NumberingBottomLeft, Separator: 'x'}
	fmt.Println(m, bashni.Notation{Separator: 'x'}.FormatMove(&pos, m), numbers.FormatMove(&pos, m))
	fmt.Println(numbers.FEN(&pos))

	back, err := numbers.ParseMove(&pos, "10x19")
	fmt.Println(back == m, err)

	lasca, _ := bashni.ParseFEN(bashni.Lasca(), "W:Wb2:Bc3")
	lm := lasca.LegalMoves()[0]
	fmt.Println(lm, bashni.Notation{}.FormatMove(&lasca, lm))
	// Output:
	// c3:e5 c3xe5 10x19
	// W:W10:B14
	// true <nil>
	// b2:d4 b2xd4
}
