// Command bashni-tune fits the engine's evaluation weights to self-play
// games (the Texel method). It has two steps:
//
//	bashni-tune gen -variant russian -games 20000 -o russian.txt  [-shard i/n]
//	bashni-tune fit -variant russian russian.txt [more.txt ...] > internal/eval/weights/russian.json
//	bashni-tune fit-network -variant russian-draughts -o russian-draughts.network rd.txt
//
// gen plays the engine against itself at a low depth from random openings
// and writes each quiet position with the game's result; fit finds the
// weights whose evaluation, through a logistic function, best predicts the
// results, and reports the loss on positions it held out. docs/ENGINE.md
// ("Tuning") says what the runs take and how the weights in the repository
// were made.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/atomicfile"
	"github.com/bashni-dev/bashni/internal/eval"
	"github.com/bashni-dev/bashni/internal/tune"
)

// usage is what bashni-tune -h prints, and a missing step on stderr.
const usage = `usage: bashni-tune gen [flags]
       bashni-tune fit [flags] FILE...
       bashni-tune fit-network [flags] -o FILE FILE...

gen plays the engine against itself and writes quiet positions with the
games' results; fit fits the evaluation's weights to them and writes them
as JSON on standard output; fit-network fits a network to add to the
evaluation of a classic ruleset and writes it to a file. "bashni-tune gen
-h", "bashni-tune fit -h" and "bashni-tune fit-network -h" list their flags.
`

// errUsage is a flag error that the flag set has printed already, with
// the usage.
var errUsage = errors.New("usage error")

func main() {
	// As bashni's: help asked for (-h) is output, status 0; an error is a
	// line on stderr, status 1.
	switch err := run(os.Args[1:], os.Stdout, os.Stderr); {
	case err == nil, errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errUsage):
		os.Exit(1)
	default:
		fmt.Fprintln(os.Stderr, "bashni-tune:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	switch args[0] {
	case "gen":
		return runGen(args[1:], stdout, stderr)
	case "fit":
		return runFit(args[1:], stdout, stderr)
	case "fit-network":
		return runFitNetwork(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return flag.ErrHelp
	}
	return fmt.Errorf("unknown step %q: want gen, fit or fit-network", args[0])
}

// newFlagSet returns the flag set of a step, whose usage line is synopsis.
func newFlagSet(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: bashni-tune %s %s\n\nflags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args with fs: the usage goes to stdout for -h (ErrHelp),
// to stderr with a flag error (errUsage).
func parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	var msg bytes.Buffer
	fs.SetOutput(&msg)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		_, _ = stdout.Write(msg.Bytes())
		return err
	case err != nil:
		_, _ = stderr.Write(msg.Bytes())
		return errUsage
	}
	return nil
}

func runGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", "[flags]")
	variant := fs.String("variant", "russian", "ruleset")
	cfg := tune.GenConfig{}
	fs.IntVar(&cfg.Games, "games", 1000, "games to play")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random openings")
	fs.IntVar(&cfg.Opening, "opening", 6, "random plies that open each game")
	fs.IntVar(&cfg.Depth, "depth", 6, "search depth of every move")
	fs.IntVar(&cfg.MaxPlies, "maxplies", 300, "plies after which a game is a draw")
	fs.IntVar(&cfg.Workers, "workers", runtime.NumCPU(), "games played at once (the output does not depend on it)")
	out := fs.String("o", "", "write the positions here instead of standard output")
	shard := fs.String("shard", "0/1", "play only shard `i/n` of the games: those k with k % n == i (n runs together write what one run writes)")
	if err := parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("gen: unexpected arguments %q", fs.Args())
	}
	var err error
	if cfg.Variant, err = bashni.ParseVariant(*variant); err != nil {
		return err
	}
	if cfg.Shard, cfg.Shards, err = parseShard(*shard); err != nil {
		return fmt.Errorf("gen: -shard %q: %w", *shard, err)
	}
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	began := time.Now()
	n, err := tune.Generate(ctx, cfg, w)
	if err != nil {
		return err
	}
	if f, ok := w.(*os.File); ok && f != os.Stdout {
		if err := f.Close(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "%s: shard %d/%d of %d games at depth %d, %d quiet positions, %s\n", cfg.Variant, cfg.Shard, cfg.Shards, cfg.Games, cfg.Depth, n, time.Since(began).Round(time.Second))
	return nil
}

