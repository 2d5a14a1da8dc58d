package bashni_test

import (
	"fmt"

	"github.com/bashni-dev/bashni"
)

// A game keeps the moves and applies the draw rules: here two kings go back
// and forth until a position comes about for the third time
// (docs/RULES.md section 9).
func ExampleGame() {
	g, err := bashni.NewGameFEN(bashni.Russian(), "W:WKa1:BKh2")
	if err != nil {
		panic(err)
	}
	for range 2 {
		if err := g.PlayLine("a1-b2 h2-g3 b2-a1 g3-h2"); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.Plies(), g.Repetitions(), g.Outcome())
	if err := g.PlayLine("a1-b2"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 8 3 1/2-1/2: draw by repetition
	// bashni: move 1: the game is over: 1/2-1/2: draw by repetition
}

// Undo takes back the last move and returns it; Last reads the move before
// it, which is now the last.
func ExampleGame_Undo() {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		panic(err)
	}
	if err := g.PlayLine("1. c3-d4 f6-e5 2. d4:f6"); err != nil {
		panic(err)
	}
	m, err := g.Undo()
	last, _ := g.Last()
	fmt.Println(m, err, last, g.Plies())
	// Output:
	// d4:f6 <nil> f6-e5 2
}

// A clone goes on by itself: try a line in it, and the game stays as it
// was.
func ExampleGame_Clone() {
	g, err := bashni.NewGame(bashni.Lasca())
	if err != nil {
		panic(err)
	}
	if err := g.PlayLine("c3-d4 e5xc3"); err != nil {
		panic(err)
	}
	try := g.Clone()
	if err := try.PlayLine("b2xd4 f6-e5"); err != nil {
		panic(err)
	}
	fmt.Println(g.Plies(), g.Position().FEN())
	fmt.Println(try.Plies(), try.Position().FEN())
	// Output:
	// 2 W:Wa1,c1,e1,g1,b2,d2,f2,a3,e3,g3:Bc3w,a5,c5,g5,b6,d6,f6,a7,c7,e7,g7
	// 4 W:Wa1,c1,e1,g1,d2,f2,a3,c3,e3,g3,d4b:Ba5,c5,e5,g5,b6,d6,a7,c7,e7,g7
}
