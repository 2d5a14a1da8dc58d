package engine

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// searcher is the state of one search.
type searcher struct {
	e         *Engine
	ev        *eval.Evaluator
	v         bashni.Variant
	hist      *history     // this thread's move-ordering history
	busy      *busyTable   // the nodes the threads are searching; nil with one thread
	stop      *atomic.Bool // set by a cancelled context, and for helpers when the main thread is done
	stopped   bool         // the search is unwinding; no result of it counts
	reason    StopReason
	start     time.Time
	deadline  atomic.Int64 // UnixNano when the search must stop; 0: none
	softEnd   atomic.Int64 // UnixNano after which no new iteration starts; 0: none
	softSpan  atomic.Int64 // nanoseconds an unstable iteration adds to softEnd (iterationEnd)
	nodeLimit uint64       // zero: none
	nodes     uint64
	ttHits    uint64

	// timeUp is set at the deadline by timer (armDeadline), so that the
	// search stops at its next node, not only where it reads the clock;
	// timer is stopped when the search ends (ended). timerMu guards both,
	// as Ponder.Hit sets the deadline from another goroutine.
	timeUp  atomic.Bool
	timerMu sync.Mutex
	timer   *time.Timer
	ended   bool

	// All threads' nodes: each adds what it searched to total when it
	// checks the clock; others is what the other threads had added then.
	total     *atomic.Uint64
	published uint64
	others    uint64
	seldepth  int
	rootDepth int
	// reductions: the ruleset's late move reductions (reduce.go).
	reductions *reductionTable
	// nullMoves: the search tries null moves (null.go); passed[ply]: the
	// move from ply to ply+1 under way is a pass.
	nullMoves bool
	passed    [MaxPly + 1]bool
	// iir: the search reduces nodes without a table move (iir.go).
	iir bool
	// drawEndings: the ruleset's kings are the classic presets', whose
	// known drawn endings the search recognises (knownDraw).
	drawEndings bool
	// The positions evaluated statically in the iteration under way, and
	// the sum of their plies: Info.MeanDepth.
	leaves, leafPlies uint64

	gameKeys  []uint64           // the game's reversible tail before the root
	path      [MaxPly + 1]uint64 // key of the position at each ply
	kingsOnly [MaxPly + 1]int    // plies since the last capture or man move, at each ply
	moves     [MaxPly + 1]moveList
	// The position at each ply. A child declared in the loop over the moves
	// and passed down by address is moved to the heap, one allocation per
	// node: through the recursion its address reaches the parameter of the
	// call that declared it, which outlives the loop's iteration.
	positions [MaxPly + 1]bashni.Position
	// The evaluation's network sums of the position at each ply, followed
	// from parent to child (netState) where the evaluation has a network.
	netSums [MaxPly + 1]eval.NetworkState
	killers [MaxPly + 1][2]bashni.Move
	pv      [MaxPly + 1][MaxPly + 1]bashni.Move
	pvLen   [MaxPly + 1]int

	// The best root move of the iteration under way, once one is proved.
	iterMove  bashni.Move
	iterScore Score
	iterDone  bool

	// A helper's last completed iteration: its depth (0: none), score and
	// line.
	doneDepth int
	doneScore Score
	donePV    []bashni.Move

	// The value of the root at the last iteration searchRoot completed:
	// the centre of the next one's aspiration window.
	lastScore Score
}

const (
	infinity   Score = Win + 1
	checkEvery       = 1023 // nodes between checks of the clock and the context
)

