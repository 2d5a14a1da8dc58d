// Package tune fits the engine's evaluation to games (the Texel method):
// Generate lets the engine play itself at a low depth from random openings
// and records the quiet positions of each game with the game's result and
// the search's score; Fit finds the evaluation weights under which a
// logistic function of the evaluation best predicts those results. The
// command cmd/bashni-tune runs both (docs/ENGINE.md, "Tuning").
package tune

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// GenConfig says which games Generate plays.
type GenConfig struct {
	Variant  bashni.Variant
	Games    int    // number of games
	Seed     uint64 // seed of the random openings: game k opens with the line of (Seed, k)
	Opening  int    // random plies before the engine takes over
	Depth    int    // the engine's search depth for every move
	MaxPlies int    // a game this long is a draw
	Workers  int    // games played at once
}

// Sample is one quiet position of a game: the side to move has no capture,
// so it is a position the search evaluates statically.
type Sample struct {
	Game   int // the number of the game it comes from, from 0
	FEN    string
	Result float64      // the game's points for White: 1, 0.5 or 0
	Score  engine.Score // the search's score, for White
}

// Generate plays cfg.Games games of the engine against itself and writes
// every quiet position after the opening as a line "game result score FEN"
// (the game's number from 0; result 1, 0.5 or 0 for White; the search's
// score in hundredths of a man for White), in the
// order of the games: the same config writes the same file, whatever the
// number of workers. It returns the number of positions written.
func Generate(ctx context.Context, cfg GenConfig, w io.Writer) (int, error) {
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	start, err := cfg.Variant.Start()
	if err != nil {
		return 0, err
	}
	type done struct {
		k       int
		samples []Sample
		err     error
	}
	jobs := make(chan int)
	results := make(chan done)
	var wg sync.WaitGroup
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := engine.New(engine.Options{HashMB: 4})
			for k := range jobs {
				s, err := playGame(ctx, cfg, start, e, k)
				results <- done{k, s, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := range cfg.Games {
			if ctx.Err() != nil {
				return
			}
			jobs <- k
		}
	}()
	go func() { wg.Wait(); close(results) }()

	bw := bufio.NewWriter(w)
	pending := map[int][]Sample{}
	next, n := 0, 0
	var firstErr error
	for d := range results {
		if d.err != nil && firstErr == nil {
			firstErr = fmt.Errorf("game %d: %w", d.k, d.err)
		}
		pending[d.k] = d.samples
		for s, ok := pending[next]; ok; s, ok = pending[next] {
			delete(pending, next)
			next++
			for _, x := range s {
				fmt.Fprintf(bw, "%d %g %d %s\n", x.Game, x.Result, x.Score, x.FEN)
				n++
			}
		}
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if err := bw.Flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	return n, firstErr
}

// playGame plays game k and returns its quiet positions.
func playGame(ctx context.Context, cfg GenConfig, start bashni.Position, e *engine.Engine, k int) ([]Sample, error) {
	e.Clear()
	g := bashni.NewGameFrom(start)
	for _, m := range engine.RandomOpening(start, cfg.Opening, rand.New(rand.NewPCG(cfg.Seed, uint64(k)))) {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	var samples []Sample
	for !g.Outcome().IsOver() && g.Plies() < cfg.MaxPlies {
		pos := g.Position()
		r, err := e.SearchGame(ctx, *g.Start(), g.Moves(), engine.Limits{Depth: cfg.Depth})
		if err != nil {
			return nil, err
		}
		if legal := pos.LegalMoves(); !legal[0].IsCapture() && !r.Score.IsWin() {
			sc := r.Score
			if pos.Turn() == bashni.Black {
				sc = -sc
			}
			samples = append(samples, Sample{Game: k, FEN: pos.FEN(), Score: sc})
		}
		if err := g.Play(r.Move); err != nil {
			return nil, err
		}
	}
	result := 0.5
	if c, ok := g.Outcome().Winner(); ok {
		result = 1
		if c == bashni.Black {
			result = 0
		}
	}
	for i := range samples {
		samples[i].Result = result
	}
	return samples, nil
}

// ReadSamples reads the lines Generate writes, for the ruleset v.
func ReadSamples(v bashni.Variant, r io.Reader) ([]Sample, []bashni.Position, error) {
	var samples []Sample
	var positions []bashni.Position
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) != 4 {
			return nil, nil, fmt.Errorf("line %d: want \"game result score FEN\", got %q", line, sc.Text())
		}
		game, err0 := strconv.Atoi(f[0])
		res, err1 := strconv.ParseFloat(f[1], 64)
		score, err2 := strconv.Atoi(f[2])
		pos, err3 := bashni.ParseFEN(v, f[3])
		switch {
		case err0 != nil || game < 0:
			return nil, nil, fmt.Errorf("line %d: game %q: want a number from 0", line, f[0])
		case err1 != nil || (res != 0 && res != 0.5 && res != 1):
			return nil, nil, fmt.Errorf("line %d: result %q: want 1, 0.5 or 0", line, f[1])
		case err2 != nil:
			return nil, nil, fmt.Errorf("line %d: score %q: %v", line, f[2], err2)
		case err3 != nil:
			return nil, nil, fmt.Errorf("line %d: %v", line, err3)
		}
		samples = append(samples, Sample{Game: game, FEN: f[3], Result: res, Score: engine.Score(score)})
		positions = append(positions, pos)
	}
	return samples, positions, sc.Err()
}
