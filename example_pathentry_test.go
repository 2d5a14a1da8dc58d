package bashni_test

import (
	"fmt"

	"github.com/bashni-dev/bashni"
)

// A GUI enters a capture click by click: after each click it highlights the
// squares that may come next, and plays the move once the path is whole.
func ExamplePosition_MatchPath() {
	pos, _ := bashni.ParseFEN(bashni.RussianDraughts(), "W:Wc3:Bd4,f6,b6")
	var clicked []bashni.Square
	for _, name := range []string{"c3", "e5", "g7"} {
		s, _ := bashni.ParseSquare(name)
		clicked = append(clicked, s)
		m := pos.MatchPath(clicked)
		if m.Complete {
			fmt.Println("play", m.Move)
			break
		}
		fmt.Println("after", name, "offer", m.Next, "of", len(m.Moves), "moves")
	}
	// Output:
	// after c3 offer [e5] of 1 moves
	// after e5 offer [g7] of 1 moves
	// play c3:e5:g7
}
