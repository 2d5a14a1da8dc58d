package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
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

// A search of several lines stopped before its first iteration completed
// still returns as many lines as asked (or as there are moves): the first
// root moves in the order the search would have searched them, unscored,
// as a single line stopped as early is the first root move. Node limits
// from 1 up stop it at every point of the first iteration's searches.
func TestLinesStoppedInTheFirstIteration(t *testing.T) {
	for name, pos := range multiPVPositions(t) {
		legal := pos.LegalMoves()
		for _, nodes := range []uint64{1, 2, 5, 10, 20} {
			for _, n := range []int{2, 3, 100} {
				r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, Limits{Nodes: nodes, Lines: n})
				if err != nil {
					t.Fatal(err)
				}
				if r.Depth > 0 {
					continue // the first iteration completed: TestLinesShape's case
				}
				want := min(n, len(legal))
				if len(r.Lines) != want {
					t.Fatalf("%s, %d nodes, %d lines: %d lines returned (%q), want %d", name, nodes, n, len(r.Lines), linesText(r.Lines), want)
				}
				if r.Lines[0].PV[0] != r.Move || !slices.Equal(r.Lines[0].PV, r.PV) {
					t.Errorf("%s, %d nodes, %d lines: move %s line %s, but the first line is %s", name, nodes, n, r.Move, lineText(r.PV), lineText(r.Lines[0].PV))
				}
				seen := map[bashni.Move]bool{}
				for k, l := range r.Lines {
					if len(l.PV) != 1 || !slices.Contains(legal, l.PV[0]) || seen[l.PV[0]] {
						t.Errorf("%s, %d nodes, %d lines: line %d is %q, want a legal move of its own", name, nodes, n, k, lineText(l.PV))
						continue
					}
					seen[l.PV[0]] = true
				}
			}
		}
	}
}
