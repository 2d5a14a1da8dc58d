// Package match plays games between players and scores them: the players
// that "bashni match" and "bashni selfplay" pit against each other (the
// engine under search limits, another program speaking the engine protocol,
// a greedy one-ply player, a random one), a
// referee that plays one game to its end, and the tally of a match with its
// Elo difference.
//
//	e, err := engine.New(engine.Options{HashMB: 8})
//	pa := match.Engine{Engine: e, Limits: engine.Limits{Depth: 6}}
//	pb := match.Greedy{Rand: rand.New(rand.NewPCG(1, 2))}
//	start := bashni.Russian().MustStart()
//	g, err := match.PlayGame(ctx, &start, nil, [2]match.Player{pa, pb}, 300)
//	var t match.Tally
//	t.Add(g, bashni.White) // the score of the player that had White
//	fmt.Println(t, match.FormatElo(t.Elo()))
//
// A Player is an interface, so a program can bring its own (a person at a
// terminal); External plays any program that speaks "bashni engine"'s
// protocol.
package match
