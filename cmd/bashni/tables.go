package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/endgame"
)

func init() {
	register(&command{name: "tables", summary: "build and probe endgame tables of russian-draughts and brazilian-draughts", run: runTables})
}

// tablesUsage is what "bashni tables" says of its two actions.
const tablesUsage = `usage: bashni tables build [-variant V] [-pieces N] [-dir DIR]
       bashni tables probe [-variant V] [-dir DIR] -fen FEN

Endgame tables (docs/TABLES.md) of the classic presets: build solves every
position of up to N pieces and writes one file per material into
DIR/<variant>; probe prints a position's value from them: "win N",
"loss N" (N plies to the end with best play) or "draw".
Run "bashni tables build -h" or "bashni tables probe -h" for the flags.
`

// runTables is "bashni tables build|probe [flags]".
func runTables(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, tablesUsage)
		return errUsage
	}
	switch args[0] {
	case "build":
		return runTablesBuild(args[1:], stdout, stderr)
	case "probe":
		return runTablesProbe(args[1:], stdout, stderr)
	case "-h", "-help", "--help":
		w := stderr
		if h, ok := stderr.(*helpWriter); ok {
			w = h.help
		}
		fmt.Fprint(w, tablesUsage)
		return flag.ErrHelp
	}
	return fmt.Errorf("unknown action %q: want build or probe", args[0])
}

// defaultTablesDir is where the tables go when -dir is not given: the
// user's cache directory (os.UserCacheDir), bashni/tables.
func defaultTablesDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join("bashni", "tables") // no home: the working directory
	}
	return filepath.Join(dir, "bashni", "tables")
}

// tablesFlags are the flags both actions share.
type tablesFlags struct {
	variant, dir string
}

func addTablesFlags(fs *flag.FlagSet) *tablesFlags {
	tf := &tablesFlags{}
	fs.StringVar(&tf.variant, "variant", "russian-draughts", "ruleset: russian-draughts or brazilian-draughts, with any draw-rule counts (their tables are the same)")
	fs.StringVar(&tf.dir, "dir", defaultTablesDir(), "the tables' directory; each ruleset's are in a directory of its name under it")
	return tf
}

// ruleset returns the ruleset -variant names, a classic preset or one with
// other draw-rule counts, which the preset's tables serve
// (endgame.Ruleset), and checks -dir: empty (an unset variable) it would be
// the working directory, not the default.
func (tf *tablesFlags) ruleset() (bashni.Variant, error) {
	if tf.dir == "" {
		return bashni.Variant{}, fmt.Errorf("-dir is empty: give the tables' directory, or no -dir for %s", defaultTablesDir())
	}
	v, err := bashni.ParseVariant(tf.variant)
	if err != nil {
		return v, err
	}
	if _, ok := endgame.Ruleset(v); !ok {
		return v, fmt.Errorf("-variant %s: tables are for russian-draughts and brazilian-draughts (with any repetitions and kings-only counts)", tf.variant)
	}
	return v, nil
}

