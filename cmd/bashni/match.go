package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/bashni-dev/bashni/internal/strictnum"
	"github.com/bashni-dev/bashni/pdn"
)

func init() {
	register(&command{name: "match", summary: "play two players against each other (engine settings, greedy, random) and score it", run: runMatch})
}

// matchConfig is what every game of a match shares.
type matchConfig struct {
	variant  bashni.Variant
	games    int
	opening  int            // random plies before the players take over
	balance  *match.Balance // when set, only openings a search scores near level
	seed     uint64
	threads  int
	maxPlies int
	clock    match.TimeControl // zero: none
	hashMB   int
	verbose  bool
	out      io.Writer
	pdn      *gameFile // when set, every game is written here as PDN as it ends
}

// runMatch is "bashni match [flags] A B" and "bashni match -ladder LIST".
func runMatch(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("match", "[flags] PLAYER_A PLAYER_B  |  bashni match [flags] -ladder LIST",
		"Plays games between two players and prints the score of A with an Elo\n"+
			"difference and its 95% interval. A player is random, greedy (the move\n"+
			"that leaves it controlling the most pieces, one ply), or the engine with\n"+
			"limits: depth=N, nodes=N, time=D, combined with commas (depth=8,time=1s),\n"+
			"and threads=N to search with N threads; book=FILE (and book-margin=N)\n"+
			"plays from an opening book where it has the position. cmd=PROGRAM ARGS,\n"+
			"last, makes the player another program speaking \"bashni engine\"'s\n"+
			"protocol under the limits before it: \"time=100ms,cmd=/tmp/bashni-old\n"+
			"engine\"; hub=PROGRAM ARGS the same for a program speaking the Hub\n"+
			"protocol (Scan, bashni hub).\n"+
			"-tc gives both players a clock ([MOVES/]BASE[+INCREMENT], e.g. 10s+100ms):\n"+
			"engines then share out its time (\"engine\" is the engine with no other\n"+
			"limit), and a player whose clock runs out loses the game.\n"+
			"Games come in pairs: each opening (-opening random plies from the start)\n"+
			"is played twice, A White then A Black. With the same flags a match with\n"+
			"depth or node limits plays the same games again. -balanced M keeps only\n"+
			"openings that a search of -balanced-depth plies scores within M men of\n"+
			"level (0.5: half a man), drawing others until one is: a random opening\n"+
			"that hands one side a man decides both its games whoever plays it.\n"+
			"-ladder plays each player of a space-separated list against the one\n"+
			"before it and prints a markdown table of Elo differences chained from\n"+
			"the first; in the list, N is the engine at depth N and LO-HI the depths\n"+
			"LO to HI: -ladder \"1-8\", -ladder \"random greedy 1-6\".", stderr)
	variant := fs.String("variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides")
	cfg := matchConfig{out: stdout}
	fs.IntVar(&cfg.games, "games", 100, "games per match")
	fs.IntVar(&cfg.opening, "opening", 4, "random plies that open each pair of games "+openingBounds)
	seed := fs.Uint64("seed", 1, "seed of the openings and of the random and greedy players")
	balanced := fs.String("balanced", "", "keep only openings scored within this many men of level, e.g. 0.5 (default: every opening)")
	balancedDepth := fs.Int("balanced-depth", 12, "depth in plies of the search that scores an opening for -balanced")
	fs.IntVar(&cfg.threads, "threads", 1, "games played at once")
	fs.IntVar(&cfg.maxPlies, "maxplies", 300, "plies after which a game is adjudicated a draw")
	fs.IntVar(&cfg.hashMB, "hash", 8, "MiB of transposition table per engine")
	fs.BoolVar(&cfg.verbose, "v", false, "print a line per game")
	tc := fs.String("tc", "", "clock of each player: [MOVES/]BASE[+INCREMENT], e.g. 10s+100ms or 40/1m")
	ladder := fs.String("ladder", "", "players, each to play the one before it: \"1-8\" (depths 1 to 8), \"random greedy 1-4\"")
	pdnName := fs.String("pdn", "", "write every game to this file as PDN, in order as the games end")
	gff := addGameFileFlags(fs, "-pdn")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	cfg.seed = *seed
	if *tc != "" {
		if cfg.clock, err = match.ParseTimeControl(*tc); err != nil {
			return fmt.Errorf("-tc: %v", err)
		}
	}
	if cfg.variant, err = bashni.ParseVariant(*variant); err != nil {
		return err
	}
	switch {
	case cfg.games < 1 || cfg.games > maxMatchGames:
		// Every game is kept until the match ends.
		return fmt.Errorf("-games %d: need 1 to %d", cfg.games, maxMatchGames)
	case cfg.threads < 1 || cfg.threads > maxMatchThreads:
		return fmt.Errorf("-threads %d: need 1 to %d", cfg.threads, maxMatchThreads)
	case cfg.hashMB < 1:
		return fmt.Errorf("-hash %d: need at least 1 MiB", cfg.hashMB)
	case cfg.maxPlies < 0:
		return fmt.Errorf("-maxplies %d is negative", cfg.maxPlies)
	}
	if err := checkOpening(cfg.opening, cfg.maxPlies); err != nil {
		return err
	}
	if *balanced != "" {
		margin, err := parseMen(*balanced)
		if err != nil {
			return fmt.Errorf("-balanced %q: %v", *balanced, err)
		}
		cfg.balance = &match.Balance{Margin: margin, Depth: *balancedDepth}
		switch {
		case *balancedDepth < 1 || *balancedDepth > match.MaxBalanceDepth:
			return fmt.Errorf("-balanced-depth %d: need 1 to %d", *balancedDepth, match.MaxBalanceDepth)
		case cfg.opening < 1:
			return errors.New("-balanced needs random plies to choose from: -opening 1 or more")
		}
	}
	// Each game under way has two engines, each with its table.
	if err := checkTables("-hash", cfg.hashMB, 2*cfg.threads); err != nil {
		return err
	}
	var specs [2]playerSpec
	var rungs []playerSpec
	if *ladder != "" {
		if err := wantArgs(rest, 0, ""); err != nil {
			return err
		}
		if rungs, err = parseLadder(*ladder); err != nil {
			return fmt.Errorf("-ladder: %v", err)
		}
		for i := range rungs {
			if err := checkBounded(rungs[i], cfg.clock); err != nil {
				return fmt.Errorf("-ladder: %v", err)
			}
			if err := rungs[i].loadBook(cfg.variant); err != nil {
				return fmt.Errorf("-ladder: %v", err)
			}
		}
	} else {
		if err := wantArgs(rest, 2, "two players, A and B"); err != nil {
			return err
		}
		for i, text := range rest {
			if specs[i], err = parseSpec(text); err != nil {
				return err
			}
			if err := checkBounded(specs[i], cfg.clock); err != nil {
				return err
			}
			if err := specs[i].loadBook(cfg.variant); err != nil {
				return err
			}
		}
	}
	// The file is opened only once everything else is known to be right,
	// and before any game.
	if *pdnName != "" {
		if cfg.pdn, err = gff.open(*pdnName, stderr); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The openings are found once: every match of a ladder plays them.
	openings, err := matchOpenings(ctx, cfg)
	if err == nil {
		if rungs != nil {
			err = runLadder(ctx, cfg, rungs, openings)
		} else {
			_, err = playMatch(ctx, cfg, specs, openings)
		}
	}
	if cfg.pdn != nil {
		err = cfg.pdn.closeAfter(err)
	}
	return err
}

// checkBounded reports an engine player that would search forever: one
// with no limit in a match without a clock.
func checkBounded(ps playerSpec, clock match.TimeControl) error {
	kind := ps.Kind == kindEngine || ps.Kind == kindExternal || ps.Kind == kindHub
	if kind && ps.Limits == (engine.Limits{}) && clock.Base == 0 {
		return fmt.Errorf("player %q has no limit: give it depth=, nodes= or time=, or the match a clock (-tc)", ps)
	}
	return nil
}

// The bounds of a match: every game is kept in memory until the match
// ends, and each game under way has its own engines. (Its openings are
// bounded by checkOpening.)
const (
	maxMatchGames   = 100000
	maxMatchThreads = 256
)

// playMatch plays cfg.games games of specs[0] (A) against specs[1] (B),
// each pair from its opening of openings (matchOpenings), and prints the
// result.
func playMatch(ctx context.Context, cfg matchConfig, specs [2]playerSpec, openings [][]bashni.Move) (match.Tally, error) {
	start, err := cfg.variant.Start()
	if err != nil {
		return match.Tally{}, err
	}
	clock := ""
	if cfg.clock.Base > 0 {
		clock = ", clock " + cfg.clock.String()
	}
	balance := ""
	if b := cfg.balance; b != nil {
		balance = fmt.Sprintf(" within %s of level at depth %d", strings.TrimPrefix(b.Margin.String(), "+"), b.Depth)
	}
	fmt.Fprintf(cfg.out, "match %s: A=%s vs B=%s, %d games (openings of %d random plies%s, each played with both colours), seed %d%s\n",
		cfg.variant, specs[0], specs[1], cfg.games, cfg.opening, balance, cfg.seed, clock)
	began := time.Now()
	games := make([]match.Game, cfg.games)
	errs := make([]error, cfg.games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rec := newMatchRecorder(cfg, specs, games, errs, cancel)
	var printMu sync.Mutex
	var wg sync.WaitGroup
	// The first game that fails (a player that cannot start, a move that is
	// not legal, no move in time) ends the match: the games under way are
	// stopped and no other starts.
	var failOnce sync.Once
	var failed error
	next := make(chan int)
	for range cfg.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if ctx.Err() != nil {
					continue // the match is over: start no game
				}
				colour := "white" // A's
				if i%2 == 1 {
					colour = "black"
				}
				g, err := playMatchGame(ctx, cfg, start, specs, openings[i/2], i)
				games[i], errs[i] = g, err
				if err != nil && ctx.Err() == nil {
					failOnce.Do(func() {
						failed = fmt.Errorf("game %d (A %s): %w", i+1, colour, err)
						cancel()
					})
				}
				if ctx.Err() == nil {
					rec.finished(i)
				}
				if cfg.verbose && err == nil {
					printMu.Lock()
					fmt.Fprintf(cfg.out, "game %d: A %s, %s in %d plies (%s)\n", i+1, colour, g.Result(), g.Game.Plies(), g.Reason())
					printMu.Unlock()
				}
			}
		}()
	}
	for i := range cfg.games {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if rec.err != nil {
		return match.Tally{}, rec.err
	}
	if failed != nil {
		return match.Tally{}, failed
	}
	if err := ctx.Err(); err != nil {
		return match.Tally{}, errors.New("interrupted")
	}
	var t match.Tally
	adjudicated, onTime := 0, 0
	for i, g := range games {
		if errs[i] != nil {
			return t, fmt.Errorf("game %d: %w", i+1, errs[i])
		}
		if g.Adjudicated {
			adjudicated++
		}
		if g.TimeLoss {
			onTime++
		}
		t.Add(g, bashni.Color(i%2)) // A has White in the even games
	}
	capped := ""
	if adjudicated > 0 {
		capped = fmt.Sprintf(" (%d drawn at the %d-ply cap)", adjudicated, cfg.maxPlies)
	}
	if onTime > 0 {
		capped += fmt.Sprintf(" (%d lost on time)", onTime)
	}
	fmt.Fprintf(cfg.out, "A=%s vs B=%s: %s%s, Elo A-B %s, %s\n", specs[0], specs[1], t, capped, match.FormatElo(t.Elo()), roundDuration(time.Since(began)))
	return t, nil
}

