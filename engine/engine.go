// Package engine plays Bashni, Lasca and every other ruleset of the bashni
// package: an iterative-deepening alpha-beta search with principal-variation
// search, a transposition table on the position key, move ordering (hash
// move, captures by pieces taken, killer moves, history), a capture search
// that never stops in the middle of forced captures, an evaluation written
// for towers with weights fitted to games (internal/eval), and Lazy SMP: with Options.Threads above 1 the
// threads search the same position together, sharing the table.
//
//	e, err := engine.New(engine.Options{HashMB: 64}) // an error if the table cannot be had
//	res, err := e.SearchGame(ctx, g, engine.Limits{Time: time.Second})
//	if err != nil { ... } // engine.ErrNoMoves: the game is over
//	err = g.Play(res.Move)
//
// An Engine searches one position at a time (concurrent calls wait their
// turn, or until their context is cancelled), with Options.Threads threads; run several Engines for several
// searches at once. A search of one thread to a fixed depth or node count is
// deterministic: an Engine in the same state (new, or after Clear) returns
// the same move, score, line and node count.
package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/endgame"
	"github.com/bashni-dev/bashni/internal/eval"
	"github.com/bashni-dev/bashni/internal/sysmem"
)

// DefaultHashMB is the transposition table size used when Options.HashMB is 0.
const DefaultHashMB = 16

// ErrNoMoves is returned by a search of a position whose side to move has
// no legal move: that side has lost and there is nothing to search.
var ErrNoMoves = errors.New("engine: the side to move has no legal move (the game is over)")

// Options configure an Engine.
type Options struct {
	// HashMB is the size of the transposition table in MiB; 0 means
	// DefaultHashMB. The table is allocated by New: it must fit in the
	// machine's memory.
	HashMB int
	// Threads is the number of threads that search together (Lazy SMP:
	// they share the transposition table); 0 means 1. A search runs at
	// most as many as the machine runs at once (runtime.GOMAXPROCS): more
	// would only take turns on its cores, and the main thread, which keeps
	// the time, would get a small share of them (64 threads on 2 cores
	// turned a 100 ms search into seconds at depth 1). A search with more
	// than one thread is not deterministic: the threads' timing decides
	// what each finds in the table.
	Threads int
	// Progress, when set, is called on the searching goroutine after each
	// completed iteration of a search. It runs inside the search, which
	// holds the Engine and waits for it: it must not call a method of the
	// same Engine (Search, SearchGame, Clear), which would wait for the
	// search to end and so for ever. To stop the search from Progress,
	// cancel the search's context.
	Progress func(Info)
	// Tables, when set, are endgame tables (package endgame) the search
	// asks at every node below the root that they hold: a position of
	// their ruleset (or one that differs from it only in its draw-rule
	// counts, endgame.Ruleset) with no more than their pieces gets its
	// exact value (a win or loss as a win score, Score.Plies its distance)
	// without a search. Their values ignore the draw rules; the search's
	// own repetition and kings-only checks still apply on its path, and a
	// win or loss in n plies is taken only when the kings-only count cannot
	// reach its limit within them (the search goes on below it otherwise).
	Tables *endgame.Tables
}

// Limits bound a search. Several limits may be set; the search stops at the
// first one reached. It always returns a move: the best of the last
// completed iteration, or of the one under way when that one has already
// found a better move.
//
// A search with none of Depth, Nodes, Time and Clock (the zero Limits, but
// for Lines and Ponder) is an infinite analysis: it ends only at the cancel
// of its context, and never returns before it, even when it has nothing
// more to search (one legal move, a forced result found, MaxPly/2 plies
// searched): it waits, its threads stopped, and at the cancel returns at
// once with its move, as a protocol takes the end of a search for the end
// of the analysis ("go infinite", the Hub's "level infinite"). A position
// with no legal move is ErrNoMoves at once, as always.
type Limits struct {
	// Depth is the number of plies of full-width search (captures are
	// searched beyond it until the position is quiet); 0 means no limit,
	// and a depth above MaxPly/2 is searched as MaxPly/2.
	Depth int
	// Nodes stops the search after this many positions; 0 means no limit.
	// With several threads it stops within a few thousand more.
	Nodes uint64
	// Time stops the search after this long; 0 means no limit. The search
	// uses all of it: an iteration cut short by it still plays a move it
	// has proved better than the last iteration's.
	Time time.Duration
	// Clock, when Clock.Left is set, makes the search share out the time
	// of a game: it takes what the clock affords one move (about a
	// thirtieth of the time left, or of the time to the next control, and
	// most of the increment), and it keeps a margin, so that it never runs
	// the clock out.
	Clock Clock
	// Ponder, when set, makes the search think without its time limits
	// until Ponder.Hit is called, and under them from then on. Without
	// Depth or Nodes, such a search returns only after the hit or the
	// cancel of its context, even with nothing more to search (Ponder);
	// without Time or Clock either, only after the cancel, as any search
	// without a limit.
	Ponder *Ponder
	// Lines is the number of best root moves to search, each with its own
	// exact score and line (MultiPV; Info.Lines); 0 or 1 means one, the
	// ordinary search, and more than the position's legal moves means all
	// of them. The other lines cost time: each iteration searches the root
	// again for each. A search of several lines returns the last completed
	// iteration's best move (an unfinished iteration is dropped; stopped
	// before the first completed, the best by the capture search after
	// each move, Info.Lines), and its helper threads (Options.Threads) only
	// fill the table.
	Lines int
}