// runTablesBuild is "bashni tables build". It reports each table on
// stderr as it is done and ends with one line on stdout:
// "built N tables of up to P pieces of PRESET in DIR: X positions in TIME",
// PRESET the name of the preset whose tables serve -variant (endgame.Ruleset).
func runTablesBuild(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tables build", "[flags]",
		"Solves every position of up to -pieces pieces by retrograde analysis and writes\n"+
			"each material's table into DIR/<variant>, a file at a time (a build that is\n"+
			"stopped goes on where it stopped). Progress goes to standard error.", stderr)
	tf := addTablesFlags(fs)
	pieces := fs.Int("pieces", 5, "the most pieces of a position (2 to 8; 5 takes minutes, 6 hours)")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	v, err := tf.ruleset()
	if err != nil {
		return err
	}
	dir := endgame.Dir(tf.dir, v)
	// Ctrl-C or SIGTERM stops the build between two writes, so that no
	// table is left half written (as a temporary file beside the tables).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var positions uint64
	var last endgame.Progress
	_, err = endgame.Build(ctx, v, *pieces, endgame.BuildOptions{Dir: dir, Progress: func(p endgame.Progress) {
		how := "solved"
		if p.Read {
			how = "read"
		}
		fmt.Fprintf(stderr, "tables: %d/%d %s %s: %d positions, %d wins, %d draws, %d losses, longest %d plies, %s\n",
			p.Done, p.Total, how, p.Signature, p.Positions, p.Wins, p.Draws, p.Losses, p.Longest, roundDuration(p.Elapsed))
		positions += p.Positions
		last = p
	}})
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("interrupted after %d of %d tables (those are in %s: the same command goes on from them)", last.Done, len(endgame.Signatures(*pieces)), dir)
	}
	if err != nil {
		return err
	}
	preset, _ := endgame.Ruleset(v)
	fmt.Fprintf(stdout, "built %d tables of up to %d pieces of %s in %s: %d positions in %s\n",
		last.Total, *pieces, preset.Name(), dir, positions, roundDuration(last.Elapsed))
	return nil
}

// runTablesProbe is "bashni tables probe": one line, the value ("win N",
// "loss N", "draw") of the position for its side to move.
func runTablesProbe(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tables probe", "[flags] -fen FEN",
		"Prints the position's value for the side to move from the tables: \"win N\",\n"+
			"\"loss N\" (N plies to the end with best play, draw rules aside) or \"draw\".", stderr)
	tf := addTablesFlags(fs)
	var fen fenFlag
	fs.Var(&fen, "fen", "the position")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	if !fen.given {
		return errors.New("-fen is missing: give the position to probe")
	}
	v, err := tf.ruleset()
	if err != nil {
		return err
	}
	pos, err := fen.parse(v)
	if err != nil {
		return err
	}
	tables, err := endgame.Open(endgame.Dir(tf.dir, v), v)
	if err != nil {
		return err
	}
	value, ok := tables.Probe(&pos)
	switch n := pos.Occupied().Len(); {
	case !ok && n > tables.Pieces():
		return fmt.Errorf("the position has %d pieces, the tables hold up to %d", n, tables.Pieces())
	case !ok:
		// Both sides have a piece in every position of a table: the
		// side to move's opponent has none here.
		return fmt.Errorf("%s, not to move, has no piece: the game ended before this position, which the tables do not hold", pos.Turn().Opponent())
	}
	fmt.Fprintln(stdout, value)
	return nil
}

// tablesFlag is the -tables flag of the subcommands that search: the
// directory of endgame tables the engine probes.
type tablesFlag struct{ dir string }

func addTablesFlag(fs *flag.FlagSet) *tablesFlag {
	tf := &tablesFlag{}
	fs.StringVar(&tf.dir, "tables", "", "probe the endgame tables in this directory (bashni tables build -dir; default: none)")
	return tf
}

// library returns the flag's library of tables: nil without the flag, an
// error when its directory does not exist.
func (tf *tablesFlag) library() (*endgame.Library, error) {
	if tf.dir == "" {
		return nil, nil
	}
	if fi, err := os.Stat(tf.dir); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("-tables %s: not a directory (build tables there with bashni tables build -dir)", tf.dir)
	}
	return endgame.NewLibrary(tf.dir), nil
}

// tablesFor returns the flag's tables of v: nil without the flag, an error
// when the flag is given and v has no tables there.
func (tf *tablesFlag) tablesFor(v bashni.Variant) (*endgame.Tables, error) {
	lib, err := tf.library()
	if lib == nil || err != nil {
		return nil, err
	}
	t, err := lib.For(v)
	if err == nil && t == nil {
		err = fmt.Errorf("-tables %s: no tables of %s there (tables are for russian-draughts and brazilian-draughts: bashni tables build -variant V -dir %s)", tf.dir, v, tf.dir)
	}
	return t, err
}
