package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/bashni-dev/bashni/pdn"
)

func init() {
	register(&command{name: "selfplay", summary: "let the engine play itself and write the games as PDN", run: runSelfplay})
}

// runSelfplay is "bashni selfplay [flags]": games of the engine against
// itself, written as PDN.
func runSelfplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("selfplay", "[flags]",
		"Lets the engine play itself and writes the games as PDN, to standard output\n"+
			"or -o FILE. Each game opens with -opening random plies (so games differ);\n"+
			"with a depth or node limit the same flags give the same games. A game\n"+
			"that reaches -maxplies is recorded as a draw with a comment saying so.\n"+
			"A summary line goes to standard error.", stderr)
	variant := fs.String("variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides")
	games := fs.Int("games", 10, "number of games")
	opening := fs.Int("opening", 4, "random plies at the start of each game "+openingBounds)
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	maxPlies := fs.Int("maxplies", 300, "plies after which a game is adjudicated a draw")
	outName := fs.String("o", "", "write the PDN to this file instead of standard output, each game as it ends")
	gff := addGameFileFlags(fs, "-o")
	numbers := fs.Bool("numbers", false, "write squares as numbers 1..32 in the -numbering (the GameType tag of russian-draughts and brazilian-draughts says which)")
	numbering := fs.String("numbering", "N2", "numbering of -numbers: N2 (1 = b8, py-draughts'), N0 (1 = a1), N1, N3")
	lf := addLimitFlags(fs, 100*time.Millisecond)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	lim, err := lf.limits()
	if err != nil {
		return err
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	n, err := bashni.ParseNumbering(*numbering)
	if err != nil {
		return err
	}
	writer := pdn.Writer{Numbers: *numbers, Numbering: n}
	switch {
	case *games < 1:
		return fmt.Errorf("-games %d: need at least 1", *games)
	case *maxPlies < 0:
		return fmt.Errorf("-maxplies %d is negative", *maxPlies)
	}
	if err := checkOpening(*opening, *maxPlies); err != nil {
		return err
	}
	write := func(rec *pdn.Game) error { return writer.Write(stdout, rec) }
	var file *gameFile
	if *outName != "" {
		if file, err = gff.open(*outName, stderr); err != nil {
			return err
		}
		write = func(rec *pdn.Game) error { return file.Write(writer, rec) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sp := selfplay{variant: v, games: *games, opening: *opening, seed: *seed, maxPlies: *maxPlies, limits: lim, hashMB: lf.hashMB}
	err = sp.play(ctx, write, stderr)
	if file != nil {
		err = file.closeAfter(err)
	}
	return err
}

// selfplay is what the games of "bashni selfplay" share.
type selfplay struct {
	variant                  bashni.Variant
	games, opening, maxPlies int
	seed                     uint64
	limits                   engine.Limits
	hashMB                   int
}

// play plays the games, handing each to write as it ends, and prints the
// summary line on stderr.
func (sp selfplay) play(ctx context.Context, write func(*pdn.Game) error, stderr io.Writer) error {
	v, games, opening, seed, maxPlies, hashMB := sp.variant, sp.games, sp.opening, sp.seed, sp.maxPlies, sp.hashMB
	spec := playerSpec{Kind: kindEngine, Limits: sp.limits}
	name := "bashni engine " + spec.String()
	start := v.MustStart()
	var score [3]int // white wins, black wins, draws
	for i := range games {
		p, err := spec.newPlayer(ctx, v, nil, hashMB) // an engine player needs no random source
		if err != nil {
			return err
		}
		g, err := match.PlayGame(ctx, &start, match.Opening(&start, opening, seed, i), [2]match.Player{p, p}, maxPlies)
		if ctx.Err() != nil {
			return errors.New("interrupted")
		}
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		rec, err := g.Record("bashni selfplay", i+1, name, name, opening)
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		if err := write(rec); err != nil {
			return err
		}
		switch w, ok := g.Winner(); {
		case !ok:
			score[2]++
		case w == bashni.White:
			score[0]++
		default:
			score[1]++
		}
	}
	plural := "s"
	if games == 1 {
		plural = ""
	}
	fmt.Fprintf(stderr, "%d game%s of %s (%s): white won %d, black won %d, drawn %d\n",
		games, plural, name, v, score[0], score[1], score[2])
	return nil
}
