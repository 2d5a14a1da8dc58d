package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
	"github.com/google/go-cmp/cmp"
)

// childValue returns the value of playing m in pos as a separate search of
// the position after it sees it: the game with m played (so repetitions and
// the kings-only count are the same), searched one ply less (or as deep
// when it has only one move: inside a search a forced move costs no depth,
// at the root it is not extended), its score turned to pos's side and one
// ply further from a forced end.
func childValue(t *testing.T, pos bashni.Position, m bashni.Move, depth int) Score {
	t.Helper()
	child := pos.PlayUnchecked(m)
	d := depth - 1
	if len(child.LegalMoves()) == 1 {
		d++
	}
	g := bashni.NewGameFrom(&pos)
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	r, err := MustNew(Options{HashMB: 1}).SearchGame(context.Background(), g, Limits{Depth: d})
	if errors.Is(err, ErrNoMoves) {
		return Win - 1
	}
	if err != nil {
		t.Fatal(err)
	}
	s := -r.Score
	switch {
	case s >= WinThreshold:
		s--
	case s <= -WinThreshold:
		s++
	}
	return s
}

// multiPVPositions are positions of each preset to search for every line:
// the start, and the middlegame reached by a fixed choice of moves (towers
// in lasca).
func multiPVPositions(t *testing.T) map[string]bashni.Position {
	t.Helper()
	out := map[string]bashni.Position{}
	for name, v := range presets {
		pos := v.MustStart()
		out[name+"/start"] = pos
		for ply := 0; ply < 16; ply++ {
			ms := pos.LegalMoves()
			if len(ms) == 0 {
				break
			}
			pos = pos.PlayUnchecked(ms[(ply*7)%len(ms)])
		}
		out[name+"/middlegame"] = pos
	}
	return out
}

// With as many lines as legal moves, each line's score is its move's own
// value: what a separate search of the position after the move finds at
// the same depth (up to 3: no late move is searched reduced, so the value
// of a move does not depend on the order the others were searched in).
func TestLinesAreEachMovesOwnValue(t *testing.T) {
	for name, pos := range multiPVPositions(t) {
		for _, depth := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/depth%d", name, depth), func(t *testing.T) {
				legal := pos.LegalMoves()
				r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: depth, Lines: len(legal)})
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]Score{}
				for _, l := range r.Lines {
					got[l.PV[0].String()] = l.Score
				}
				want := map[string]Score{}
				for _, m := range legal {
					want[m.String()] = childValue(t, pos, m, depth)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("lines' scores against separate searches of each move (-separate +lines):\n%s", diff)
				}
			})
		}
	}
}

// The lines of every iteration are best first, of distinct moves, legal,
// as many as asked (or as there are moves), with the first one the
// iteration's score and line; and the result is the last one's best.
func TestLinesShape(t *testing.T) {
	for name, pos := range multiPVPositions(t) {
		for _, n := range []int{2, 3, 5, 100} {
			var infos []Info
			e := MustNew(Options{HashMB: 1, Progress: func(i Info) { infos = append(infos, i) }})
			r, err := e.Search(context.Background(), &pos, Limits{Depth: 5, Lines: n})
			if err != nil {
				t.Fatal(err)
			}
			want := min(n, len(pos.LegalMoves()))
			if len(infos) != 5 {
				t.Fatalf("%s, %d lines: %d iterations reported, want 5", name, n, len(infos))
			}
			for _, i := range infos {
				if len(i.Lines) != want {
					t.Fatalf("%s, %d lines: depth %d has %d lines, want %d", name, n, i.Depth, len(i.Lines), want)
				}
				if i.Score != i.Lines[0].Score || !slices.Equal(i.PV, i.Lines[0].PV) {
					t.Errorf("%s, %d lines: depth %d: score %s line %s, but the first line is %s %s", name, n, i.Depth,
						i.Score, lineText(i.PV), i.Lines[0].Score, lineText(i.Lines[0].PV))
				}
				seen := map[bashni.Move]bool{}
				for k, l := range i.Lines {
					if err := checkLine(pos, l.PV); err != nil || len(l.PV) == 0 {
						t.Errorf("%s, depth %d, line %d: %q: %v", name, i.Depth, k, lineText(l.PV), err)
						continue
					}
					if seen[l.PV[0]] {
						t.Errorf("%s, depth %d: %s in two lines", name, i.Depth, l.PV[0])
					}
					seen[l.PV[0]] = true
					if k > 0 && l.Score > i.Lines[k-1].Score {
						t.Errorf("%s, depth %d: line %d (%s) scores more than line %d (%s)", name, i.Depth, k, l.Score, k-1, i.Lines[k-1].Score)
					}
				}
			}
			last := infos[len(infos)-1]
			if r.Move != last.Lines[0].PV[0] || !slices.Equal(linesText(r.Lines), linesText(last.Lines)) {
				t.Errorf("%s, %d lines: result %s %q, last iteration %q", name, n, r.Move, linesText(r.Lines), linesText(last.Lines))
			}
		}
	}
}

