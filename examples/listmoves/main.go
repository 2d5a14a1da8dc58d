// Command listmoves lists the legal moves of a position with what each
// capture takes: by default a lasca position where White must capture, or
// any FEN given as the argument, optionally with -variant.
//
//	go run ./examples/listmoves
//	go run ./examples/listmoves -variant russian "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b"
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/bashni-dev/bashni"
)

func main() {
	variant := flag.String("variant", "lasca", "ruleset, e.g. russian, international, lasca")
	flag.Parse()
	// White's men on c3 and e3 face a black man on d4; behind it stand a
	// black man on b6 and a black tower on f6 (two black men over a white
	// one). Either capture goes on to the far rank, crowns and stops (L6).
	fen := "W:Wa1,c3,e3:Bd4,b6,f6bw"
	if flag.NArg() > 0 {
		fen = flag.Arg(0)
	}
	if err := list(*variant, fen); err != nil {
		fmt.Fprintln(os.Stderr, "listmoves:", err)
		os.Exit(1)
	}
}

func list(variant, fen string) error {
	v, err := bashni.ParseVariant(variant)
	if err != nil {
		return err
	}
	pos, err := bashni.ParseFEN(v, fen)
	if err != nil {
		return err
	}
	fmt.Print(pos.Diagram())
	for _, m := range pos.LegalMoves() {
		after, err := pos.Play(m)
		if err != nil {
			return err
		}
		line := bashni.Notation{}.FormatMove(&pos, m) // the ruleset's own: lasca's captures with x
		if m.IsCapture() {
			// Each jump takes the top piece of the tower jumped.
			var taken []string
			for i := 0; i < m.Jumps(); i++ {
				taken = append(taken, fmt.Sprintf("%s from %s", m.Taken(i), m.Jumped(i)))
			}
			line += ": takes " + strings.Join(taken, ", ") + ";"
		}
		fmt.Printf("%s %s then holds %s\n", line, m.To(), after.Tower(m.To()))
	}
	return nil
}
