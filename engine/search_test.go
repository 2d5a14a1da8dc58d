package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// summary is what a deterministic search must reproduce.
type summary struct {
	Move  string
	Score Score
	PV    string
	Depth int
	Nodes uint64
}

func summarize(r Result) summary {
	return summary{r.Move.String(), r.Score, lineText(r.PV), r.Depth, r.Nodes}
}

func TestSearchDeterministicAtFixedDepth(t *testing.T) {
	for name, v := range presets {
		t.Run(name, func(t *testing.T) {
			pos := v.MustStart()
			lim := Limits{Depth: 6}
			e := MustNew(Options{HashMB: 4})
			first, err := e.Search(context.Background(), &pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			second, err := MustNew(Options{HashMB: 4}).Search(context.Background(), &pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(summarize(first), summarize(second)); diff != "" {
				t.Errorf("two new engines differ (-first +second):\n%s", diff)
			}
			e.Clear()
			third, err := e.Search(context.Background(), &pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(summarize(first), summarize(third)); diff != "" {
				t.Errorf("an engine after Clear differs from a new one (-new +cleared):\n%s", diff)
			}
			if first.Depth != 6 || first.Stop != StopDepth {
				t.Errorf("depth %d, stop %q; want 6, \"depth\"", first.Depth, first.Stop)
			}
			if err := checkLine(pos, first.PV); err != nil {
				t.Error(err)
			}
			if len(first.PV) == 0 || first.PV[0] != first.Move {
				t.Errorf("PV %q does not start with the move %s", lineText(first.PV), first.Move)
			}
		})
	}
}

func TestSearchFindsWins(t *testing.T) {
	tests := []struct {
		name  string
		v     bashni.Variant
		fen   string
		plies int      // the win's length
		moves []string // the winning moves (any of them)
	}{
		{
			// docs/RULES.md section 11: the king takes all twelve black pieces
			// in one move; Black has no tower left.
			name: "R2/twelve-jump", v: bashni.Russian(), fen: "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b", plies: 1,
			moves: []string{"c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1", "c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:d2"},
		},
		{
			// a5-b6 shuts in the man on a7: it cannot step to b6 or jump
			// it, c5 being taken.
			name: "blockade-in-1", v: bashni.Russian(), fen: "W:Wa5,c5:Ba7", plies: 1, moves: []string{"a5-b6"},
		},
		{
			// L5: the capture goes on over both black men.
			name: "L5/double-jump", v: bashni.Lasca(), fen: "W:Wb2:Bc3,e5", plies: 1, moves: []string{"b2xd4xf6"},
		},
		{
			// The king heads off the man on g3: every step it takes
			// is then jumped.
			name: "russian/king-vs-man-in-3", v: bashni.Russian(), fen: "W:WKc1:Bg3", plies: 3,
		},
		{
			// The man crowns on d8 and the new king catches the man on g7.
			name: "russian/crown-and-catch-in-5", v: bashni.Russian(), fen: "W:Wc7:Bg7", plies: 5,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustFEN(t, tc.v, tc.fen)
			want := shortestWin(pos, 5)
			if want != tc.plies {
				t.Fatalf("brute force: shortest win %d plies, the test says %d", want, tc.plies)
			}
			r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: 6})
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != Win-Score(tc.plies) {
				t.Errorf("score %v, want win %d", r.Score, tc.plies)
			}
			if tc.moves != nil && !contains(tc.moves, bashni.Notation{}.FormatMove(&pos, r.Move)) {
				t.Errorf("move %s, want one of %q", r.Move, tc.moves)
			}
			after := pos
			for _, m := range r.PV {
				after = after.PlayUnchecked(m)
			}
			if len(r.PV) != tc.plies || after.HasLegalMoves() {
				t.Errorf("PV %q should end in a position without moves after %d plies", lineText(r.PV), tc.plies)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The search's verdict on short forced wins and losses agrees with a brute
// force search, in sparse positions of every preset (draw rules off, so
// that only wins and losses are in play), with one thread and with two
// (whose helper puts off moves and may give the result). A win is the
// shortest: a node with a win in hand reduces nothing and judges again
// the moves it judged before (seekShorterWin). The search goes to depth
// 14, as reductions and the pattern weights' odd values on boards of a few
// pieces hide some 5-ply wins from a depth-10 search (docs/ENGINE.md,
// "Late move reductions and aspiration windows").
func TestSearchWinsMatchBruteForce(t *testing.T) {
	for _, threads := range []int{1, 2} {
		for name, v := range presets {
			t.Run(fmt.Sprintf("%s/threads=%d", name, threads), func(t *testing.T) {
				testWinsMatchBruteForce(t, v, threads)
			})
		}
	}
}

func testWinsMatchBruteForce(t *testing.T, v bashni.Variant, threads int) {
	v.Repetitions, v.KingsOnlyPlies = 0, 0
	e := MustNew(Options{HashMB: 1, Threads: threads})
	rapid.Check(t, func(t *rapid.T) {
		pos := sparseGen(v, 5).Draw(t, "pos")
		if !pos.HasLegalMoves() {
			return
		}
		want := shortestWin(pos, 5)
		// A fresh table for each position: entries that earlier
		// searches of other positions stored, whose reduced searches
		// missed a win below them, can hide the win from this one (a
		// table of 1 MiB after 30 positions once hid a win in 5 plies,
		// B:Wa5wb:BKc1,b2wb,Kh4ww of international, that a fresh search
		// to depth 14 finds). The test is of the search, one position
		// at a time, as a new Engine would play it.
		e.Clear()
		r, err := e.Search(context.Background(), &pos, Limits{Depth: 14})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want > 0 && r.Score != Win-Score(want):
			t.Fatalf("%s: brute force wins in %d plies; search says %v (move %s, PV %s)", pos.FEN(), want, r.Score, r.Move, lineText(r.PV))
		case want == 0 && r.Score >= WinThreshold && r.Score.Plies() <= 5:
			t.Fatalf("%s: search claims %v (PV %s); brute force finds no win in 5 plies", pos.FEN(), r.Score, lineText(r.PV))
		case r.Score <= -WinThreshold && r.Score.Plies() <= 4 && !losesWithin(pos, r.Score.Plies()):
			t.Fatalf("%s: search claims %v (PV %s); brute force finds a move that survives", pos.FEN(), r.Score, lineText(r.PV))
		}
	})
}

// losesWithin reports whether every move of pos lets the opponent win within
// plies-1 plies.
func losesWithin(pos bashni.Position, plies int) bool {
	for _, m := range pos.LegalMoves() {
		if !winsWithin(pos.PlayUnchecked(m), plies-1) {
			return false
		}
	}
	return true
}

// Whatever the ruleset and position, the move and the line are legal.
func TestSearchReturnsLegalMoves(t *testing.T) {
	e := MustNew(Options{HashMB: 1})
	rapid.Check(t, func(t *rapid.T) {
		v := variantGen().Draw(t, "variant")
		pos := playoutGen(v, 80).Draw(t, "pos")
		if !pos.HasLegalMoves() {
			if _, err := e.Search(context.Background(), &pos, Limits{Depth: 1}); !errors.Is(err, ErrNoMoves) {
				t.Fatalf("%s: no legal moves, but Search returned %v", pos.FEN(), err)
			}
			return
		}
		lim := Limits{Depth: rapid.IntRange(1, 5).Draw(t, "depth"), Nodes: rapid.Uint64Range(1, 20000).Draw(t, "nodes")}
		r, err := e.Search(context.Background(), &pos, lim)
		if err != nil {
			t.Fatal(err)
		}
		if !isLegal(pos, r.Move) {
			t.Fatalf("%s (%s): move %s is not legal", pos.FEN(), v, r.Move)
		}
		if err := checkLine(pos, r.PV); err != nil {
			t.Fatalf("%s (%s): %v", pos.FEN(), v, err)
		}
		if r.Nodes > lim.Nodes {
			t.Fatalf("searched %d nodes, limit %d", r.Nodes, lim.Nodes)
		}
	})
}

func TestSearchNoMoves(t *testing.T) {
	// Black's only man is shut in.
	pos := mustFEN(t, bashni.Russian(), "B:Wb6,c5:Ba7")
	_, err := MustNew(Options{}).Search(context.Background(), &pos, Limits{Depth: 3})
	if !errors.Is(err, ErrNoMoves) {
		t.Errorf("err %v, want ErrNoMoves", err)
	}
}

func mustMove(t testing.TB, pos bashni.Position, text string) bashni.Move {
	t.Helper()
	m, err := pos.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSearchStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pos := bashni.Russian().MustStart()
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	r, err := MustNew(Options{}).Search(ctx, &pos, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("search went on %v after a cancel at 50ms", d)
	}
	if r.Stop != StopCancelled || !isLegal(pos, r.Move) {
		t.Errorf("stop %q move %s; want \"cancelled\" and a legal move", r.Stop, r.Move)
	}

	// Already cancelled: still a legal move, at once.
	r, err = MustNew(Options{}).Search(ctx, &pos, Limits{})
	if err != nil || !isLegal(pos, r.Move) {
		t.Errorf("cancelled context: move %s, err %v", r.Move, err)
	}
}

// A cancel is seen at the very next node, not only at the nodes where the
// clock is read (every checkEvery+1): under a custom ruleset where one
// node's move list takes a fifth of a second (russian,rejump=any,landing=any
// on W:WKe5:Bd4bbbbbbbbbbb), waiting for the next clock check would keep a
// cancelled search running for minutes.
func TestCancelSeenAtTheNextNode(t *testing.T) {
	var stop atomic.Bool
	s := &searcher{stop: &stop}
	s.nodes = 5 // not a node where the clock is read
	s.checkLimits()
	if s.stopped {
		t.Fatal("stopped with the flag down")
	}
	stop.Store(true)
	s.nodes++
	s.checkLimits()
	if !s.stopped || s.reason != "cancelled" {
		t.Errorf("after the cancel, at node %d: stopped %v, reason %q; want stopped, \"cancelled\"", s.nodes, s.stopped, s.reason)
	}
}

// The time is up at the very next node too, not only at the nodes where
// the clock is read (every checkEvery+1): a timer marks it. Where nodes
// are slow the clock is read seldom: on a fresh table of 64 MiB or more,
// each node first touching a page of it that the kernel had to find (a
// huge page, made up by compaction), a search of 10 ms took 70 to 140 ms,
// its first iterations of a few hundred nodes never reading the clock.
func TestTimeUpSeenAtTheNextNode(t *testing.T) {
	s := &searcher{stop: new(atomic.Bool), total: new(atomic.Uint64)}
	s.setDeadlines(Limits{Time: time.Millisecond}, time.Now())
	for giveUp := time.Now().Add(5 * time.Second); !s.stopped && time.Now().Before(giveUp); {
		s.nodes = 5 // never a node where the clock is read
		s.checkLimits()
	}
	if !s.stopped || s.reason != StopTime {
		t.Errorf("5s after a deadline of 1ms: stopped %v, reason %q; want stopped, %q", s.stopped, s.reason, StopTime)
	}
}

func TestSearchNodeLimit(t *testing.T) {
	for name, v := range presets {
		r, err := MustNew(Options{}).Search(context.Background(), ptr(v.MustStart()), Limits{Nodes: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes != 5000 || r.Stop != StopNodes {
			t.Errorf("%s: %d nodes, stop %q; want exactly 5000, \"nodes\"", name, r.Nodes, r.Stop)
		}
	}
}

func TestSearchTimeLimit(t *testing.T) {
	start := time.Now()
	r, err := MustNew(Options{}).Search(context.Background(), ptr(bashni.Russian().MustStart()), Limits{Time: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// The stop reason says the limit ended the search; the wall clock only
	// catches a runaway (from the start a search without a limit runs on
	// for hours). It allows far more than 200ms because a loaded machine
	// (a load average of 25 on 2 cores) made this search take 1.6s.
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a 200ms search took %v", d)
	}
	if r.Stop != StopTime || r.Depth < 1 {
		t.Errorf("stop %q depth %d; want \"time\" and at least depth 1", r.Stop, r.Depth)
	}
}

// A search waiting for its turn at a busy Engine stops when its context is
// cancelled, as one under way does, with a legal move: it does not wait for
// the other search, which here (an analysis with no limit) would never end.
func TestCancelWhileWaitingForTheEngine(t *testing.T) {
	pos := bashni.Russian().MustStart()
	busy, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	e := MustNew(Options{HashMB: 1, Progress: func(Info) {
		once.Do(func() {
			close(busy)
			<-release
		})
	}})
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := e.Search(ctx, &pos, Limits{})
		first <- err
	}()
	<-busy // the first search holds the Engine, in its Progress

	waiting, stop := context.WithCancel(context.Background())
	type outcome struct {
		r   Result
		err error
	}
	second := make(chan outcome, 1)
	go func() {
		r, err := e.Search(waiting, &pos, Limits{Lines: 3})
		second <- outcome{r, err}
	}()
	stop()
	waited := true
	select {
	case o := <-second:
		waited = false
		// As many lines as asked, as a search cancelled before its
		// first node gives them: nothing searched but the capture search
		// after each move, which scores them as a search of depth 1 does,
		// at depth 0 (TestLinesStoppedInTheFirstIteration).
		type shape struct {
			Move, PV string
			Lines    []string
			Depth    int
			Nodes    uint64
			Stop     StopReason
			Err      error
		}
		d1, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: 1, Lines: 3})
		if err != nil {
			t.Fatal(err)
		}
		want := shape{Move: d1.Move.String(), PV: lineText(d1.PV), Lines: linesText(d1.Lines), Stop: StopCancelled}
		got := shape{o.r.Move.String(), lineText(o.r.PV), linesText(o.r.Lines), o.r.Depth, o.r.Nodes, o.r.Stop, o.err}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("cancelled while waiting (-want +got):\n%s", diff)
		}
		if o.r.Score != o.r.Lines[0].Score {
			t.Errorf("cancelled while waiting: score %s, want the first line's, %s", o.r.Score, o.r.Lines[0].Score)
		}
	case <-time.After(10 * time.Second):
		t.Error("a search cancelled while it waited for the Engine still waits, 10s later")
	}
	close(release)
	cancel()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if waited {
		if o := <-second; o.err != nil {
			t.Fatal(o.err)
		}
	}
	// No moves is still an error, busy Engine or not.
	lost := mustFEN(t, bashni.Russian(), "B:Wb6,c5:Ba7")
	if _, err := e.Search(waiting, &lost, Limits{}); !errors.Is(err, ErrNoMoves) {
		t.Errorf("a lost position, cancelled: error %v, want ErrNoMoves", err)
	}
}

// Engines share nothing: run at once, each gives what it gives alone.
func TestEnginesConcurrently(t *testing.T) {
	var positions []bashni.Position
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca(), bashni.Russian()} {
		positions = append(positions, v.MustStart())
	}
	lim := Limits{Depth: 5}
	want := make([]summary, len(positions))
	for i, p := range positions {
		r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &p, lim)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = summarize(r)
	}
	got := make([]summary, len(positions))
	var wg sync.WaitGroup
	for i, p := range positions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &p, lim)
			if err != nil {
				t.Error(err)
			}
			got[i] = summarize(r)
		}()
	}
	wg.Wait()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("concurrent searches differ from single ones (-alone +together):\n%s", diff)
	}

	// One engine called from several goroutines serves them in turn.
	e := MustNew(Options{HashMB: 1})
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.Search(context.Background(), &positions[0], Limits{Depth: 3}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// docs/RULES.md section 9: with a kings-only limit of one ply, every quiet king
// move ends the game in a draw, so two kings against one are worth nothing.
func TestSearchKingsOnlyDraw(t *testing.T) {
	v := bashni.Russian()
	fen := "W:WKa1,Kc1:BKh8"
	r, err := MustNew(Options{}).Search(context.Background(), ptr(mustFEN(t, v, fen)), Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score <= 100 {
		t.Errorf("default rules: score %v, want White well ahead", r.Score)
	}
	v.KingsOnlyPlies = 1
	r, err = MustNew(Options{}).Search(context.Background(), ptr(mustFEN(t, v, fen)), Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != Draw {
		t.Errorf("kings-only=1: score %v, want a draw", r.Score)
	}
}

// A position of the game seen before counts as a draw in the search: here
// White, a king down, can only hope to repeat, and SearchGame sees that the
// king's return is a repetition.
func TestSearchGameSeesRepetition(t *testing.T) {
	v := bashni.Russian()
	start := mustFEN(t, v, "W:WKc1:BKh8,Kg1")
	var moves []bashni.Move
	pos := start
	for _, text := range []string{"c1-d2", "h8-g7", "d2-c1", "g7-h8"} {
		m := mustMove(t, pos, text)
		moves = append(moves, m)
		pos = pos.PlayUnchecked(m)
	}
	g := bashni.NewGameFrom(&start)
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	keys := g.AppendReversibleKeys(nil)
	if g.KingsOnlyPlies() != 4 || len(keys) != 4 || keys[0] != start.Key() {
		t.Fatalf("kings-only count %d, %d keys; want 4 and 4 starting with the start's", g.KingsOnlyPlies(), len(keys))
	}
	s := &searcher{v: v, gameKeys: keys}
	s.kingsOnly[0] = g.KingsOnlyPlies()
	s.path[0] = pos.Key()
	if !s.drawn(0) {
		t.Error("the root repeats the start of the game, drawn() says no")
	}
	next := pos.PlayUnchecked(mustMove(t, pos, "c1-d2"))
	s.path[1] = next.Key()
	s.kingsOnly[1] = s.kingsOnly[0] + 1
	if !s.drawn(1) {
		t.Error("c1-d2 repeats the position after the game's first move, drawn() says no")
	}
	v.Repetitions = 0
	s.v = v
	if s.drawn(1) {
		t.Error("repetitions=0: drawn() says yes")
	}
}

// TestSearchAllocatesNothingPerNode: a search allocates its state once, not
// per position. (Children made on the stack and passed down by address were
// moved to the heap, one allocation per node, until each ply got its own
// position in the searcher.)
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	for name, v := range presets {
		e := MustNew(Options{})
		pos := v.MustStart()
		var nodes uint64
		allocs := testing.AllocsPerRun(1, func() {
			r, err := e.Search(context.Background(), &pos, Limits{Nodes: 50000})
			if err != nil {
				t.Fatal(err)
			}
			nodes = r.Nodes
		})
		if nodes < 50000 || allocs > float64(nodes)/100 {
			t.Errorf("%s: %v allocations in a search of %d nodes", name, allocs, nodes)
		}
	}
}

// Options that cannot be honoured are an error from Validate and New, and a
// panic from MustNew with that error, not a crash when the table does not
// fit.
func TestOptionsValidate(t *testing.T) {
	for _, o := range []Options{{}, {HashMB: 1}, {HashMB: DefaultHashMB}} {
		if err := o.Validate(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	bad := []Options{{HashMB: -1}, {Threads: -1}, {Threads: MaxThreads + 1}}
	if runtime.GOOS == "linux" {
		bad = append(bad, Options{HashMB: min(1<<40, math.MaxInt)})
	}
	for _, o := range bad {
		err := o.Validate()
		if err == nil {
			t.Errorf("%+v: no error", o)
			continue
		}
		if e, nerr := New(o); e != nil || nerr == nil || nerr.Error() != err.Error() {
			t.Errorf("%+v: New returned %v, %v; want nil and %v", o, e, nerr, err)
		}
		func() {
			defer func() {
				if r := recover(); r == nil || fmt.Sprint(r) != err.Error() {
					t.Errorf("%+v: MustNew panicked with %v, want %v", o, r, err)
				}
			}()
			MustNew(o)
		}()
	}
}

// An Info passed to Options.Progress is the caller's: the search must not
// write into its PV afterwards (here the node limit stops the iteration
// after the one reported, once it has proved another move better, and the
// result's line used to be copied into the reported line's array).
func TestProgressInfoNotOverwritten(t *testing.T) {
	pos := bashni.Russian().MustStart()
	var infos []Info
	var copies [][]bashni.Move
	e := MustNew(Options{HashMB: 1, Progress: func(i Info) {
		infos = append(infos, i)
		copies = append(copies, slices.Clone(i.PV))
	}})
	r, err := e.Search(context.Background(), &pos, Limits{Nodes: 2123})
	if err != nil {
		t.Fatal(err)
	}
	for k := range infos {
		if !slices.Equal(infos[k].PV, copies[k]) {
			t.Errorf("Info of depth %d: PV %s when reported, %s after the search (result %s)",
				infos[k].Depth, lineText(copies[k]), lineText(infos[k].PV), lineText(r.PV))
		}
	}
}

// Result.Info.PV starts with Result.Move, and so does Lines[0].PV, also
// when the search stops in an iteration that has proved a new move better
// by a fail high in an aspiration window and was re-searching it in a
// wider one when the node limit came.
func TestResultPVStartsWithMoveWhenStopped(t *testing.T) {
	pos := mustFEN(t, bashni.Lasca(), "W:Wa1,c1,e1,g1,b2,f2,a3,c3,e3,a5b:Bg3w,c5,e5,g5,b6,d6,f6,a7,c7,e7")
	r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Nodes: 1314})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.PV) == 0 || r.PV[0] != r.Move || len(r.Lines) != 1 || len(r.Lines[0].PV) == 0 || r.Lines[0].PV[0] != r.Move {
		t.Errorf("move %s, PV %q, Lines %v (depth %d, stopped by %q); want PV and Lines[0].PV starting with the move",
			r.Move, lineText(r.PV), r.Lines, r.Depth, r.Stop)
	}
	if err := checkLine(pos, r.PV); err != nil {
		t.Error(err)
	}
}

// Options.Progress stops a search as its documentation says, by cancelling
// the search's context (it may not call the Engine, which the search
// holds): the search returns its move with Stop "cancelled".
func TestProgressCancelsTheSearch(t *testing.T) {
	pos := bashni.Russian().MustStart()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := MustNew(Options{HashMB: 1, Progress: func(i Info) {
		if i.Depth == 2 {
			cancel()
		}
	}})
	r, err := e.Search(ctx, &pos, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != StopCancelled || r.Depth < 2 || !pos.IsLegal(r.Move) {
		t.Errorf("move %s at depth %d, stopped by %q; want a legal move of depth 2 or more, stopped by %q", r.Move, r.Depth, r.Stop, StopCancelled)
	}
}
