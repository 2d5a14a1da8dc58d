package main

import (
	"context"
	"fmt"

	"github.com/bashni-dev/bashni"
)

// playedGame is a finished game of match or selfplay.
type playedGame struct {
	game *bashni.Game
	// adjudicated is set when the game reached the ply cap without an
	// outcome and was scored a draw.
	adjudicated bool
	maxPlies    int
}

// result returns the game's score as a record writes it: "1-0", "0-1" or
// "1/2-1/2".
func (g playedGame) result() string {
	if g.adjudicated {
		return "1/2-1/2"
	}
	return g.game.Outcome().Result.String()
}

// reason says how the game ended.
func (g playedGame) reason() string {
	if g.adjudicated {
		return fmt.Sprintf("adjudicated a draw after %d plies", g.maxPlies)
	}
	return g.game.Outcome().String()
}

// winner returns the colour that won, and false for a draw.
func (g playedGame) winner() (bashni.Color, bool) {
	if g.adjudicated {
		return bashni.White, false
	}
	return g.game.Outcome().Winner()
}

// playGame plays a game from start: the opening moves first, then the
// players in turn (players[White] moves White), until the rules of docs/RULES.md
// section 9 end it (bashni.Game keeps that score) or maxPlies plies have been
// played, which is adjudicated a draw so that every game ends. A player's
// error ends it.
func playGame(ctx context.Context, start bashni.Position, opening []bashni.Move, players [2]player, maxPlies int) (playedGame, error) {
	g := playedGame{game: bashni.NewGameFrom(start), maxPlies: maxPlies}
	for _, m := range opening {
		if g.game.Outcome().IsOver() {
			return g, nil
		}
		if err := g.game.Play(m); err != nil {
			return g, fmt.Errorf("opening ply %d: %w", g.game.Plies()+1, err)
		}
	}
	for !g.game.Outcome().IsOver() {
		if maxPlies > 0 && g.game.Plies() >= maxPlies {
			g.adjudicated = true
			break
		}
		pos := g.game.Position()
		m, err := players[pos.Turn()].move(ctx, start, g.game.Moves(), pos)
		if err != nil {
			return g, fmt.Errorf("ply %d: %w", g.game.Plies()+1, err)
		}
		if err := g.game.Play(m); err != nil {
			return g, fmt.Errorf("ply %d: the %s player chose an illegal move: %w", g.game.Plies()+1, pos.Turn(), err)
		}
	}
	return g, nil
}
