// Package match plays games between players and scores them: the players
// that "bashni match" and "bashni selfplay" pit against each other (the
// engine under search limits, a greedy one-ply player, a random one), a
// referee that plays one game to its end, and the tally of a match with its
// Elo difference.
//
//	a, _ := match.ParseSpec("depth=6")
//	b, _ := match.ParseSpec("greedy")
//	rng := rand.New(rand.NewPCG(1, 2))
//	g, err := match.PlayGame(ctx, start, nil, [2]match.Player{a.NewPlayer(rng, 8), b.NewPlayer(rng, 8)}, 300)
//	var t match.Tally
//	t.Add(g, bashni.White) // the score of the player that had White
//	fmt.Println(t, match.FormatElo(t.Elo()))
//
// A Player is an interface, so a program can bring its own (another engine
// over a protocol, a person at a terminal).
package match