func (e *Engine) search(ctx context.Context, g game, lim Limits) (Result, error) {
	if err := lim.Validate(); err != nil {
		return Result{}, err
	}
	select {
	case e.turn <- struct{}{}:
	default:
		// Another search has the Engine: wait for it, or for a cancel.
		// (Not one select of both: with the Engine free and ctx already
		// cancelled it would pick either at random.)
		select {
		case e.turn <- struct{}{}:
		case <-ctx.Done():
			return e.cancelledWaiting(&g, lim)
		}
	}
	defer func() { <-e.turn }()

	root := g.pos
	v := root.Variant()
	if e.eval == nil || e.eval.Variant() != v {
		// The key does not include the ruleset: what was learned in
		// another one does not apply. The table forgets it at no cost:
		// clearing it, before the search's clock started, took 1 to 2 s
		// that no time limit counted with a table of 1 GiB. (A new
		// Engine's table is empty already.)
		if e.eval != nil {
			e.tt.forget()
			clear(e.history)
		}
		e.eval = e.newEvaluator(v)
	}
	e.tt.newSearch()
	for i := range e.history {
		e.history[i].decay(8)
	}

	rootMoves := root.AppendLegalMoves(make([]bashni.Move, 0, 64))
	if len(rootMoves) == 0 {
		return Result{}, ErrNoMoves
	}
	var stop atomic.Bool
	var total atomic.Uint64
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()
	if ctx.Err() != nil {
		stop.Store(true)
	}
	newSearcher := func(thread int) *searcher {
		s := g.searcher(e, e.eval, &e.history[thread], &stop, &total)
		s.busy = e.busy
		return s
	}
	s := newSearcher(0)
	s.nodeLimit = lim.Nodes
	if lim.Ponder != nil {
		lim.Ponder.attach(s, lim)
	} else {
		s.setDeadlines(lim, s.start)
	}
	s.sortRoot(&root, rootMoves)

	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly/2 {
		maxDepth = MaxPly / 2
	}
	onlyMove := len(rootMoves) == 1 && lim.Depth == 0
	if onlyMove {
		// Nothing to choose: don't spend the time of a game.
		maxDepth = 1
	}

	// Lazy SMP: the helper threads search the same root, each with its own
	// ordering of the root moves and every other one a ply deeper, and
	// share the transposition table and the busy marks (alphaBeta). What
	// they store there makes the main thread's search faster; and a helper
	// that completed a deeper iteration than the main thread gives the
	// result, unless the main thread's is forced and the helper's no
	// better (improves).
	var helpers sync.WaitGroup
	var helperHits atomic.Uint64
	var hs []*searcher
	if !onlyMove {
		for t := 1; t < e.threads(); t++ {
			h := newSearcher(t)
			h.nodeLimit = lim.Nodes // so a helper the scheduler favours stops too
			hs = append(hs, h)
			ms := append([]bashni.Move(nil), rootMoves...)
			helpers.Add(1)
			go func() {
				defer helpers.Done()
				h.helper(&root, ms, t, maxDepth)
				total.Add(h.nodes - h.published)
				helperHits.Add(h.ttHits)
			}()
		}
	}
	n := lineCount(lim.Lines, len(rootMoves))
	res := s.iterate(&root, rootMoves, maxDepth, n)
	s.disarmDeadline()
	stop.Store(true)
	helpers.Wait()
	for _, h := range hs {
		if h.doneDepth > res.Depth && n == 1 && improves(h.doneScore, res.Score) {
			res.Move, res.Depth, res.Score, res.PV = h.donePV[0], h.doneDepth, h.doneScore, h.donePV
			res.Lines = []Line{{Score: res.Score, PV: res.PV}}
			res.SelDepth = max(res.SelDepth, h.seldepth)
		}
	}
	// Its one iteration completed: the one legal move is why it searched
	// no deeper. A cancel or limit that cut that iteration short (s.stopped)
	// ended the search, and stays its reason, as for any other position.
	if onlyMove && !s.stopped {
		res.Stop = StopOnlyMove
	}
	if res.Lines == nil {
		// Stopped before its first iteration completed, and with one
		// line before it proved a move's value.
		ms := rootMoves
		if n == 1 {
			ms = []bashni.Move{res.Move}
		}
		res.Lines = captureLines(e, e.eval, &g, ms, n)
		res.Move, res.Score, res.PV = res.Lines[0].PV[0], res.Lines[0].Score, res.Lines[0].PV
	}
	e.awaitEnd(ctx, lim)
	res.Nodes = s.nodes + total.Load() - s.published
	res.Time = time.Since(s.start)
	res.TTHits = s.ttHits + helperHits.Load()
	return res, nil
}

// awaitEnd returns when a search under lim, which has nothing more to
// search, may return: at once under Depth or Nodes, or under Time or Clock
// without Ponder; at the Ponder's hit (or the cancel of ctx) under Time or
// Clock with Ponder, as they run from the hit; and only at the cancel with
// no limit at all (Limits, Ponder). A protocol takes the end of a search
// for the end of the pondering or of the infinite analysis, which only
// ponderhit or stop ends, even with one legal move or a forced result
// found.
func (e *Engine) awaitEnd(ctx context.Context, lim Limits) {
	if lim.Depth > 0 || lim.Nodes > 0 {
		return
	}
	timed := lim.Time > 0 || lim.Clock != (Clock{})
	switch {
	case lim.Ponder != nil && timed:
		lim.Ponder.wait(ctx.Done(), e.idle)
	case !timed:
		if e.idle != nil {
			e.idle()
		}
		<-ctx.Done()
	}
}