// matchRecorder writes the games of a match to its file in order, each as
// soon as it and every game before it have ended, so that an interrupted
// match keeps them. A write error stops the match.
type matchRecorder struct {
	cfg    matchConfig
	specs  [2]playerSpec
	games  []match.Game
	errs   []error
	cancel context.CancelFunc
	mu     sync.Mutex
	ended  []bool
	next   int   // the first game not written yet
	err    error // the first write error
}

func newMatchRecorder(cfg matchConfig, specs [2]playerSpec, games []match.Game, errs []error, cancel context.CancelFunc) *matchRecorder {
	return &matchRecorder{cfg: cfg, specs: specs, games: games, errs: errs, cancel: cancel, ended: make([]bool, len(games))}
}

// finished records that game i has ended, and writes what can be written.
func (r *matchRecorder) finished(i int) {
	if r.cfg.pdn == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ended[i] = true
	for ; r.next < len(r.games) && r.ended[r.next] && r.err == nil; r.next++ {
		k := r.next
		if r.errs[k] != nil {
			continue // reported when the match ends
		}
		names := [2]string{"A " + r.specs[0].String(), "B " + r.specs[1].String()}
		if k%2 == 1 {
			names[0], names[1] = names[1], names[0]
		}
		rec, err := r.games[k].Record("bashni match", k+1, names[0], names[1], r.cfg.opening)
		if err == nil {
			err = r.cfg.pdn.Write(pdn.Writer{}, rec)
		}
		if err != nil {
			r.err = fmt.Errorf("game %d: %w", k+1, err)
			r.cancel()
		}
	}
}

