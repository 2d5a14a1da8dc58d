package pdn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

// A record py-draughts wrote: its GameType and Variant tags say Russian
// draughts, its moves are square numbers (1 = b8), and what it gets wrong
// without changing the moves comes back as warnings.
func ExampleReader() {
	record := "[GameType \"25\"]\n[Variant \"Russian draughts\"]\n[Result \"-\"]\n1. 24-20 11-16 2. 20x11 7x16\n"
	r := pdn.NewReader(strings.NewReader(record))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g.Game().Variant(), g.Game().Plies(), g.Game().Position().FEN())
		for _, w := range g.Warnings {
			fmt.Println("warning:", w.Reason())
		}
	}
	// Output:
	// russian-draughts 4 W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3:Bg5,b6,d6,h6,a7,c7,g7,b8,d8,f8,h8
	// warning: no blank line between the tags and the moves
	// warning: "[Result \"-\"]": not a result (1-0, 0-1, 1/2-1/2, *, 2-0, 0-2, 1-1); read as no result
	// warning: the moves end without a result (1-0, 0-1, 1/2-1/2 or *)
}

// Russian draughts written as PDN 3.0 and other programs write it, here in
// square numbers: the GameType tag says which.
func ExampleWriter() {
	game, _ := bashni.NewGame(bashni.RussianDraughts())
	for _, m := range []string{"c3-d4", "f6-e5", "d4:f6"} {
		if _, err := game.PlayText(m); err != nil {
			fmt.Println(err)
		}
	}
	w := pdn.Writer{Numbers: true, Numbering: bashni.NumberingTopLeft}
	if err := w.Write(os.Stdout, pdn.NewGame(game, pdn.Tag{Name: "Event", Value: "example"})); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "example"]
	// [Result "*"]
	// [GameType "25,W,8,8,N2,0"]
	//
	// 1. 22-18 11-15 2. 18x11 *
}

// A Reader and a Writer share Limits: what the Writer writes, a Reader with
// the same limits reads, and what that Reader would refuse the Writer
// refuses. Here a program that keeps comments short.
func ExampleLimits() {
	lim := pdn.Limits{MaxComment: 20}
	game, _ := bashni.NewGame(bashni.Russian())
	if _, err := game.PlayText("c3-d4"); err != nil {
		fmt.Println(err)
	}
	rec := pdn.NewGame(game)
	rec.Note(1).Comments = []string{"the most usual first move"}
	if _, err := (pdn.Writer{Limits: lim}).Marshal(rec); err != nil {
		fmt.Println(err)
	}

	r := pdn.NewReader(strings.NewReader("1. c3-d4 {the most usual first move} *\n"))
	r.Limits = lim
	if _, err := r.Next(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// pdn: move 1. c3-d4: a comment of 25 bytes, more than the 20 a Reader reads (Limits.MaxComment)
	// pdn: game 1, line 1: "{": comment longer than 20 bytes
}

// A record of a game played in the program: NewGame holds the game, Note
// attaches a comment to a move, and Undo on the record takes back a move
// with its note, so the move played instead starts without one.
func ExampleGame_Undo() {
	game, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		panic(err)
	}
	rec := pdn.NewGame(game, pdn.Tag{Name: "Event", Value: "analysis"})
	for _, m := range []string{"c3-d4", "f6-e5"} {
		if _, err := rec.PlayText(m); err != nil {
			panic(err)
		}
	}
	rec.Note(1).Comments = []string{"the centre"}
	rec.Note(2).Comments = []string{"a man given away"}
	if _, err := rec.Undo(); err != nil {
		panic(err)
	}
	if _, err := rec.PlayText("b6-c5"); err != nil {
		panic(err)
	}
	if err := pdn.Write(os.Stdout, rec); err != nil {
		panic(err)
	}
	// Output:
	// [Event "analysis"]
	// [Result "*"]
	// [Variant "russian"]
	//
	// 1. c3-d4 {the centre} 1... b6-c5 *
}

// A file whose first game has an illegal move: the *GameError says which
// game, line, move number and token, and the Reader goes on with the next
// game, as a server importing a user's file does.
func ExampleGameError() {
	file := `[White "A"]

1. c3-d4 f6-e5 2. d4-c5 *

[White "B"]

1. c3-d4 f6-e5 2. d4:f6 *
`
	r := pdn.NewReader(strings.NewReader(file))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var ge *pdn.GameError
		if errors.As(err, &ge) {
			fmt.Printf("game %d, line %d, move %s, %q: illegal %v\n", ge.Game, ge.Line, ge.Move, ge.Token, errors.Is(err, bashni.ErrIllegalMove))
			fmt.Println(ge.Reason())
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(g.Tag("White"), g.Game().Plies())
	}
	// Output:
	// game 1, line 3, move 2., "d4-c5": illegal true
	// move "d4-c5": a capture is compulsory (captures are written with ':' or 'x') (legal: d4:f6)
	// B 3
}