// cancelledWaiting is the result of a search of g under lim cancelled
// while it waited for its turn at the Engine: the lines of a search
// stopped before its first iteration (captureLines), from the legal moves
// in the order they are generated. The Engine's table, history and
// evaluator are another search's: captureLines uses none of the table
// and history, and an evaluator of its own.
func (e *Engine) cancelledWaiting(g *game, lim Limits) (Result, error) {
	ms := g.pos.AppendLegalMoves(nil)
	if len(ms) == 0 {
		return Result{}, ErrNoMoves
	}
	n := lineCount(lim.Lines, len(ms))
	start := time.Now()
	ls := captureLines(e, e.newEvaluator(g.pos.Variant()), g, ms, n)
	return Result{Move: ls[0].PV[0], Info: Info{Score: ls[0].Score, PV: ls[0].PV, Lines: ls, Time: time.Since(start)}, Stop: StopCancelled}, nil
}

// searcher returns a searcher of g's position for e, evaluating with ev,
// its history hist, stopped by stop, its nodes counted into total with the
// other threads'.
func (g *game) searcher(e *Engine, ev *eval.Evaluator, hist *history, stop *atomic.Bool, total *atomic.Uint64) *searcher {
	s := &searcher{e: e, ev: ev, hist: hist, stop: stop, total: total, start: time.Now(), gameKeys: g.keys}
	s.useRuleset(g.pos.Variant())
	s.kingsOnly[0] = g.kingsOnly
	s.path[0] = g.pos.Key()
	return s
}

// newEvaluator returns an evaluator of ruleset v with the Engine's weights:
// the tests' own (Engine.weights), or the ruleset's (eval.For).
func (e *Engine) newEvaluator(v bashni.Variant) *eval.Evaluator {
	w := eval.For(v)
	if e.weights != nil {
		w = *e.weights
	}
	return eval.New(v, w)
}

// lineCount returns how many lines a search of lines lines (Limits.Lines)
// of a position of moves legal moves gives: at least one, at most every
// move.
func lineCount(lines, moves int) int {
	return min(max(lines, 1), moves)
}

// improves reports whether a helper's result of value helper, from an
// iteration deeper than the main thread's of value main, should replace
// it. Deeper is better, except against a forced win or loss: that is
// proven, where a deeper search that reduced the winning line away only
// estimates. Such a result gives way only to a proven better one, a
// shorter win or a longer loss.
func improves(helper, main Score) bool {
	if !main.IsWin() {
		return true
	}
	return helper.IsWin() && helper > main
}

// useRuleset sets the searcher's ruleset and the switches that follow
// from it, in one place, so that a test's searcher searches as the
// engine's does.
func (s *searcher) useRuleset(v bashni.Variant) {
	s.v, s.drawEndings = v, classicKings(v)
	s.reductions, s.nullMoves, s.iir = reductionsFor(v), nullMovesFor(v), iirFor(v)
}