// Line is one of the best root moves of a search (Info.Lines): its score
// for the side to move at the root and its principal variation, which
// starts with the move. Its score is searched to its Info's Depth; at
// Depth 0 (no iteration completed) it is the capture search's after the
// move (Info.Lines).
type Line struct {
	Score Score
	PV    []bashni.Move
}

// Validate reports limits that mean nothing, which Search refuses rather
// than read as "no limit": a negative Depth, Time, Clock.Increment,
// Clock.MovesToGo or Lines. (A negative Clock.Left is a clock with no time
// left.)
func (l Limits) Validate() error {
	switch {
	case l.Depth < 0:
		return fmt.Errorf("engine: a depth of %d plies is negative", l.Depth)
	case l.Time < 0:
		return fmt.Errorf("engine: a time of %s is negative", l.Time)
	case l.Clock.Increment < 0:
		return fmt.Errorf("engine: a clock increment of %s is negative", l.Clock.Increment)
	case l.Clock.MovesToGo < 0:
		return fmt.Errorf("engine: %d moves to go is negative", l.Clock.MovesToGo)
	case l.Lines < 0:
		return fmt.Errorf("engine: %d lines is negative", l.Lines)
	}
	return nil
}

// Info describes one completed iteration of a search.
type Info struct {
	Depth    int // nominal depth of the iteration, in plies
	SelDepth int // deepest ply reached, extensions and captures included
	// MeanDepth is the mean ply of the positions the iteration evaluated
	// statically (its leaves), in the main thread; 0 if it evaluated none.
	MeanDepth float64
	Score     Score         // for the side to move at the root
	Nodes     uint64        // positions searched so far in this search
	Time      time.Duration // since the search started
	PV        []bashni.Move // the principal variation, from the root
	// Lines are the best root moves, best first, as many as Limits.Lines
	// asked for (at least one; fewer when the position has fewer legal
	// moves), each with its own score. Lines[0] is Score and PV.
	//
	// A search stopped before its first iteration completed (a tiny
	// Limits.Nodes, a cancel at once; Depth 0) has them all the same, each
	// scored by the capture search after its move: the value a search of
	// depth 1 finds for it (which searches each root move, then only
	// captures), and its line the move and those captures. With several
	// lines they are the best root moves by that value; with one, the
	// move the search chose (the first it searches), or the move the
	// unfinished iteration proved the value of. These capture searches
	// run after the stop, under none of its limits (a position for a
	// move with a quiet reply, more where captures follow) but 100,000
	// positions at most in all, past which a line is its move scored by
	// the static evaluation after it; Nodes does not count them: it
	// counts what the limits bound.
	// Progress never reports Depth 0: it reports completed iterations.
	Lines []Line
}

// NPS returns the speed of the search so far in nodes per second.
func (i Info) NPS() float64 {
	if i.Time <= 0 {
		return 0
	}
	return float64(i.Nodes) / i.Time.Seconds()
}

// Result is the outcome of a search.
type Result struct {
	// Move is the best move found; always a legal move of the position.
	Move bashni.Move
	// Info is the last completed iteration (with several threads, the
	// deepest that a thread completed), with Nodes and Time updated to the
	// end of the search; Depth 0 when none completed (Info.Lines). Info.PV
	// starts with Move.
	Info
	// Stop says why the search ended.
	Stop StopReason
	// TTHits counts transposition table probes that found their position.
	TTHits uint64
}

// StopReason says why a search ended (Result.Stop). Its text is the
// constant's value, as "bashni analyze" prints it.
type StopReason string

// The reasons a search ends. A cancel or a Nodes or Time limit that stops
// the search is its reason even with one legal move: StopOnlyMove is for a
// search whose one iteration completed.
const (
	StopDepth     StopReason = "depth"     // it completed its depth (Limits.Depth, or MaxPly/2)
	StopNodes     StopReason = "nodes"     // it searched Limits.Nodes positions
	StopTime      StopReason = "time"      // its time ran out (Limits.Time, or the clock's share)
	StopCancelled StopReason = "cancelled" // its context was cancelled
	StopOnlyMove  StopReason = "only move" // the position has one legal move, played after one iteration (without Limits.Depth)
	StopWin       StopReason = "win"       // it found a forced result and proved it
)

