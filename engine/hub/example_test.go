package hub_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine/hub"
)

// A session reads the GUI's lines and answers on its writer; here a script
// asks who the engine is and whether it is alive.
func ExampleSession() {
	script := "hub\ninit\nping\nquit\n"
	if err := hub.NewSession(os.Stdout, hub.Options{HashMB: 1}).Run(strings.NewReader(script)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// id name=bashni version=1 author="the bashni authors"
	// param name=variant value=russian type=enum values="russian brazilian bashni international lasca ludii-bashni ludii-lasca"
	// param name=threads value=1 type=int min=1 max=256
	// param name=hash value=1 type=int min=1 max=65536
	// param name=tt-size value=16 type=int min=16 max=32
	// param name=book value="" type=string
	// param name=book-margin value=0 type=int min=0 max=10000
	// param name=tables value="" type=string
	// wait
	// ready
	// pong
}

// Hub moves of the 8x8 games name squares by number from a1 (1 = a1,
// 32 = h8), and a capture lists the captured squares after its ends.
func ExampleFormatMove() {
	pos, _ := bashni.ParseFEN(bashni.RussianDraughts(), "W:Wc3:Bd4,f6")
	for _, m := range pos.LegalMoves() {
		fmt.Println(m, "is", hub.FormatMove(&pos, m))
	}
	back, _ := hub.ParseMove(&pos, "10x28x14x23")
	fmt.Println(back)
	// Output:
	// c3:e5:g7 is 10x28x14x23
	// c3:e5:g7
}

// The Hub's position string lists the dark squares from b8 to g1.
func ExampleParsePosition() {
	pos, err := hub.ParsePosition(bashni.RussianDraughts(), "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pos.FEN())
	// Output:
	// W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8
}