// iterate is the main thread's iterative deepening: a search of every depth
// up to maxDepth, or until a limit stops it.
//
// It searches n lines (lineCount; Limits.Lines). Its result's Lines are nil
// when no iteration completed and, with one line, the unfinished first one
// had not proved a move's value: the caller scores them (captureLines).
func (s *searcher) iterate(root *bashni.Position, rootMoves []bashni.Move, maxDepth, n int) Result {
	res := Result{Move: rootMoves[0]}
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		s.iterDone = false
		s.leaves, s.leafPlies = 0, 0
		var lines []Line
		if n > 1 {
			lines = s.searchLines(root, rootMoves, depth, n)
		} else {
			score := s.searchRoot(root, rootMoves, depth)
			lines = []Line{{Score: score, PV: append([]bashni.Move(nil), s.pv[0][:s.pvLen[0]]...)}}
		}
		if s.stopped {
			// One line: a move the unfinished iteration proved better
			// is played, and in the first iteration the move it proved
			// the value of, with that value. Several: the lines of the
			// last completed one.
			if n == 1 && s.iterDone && (s.iterMove != res.Move || res.Depth == 0) {
				res.Move = s.iterMove
				res.Score = s.iterScore
				// A new slice: res.PV's array is the one the last
				// Info passed to Progress holds. The line is empty
				// when the move failed high in an aspiration window
				// and the wider one was stopped before it had one.
				res.PV = append([]bashni.Move(nil), s.pv[0][:s.pvLen[0]]...)
				if len(res.PV) == 0 || res.PV[0] != s.iterMove {
					res.PV = []bashni.Move{s.iterMove}
				}
				res.Lines = []Line{{Score: res.Score, PV: res.PV}}
			}
			break
		}
		unstable := unstableIteration(depth, res.Move, rootMoves[0], res.Info.Score, lines[0].Score)
		res.Move = rootMoves[0]
		res.Info = Info{
			Depth:     depth,
			SelDepth:  s.seldepth,
			Score:     lines[0].Score,
			MeanDepth: float64(s.leafPlies) / float64(max(s.leaves, 1)),
			Nodes:     s.nodes + s.others,
			Time:      time.Since(s.start),
			PV:        lines[0].PV,
			Lines:     lines,
		}
		if s.e.opts.Progress != nil {
			s.e.opts.Progress(res.Info)
		}
		if decided(lines, depth) {
			// The forced results were found with depth to spare; deeper
			// iterations would only repeat them.
			s.reason = StopWin
			break
		}
		if depth == maxDepth {
			// Its depth is done: the loop ends by depth, whatever time
			// is left for starting another iteration.
			break
		}
		if end := s.softEnd.Load(); end != 0 && time.Now().UnixNano() > s.iterationEnd(end, unstable) {
			s.reason = StopTime
			break
		}
	}
	res.Stop = s.reason
	if res.Stop == "" {
		res.Stop = StopDepth
	}
	return res
}

// helper is the iterative deepening of helper thread t, which runs until
// the main thread stops it, or to maxDepth. Its root moves are rotated by
// t, so that threads searching the same depth start on different moves,
// and odd threads search a ply deeper than even ones.
func (s *searcher) helper(root *bashni.Position, ms []bashni.Move, t, maxDepth int) {
	if len(ms) > 1 {
		k := t % len(ms)
		rotated := append(append([]bashni.Move(nil), ms[k:]...), ms[:k]...)
		copy(ms, rotated)
	}
	for depth := 1 + t%2; depth <= maxDepth && !s.stopped; depth++ {
		s.rootDepth = depth
		score := s.searchRoot(root, ms, depth)
		if !s.stopped {
			s.doneDepth, s.doneScore = depth, score
			s.donePV = append(s.donePV[:0], s.pv[0][:s.pvLen[0]]...)
		}
	}
}

// sortRoot orders the root moves for the first iteration: the hash move,
// then as any other node would.
func (s *searcher) sortRoot(root *bashni.Position, ms []bashni.Move) {
	var l moveList
	l.moves = ms
	hash := -1
	if en, ok := s.e.tt.probe(root.Key()); ok {
		hash = int(en.move) - 1
	}
	s.scoreMoves(&l, root, 0, hash)
	for i := range ms {
		l.pick(i)
	}
}

// searchRoot searches every root move to depth and leaves the best first
// in ms, the others in their previous order, and records the root's value
// and best move in the transposition table.
func (s *searcher) searchRoot(root *bashni.Position, ms []bashni.Move, depth int) Score {
	alpha := s.aspire(root, ms, depth)
	if !s.stopped {
		s.e.tt.store(root.Key(), toTT(alpha, 0), depth, boundExact, s.indexOf(root, ms[0]))
	}
	return alpha
}

// Aspiration windows: from aspirationDepth on, the root is searched first
// in a window of aspirationWindow either side of the value the last
// iteration found, as the value rarely moves far between iterations and a
// narrow window prunes more. A value outside the window is searched again
// in one three times as wide, and past a few men's worth with the full one.
const (
	aspirationDepth  = 5
	aspirationWindow = 50
	aspirationMax    = 2000
)

// aspire returns the exact value of the root moves ms at depth as
// searchMoves does, searching in aspiration windows around the value of
// the searcher's last iteration.
func (s *searcher) aspire(root *bashni.Position, ms []bashni.Move, depth int) Score {
	if prev := s.lastScore; depth >= aspirationDepth && !prev.IsWin() {
		for w := Score(aspirationWindow); w < aspirationMax; w *= 3 {
			v := s.searchWindow(root, ms, depth, prev-w, prev+w)
			if s.stopped || (v > prev-w && v < prev+w) {
				s.lastScore = v
				return v
			}
		}
	}
	v := s.searchMoves(root, ms, depth)
	s.lastScore = v
	return v
}

