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
