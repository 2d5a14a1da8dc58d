package match_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
)

func ExamplePlayGame() {
	// The engine at depth 4 against the greedy player, one game each way
	// from the start of russian, scored for the engine.
	e := engine.MustNew(engine.Options{HashMB: 1})
	players := []match.Player{
		match.Engine{Engine: e, Limits: engine.Limits{Depth: 4}},
		match.Greedy{Rand: rand.New(rand.NewPCG(1, 2))},
	}
	start := bashni.Russian().MustStart()
	var t match.Tally
	for _, engineSide := range []bashni.Color{bashni.White, bashni.Black} {
		var seats [2]match.Player
		seats[engineSide], seats[engineSide.Opponent()] = players[0], players[1]
		g, err := match.PlayGame(context.Background(), &start, nil, seats, 300)
		if err != nil {
			fmt.Println(err)
			return
		}
		t.Add(g, engineSide)
		fmt.Println(g.Reason(), "after", g.Game.Plies(), "plies")
	}
	fmt.Println(t)
	// Output:
	// 1-0: black has no legal move after 71 plies
	// 0-1: white has no legal move after 52 plies
	// +2 =0 -0, score 100.0%
}

func ExampleTally() {
	// A match's score for player A, its games, its share of the points,
	// and the Elo difference it gives, with its 95% interval.
	t := match.Tally{Wins: 60, Draws: 20, Losses: 20}
	fmt.Println(t, t.Games(), t.Score())
	fmt.Println(match.FormatElo(t.Elo()))
	// Output:
	// +60 =20 -20, score 70.0% 100 0.7
	// +147 (95%: +86 to +218)
}