// searchMoves searches the root moves ms to depth with a full window and
// returns the best one's exact value, leaving it first in ms and the others
// in their previous order; the best one's line is s.pv[0].
func (s *searcher) searchMoves(root *bashni.Position, ms []bashni.Move, depth int) Score {
	return s.searchWindow(root, ms, depth, -infinity, infinity)
}

// searchWindow searches the root moves ms to depth within the window
// (alpha, beta). A value inside it is exact, and its move goes first in ms
// with the others in their previous order; a value at or above beta is a
// lower bound, its move first; a value at or below alpha is an upper bound
// and leaves ms as it was.
func (s *searcher) searchWindow(root *bashni.Position, ms []bashni.Move, depth int, alpha, beta Score) Score {
	low := alpha
	best := 0
	s.pvLen[0] = 0
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		child := &s.positions[1]
		root.PlayUncheckedInto(child, m)
		s.enter(root, m, child, 1)
		var score Score
		if i == 0 {
			score = -s.alphaBeta(child, -beta, -alpha, depth-1, 1)
		} else {
			score = -s.alphaBeta(child, -alpha-1, -alpha, depth-1, 1)
			if score > alpha && !s.stopped {
				score = -s.alphaBeta(child, -beta, -alpha, depth-1, 1)
			}
		}
		if s.stopped {
			break
		}
		if score > alpha {
			before := alpha
			alpha = score
			best = i
			s.updatePV(0, m)
			s.iterMove, s.iterScore, s.iterDone = m, score, true
			if alpha >= beta {
				break
			}
			if seekShorterWin(before, alpha, i) {
				i = -1
			}
		}
	}
	if alpha == low {
		return alpha // no move reached the window
	}
	if best > 0 {
		m := ms[best]
		copy(ms[1:best+1], ms[:best])
		ms[0] = m
	}
	return alpha
}

// seekShorterWin reports whether a node must search its moves again from
// the first, at once: when its i-th move raised alpha from before, no
// win, to a win, and so moves were judged before the win was in hand.
// Their searches reduced their own late moves (reduction), which may have
// hidden a shorter win than the one found; searched again against a win,
// the side to move reduces nothing, and the moves that do not win fail low
// at once. The moves after the i-th are searched once, against the win.
// So the search reports the shortest win its depth can see, and the
// iteration that finds it can stop there (decided).
func seekShorterWin(before, alpha Score, i int) bool {
	return i > 0 && before < WinThreshold && alpha >= WinThreshold
}

// indexOf returns the index of m in the generation order of pos's moves,
// the form in which the transposition table keeps moves.
func (s *searcher) indexOf(pos *bashni.Position, m bashni.Move) int {
	var buf [64]bashni.Move
	for i, l := range pos.AppendLegalMoves(buf[:0]) {
		if l == m {
			return i
		}
	}
	return -1
}

// enter records the child position reached at ply by playing m in parent.
func (s *searcher) enter(parent *bashni.Position, m bashni.Move, child *bashni.Position, ply int) {
	s.path[ply] = child.Key()
	if ply == 1 {
		s.positions[0] = *parent // the root, for netState
	}
	if parent.IsReversible(m) {
		s.kingsOnly[ply] = s.kingsOnly[ply-1] + 1
	} else {
		s.kingsOnly[ply] = 0
	}
}

// drawn reports whether the position at ply is a draw by the ruleset's
// rules: it repeats an earlier position of the game or the search (once is
// enough inside a search), or the kings-only count is reached.
func (s *searcher) drawn(ply int) bool {
	n := s.kingsOnly[ply]
	if lim := s.v.KingsOnlyPlies; lim > 0 && n >= lim {
		return true
	}
	if s.v.Repetitions <= 0 {
		return false
	}
	key := s.path[ply]
	for i := 2; i <= n; i += 2 {
		var k uint64
		if j := ply - i; j >= 0 {
			k = s.path[j]
		} else {
			k = s.gameKeys[len(s.gameKeys)+j]
		}
		if k == key {
			return true
		}
	}
	return false
}

