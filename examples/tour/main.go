// Command tour is the API tour of the README: start positions, moves read
// and played, legal moves, FEN with towers, errors, rulesets as switches,
// and perft. The README shows this file as it is, and its output.
//
//	go run ./examples/tour
package main

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/perft"
)

func main() {
	// Start positions come from the variant.
	pos := bashni.Russian().MustStart() // or: pos, err := bashni.Lasca().Start()

	// Moves are read in the usual notation and played with Play, which
	// returns the new position and leaves pos as it was.
	for _, text := range []string{"c3-d4", "b6-c5", "d4:b6"} {
		m, err := pos.ParseMove(text)
		if err != nil {
			log.Fatal(err)
		}
		if pos, err = pos.Play(m); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Print(pos.Diagram()) // the white man on b6 now holds a black man: "wb"
	fmt.Println(pos.FEN())   // B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,b6b:Bd6,f6,...

	// Legal moves: captures only when there is one (capturing is compulsory),
	// one move per resulting position.
	for _, m := range pos.LegalMoves() {
		fmt.Println(m, m.IsCapture(), m.Jumps(), m.Path())
	}
	fmt.Println(bashni.MoveTexts(pos.LegalMoves())) // sorted texts

	// Positions with towers: the FEN token "Kh6wbbbbbb" is a white king on
	// h6 over a white man and six black men.
	p2, err := bashni.ParseFEN(bashni.Russian(), "W:WKh6wbbbbbb,a7bb:Bc3")
	if err != nil {
		log.Fatal(err)
	}
	h6, err := bashni.ParseSquare("h6") // or bashni.SquareAt(7, 5): file and rank from 0
	if err != nil {
		log.Fatal(err)
	}
	t := p2.Tower(h6)
	fmt.Println(t, t.Height(), t.Owner(), t.Count(bashni.Black)) // Wwbbbbbb 8 white 6

	// Errors say what and where, and wrap sentinels for errors.Is.
	start := bashni.Russian().MustStart()
	_, err = start.ParseMove("c3-e5")
	fmt.Println(errors.Is(err, bashni.ErrIllegalMove), err)
	var fe *bashni.FENError
	if _, err := bashni.ParseFEN(bashni.Lasca(), "W:Wh8:Bc5"); errors.As(err, &fe) {
		fmt.Println(fe.Token, fe.Reason) // h8 h8 is off the 7x7 board
	}

	// Rulesets are switches: copy a preset and change fields, or use the
	// text form.
	v := bashni.Russian()
	v.Majority = true
	fmt.Println(v) // russian,majority=on
	lasca, err := bashni.ParseVariant("lasca,rejump=no-reversal")
	if err != nil {
		log.Fatal(err)
	}

	// Perft: move-path counts; the perft package shares one among
	// goroutines, with a table.
	lascaStart := lasca.MustStart()
	fmt.Println(bashni.Perft(&lascaStart, 6)) // 324 <nil>
	russian := bashni.Russian().MustStart()
	fmt.Println(perft.Config{Threads: 2, HashMB: 64}.Perft(context.Background(), &russian, 8)) // 925862 <nil>
}
