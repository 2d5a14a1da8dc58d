// Package match plays games between players and scores them: the players
// that "bashni match" and "bashni selfplay" pit against each other (the
// engine under search limits, another program speaking the engine protocol,
// a greedy one-ply player, a random one), a
// referee that plays one game to its end, and the tally of a match with its
// Elo difference.
//
//	a, _ := match.ParseSpec("depth=6")
//	b, _ := match.ParseSpec("greedy")
//	rng := rand.New(rand.NewPCG(1, 2))
//	pa, _ := a.NewPlayer(ctx, bashni.Russian(), rng, 8)
//	pb, _ := b.NewPlayer(ctx, bashni.Russian(), rng, 8)
//	g, err := match.PlayGame(ctx, start, nil, [2]match.Player{pa, pb}, 300)
//	var t match.Tally
//	t.Add(g, bashni.White) // the score of the player that had White
//	fmt.Println(t, match.FormatElo(t.Elo()))
//
// A Player is an interface, so a program can bring its own (a person at a
// terminal); External plays any program that speaks "bashni engine"'s
// protocol.
package match