// evaluate returns the static value of pos at ply, counting it as a leaf.
func (s *searcher) evaluate(pos *bashni.Position, ply int) Score {
	s.leaves++
	s.leafPlies += uint64(ply)
	return Score(s.ev.EvaluateState(pos, s.netState(ply)))
}

// netState returns the evaluation's network sums of the position at ply
// (s.positions[ply]; the root at 0), followed from the nearest ply above
// whose sums hold its position. They are followed only when a position is
// evaluated, not as each is entered: many are cut before they are.
func (s *searcher) netState(ply int) *eval.NetworkState {
	st := &s.netSums[ply]
	if ply > 0 && s.ev.HasNetwork() && !st.Holds(&s.positions[ply]) {
		s.ev.Follow(&s.positions[ply-1], &s.positions[ply], s.netState(ply-1), st)
	}
	return st
}

// checkLimits sets stopped when a limit is reached.
func (s *searcher) checkLimits() {
	if s.nodeLimit > 0 && s.nodes+s.others >= s.nodeLimit {
		s.stopped, s.reason = true, StopNodes
		return
	}
	// The stop flag is read at every node, not only every checkEvery nodes:
	// it is one load, and under a custom ruleset where one node's move list
	// takes a fifth of a second, checkEvery nodes would keep a cancelled
	// search (a closed web page, a request past its deadline) running for
	// minutes.
	if s.stop.Load() {
		s.stopped, s.reason = true, StopCancelled
		return
	}
	// So is the deadline's timer: where nodes are slow (a fresh large
	// table, each node touching a page of it the kernel has to find), the
	// clock is read too seldom to keep the time.
	if s.timeUp.Load() {
		s.stopped, s.reason = true, StopTime
		return
	}
	if s.nodes&checkEvery != 0 {
		return
	}
	s.others = s.total.Add(s.nodes-s.published) - s.nodes
	s.published = s.nodes
	yieldToHost()
	if end := s.deadline.Load(); end != 0 && time.Now().UnixNano() >= end {
		s.stopped, s.reason = true, StopTime
	}
}

func (s *searcher) updatePV(ply int, m bashni.Move) {
	s.pv[ply][0] = m
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}

// open does what every node of the search does first: count the node, check
// the limits, and settle the node at once (done) when the search is stopped,
// the position is drawn or the ply limit is reached.
func (s *searcher) open(pos *bashni.Position, ply int) (v Score, done bool) {
	if s.stopped {
		return 0, true
	}
	s.nodes++
	s.checkLimits()
	if s.stopped {
		return 0, true
	}
	if ply > s.seldepth {
		s.seldepth = ply
	}
	if s.drawn(ply) {
		return Draw, true
	}
	if s.e.opts.Tables != nil {
		if v, ok := s.probe(pos, ply); ok {
			return v, true
		}
	}
	if ply >= MaxPly {
		return s.evaluate(pos, ply), true
	}
	return 0, false
}

