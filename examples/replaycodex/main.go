// Command replaycodex replays the game from the Codex of column checkers
// (docs/RULES.md section 11) under the russian rules, printing the board after
// every move. Run it from the repository with
//
//	go run ./examples/replaycodex
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bashni-dev/bashni"
)

// codex is the game's moves, White's and Black's in turn.
var codex = []string{
	"c3-b4", "b6-c5", // 1.
	"b4-a5", "a7-b6", // 2.
	"b2-c3", "c5-b4", // 3.
	"a3:c5:a7", "c7-b6", // 4. the white man takes two and stands on a7 over two black men
	"a5:c7:e5", "f6:d4:b2", // 5.
	"a1:c3", "d8-c7", // 6.
	"g3-f4", "e5:g3", // 7.
	"h2:f4", "g3:e5", // 8.
	"e3:g5", "h6:f4", // 9.
	"d2-e3", "f4:d2:b4", // 10.
	"b2:d4:f6:d8:a5:d2:h6", // 11. a king's six-jump sweep
}

func main() {
	if err := replay(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "replaycodex:", err)
		os.Exit(1)
	}
}

// replay plays the game from the russian start, writing a diagram after
// each move and, at the end, the FEN and the moves left to Black.
func replay(w io.Writer) error {
	pos := bashni.Russian().MustStart()
	fmt.Fprint(w, pos.Diagram())
	for i, text := range codex {
		m, err := pos.ParseMove(text)
		if err != nil {
			return err
		}
		if pos, err = pos.Play(m); err != nil {
			return err
		}
		number := fmt.Sprintf("%d.", i/2+1)
		if i%2 == 1 {
			number += " ..."
		}
		fmt.Fprintf(w, "\n%s %s\n", number, m)
		fmt.Fprint(w, pos.Diagram())
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "FEN:", pos.FEN())
	fmt.Fprintln(w, "Black's moves:", strings.Join(bashni.MoveTexts(pos.LegalMoves()), " "))
	return nil
}
