package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
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
			"The last line is \"best <move> score <score>\". Without -depth, -nodes or\n"+
			"-time it searches for 10s; an interrupt (Ctrl-C) stops it early.", stderr)
	pf := addPositionFlags(fs)
	lf := addLimitFlags(fs, 10*time.Second)
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
	pos, err := pf.position()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := engine.New(engine.Options{HashMB: lf.hashMB, Progress: func(i engine.Info) {
		fmt.Fprintln(stdout, infoLine(i))
	}})
	res, err := e.Search(ctx, pos, lim)
	if errors.Is(err, engine.ErrNoMoves) {
		return fmt.Errorf("%s has no legal move: the game is over", pos.Turn())
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "best %s score %s (depth %d, %d nodes in %s, stopped by %s)\n",
		res.Move, res.Score, res.Depth, res.Nodes, roundDuration(res.Time), res.Stop)
	return nil
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
	case lf.hashMB < 1 || lf.hashMB > 1<<16:
		return engine.Limits{}, fmt.Errorf("-hash %d: want 1 to 65536 MiB", lf.hashMB)
	}
	if err := checkTables("-hash", lf.hashMB, 1); err != nil {
		return engine.Limits{}, err
	}
	lim := engine.Limits{Depth: lf.depth, Nodes: lf.nodes, Time: lf.time}
	if lim == (engine.Limits{}) {
		lim.Time = lf.defaultTime
	}
	return lim, nil
}

// infoLine writes one iteration of a search as analyze prints it.
func infoLine(i engine.Info) string {
	return fmt.Sprintf("depth %2d/%-2d  score %7s  nodes %10d  %6.0f kn/s  %8s  %s",
		i.Depth, i.SelDepth, i.Score, i.Nodes, i.NPS()/1000, roundDuration(i.Time), lineText(i.PV))
}

// lineText writes moves in order, separated by spaces.
func lineText(ms []bashni.Move) string {
	var sb strings.Builder
	for i, m := range ms {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}
