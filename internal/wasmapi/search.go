package wasmapi

import (
	"context"
	"sync"
	"time"

	"github.com/bashni-dev/bashni/engine"
)

// defaultMoveTime is how long a search with no limit at all thinks.
const defaultMoveTime = time.Second

// maxMoveTime bounds movetime: a day, far past any use, and far from
// overflowing a time.Duration.
const maxMoveTime = 24 * 3600 * 1000

// shared is the engine of every Search while no other uses it, made at the
// first; a Search that finds it busy searches with an engine of its own,
// rather than wait for the other search's end with its movetime and its
// AbortSignal counting only from then.
var (
	engineOnce sync.Once
	shared     *engine.Engine
	sharedBusy sync.Mutex
)

// Search answers ({variant, fen, moves, movetime, depth, nodes}) with the
// engine's move in the position after the moves played from fen (they
// count for repetitions): {move, score, pv, depth, nodes, time}. movetime
// is in milliseconds; with no limit given the search takes a second. It
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
	if lim.Depth, err = o.int("depth", 1, engine.MaxPly, 0); err != nil {
		return nil, err
	}
	nodes, err := o.int("nodes", 1, 1<<53, 0)
	if err != nil {
		return nil, err
	}
	lim.Nodes = uint64(nodes)
	if lim == (engine.Limits{}) {
		lim.Time = defaultMoveTime
	}
	engineOnce.Do(func() { shared = engine.MustNew(engine.Options{}) })
	e := shared
	if sharedBusy.TryLock() {
		defer sharedBusy.Unlock()
	} else {
		e = engine.MustNew(engine.Options{})
	}
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
