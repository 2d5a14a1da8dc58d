package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

func init() {
	register(&command{name: "analyze", summary: "search a position with the engine, printing each iteration", run: runAnalyze})
}

// runAnalyze is "bashni analyze [flags]": one line per completed iteration
// of the search, then the best move.
func runAnalyze(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("analyze", "[flags]",
		"Searches the position with the engine and prints a line per completed\n"+
			"iteration: depth, selective depth, score (for the side to move; 1.00 is a\n"+
			"man, \"win N\" a forced win in N plies), nodes, speed, time and the line.\n"+
			"With -lines N, the N best moves, each iteration's line followed by a\n"+
			"\"line K  score S  <line>\" for each of the others.\n"+
			"The last line is \"best <move> score <score>\". Without -depth, -nodes or\n"+
			"-time it searches for 10s; an interrupt (Ctrl-C) stops it early.", stderr)
	pf := addPositionFlags(fs)
	lf := addLimitFlags(fs, 10*time.Second)
	threads := fs.Int("threads", 1, fmt.Sprintf("threads that search together (Lazy SMP), 1 to %d", engine.MaxThreads))
	tablesDir := addTablesFlag(fs)
	nLines := fs.Int("lines", 1, fmt.Sprintf("the best moves to show, each with its own score and line (MultiPV), 1 to %d", maxLines))
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
	if *threads < 1 || *threads > engine.MaxThreads {
		return fmt.Errorf("-threads %d: want 1 to %d", *threads, engine.MaxThreads)
	}
	if *nLines < 1 || *nLines > maxLines {
		return fmt.Errorf("-lines %d: want 1 to %d", *nLines, maxLines)
	}
	lim.Lines = *nLines
	pos, err := pf.position()
	if err != nil {
		return err
	}
	tables, err := tablesDir.tablesFor(pos.Variant())
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e, err := engine.New(engine.Options{HashMB: lf.hashMB, Threads: *threads, Tables: tables, Progress: func(i engine.Info) {
		fmt.Fprintln(stdout, infoLine(&pos, i))
		for k, l := range i.Lines[1:] {
			fmt.Fprintln(stdout, otherLine(&pos, k+2, l))
		}
	}})
	if err != nil {
		return err
	}
	res, err := e.Search(ctx, &pos, lim)
	if errors.Is(err, engine.ErrNoMoves) {
		return fmt.Errorf("%s has no legal move: the game is over", pos.Turn())
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "best %s score %s (depth %d, %d nodes in %s, stopped by %s)\n",
		bashni.Notation{}.FormatMove(&pos, res.Move), res.Score, res.Depth, res.Nodes, roundDuration(res.Time), res.Stop)
	return nil
}

// maxLines is the most lines -lines asks for.
const maxLines = 256

// otherLine writes the k-th best line of an iteration (k from 2) as analyze
// prints it under the iteration's line, its score in the same column.
// The line is played from pos, in the ruleset's own notation.
func otherLine(pos *bashni.Position, k int, l engine.Line) string {
	return fmt.Sprintf("line %-3d     score %7s  %s", k, l.Score, bashni.Notation{}.FormatLine(pos, l.PV))
}

// infoLine writes one iteration of a search as analyze prints it, in
// columns of fixed width: the time in milliseconds with one decimal, so
// that its column keeps its width from 0.1ms to 2.7 hours (Go's duration
// text grew from "99.5ms" to "100.512ms", and the columns after it slipped).
// The principal variation, played from pos, is in the ruleset's own
// notation.
func infoLine(pos *bashni.Position, i engine.Info) string {
	return fmt.Sprintf("depth %2d/%-2d  score %7s  nodes %10d  %6.0f kn/s  %9.1fms  %s",
		i.Depth, i.SelDepth, i.Score, i.Nodes, i.NPS()/1000, float64(i.Time)/float64(time.Millisecond), bashni.Notation{}.FormatLine(pos, i.PV))
}
