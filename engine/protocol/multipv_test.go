package protocol

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/google/go-cmp/cmp"
)

// timeRE masks the fields of an info line that depend on the clock.
var timeRE = regexp.MustCompile(` nps \d+ time \d+ `)

// "go depth 3 multipv 3": each iteration writes 3 info lines, numbered 1
// to 3, each the line the engine found (its score and moves), exactly as
// an engine of the session's table size searching the same position
// reports them; bestmove is the last iteration's first line's move.
func TestEngineProtoMultiPV(t *testing.T) {
	got := converse(t, "position startpos\ngo depth 3 multipv 3\n")
	for i := range got {
		got[i] = timeRE.ReplaceAllString(got[i], " nps N time T ")
	}

	start := bashni.Russian().MustStart()
	var want []string
	e := engine.MustNew(engine.Options{HashMB: 1, Progress: func(i engine.Info) {
		for k, l := range i.Lines {
			want = append(want, fmt.Sprintf("info depth %d seldepth %d multipv %d score cp %d nodes %d nps N time T pv %s",
				i.Depth, i.SelDepth, k+1, int(l.Score), i.Nodes, bashni.Notation{}.FormatLine(&start, l.PV)))
		}
	}})
	r, err := e.Search(context.Background(), &start, engine.Limits{Depth: 3, Lines: 3})
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, "bestmove "+bashni.Notation{}.FormatMove(&start, r.Move))
	if len(want) != 10 {
		t.Fatalf("the engine reported %d lines, want 3 iterations of 3 lines and the move", len(want))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("go depth 3 multipv 3 (-engine +protocol):\n%s", diff)
	}

	errs := converse(t, "go multipv 2\ngo depth 1 multipv 0\ngo depth 1 multipv 257\n")
	wantErrs := []string{
		"error go: no limit: give depth, nodes, movetime, wtime/btime, infinite or ponder",
		"error go: multipv: 0 is not from 1 to 256",
		"error go: multipv: 257 is not from 1 to 256",
	}
	if diff := cmp.Diff(wantErrs, errs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}
