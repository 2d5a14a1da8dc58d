package bashni_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
)

// A game server answers a player's move text in its own words from the
// parts of a *MoveError: why the text was refused, and the moves the
// player may mean or may play. errors.Is tells the three kinds apart.
func ExampleMoveError() {
	// Russian draughts, Black to move: the man on a5 must take, and may
	// take two pieces or five on its way to a1.
	pos, err := bashni.ParseFEN(bashni.RussianDraughts(), "B:Wc1,b2,d2,f2,h2,a3,Kb4,Kf4,h4:Ba5,h8")
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"a5:a1", "h8-g7", "a5-z9", "a5:c3:e1:g3:e5:a1"} {
		m, err := pos.ParseMove(text)
		var me *bashni.MoveError
		switch {
		case err == nil:
			fmt.Printf("%s: plays %v, taking %d\n", text, m, m.Jumps())
		case errors.As(err, &me) && errors.Is(err, bashni.ErrAmbiguousMove):
			fmt.Printf("%s: which one? %s\n", text, strings.Join(bashni.MoveTexts(me.Candidates), " or "))
		case errors.As(err, &me) && errors.Is(err, bashni.ErrIllegalMove):
			fmt.Printf("%s: %s; you may play %s\n", text, me.Reason, strings.Join(bashni.MoveTexts(me.Legal), ", "))
		case errors.As(err, &me):
			fmt.Printf("%s: %s\n", text, me.Reason)
		}
	}
	// Output:
	// a5:a1: which one? a5:c3:a1 or a5:c3:e1:g3:e5:a1
	// h8-g7: a capture is compulsory (captures are written with ':' or 'x'); you may play a5:c3:a1, a5:c3:e1:g3:e5:a1
	// a5-z9: "z9" at position 4 is not a square
	// a5:c3:e1:g3:e5:a1: plays a5:c3:e1:g3:e5:a1, taking 5
}

// PlayLine plays a line of moves, as a record or a player writes it, until
// a move cannot be played: the *LineError says which move of the line it
// is and why, and the moves before it stay played.
func ExampleLineError() {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		panic(err)
	}
	err = g.PlayLine("1. c3-d4 f6-e5 2. d4-c5 e5:c3")
	var le *bashni.LineError
	if errors.As(err, &le) {
		fmt.Printf("move %d of the line, %q: %v\n", le.Index, le.Text, errors.Is(err, bashni.ErrIllegalMove))
		fmt.Println(le.Message())
	}
	fmt.Println(g.Plies(), bashni.LineText(g.Moves()))
	// Output:
	// move 3 of the line, "d4-c5": true
	// move 3: "d4-c5": a capture is compulsory (captures are written with ':' or 'x') (legal: d4:f6)
	// 2 c3-d4 f6-e5
}