// Engine is a searcher with its own transposition table and move-ordering
// history. It is safe for use by several goroutines, which it serves one at
// a time: a search waits for its turn, or until its context is cancelled.
//
// Make one with New or MustNew. An Engine not made so (the zero Engine, or a
// nil *Engine) has no table: its searches are an error and Clear does
// nothing.
type Engine struct {
	turn    chan struct{} // holds a token while a search or Clear has the Engine
	opts    Options
	tt      *table
	eval    *eval.Evaluator
	weights *eval.Weights // the evaluation's parameters; nil: eval.For the ruleset (tests change them)
	history []history     // one per thread
	busy    *busyTable    // shared by the threads; nil with one thread
	// idle, when set (by a test), is called when a search that has
	// nothing more to search starts waiting for its cancel or its
	// Ponder's hit (awaitEnd): a sign that it is not about to return.
	idle func()
}

// MaxThreads is the most threads an Engine searches with.
const MaxThreads = 256

// Validate reports options that cannot be honoured: a negative table size
// or number of threads, more than MaxThreads, or a table larger than the machine's physical memory (known on Linux),
// which would end the program when allocated (Go cannot recover from running
// out of memory).
func (o Options) Validate() error {
	if o.HashMB < 0 {
		return fmt.Errorf("engine: a table of %d MiB", o.HashMB)
	}
	if o.Threads < 0 || o.Threads > MaxThreads {
		return fmt.Errorf("engine: %d threads (want 1 to %d)", o.Threads, MaxThreads)
	}
	if ok, have := sysmem.TableFits(o.HashMB); !ok {
		return fmt.Errorf("engine: a table of %d MiB is more than the machine's memory (%d MiB)", o.HashMB, have)
	}
	return nil
}

// New returns an Engine configured by opts, or Validate's error if they
// cannot be honoured.
func New(opts Options) (*Engine, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	return newEngine(opts), nil
}

// MustNew is New for options known to be valid, such as constants; it
// panics with Validate's error if they are not. Options that come from a
// program's users go to New.
func MustNew(opts Options) *Engine {
	if err := opts.Validate(); err != nil {
		panic(err)
	}
	return newEngine(opts)
}

// errNotNew is the error of a search by an Engine that New did not make.
var errNotNew = errors.New("engine: an Engine not made by New (the zero Engine, or nil) cannot search")

// newEngine returns an Engine of valid options.
func newEngine(opts Options) *Engine {
	e := &Engine{turn: make(chan struct{}, 1), opts: opts, tt: newTable(opts.HashMB), history: make([]history, max(opts.Threads, 1))}
	if opts.Threads > 1 {
		e.busy = new(busyTable)
	}
	return e
}

// threads returns how many threads a search runs: Options.Threads, at
// most runtime.GOMAXPROCS.
func (e *Engine) threads() int {
	return min(len(e.history), runtime.GOMAXPROCS(0))
}

// Clear forgets everything learned by earlier searches (the transposition
// table and the move-ordering history), returning the Engine to the state of
// a new one.
func (e *Engine) Clear() {
	if e == nil || e.turn == nil {
		return // not made by New: nothing learned
	}
	e.turn <- struct{}{}
	defer func() { <-e.turn }()
	e.clear()
}

func (e *Engine) clear() {
	e.tt.clear()
	clear(e.history)
}

// Search searches pos under lim and returns the best move with its score,
// line and statistics. When ctx is cancelled the search stops at once and
// returns the best move found so far with Stop "cancelled" and a nil error:
// stopping is the normal end of an analysis without limits. A search that
// waits for its turn at the Engine (another search has it) stops so too
// when ctx is cancelled, at once, with the lines of a search stopped before
// its first iteration (Depth 0 and Nodes 0, Info.Lines: nothing searched
// but the capture search after each legal move, or after the first legal
// move for one line). The errors are
// ErrNoMoves, for a position whose side to move has lost, lim's
// Validate error, and that of an Engine not made by New.
//
// Search knows nothing of the game that led to pos; use SearchGame to let it
// see repetitions and the kings-only count. pos must not be nil.
func (e *Engine) Search(ctx context.Context, pos *bashni.Position, lim Limits) (Result, error) {
	if e == nil || e.turn == nil {
		return Result{}, errNotNew
	}
	return e.search(ctx, game{pos: *pos}, lim)
}

// SearchGame searches the current position of g as Search does, but knowing
// the game before it (Game.AppendReversibleKeys, Game.KingsOnlyPlies): it
// scores a move that repeats an earlier position as a draw and counts
// towards the ruleset's kings-only draw (Variant.KingsOnlyPlies). The game
// may be over by resignation, agreement or a draw rule: its position is
// searched all the same. SearchGame only reads g, which must not be nil
// and must not change until it returns.
func (e *Engine) SearchGame(ctx context.Context, g *bashni.Game, lim Limits) (Result, error) {
	if e == nil || e.turn == nil {
		return Result{}, errNotNew
	}
	return e.search(ctx, game{pos: *g.Position(), keys: g.AppendReversibleKeys(nil), kingsOnly: g.KingsOnlyPlies()}, lim)
}

// game is the position to search and what the draw rules need to know of
// the game before it.
type game struct {
	pos       bashni.Position
	keys      []uint64 // keys of the earlier positions since the last capture or man move, oldest first
	kingsOnly int      // plies in a row without a capture or a man move
}
