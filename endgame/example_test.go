package endgame_test

import (
	"context"
	"fmt"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/endgame"
)

// Build the tables of up to three pieces of Russian draughts in memory (a
// fraction of a second; bashni tables build writes them to files, which
// endgame.Open reads) and ask them about two positions.
func Example() {
	v := bashni.RussianDraughts()
	tables, err := endgame.Build(context.Background(), v, 3, endgame.BuildOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, fen := range []string{
		"W:WKc1,Ke1:BKh8", // two kings against one on the long diagonal
		"W:Wg3,h4:BKa7",   // two men against a king
		"W:Wc3,e3:Bf6",    // two men against one
	} {
		p, err := bashni.ParseFEN(v, fen)
		if err != nil {
			fmt.Println(err)
			return
		}
		value, ok := tables.Probe(&p)
		fmt.Println(value, ok)
	}
	// Output:
	// draw true
	// loss 14 true
	// win 3 true
}
