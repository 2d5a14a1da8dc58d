package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

func ExampleEngine_Search() {
	// White's man crowns on d8, and the new king catches the man on g7.
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wc7:Bg7")
	if err != nil {
		panic(err)
	}
	e := engine.MustNew(engine.Options{HashMB: 1})
	res, err := e.Search(context.Background(), &pos, engine.Limits{Depth: 8})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Move, res.Score)
	fmt.Println(res.PV)
	// Output:
	// c7-d8 win 5
	// [c7-d8 g7-h6 d8-f6 h6-g5 f6:h4]
}

func ExampleEngine_SearchGame() {
	// A game: the engine sees the moves that led to the position, so it
	// knows which of its moves would repeat one.
	g, err := bashni.NewGame(bashni.Lasca())
	if err != nil {
		panic(err)
	}
	if err := g.PlayLine("c3-d4 e5xc3 b2xd4"); err != nil {
		panic(err)
	}
	e := engine.MustNew(engine.Options{HashMB: 1})
	res, err := e.SearchGame(context.Background(), g, engine.Limits{Nodes: 20000})
	if err != nil {
		panic(err)
	}
	if err := g.Play(res.Move); err != nil {
		panic(err)
	}
	fmt.Println(res.Nodes, res.Stop, g.Plies())
	// Output:
	// 20000 nodes 4
}

func ExampleRandomOpening() {
	// A match between two settings plays each random opening twice, once
	// with each colour; the seed makes the match repeatable.
	start := bashni.Russian().MustStart()
	for pair := range 3 {
		line, err := engine.RandomOpening(&start, 4, rand.New(rand.NewPCG(2026, uint64(pair))))
		if err != nil {
			fmt.Println(err)
			return
		}
		again, _ := engine.RandomOpening(&start, 4, rand.New(rand.NewPCG(2026, uint64(pair))))
		fmt.Println(len(line), "plies; the same again:", fmt.Sprint(line) == fmt.Sprint(again))
	}
	// Output:
	// 4 plies; the same again: true
	// 4 plies; the same again: true
	// 4 plies; the same again: true
}

// An analysis board shows the best few moves, each with its own exact score
// and line (MultiPV): here both ways to crown win, in five plies.
func ExampleLimits_lines() {
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wc7:Bg7")
	if err != nil {
		panic(err)
	}
	e := engine.MustNew(engine.Options{HashMB: 1})
	res, err := e.Search(context.Background(), &pos, engine.Limits{Depth: 8, Lines: 3})
	if err != nil {
		panic(err)
	}
	for _, l := range res.Lines { // two: the position has two legal moves
		fmt.Println(l.Score, l.PV)
	}
	// Output:
	// win 5 [c7-d8 g7-h6 d8-f6 h6-g5 f6:h4]
	// win 5 [c7-b8 g7-f6 b8-f4 f6-g5 f4:h6]
}

// Progress reports each completed iteration as the search deepens, as a
// GUI shows the engine thinking; it runs inside the search, so it must not
// call the same Engine (cancel the search's context to stop it).
func ExampleOptions_progress() {
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wc7:Bg7")
	if err != nil {
		panic(err)
	}
	e := engine.MustNew(engine.Options{HashMB: 1, Progress: func(i engine.Info) {
		fmt.Printf("depth %d: %v, a forced result: %v\n", i.Depth, i.PV[0], i.Score.IsWin())
	}})
	res, err := e.Search(context.Background(), &pos, engine.Limits{Depth: 4})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Move, res.Score, res.Stop)
	// Output:
	// depth 1: c7-d8, a forced result: false
	// depth 2: c7-d8, a forced result: false
	// depth 3: c7-d8, a forced result: false
	// depth 4: c7-d8, a forced result: true
	// c7-d8 win 5 depth
}