// One line is the ordinary search: Lines 0 and 1 search the same nodes,
// and the result's one line is its score and line.
func TestOneLineIsTheOrdinarySearch(t *testing.T) {
	for name, v := range presets {
		pos := v.MustStart()
		r0, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: 6})
		if err != nil {
			t.Fatal(err)
		}
		r1, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: 6, Lines: 1})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(summarize(r0), summarize(r1)); diff != "" {
			t.Errorf("%s: Lines 1 against 0 (-0 +1):\n%s", name, diff)
		}
		if len(r1.Lines) != 1 || r1.Lines[0].Score != r1.Score || !slices.Equal(r1.Lines[0].PV, r1.PV) {
			t.Errorf("%s: lines %q, want one: %s %s", name, linesText(r1.Lines), r1.Score, lineText(r1.PV))
		}
	}
}

// linesText writes each line as its score and moves.
func linesText(lines []Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Score.String() + " " + lineText(l.PV)
	}
	return out
}

// depthOneValues returns the value of each legal move of pos as a search
// of depth 1 finds it: the capture search after the move. A search of
// every line gives each move its own exact value (TestLinesAreEachMovesOwnValue).
func depthOneValues(t *testing.T, pos bashni.Position) map[bashni.Move]Score {
	t.Helper()
	legal := pos.LegalMoves()
	r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: 1, Lines: len(legal)})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Lines) != len(legal) {
		t.Fatalf("%s: %d lines at depth 1, want %d", pos.FEN(), len(r.Lines), len(legal))
	}
	out := map[bashni.Move]Score{}
	for _, l := range r.Lines {
		out[l.PV[0]] = l.Score
	}
	return out
}

// checkUnsearchedLines checks the lines of a search of pos for n lines
// that stopped before its first iteration completed (Depth 0): as many as
// asked (or as there are moves), each a legal line from its own move,
// scored by the capture search after the move (want, depthOneValues);
// with several lines the n best moves by that value, best first; the
// first line the result's move, score and line.
func checkUnsearchedLines(t *testing.T, what string, pos bashni.Position, n int, r Result, want map[bashni.Move]Score) {
	t.Helper()
	if r.Depth != 0 {
		t.Fatalf("%s: depth %d, want 0", what, r.Depth)
	}
	if len(r.Lines) != min(n, len(want)) {
		t.Fatalf("%s: %d lines (%q), want %d", what, len(r.Lines), linesText(r.Lines), min(n, len(want)))
	}
	l0 := r.Lines[0]
	if len(l0.PV) == 0 || l0.PV[0] != r.Move || l0.Score != r.Score || !slices.Equal(l0.PV, r.PV) {
		t.Errorf("%s: move %s score %s line %s, but the first line is %s %s", what, r.Move, r.Score, lineText(r.PV), l0.Score, lineText(l0.PV))
	}
	seen := map[bashni.Move]bool{}
	for k, l := range r.Lines {
		if err := checkLine(pos, l.PV); err != nil || len(l.PV) == 0 || seen[l.PV[0]] {
			t.Errorf("%s: line %d is %q (%v), want a legal line of a move of its own", what, k, lineText(l.PV), err)
			continue
		}
		seen[l.PV[0]] = true
		if w := want[l.PV[0]]; l.Score != w {
			t.Errorf("%s: line %d %s scores %s, want %s, its move's value at depth 1", what, k, lineText(l.PV), l.Score, w)
		}
	}
	if n == 1 {
		return
	}
	// The best: the lines' scores are the n highest values, best first.
	values := make([]Score, 0, len(want))
	for _, v := range want {
		values = append(values, v)
	}
	slices.SortFunc(values, func(a, b Score) int { return int(b - a) })
	got := make([]Score, len(r.Lines))
	for k, l := range r.Lines {
		got[k] = l.Score
	}
	if !slices.Equal(got, values[:len(got)]) {
		t.Errorf("%s: lines scored %v (%q), want the best values %v", what, got, linesText(r.Lines), values[:len(got)])
	}
}

