package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/perft"
)

func init() {
	register(&command{name: "perft", summary: "count the move sequences of a given depth (perft)", run: runPerft})
}

// runPerft is "bashni perft [flags] DEPTH". Its last line of output is a
// contract for scripts: "depth D: N nodes in TIME (RATE Mnps)".
func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("perft", "[flags] DEPTH",
		"Counts the move sequences of DEPTH plies from the position (docs/RULES.md section 8:\n"+
			"one move per resulting position). The last line is\n"+
			"\"depth D: N nodes in TIME (RATE Mnps)\".", stderr)
	pf := addPositionFlags(fs)
	divide := fs.Bool("divide", false, "first print \"<move> <count>\" for each legal move, sorted by move text")
	bulk := fs.Bool("bulk", true, "count the moves of the last ply without playing them")
	threads := fs.Int("threads", 1, "share the counting among this many goroutines (the subtrees a few plies down, at least 64 per goroutine)")
	hashMB := fs.Int("hash", 0, "MiB of table for transpositions (0: none); exact unless two positions share a 64-bit key")
	progress := fs.Bool("progress", false, "report to standard error how many of the subtrees the count is shared into are done")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 1, "one argument, the DEPTH"); err != nil {
		return err
	}
	depth, err := wholeNumber("depth", rest[0], bashni.MaxPerftDepth)
	if err != nil {
		return err
	}
	if *threads < 1 || *threads > perft.MaxThreads {
		return fmt.Errorf("-threads %d: need 1 to %d", *threads, perft.MaxThreads)
	}
	if *hashMB < 0 {
		return fmt.Errorf("-hash %d: need 0 (no table) or more MiB", *hashMB)
	}
	if err := checkTables("-hash", *hashMB, 1); err != nil {
		return err
	}
	pos, err := pf.position()
	if err != nil {
		return err
	}
	cfg := perft.Config{NoBulk: !*bulk, Threads: *threads, HashMB: *hashMB}
	ctx := context.Background()

	start := time.Now()
	if *progress {
		cfg.Progress = progressReporter(stderr, start, time.Second)
	}
	var nodes uint64
	if *divide {
		lines, err := cfg.Divide(ctx, &pos, depth)
		if err != nil {
			return err
		}
		if nodes, err = perft.Total(lines, depth); err != nil {
			return err
		}
		var nt bashni.Notation // the ruleset's own: lasca's captures with 'x'
		sort.Slice(lines, func(i, j int) bool { return nt.FormatMove(&pos, lines[i].Move) < nt.FormatMove(&pos, lines[j].Move) })
		for _, l := range lines {
			fmt.Fprintf(stdout, "%s %d\n", nt.FormatMove(&pos, l.Move), l.Nodes)
		}
	} else {
		nodes, err = cfg.Perft(ctx, &pos, depth)
		if err != nil {
			return err
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "depth %d: %d nodes in %s (%s Mnps)\n", depth, nodes, roundDuration(elapsed), rate(nodes, elapsed))
	return nil
}

// progressReporter returns a perft.Config.Progress that writes
// "perft: DONE/TOTAL subtrees in TIME" to w: at most one line per interval,
// and always the last.
func progressReporter(w io.Writer, start time.Time, interval time.Duration) func(done, total int) {
	var last time.Time
	return func(done, total int) {
		now := time.Now()
		if done < total && now.Sub(last) < interval {
			return
		}
		last = now
		fmt.Fprintf(w, "perft: %d/%d subtrees in %s\n", done, total, roundDuration(now.Sub(start)))
	}
}
