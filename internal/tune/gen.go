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
	Seed     uint64 // seed of the random openings: game k opens with a line drawn from (Seed, k)
	Opening  int    // random plies before the engine takes over (see Openings)
	Depth    int    // the engine's search depth for every move
	MaxPlies int    // a game this long is a draw
	Workers  int    // games played at once
	// Shard and Shards split the games among separate runs: a run plays
	// only the games k (of 0 to Games-1) with k % Shards == Shard, so n
	// runs with Shard 0 to n-1 and the same other fields write, between
	// them, exactly the lines of one run with Shards 1 (Shards 0 means 1).
	Shard, Shards int
}

// Validate says what is wrong with the config, if anything.
func (cfg GenConfig) Validate() error {
	shards := max(cfg.Shards, 1)
	switch {
	case cfg.Games < 1 || cfg.Depth < 1 || cfg.MaxPlies < 1:
		return fmt.Errorf("games %d, depth %d, max plies %d: each must be at least 1", cfg.Games, cfg.Depth, cfg.MaxPlies)
	case cfg.Opening < 0:
		return fmt.Errorf("opening %d plies: must not be negative", cfg.Opening)
	case cfg.Shards < 0 || cfg.Shard < 0 || cfg.Shard >= shards:
		return fmt.Errorf("shard %d/%d: want i/n with 0 <= i < n", cfg.Shard, cfg.Shards)
	}
	return nil
}

// Sample is one quiet position of a game: the side to move has no capture,
// so it is a position the search evaluates statically.
type Sample struct {
	Game   int // the number of the game it comes from, from 0
	Ply    int // plies played in the game before this position, the opening's included
	FEN    string
	Result float64      // the game's points for White: 1, 0.5 or 0
	Score  engine.Score // the search's score, for White
}

