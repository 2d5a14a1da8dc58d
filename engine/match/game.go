package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

// A Game is a finished game of a match. One without its Game (the zero
// Game) has no score: Result is "*", Winner false, Record an error, and
// Tally.Add counts nothing.
type Game struct {
	// Game holds the moves and, unless the game was adjudicated, the
	// outcome.
	Game *bashni.Game
	// Adjudicated is set when the game reached the ply cap without an
	// outcome and was scored a draw.
	Adjudicated bool
	// MaxPlies is the ply cap the game was played under (0: none).
	MaxPlies int
	// TimeLoss is set when the side to move at the end ran out of time;
	// Game records it as a resignation.
	TimeLoss bool
	// Clock is the time control the game was played under (zero: none),
	// and Left what each side had on its clock at the end.
	Clock TimeControl
	Left  [2]time.Duration
}

// Result returns the game's score as a record writes it: "1-0", "0-1" or
// "1/2-1/2" ("*" without a game).
func (g Game) Result() string {
	if g.Game == nil {
		return bashni.Ongoing.String()
	}
	if g.Adjudicated {
		return "1/2-1/2"
	}
	return g.Game.Outcome().Result.String()
}

// Reason says how the game ended.
func (g Game) Reason() string {
	if g.Game == nil {
		return "no game"
	}
	if g.Adjudicated {
		return fmt.Sprintf("adjudicated a draw after %d plies", g.MaxPlies)
	}
	if g.TimeLoss {
		loser := g.Game.Position().Turn()
		return fmt.Sprintf("%s: %s lost on time", g.Game.Outcome().Result, loser)
	}
	return g.Game.Outcome().String()
}

// Winner returns the colour that won, and false for a draw.
func (g Game) Winner() (bashni.Color, bool) {
	if g.Adjudicated || g.Game == nil {
		return bashni.White, false
	}
	return g.Game.Outcome().Winner()
}

// PlayGame plays a game from start: the opening moves first, then the
// players in turn (players[bashni.White] moves White), until the rules of
// docs/RULES.md section 9 end it (bashni.Game keeps that score) or maxPlies
// plies have been played, which is adjudicated a draw so that every game
// ends (maxPlies 0: no cap). A player's error ends it; a nil player is an
// error before the first move. start must not be nil.
func PlayGame(ctx context.Context, start *bashni.Position, opening []bashni.Move, players [2]Player, maxPlies int) (Game, error) {
	return PlayTimedGame(ctx, start, opening, players, maxPlies, TimeControl{})
}

// PlayTimedGame is PlayGame under the clock tc (none if tc is zero): each
// player's thinking time is charged to its clock, a player is told
// the clocks, and a player whose clock runs out loses the game on time
// (recorded as its resignation, with Game.TimeLoss set). The opening's
// moves are not timed. A tc that TimeControl.Validate refuses is its error
// before the first move.
func PlayTimedGame(ctx context.Context, start *bashni.Position, opening []bashni.Move, players [2]Player, maxPlies int, tc TimeControl) (Game, error) {
	g := Game{Game: bashni.NewGameFrom(start), MaxPlies: maxPlies, Clock: tc}
	for c, p := range players {
		if p == nil {
			return g, fmt.Errorf("match: no player for %s", bashni.Color(c))
		}
	}
	if err := tc.Validate(); err != nil {
		return g, err
	}
	for _, m := range opening {
		if g.Game.Outcome().IsOver() {
			return g, nil
		}
		if err := g.Game.Play(m); err != nil {
			return g, fmt.Errorf("opening ply %d: %w", g.Game.Plies()+1, err)
		}
	}
	var clocks *clockRun
	if tc.Base > 0 {
		clocks = newClockRun(tc)
		g.Left = clocks.left
	}
	for !g.Game.Outcome().IsOver() {
		if maxPlies > 0 && g.Game.Plies() >= maxPlies {
			g.Adjudicated = true
			break
		}
		turn := g.Game.Position().Turn()
		var state *Clocks
		if clocks != nil {
			s := clocks.state(turn)
			state = &s
		}
		began := time.Now()
		m, err := players[turn].Move(ctx, g.Game, state)
		if err != nil {
			// Which side failed, and where: enough to replay the
			// position that made a program hang or answer nonsense,
			// with the moves that led there (a search sees them: a
			// repetition is a draw), which the position alone lacks.
			return g, fmt.Errorf("ply %d, %s to move in %s (the game: %s): %w", g.Game.Plies()+1, turn, g.Game.Position().FEN(),
				bashni.Notation{}.FormatLine(g.Game.Start(), g.Game.Moves()), err)
		}
		if clocks != nil {
			ok := clocks.spend(turn, time.Since(began))
			g.Left = clocks.left
			if !ok {
				g.TimeLoss = true
				return g, g.Game.Resign(turn)
			}
		}
		if err := g.Game.Play(m); err != nil {
			return g, fmt.Errorf("ply %d: the %s player chose an illegal move: %w", g.Game.Plies()+1, turn, err)
		}
	}
	return g, nil
}

// Opening returns the random opening of pair k of a match with the given
// seed: up to n plies from start, stopping early if the game ends (by a
// side with no move, or a draw of the rules). The same arguments give the
// same opening. start must not be nil.
func Opening(start *bashni.Position, n int, seed uint64, k int) []bashni.Move {
	return randomOpening(start, n, rand.New(rand.NewPCG(seed, uint64(k)))).Moves()
}

// randomOpening plays engine.RandomOpening's line (the same draws of rng)
// from start, up to n plies, and returns the game: ended where the game
// ends, at a position with no legal move as that line is, or at a draw of
// the rules (docs/RULES.md section 9), which that line plays on past.
func randomOpening(start *bashni.Position, n int, rng *rand.Rand) *bashni.Game {
	g := bashni.NewGameFrom(start)
	var buf [64]bashni.Move
	for range max(n, 0) {
		if g.Outcome().IsOver() {
			break
		}
		legal := g.Position().AppendLegalMoves(buf[:0])
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			panic(err) // a legal move of the game's position
		}
	}
	return g
}

// Record returns the game's PDN record: its event, round and players, a
// comment where the random opening of the given plies ends, and for a game
// adjudicated at the ply cap a draw (by agreement, as PDN has no
// adjudication) with a comment saying so. It ends an adjudicated game's
// Game by that agreed draw.
func (g Game) Record(event string, round int, white, black string, opening int) (*pdn.Game, error) {
	if g.Game == nil {
		return nil, errors.New("match: no game to record")
	}
	rec := pdn.NewGame(g.Game,
		pdn.Tag{Name: "Event", Value: event},
		pdn.Tag{Name: "Round", Value: strconv.Itoa(round)},
		pdn.Tag{Name: "White", Value: white},
		pdn.Tag{Name: "Black", Value: black})
	if n := min(opening, g.Game.Plies()); n > 0 {
		rec.Note(n).Comments = append(rec.Note(n).Comments, fmt.Sprintf("random opening of %d plies ends here", n))
	}
	if g.TimeLoss {
		rec.Note(g.Game.Plies()).Comments = append(rec.Note(g.Game.Plies()).Comments, g.Reason())
	}
	if g.Adjudicated && !g.Game.Outcome().IsOver() {
		rec.Note(g.Game.Plies()).Comments = append(rec.Note(g.Game.Plies()).Comments, g.Reason())
		if err := g.Game.AgreeDraw(); err != nil {
			return nil, err
		}
	}
	return rec, nil
}