// matchOpenings returns the opening of each pair of games of a match: the
// random ones, or with cfg.balance the balanced ones, found before the
// first game by one engine of its own.
func matchOpenings(ctx context.Context, cfg matchConfig) ([][]bashni.Move, error) {
	start, err := cfg.variant.Start()
	if err != nil {
		return nil, err
	}
	pairs := (cfg.games + 1) / 2
	openings := make([][]bashni.Move, pairs)
	if cfg.balance == nil {
		for k := range openings {
			openings[k] = match.Opening(&start, cfg.opening, cfg.seed, k)
		}
		return openings, nil
	}
	e, err := engine.New(engine.Options{HashMB: cfg.hashMB})
	if err != nil {
		return nil, err
	}
	for k := range openings {
		if openings[k], _, err = match.BalancedOpening(ctx, e, &start, cfg.opening, cfg.seed, k, *cfg.balance); err != nil {
			if ctx.Err() != nil {
				return nil, errors.New("interrupted")
			}
			return nil, fmt.Errorf("-balanced: %w", err)
		}
	}
	return openings, nil
}

// parseMen reads a number of men with up to two decimals ("0.5", "1",
// "0.25") as hundredths of a man.
func parseMen(s string) (engine.Score, error) {
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" || dot && (frac == "" || len(frac) > 2) {
		return 0, errors.New("want a number of men such as 0.5, with at most two decimals")
	}
	w, err := strictnum.Int(whole, 0, 99)
	if err != nil {
		return 0, fmt.Errorf("want 0 to 99.99 men: %v", err)
	}
	f := 0
	if dot {
		if f, err = strictnum.Int(frac, 0, 99); err != nil {
			return 0, fmt.Errorf("want a number of men such as 0.5: %v", err)
		}
		if len(frac) == 1 {
			f *= 10
		}
	}
	return engine.Score(100*w + f), nil
}

