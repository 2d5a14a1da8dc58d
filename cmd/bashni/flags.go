package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/sysmem"
)

// errUsage marks an error the flag set has already reported on stderr,
// together with the usage; runCLI only sets the exit status for it.
var errUsage = errors.New("usage error")

// newFlagSet returns the flag set of subcommand name, writing its messages to
// stderr. synopsis is what follows "bashni <name>" in the usage line, such as
// "[flags] DEPTH"; about is a sentence or two on what the subcommand does.
func newFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("bashni "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: bashni %s %s\n\n%s\n\nflags:\n", name, synopsis, about)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses args with fs and returns the positional arguments. Flags
// may come before, between or after the positional arguments; "--" ends the
// flags. It returns flag.ErrHelp for -h, and errUsage for a flag error (which
// fs has already printed).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// wantArgs checks the number of positional arguments, naming what is
// expected when it is wrong.
func wantArgs(args []string, n int, what string) error {
	if len(args) != n {
		if n == 0 {
			return fmt.Errorf("unexpected argument %q (this subcommand takes only flags)", args[0])
		}
		return fmt.Errorf("want %s, got %d arguments %q", what, len(args), args)
	}
	return nil
}

// positionFlags are the flags that choose a position: a ruleset, a start
// (its start position or a FEN) and moves played from there. Subcommands
// that work on one position share them.
type positionFlags struct {
	variant string
	fen     string
	moves   string
}

// addPositionFlags defines -variant, -fen and -moves on fs.
func addPositionFlags(fs *flag.FlagSet) *positionFlags {
	pf := &positionFlags{}
	fs.StringVar(&pf.variant, "variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides, e.g. \"russian,majority=on\"")
	fs.StringVar(&pf.fen, "fen", "", "start from this FEN instead of the ruleset's start position")
	fs.StringVar(&pf.moves, "moves", "", "moves to play first, separated by spaces, e.g. \"1. c3-d4 b6-a5\"")
	return pf
}

// ruleset returns the variant named by -variant.
func (pf *positionFlags) ruleset() (bashni.Variant, error) {
	return bashni.ParseVariant(pf.variant)
}

// position returns the position the flags describe: the variant's start or
// the FEN, after the moves.
func (pf *positionFlags) position() (bashni.Position, error) {
	v, err := pf.ruleset()
	if err != nil {
		return bashni.Position{}, err
	}
	var pos bashni.Position
	if pf.fen != "" {
		pos, err = bashni.ParseFEN(v, pf.fen)
	} else {
		pos, err = v.Start()
	}
	if err != nil {
		return bashni.Position{}, err
	}
	return playMoves(pos, pf.moves)
}

// limitFlags are the flags that bound a search.
type limitFlags struct {
	depth       int
	nodes       uint64
	time        time.Duration
	defaultTime time.Duration
	hashMB      int
}

// addLimitFlags defines -depth, -nodes, -time and -hash on fs. When none of
// the limits is given the search runs for defaultTime.
func addLimitFlags(fs interface {
	IntVar(*int, string, int, string)
	Uint64Var(*uint64, string, uint64, string)
	DurationVar(*time.Duration, string, time.Duration, string)
}, defaultTime time.Duration) *limitFlags {
	lf := &limitFlags{defaultTime: defaultTime}
	fs.IntVar(&lf.depth, "depth", 0, "search this many plies (captures are followed beyond)")
	fs.Uint64Var(&lf.nodes, "nodes", 0, "stop after this many positions")
	fs.DurationVar(&lf.time, "time", 0, fmt.Sprintf("stop after this long, e.g. 500ms or 5s (default %s when no limit is given)", defaultTime))
	fs.IntVar(&lf.hashMB, "hash", engine.DefaultHashMB, "MiB of transposition table")
	return lf
}

// limits checks the flags and returns the search limits they set.
func (lf *limitFlags) limits() (engine.Limits, error) {
	switch {
	case lf.depth < 0 || lf.depth > engine.MaxPly/2:
		return engine.Limits{}, fmt.Errorf("-depth %d is outside 0..%d", lf.depth, engine.MaxPly/2)
	case lf.time < 0:
		return engine.Limits{}, fmt.Errorf("-time %s is negative", lf.time)
	}
	if err := checkHash(lf.hashMB); err != nil {
		return engine.Limits{}, err
	}
	lim := engine.Limits{Depth: lf.depth, Nodes: lf.nodes, Time: lf.time}
	if lim == (engine.Limits{}) {
		lim.Time = lf.defaultTime
	}
	return lim, nil
}

// checkHash checks the value of a -hash flag: 1 to 65536 MiB, in a table
// that fits in this machine's memory.
func checkHash(mb int) error {
	if mb < 1 || mb > 1<<16 {
		return fmt.Errorf("-hash %d: want 1 to 65536 MiB", mb)
	}
	return checkTables("-hash", mb, 1)
}

// checkTables refuses n tables of mb MiB each (mb the value of the flag
// named flag, n the engines that have one at once) that together do not fit
// in this machine's memory: allocating them would end the program with a
// runtime error rather than a message (and engine.New and PerftConfig
// would panic).
func checkTables(flag string, mb, n int) error {
	if ok, have := sysmem.TableFits(mb); !ok {
		return fmt.Errorf("%s %d: more than this machine's memory (%d MiB)", flag, mb, have)
	}
	// One table fits, so mb*n cannot overflow for the few engines asked for.
	if ok, have := sysmem.TableFits(mb * n); !ok {
		return fmt.Errorf("%s %d: %d engines at once need %d MiB, more than this machine's memory (%d MiB)", flag, mb, n, mb*n, have)
	}
	return nil
}