// Generate plays the games of cfg (those of its shard) with the engine
// against itself and writes every quiet position after the opening as a
// line in the format of docs/FORMATS.md, "Training positions": "game ply
// result score ruleset FEN" (the game's number from 0; the plies played
// before the position; the result 1, 0.5 or 0 for White; the search's score
// in hundredths of a man for White; the ruleset's text form; the FEN), in
// the order of the games: the same config writes the same file, whatever
// the number of workers. It returns the number of positions written.
func Generate(ctx context.Context, cfg GenConfig, w io.Writer) (int, error) {
	if err := cfg.Validate(); err != nil {
		return 0, err
	}
	cfg.Workers = max(cfg.Workers, 1)
	cfg.Shards = max(cfg.Shards, 1)
	start, err := cfg.Variant.Start()
	if err != nil {
		return 0, err
	}
	openings, err := Openings(&start, cfg)
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
			e := engine.MustNew(engine.Options{HashMB: 4})
			for k := range jobs {
				s, err := playGame(ctx, cfg, start, openings[k], e, k)
				results <- done{k, s, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := cfg.Shard; k < cfg.Games; k += cfg.Shards {
			if ctx.Err() != nil {
				return
			}
			jobs <- k
		}
	}()
	go func() { wg.Wait(); close(results) }()

	bw := bufio.NewWriter(w)
	pending := map[int][]Sample{}
	next, n := cfg.Shard, 0
	ruleset := cfg.Variant.String()
	var firstErr error
	for d := range results {
		if d.err != nil && firstErr == nil {
			firstErr = fmt.Errorf("game %d: %w", d.k, d.err)
		}
		pending[d.k] = d.samples
		for s, ok := pending[next]; ok; s, ok = pending[next] {
			delete(pending, next)
			next += cfg.Shards
			for _, x := range s {
				fmt.Fprintf(bw, "%d %d %g %d %s %s\n", x.Game, x.Ply, x.Result, x.Score, ruleset, x.FEN)
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

// openingDraws is how many lines Openings draws for one game before it
// gives up finding one that leads where no earlier game's did.
const openingDraws = 1000

// Openings returns the random openings of cfg's games 0 to cfg.Games-1
// from start: game k's is the first line drawn from the random source
// (cfg.Seed, k) that leads to a position no earlier game's opening led
// to. The engine plays deterministically, so two games that open alike
// would be one game written twice, and a held-out game would be a
// training game too (with 6 random plies, 20,000 draws in lasca reach
// only about 300 positions, in the 8x8 rulesets about 5,600). Each shard
// draws the openings of every game, so that shards write what one run
// does, but keeps only the lines of its own games (the others are nil).
// Positions are told apart by Position.Key, as the fit tells its held-out
// positions from its training ones. If openingDraws lines all lead to
// positions reached before, the ruleset has too few openings of
// cfg.Opening plies for cfg.Games games, an error.
func Openings(start *bashni.Position, cfg GenConfig) ([][]bashni.Move, error) {
	seen := make(map[uint64]bool, cfg.Games)
	lines := make([][]bashni.Move, cfg.Games)
	shards := max(cfg.Shards, 1)
	for k := range lines {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(k)))
		for try := 0; ; try++ {
			if try == openingDraws {
				return nil, fmt.Errorf("game %d: %d random openings of %d plies all lead to positions of earlier games (%d found): play fewer games or longer openings",
					k, openingDraws, cfg.Opening, len(seen))
			}
			line, err := engine.RandomOpening(start, cfg.Opening, rng)
			if err != nil {
				return nil, err
			}
			pos := *start
			for _, m := range line {
				pos = pos.PlayUnchecked(m)
			}
			if key := pos.Key(); !seen[key] {
				seen[key] = true
				if k%shards == cfg.Shard {
					lines[k] = line
				}
				break
			}
		}
	}
	return lines, nil
}

// playGame plays game k from its opening and returns its quiet positions.
func playGame(ctx context.Context, cfg GenConfig, start bashni.Position, opening []bashni.Move, e *engine.Engine, k int) ([]Sample, error) {
	e.Clear()
	g := bashni.NewGameFrom(&start)
	for _, m := range opening {
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	var samples []Sample
	for !g.Outcome().IsOver() && g.Plies() < cfg.MaxPlies {
		pos := g.Position()
		r, err := e.SearchGame(ctx, g, engine.Limits{Depth: cfg.Depth})
		if err == nil {
			// A cancelled search still answers, with a move it has not
			// searched: the game would go on unlike the one at cfg.Depth.
			err = ctx.Err()
		}
		if err != nil {
			return nil, err
		}
		if legal := pos.LegalMoves(); !legal[0].IsCapture() && !r.Score.IsWin() {
			sc := r.Score
			if pos.Turn() == bashni.Black {
				sc = -sc
			}
			samples = append(samples, Sample{Game: k, Ply: g.Plies(), FEN: pos.FEN(), Score: sc})
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

// ReadSamples reads the lines Generate writes, for the ruleset v: those of
// docs/FORMATS.md, "Training positions" ("game ply result score ruleset
// FEN"), whose ruleset must be v, and the older lines "game result score
// FEN" of files written before the ply and the ruleset were (their ply reads
// as 0).
func ReadSamples(v bashni.Variant, r io.Reader) ([]Sample, []bashni.Position, error) {
	var samples []Sample
	var positions []bashni.Position
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	line := 1
	for ; sc.Scan(); line++ {
		s, pos, err := readSample(v, sc.Text())
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", line, err)
		}
		samples = append(samples, s)
		positions = append(positions, pos)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("line %d: %w", line, err)
	}
	return samples, positions, nil
}

// readSample reads one line of ReadSamples.
func readSample(v bashni.Variant, text string) (Sample, bashni.Position, error) {
	f := strings.Fields(text)
	var game, ply, res, score, fen string
	switch len(f) {
	case 6:
		game, ply, res, score, fen = f[0], f[1], f[2], f[3], f[5]
		rv, err := bashni.ParseVariant(f[4])
		if err != nil {
			return Sample{}, bashni.Position{}, fmt.Errorf("ruleset %q: %w", f[4], err)
		}
		if rv != v {
			return Sample{}, bashni.Position{}, fmt.Errorf("ruleset %q: the positions are read as %s", f[4], v)
		}
	case 4:
		game, ply, res, score, fen = f[0], "0", f[1], f[2], f[3]
	default:
		return Sample{}, bashni.Position{}, fmt.Errorf("want \"game ply result score ruleset FEN\", got %q", text)
	}
	var s Sample
	var err error
	if s.Game, err = strconv.Atoi(game); err != nil || s.Game < 0 {
		return s, bashni.Position{}, fmt.Errorf("game %q: want a number from 0", game)
	}
	if s.Ply, err = strconv.Atoi(ply); err != nil || s.Ply < 0 {
		return s, bashni.Position{}, fmt.Errorf("ply %q: want a number from 0", ply)
	}
	if s.Result, err = strconv.ParseFloat(res, 64); err != nil || (s.Result != 0 && s.Result != 0.5 && s.Result != 1) {
		return s, bashni.Position{}, fmt.Errorf("result %q: want 1, 0.5 or 0", res)
	}
	sc, err := strconv.Atoi(score)
	if err != nil {
		return s, bashni.Position{}, fmt.Errorf("score %q: want a whole number of hundredths of a man", score)
	}
	s.Score = engine.Score(sc)
	pos, err := bashni.ParseFEN(v, fen)
	if err != nil {
		return s, bashni.Position{}, err
	}
	s.FEN = fen
	return s, pos, nil
}
