package wasmapi

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/bashni-dev/bashni/engine"
)

// defaultMoveTime is how long a search with no limit at all thinks.
const defaultMoveTime = time.Second

// maxMoveTime bounds movetime: a day, far past any use, and far from
// overflowing a time.Duration.
const maxMoveTime = 24 * 3600 * 1000

// maxEngines bounds the searches under way at once, each with an engine
// of its own (engine.DefaultHashMB of table): WebAssembly's memory never
// shrinks, so without a bound a loop of searches started at once would
// take all it can get. An engine is made when a search finds none idle, and
// kept for the next search: a second search does not wait for the first's
// end, with its movetime and its AbortSignal counting only from then.
const maxEngines = 4

var (
	enginesMu sync.Mutex
	idle      []*engine.Engine // made, and no search under way with them
	made      int
)

// takeEngine returns an idle engine, or a new one while fewer than
// maxEngines are made; putEngine gives it back.
func takeEngine() (*engine.Engine, error) {
	enginesMu.Lock()
	defer enginesMu.Unlock()
	if n := len(idle); n > 0 {
		e := idle[n-1]
		idle = idle[:n-1]
		return e, nil
	}
	if made == maxEngines {
		return nil, fmt.Errorf("bashni: search: %d searches are under way, each with an engine of %d MiB; wait for one to end, or abort it", maxEngines, engine.DefaultHashMB)
	}
	made++
	return engine.MustNew(engine.Options{}), nil
}

func putEngine(e *engine.Engine) {
	enginesMu.Lock()
	defer enginesMu.Unlock()
	idle = append(idle, e)
}

// Search answers ({variant, fen, moves, movetime, depth, nodes}) with the
// engine's move in the position after the moves played from fen (they
// count for repetitions): {move, score, pv, depth, nodes, time, stop}.
// movetime is in milliseconds, 1 to a day; depth is 1 to engine.MaxPly/2
// plies; nodes 1 to 2^53; with no limit given the search takes a second. It
// blocks until the search ends or ctx is cancelled (then it answers the
// best move found so far).
func Search(ctx context.Context, argv []any) (v any, err error) {
	defer catch("search", &err)
	a := args{name: "search", v: argv}
	o, err := a.object(0, "the search")
	if err != nil {
		return nil, err
	}
	g, err := o.game()
	if err != nil {
		return nil, err
	}
	var lim engine.Limits
	ms, err := o.int("movetime", 1, maxMoveTime, 0)
	if err != nil {
		return nil, err
	}
	lim.Time = time.Duration(ms) * time.Millisecond
	// 1 to 64, as everywhere else: a deeper depth would be searched as 64.
	if lim.Depth, err = o.int("depth", 1, engine.MaxPly/2, 0); err != nil {
		return nil, err
	}
	// 2^53, the largest whole number a JavaScript number holds (less where
	// an int has 32 bits, so that the package builds there too).
	nodes, err := o.int("nodes", 1, min(1<<53, math.MaxInt), 0)
	if err != nil {
		return nil, err
	}
	lim.Nodes = uint64(nodes)
	if lim == (engine.Limits{}) {
		lim.Time = defaultMoveTime
	}
	e, err := takeEngine()
	if err != nil {
		return nil, err
	}
	defer putEngine(e)
	res, err := e.SearchGame(ctx, g, lim)
	if err != nil {
		return nil, err
	}
	return Object{
		{"move", moveText(g.Position(), res.Move)},
		{"score", float64(res.Score)},
		{"pv", inOrder(g.Position(), res.PV)},
		{"depth", float64(res.Depth)},
		{"nodes", float64(res.Nodes)},
		{"time", float64(res.Time.Milliseconds())},
		{"stop", string(res.Stop)}}, nil
}