// parseShard reads "i/n": shard i of n, 0 <= i < n.
func parseShard(text string) (i, n int, err error) {
	a, b, ok := strings.Cut(text, "/")
	if !ok {
		return 0, 0, fmt.Errorf("want i/n, such as 3/16")
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("want i/n with whole numbers 0 <= i < n")
	}
	return i, n, nil
}

func runFit(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fit", "[flags] FILE...")
	variant := fs.String("variant", "russian", "ruleset of the positions")
	cfg := tune.FitConfig{Log: stderr}
	fs.StringVar(&cfg.Params, "params", "all", "weights to fit: base (the hand-set terms), all (and the tower table), patterns (the pattern weights alone) or all+patterns")
	fs.Float64Var(&cfg.Lambda, "lambda", 1, "weight of the game result in the label (1 - lambda: the search score)")
	fs.IntVar(&cfg.Iterations, "iterations", 300, "gradient descent steps")
	fs.Float64Var(&cfg.Step, "step", 1, "Adam step size, in hundredths of a man")
	fs.Float64Var(&cfg.L2, "l2", 0.03, "L2 penalty on the weights of all but the material terms, in squared logits")
	fs.Float64Var(&cfg.PatternL2, "pattern-l2", 0.001, "L2 penalty on the pattern weights, in squared logits")
	fs.IntVar(&cfg.PatternMin, "pattern-min", 0, "set fitted pattern weights below this magnitude, in hundredths of a man, to zero")
	fs.IntVar(&cfg.HoldOut, "holdout", 10, "hold out every N-th game's positions to measure the loss")
	keep := fs.String("keep", "", "weights that stay as they start, comma-separated names (king,man) or prefixes ending in * (towers[1]*)")
	patternsOut := fs.String("patterns-out", "", "write the fitted pattern weights to this file (internal/eval/weights/NAME.patterns)")
	from := fs.String("from", "hand", "starting weights: hand (the hand-set weights) or fitted (those embedded now)")
	layout := fs.String("layout", "", "pattern layout to fit, one of "+strings.Join(eval.LayoutNames(), ", ")+", for the ruleset's kind (towers or not); default: the starting weights' layout, or "+eval.MenLayout.Name+" without towers and "+eval.TowersLayout.Name+" with them")
	if err := parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("fit: want files of positions (from bashni-tune gen)")
	}
	switch cfg.Params {
	case "base", "all", "patterns", "all+patterns":
	default:
		return fmt.Errorf("fit: -params %q: want base, all, patterns or all+patterns", cfg.Params)
	}
	if *keep != "" {
		cfg.Keep = strings.Split(*keep, ",")
	}
	if cfg.PatternMin < 0 {
		return fmt.Errorf("fit: -pattern-min %d: want 0 or more", cfg.PatternMin)
	}
	if strings.HasSuffix(cfg.Params, "patterns") != (*patternsOut != "") {
		return fmt.Errorf("fit: -params %s with -patterns-out %q: pattern weights need a file, and a file needs them", cfg.Params, *patternsOut)
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	if *layout != "" {
		if cfg.Layout, err = eval.LayoutNamed(*layout); err != nil {
			return fmt.Errorf("fit: -layout: %v", err)
		}
	}
	if *patternsOut != "" {
		// Found now, not after the fit.
		if err := atomicfile.CanWrite(*patternsOut); err != nil {
			return fmt.Errorf("fit: -patterns-out %s: %w", *patternsOut, err)
		}
	}
	start := eval.Hand(v)
	if *from == "fitted" {
		start = eval.For(v)
	} else if *from != "hand" {
		return fmt.Errorf("fit: -from %q: want hand or fitted", *from)
	}
	samples, positions, err := readSampleFiles(v, fs.Args())
	if err != nil {
		return err
	}
	began := time.Now()
	res, err := tune.Fit(v, start, samples, positions, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %d training positions, %d held out (every %d-th game, less %d positions also in training games); K %.6f\n", v, res.Train, res.HeldOut, cfg.HoldOut, res.Repeated, res.K)
	fmt.Fprintf(stderr, "loss (mean squared error): training %.6f -> %.6f, held out %.6f -> %.6f; %s\n",
		res.TrainStart, res.TrainLoss, res.HeldOutStart, res.HeldOutLoss, time.Since(began).Round(time.Second))
	fmt.Fprintf(stderr, "held out, against the game results alone: %.6f -> %.6f\n", res.HeldOutResultStart, res.HeldOutResult)
	if *patternsOut != "" {
		if err := atomicfile.Write(*patternsOut, func(w io.Writer) error { return eval.WritePatterns(w, res.Weights.Patterns) }); err != nil {
			return fmt.Errorf("fit: -patterns-out: writing %s: %w (the file is as it was)", *patternsOut, err)
		}
	}
	out, err := json.MarshalIndent(res.Weights, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

func runFitNetwork(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fit-network", "[flags] -o FILE FILE...")
	variant := fs.String("variant", "russian-draughts", "ruleset of the positions")
	cfg := tune.NetworkConfig{Log: stderr}
	fs.Float64Var(&cfg.Lambda, "lambda", 0, "weight of the game result in the label (1 - lambda: the search score)")
	fs.IntVar(&cfg.Epochs, "epochs", 20, "passes over the training positions; the epoch with the lowest held-out loss is written")
	fs.Float64Var(&cfg.Step, "step", 0.001, "Adam step size of the input weights and biases")
	fs.Float64Var(&cfg.OutputStep, "output-step", 0.03, "Adam step size of the output weights, in hundredths of a man")
	fs.IntVar(&cfg.HoldOut, "holdout", 10, "hold out every N-th game's positions to measure the loss")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the starting weights and of the order of the positions")
	fs.BoolVar(&cfg.Mirror, "mirror", false, "train on each position's mirror too, its files turned round (boards of odd size: lasca)")
	out := fs.String("o", "", "write the network to this file (internal/eval/weights/NAME.network)")
	if err := parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("fit-network: want files of positions (from bashni-tune gen)")
	}
	if *out == "" {
		return fmt.Errorf("fit-network: want -o FILE, the network's file")
	}
	if cfg.Lambda < 0 || cfg.Lambda > 1 || math.IsNaN(cfg.Lambda) {
		return fmt.Errorf("fit-network: -lambda %v: want 0 to 1", cfg.Lambda)
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	if cfg.Mirror && !tune.HasMirror(v) {
		return fmt.Errorf("fit-network: -mirror: %s's board of %dx%d has no mirror of its files (boards of odd size only: lasca's)", v, v.Size, v.Size)
	}
	if err := atomicfile.CanWrite(*out); err != nil {
		return fmt.Errorf("fit-network: -o %s: %w", *out, err)
	}
	samples, positions, err := readSampleFiles(v, fs.Args())
	if err != nil {
		return err
	}
	began := time.Now()
	res, err := tune.FitNetwork(v, eval.For(v), samples, positions, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %d training positions, %d held out (every %d-th game, less %d positions also in training games); K %.6f\n", v, res.Train, res.HeldOut, cfg.HoldOut, res.Repeated, res.K)
	fmt.Fprintf(stderr, "loss (mean squared error) without the network and with that of epoch %d: training %.6f -> %.6f, held out %.6f -> %.6f; %s\n",
		res.Epoch, res.TrainStart, res.TrainLoss, res.HeldOutStart, res.HeldOutLoss, time.Since(began).Round(time.Second))
	if err := atomicfile.Write(*out, func(w io.Writer) error { return eval.WriteNetwork(w, res.Network) }); err != nil {
		return fmt.Errorf("fit-network: -o: writing %s: %w (the file is as it was)", *out, err)
	}
	return nil
}

// readSampleFiles reads the positions of the files of bashni-tune gen.
func readSampleFiles(v bashni.Variant, names []string) ([]tune.Sample, []bashni.Position, error) {
	var samples []tune.Sample
	var positions []bashni.Position
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		s, p, err := tune.ReadSamples(v, f)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		samples, positions = append(samples, s...), append(positions, p...)
	}
	return samples, positions, nil
}