// alphaBeta returns the value of pos, at ply from the root, searched depth
// plies deep, within the window (alpha, beta).
func (s *searcher) alphaBeta(pos *bashni.Position, alpha, beta Score, depth, ply int) Score {
	s.pvLen[ply] = 0
	if depth <= 0 {
		return s.quiesce(pos, alpha, beta, ply)
	}
	if v, done := s.open(pos, ply); done {
		return v
	}
	// A win in fewer plies than one already found is the best hope.
	if a := -Win + Score(ply); alpha < a {
		alpha = a
	}
	if b := Win - Score(ply) - 1; beta > b {
		beta = b
	}
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1

	key := pos.Key()
	hash := -1
	if en, ok := s.e.tt.probe(key); ok {
		s.ttHits++
		hash = int(en.move) - 1
		if !pvNode && int(en.depth) >= depth {
			sc := fromTT(Score(en.score), ply)
			switch {
			case (alpha >= WinThreshold || beta <= -WinThreshold) && !sc.IsWin():
				// The window asks whether a forced result is shorter
				// than one in hand, and an estimate cannot say: the
				// search that stored it reduced its late moves.
			case en.bound == boundExact,
				en.bound == boundLower && sc >= beta,
				en.bound == boundUpper && sc <= alpha:
				return sc
			}
		}
	}

	if s.iirReduces(depth, pvNode, hash >= 0, alpha) {
		depth--
	}
	l := &s.moves[ply]
	l.moves = pos.AppendLegalMoves(l.moves[:0])
	n := len(l.moves)
	if n == 0 {
		return -Win + Score(ply)
	}
	if s.drawEndings && !l.moves[0].IsCapture() && knownDraw(pos) {
		return Draw
	}
	if n == 1 && ply < 2*s.rootDepth {
		depth++ // a forced move costs no depth
	}
	// The cuts on the static value; the position is evaluated only at a
	// node that one of them may cut.
	if prunable(l.moves, alpha, beta) && (depth <= futilityDepth || s.triesNull(depth)) {
		static := Score(s.ev.EvaluateState(pos, s.netState(ply)))
		if v, ok := futile(static, beta, depth); ok {
			return v
		}
		if s.nullMoveCuts(pos, static, beta, depth, ply) {
			return beta
		}
	}
	s.scoreMoves(l, pos, ply, hash)

	// With several threads a node deep enough is marked busy while it is
	// searched, and a move whose child another thread is searching now is
	// put off until the node's other moves are done (the idea of ABDADA):
	// meanwhile the threads search different subtrees instead of the same
	// one side by side, and by then the other thread's result is in the
	// table. The first move is never put off: it sets the bound.
	marked := s.busy != nil && depth >= busyDepth && s.busy.mark(key)

	origAlpha := alpha
	best, bestIdx := -infinity, -1
	for i := 0; i < n; i++ {
		m := l.pick(i)
		child := &s.positions[ply+1]
		pos.PlayUncheckedInto(child, m)
		if marked && i > 0 && i < n-1 && l.score[i] != putOff && s.busy.has(child.Key()) {
			l.score[i] = putOff // the next pick takes another move
			i--
			continue
		}
		s.enter(pos, m, child, ply+1)
		var score Score
		if i == 0 {
			score = -s.alphaBeta(child, -beta, -alpha, depth-1, ply+1)
		} else {
			r := s.reduction(m, i, depth, pvNode, alpha)
			score = -s.alphaBeta(child, -alpha-1, -alpha, depth-1-r, ply+1)
			if score > alpha && r > 0 {
				score = -s.alphaBeta(child, -alpha-1, -alpha, depth-1, ply+1)
			}
			if score > alpha && score < beta {
				score = -s.alphaBeta(child, -beta, -alpha, depth-1, ply+1)
			}
		}
		if s.stopped {
			if marked {
				s.busy.clear(key)
			}
			return 0
		}
		if score > best {
			best, bestIdx = score, int(l.index[i])
			if score > alpha {
				before := alpha
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					s.cutoff(pos, m, ply, depth)
					break
				}
				if seekShorterWin(before, alpha, i) {
					i = -1
				}
			}
		}
	}
	if marked {
		s.busy.clear(key)
	}
	s.e.tt.store(key, toTT(best, ply), depth, boundOf(best, origAlpha, beta), bestIdx)
	return best
}

// cutoff updates the killer moves and history after m refuted the
// position at ply.
func (s *searcher) cutoff(pos *bashni.Position, m bashni.Move, ply, depth int) {
	if m.IsCapture() {
		return // captures are ordered by what they take
	}
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := &s.hist[pos.Turn()][m.From()][m.To()]
	*h += int32(depth * depth)
	if *h > historyMax {
		s.hist.decay(2)
	}
}

// quiesce resolves captures beyond the nominal depth. Capturing is
// compulsory, so a position where the side to move can capture is never
// judged by its static value: every capture is searched (there is no
// "standing pat"), and only a position without captures is evaluated.
func (s *searcher) quiesce(pos *bashni.Position, alpha, beta Score, ply int) Score {
	s.pvLen[ply] = 0
	if v, done := s.open(pos, ply); done {
		return v
	}
	l := &s.moves[ply]
	l.moves = pos.AppendCaptures(l.moves[:0])
	n := len(l.moves)
	if n == 0 {
		if !pos.HasLegalMoves() {
			return -Win + Score(ply)
		}
		if s.drawEndings && knownDraw(pos) {
			return Draw
		}
		return s.evaluate(pos, ply)
	}
	s.scoreMoves(l, pos, ply, -1)
	best := -infinity
	for i := 0; i < n; i++ {
		m := l.pick(i)
		child := &s.positions[ply+1]
		pos.PlayUncheckedInto(child, m)
		s.enter(pos, m, child, ply+1)
		score := -s.quiesce(child, -beta, -alpha, ply+1)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}