// A search stopped before its first iteration completed still returns as
// many lines as asked (or as there are moves), and each has a score: its
// move's value by the capture search after it, what a search of depth 1
// finds for it, reported at Depth 0. With several lines they are the best
// moves by that value, best first; one line is the move the search chose,
// the first root move. They scored 0.00 (a draw, never searched), the
// first root moves in the order the search took them. Node limits from 1
// up stop it at every point of the first iteration's searches.
func TestLinesStoppedInTheFirstIteration(t *testing.T) {
	for name, pos := range multiPVPositions(t) {
		want := depthOneValues(t, pos)
		for _, nodes := range []uint64{1, 2, 5, 10, 20} {
			for _, n := range []int{1, 2, 3, 100} {
				r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Nodes: nodes, Lines: n})
				if err != nil {
					t.Fatal(err)
				}
				if r.Depth > 0 {
					continue // the first iteration completed: TestLinesShape's case
				}
				checkUnsearchedLines(t, fmt.Sprintf("%s, %d nodes, %d lines", name, nodes, n), pos, n, r, want)
			}
		}
	}
}

// bashni analyze -lines 5 -nodes 10, exactly: the search stops at its 10th
// node, in depth 1's second search of the root, and returns the five best
// of the seven moves as depth 1 ranks them, each with its own value, at
// Depth 0; Nodes counts the 10 the limit bound, not the capture searches'.
func TestFiveLinesInTenNodes(t *testing.T) {
	pos := bashni.Russian().MustStart()
	r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Nodes: 10, Lines: 5})
	if err != nil {
		t.Fatal(err)
	}
	d1, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Depth: 1, Lines: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 0 || r.Stop != StopNodes || r.Nodes != 10 {
		t.Errorf("depth %d, %d nodes, stopped by %q; want depth 0, 10 nodes, stopped by %q", r.Depth, r.Nodes, r.Stop, StopNodes)
	}
	if diff := cmp.Diff(linesText(d1.Lines), linesText(r.Lines)); diff != "" {
		t.Errorf("lines at depth 0 against depth 1's (-depth 1 +depth 0):\n%s", diff)
	}
	checkUnsearchedLines(t, "russian start, 10 nodes, 5 lines", pos, 5, r, depthOneValues(t, pos))
}

// The capture searches that score the lines of a search stopped before
// its first iteration are bounded (captureLinesNodes): past the bound each
// line left is its move alone, scored by the static evaluation after it,
// and the lines are still sorted, best first. The bound keeps a cancelled
// search prompt where a custom ruleset's capture trees are large.
func TestCaptureLinesBounded(t *testing.T) {
	defer func(n uint64) { captureLinesNodes = n }(captureLinesNodes)
	// Black to move after 1. c3-d4: each of its moves to e5 or c5 is taken
	// (d4:f6, d4:b6) and retaken, so their capture search has a tree.
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayLine("c3-d4"); err != nil {
		t.Fatal(err)
	}
	pos := *g.Position()
	legal := pos.LegalMoves()
	unbounded, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Nodes: 1, Lines: len(legal)})
	if err != nil {
		t.Fatal(err)
	}
	if slices.IndexFunc(unbounded.Lines, func(l Line) bool { return len(l.PV) > 1 }) < 0 {
		t.Fatalf("no line has captures after its move (%q): the test needs some", linesText(unbounded.Lines))
	}
	captureLinesNodes = 1
	r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Nodes: 1, Lines: len(legal)})
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.New(pos.Variant(), eval.For(pos.Variant()))
	want := map[bashni.Move]Score{}
	for _, m := range legal {
		child := pos.PlayUnchecked(m)
		want[m] = -Score(ev.Evaluate(&child))
	}
	if len(r.Lines) != len(legal) {
		t.Fatalf("%d lines, want %d", len(r.Lines), len(legal))
	}
	for k, l := range r.Lines {
		if len(l.PV) != 1 || l.Score != want[l.PV[0]] {
			t.Errorf("line %d: %s %q, want one move scored by the static evaluation after it (%s)", k, l.Score, lineText(l.PV), want[l.PV[0]])
		}
		if k > 0 && l.Score > r.Lines[k-1].Score {
			t.Errorf("line %d scores %s, above line %d's %s", k, l.Score, k-1, r.Lines[k-1].Score)
		}
	}
}
