package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
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
		fmt.Fprintf(fs.Output(), "usage: bashni %s %s\n\n%s\n", name, synopsis, about)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 { // "bashni book" has actions, not flags
			fmt.Fprintf(fs.Output(), "\nflags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseArgs parses args with fs and returns the positional arguments. Flags
// may come before, between or after the positional arguments; "--" ends the
// flags, and a negative number where a flag could start is a positional
// argument ("bashni perft -1" is depth -1, refused as such, not an unknown
// flag -1). It returns flag.ErrHelp for -h, the usage then written to
// standard output (help asked for is output), and errUsage for a flag error
// (which fs has already printed on stderr with the usage).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	flags, positional := splitArgs(fs, args)
	out := fs.Output()
	var msg bytes.Buffer
	fs.SetOutput(&msg)
	err := fs.Parse(flags)
	fs.SetOutput(out)
	if h, ok := out.(*helpWriter); ok && errors.Is(err, flag.ErrHelp) {
		out = h.help
	}
	_, _ = out.Write(msg.Bytes())
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, err
	case err != nil:
		return nil, errUsage
	}
	return positional, nil
}

// splitArgs sorts args into the flags with their values and the positional
// arguments, as fs.Parse would read them but for negative numbers.
func splitArgs(fs *flag.FlagSet, args []string) (flags, positional []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(positional, args[i+1:]...)
		case len(a) < 2 || a[0] != '-' || isNegativeNumber(a):
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		// A flag other than a bool one takes the next argument as its value,
		// whatever it looks like ("-time -1s").
		if f := fs.Lookup(name); f != nil && i+1 < len(args) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return flags, positional
}

// wholeNumber reads the argument text, called what, as a whole number from
// 0 to max, saying which of the three ways it is wrong: not a whole number,
// negative, or too large (also past what any integer holds).
func wholeNumber(what, text string, max int) (int, error) {
	digits := strings.TrimPrefix(text, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("%s %q is not a whole number", what, text)
	}
	if digits != text {
		return 0, fmt.Errorf("%s %s is negative: want 0 to %d", what, text, max)
	}
	n, err := strconv.Atoi(text)
	if err != nil || n > max {
		return 0, fmt.Errorf("%s %s is too large: at most %d", what, text, max)
	}
	return n, nil
}

// isNegativeNumber reports whether a is "-" and digits, such as "-1".
func isNegativeNumber(a string) bool {
	return len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == ""
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
	fen     fenFlag
	moves   string
}

// addPositionFlags defines -variant, -fen and -moves on fs.
func addPositionFlags(fs *flag.FlagSet) *positionFlags {
	pf := &positionFlags{}
	fs.StringVar(&pf.variant, "variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides, e.g. \"russian,majority=on\"")
	fs.Var(&pf.fen, "fen", "start from this FEN instead of the ruleset's start position")
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
	if pf.fen.given {
		pos, err = pf.fen.parse(v)
	} else {
		pos, err = v.Start()
	}
	if err != nil {
		return bashni.Position{}, err
	}
	return playMoves(pos, pf.moves)
}

// fenFlag is a -fen flag: a FEN given, possibly empty, which is then an
// error rather than the ruleset's start ("-fen $UNSET" must not quietly
// mean the start).
type fenFlag struct {
	text  string
	given bool
}

func (f *fenFlag) String() string { return f.text }

func (f *fenFlag) Set(s string) error {
	f.text, f.given = s, true
	return nil
}

// parse reads the FEN in the ruleset v.
func (f *fenFlag) parse(v bashni.Variant) (bashni.Position, error) {
	if strings.TrimSpace(f.text) == "" {
		return bashni.Position{}, errors.New("-fen is empty: give a FEN, or no -fen for the ruleset's start")
	}
	return bashni.ParseFEN(v, f.text)
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
		return engine.Limits{}, fmt.Errorf("-depth %d: want 1 to %d plies, or 0 (the default) for no depth limit", lf.depth, engine.MaxPly/2)
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

// maxOpening is the most random plies of an -opening (match, selfplay):
// the openings of every pair of a match are found before its first game and
// kept (a Move is 32 bytes), and a random opening longer than a few dozen
// plies plays more of the game than the players do.
const maxOpening = 100

// openingBounds ends the usage of an -opening flag: what checkOpening takes.
var openingBounds = fmt.Sprintf("(0 to %d, and fewer than -maxplies)", maxOpening)

// checkOpening checks the value of an -opening flag (match, selfplay)
// against the -maxplies that caps the games (0: no cap): 0 to maxOpening
// plies, and fewer than a cap, which would otherwise adjudicate every game
// before the players' first move.
func checkOpening(opening, maxPlies int) error {
	switch {
	case opening < 0 || opening > maxOpening:
		return fmt.Errorf("-opening %d: need 0 to %d plies", opening, maxOpening)
	case maxPlies > 0 && opening >= maxPlies:
		return fmt.Errorf("-opening %d: need fewer plies than -maxplies %d, which adjudicates the games, so that the players move", opening, maxPlies)
	}
	return nil
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
// runtime error rather than a message (and engine.New and perft.Config
// would refuse it).
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