// playMatchGame plays game i of a match, from opening: A has White in the
// even games.
func playMatchGame(ctx context.Context, cfg matchConfig, start bashni.Position, specs [2]playerSpec, opening []bashni.Move, i int) (match.Game, error) {
	rng := rand.New(rand.NewPCG(cfg.seed, 1<<32+uint64(i)))
	var players [2]match.Player
	for k, spec := range specs {
		p, err := spec.newPlayer(ctx, cfg.variant, rng, cfg.hashMB)
		if err != nil {
			return match.Game{}, err
		}
		if c, ok := p.(io.Closer); ok {
			defer c.Close()
		}
		players[(k+i)%2] = p
	}
	return match.PlayTimedGame(ctx, &start, opening, players, cfg.maxPlies, cfg.clock)
}

// runLadder plays each rung against the one before it and prints a
// markdown table of the results, Elo chained from the first rung.
func runLadder(ctx context.Context, cfg matchConfig, rungs []playerSpec, openings [][]bashni.Move) error {
	tallies := make([]match.Tally, len(rungs))
	for i := 1; i < len(rungs); i++ {
		t, err := playMatch(ctx, cfg, [2]playerSpec{rungs[i], rungs[i-1]}, openings)
		if err != nil {
			return err
		}
		tallies[i] = t
	}
	fmt.Fprintf(cfg.out, "\n| player | vs the one above (+wins =draws -losses) | score | Elo vs the one above (95%%) | Elo vs %s (95%%) |\n", rungs[0])
	fmt.Fprintln(cfg.out, "|---|---|---:|---|---|")
	fmt.Fprintf(cfg.out, "| %s | | | | 0 |\n", rungs[0])
	// The chained Elo adds the differences, and its interval the variances
	// (the matches are independent), each from the standard error of the
	// mean score carried to Elo by the slope of the Elo curve. A step won or
	// lost outright makes the rest a bound only.
	sum, variance, bounded := 0.0, 0.0, true
	for i, t := range tallies[1:] {
		est, l, h := t.Elo()
		var chained string
		if math.IsInf(est, 0) || !bounded {
			if bounded {
				sum -= 1.96 * math.Sqrt(variance) // the lower end so far
			}
			bounded = false
			sum += l
			chained = "> " + match.EloText(sum)
		} else {
			sum += est
			variance += t.EloVariance()
			chained = fmt.Sprintf("%s ± %.0f", match.EloText(sum), 1.96*math.Sqrt(variance))
		}
		fmt.Fprintf(cfg.out, "| %s | +%d =%d -%d | %.1f%% | %s | %s |\n",
			rungs[i+1], t.Wins, t.Draws, t.Losses, 100*t.Score(), match.FormatElo(est, l, h), chained)
	}
	return nil
}
