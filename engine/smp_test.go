package engine

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"pgregory.net/rapid"
)

// Several threads share the table (run with -race): the move and the line
// are legal, the line starts with the move, and the search reaches the
// depth asked for. Under a time limit the result may come from a helper
// that completed a deeper iteration than the main thread.
func TestThreadsSearchLegally(t *testing.T) {
	e := MustNew(Options{HashMB: 1, Threads: 3})
	rapid.Check(t, func(t *rapid.T) {
		v := variantGen().Draw(t, "variant")
		pos := playoutGen(v, 60).Draw(t, "pos")
		if !pos.HasLegalMoves() {
			return
		}
		depth := rapid.IntRange(1, 6).Draw(t, "depth")
		lim := Limits{Depth: depth}
		if rapid.Bool().Draw(t, "timed") {
			lim = Limits{Time: time.Duration(rapid.IntRange(1, 10).Draw(t, "ms")) * time.Millisecond}
			// Untimed by depth, it may finish every depth in a small
			// position before its time is up.
			depth = MaxPly / 2
		}
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
		if len(r.PV) > 0 && r.PV[0] != r.Move {
			t.Fatalf("%s (%s): line %s does not start with the move %s", pos.FEN(), v, lineText(r.PV), r.Move)
		}
		if r.Stop == StopDepth && r.Depth != depth {
			t.Fatalf("stopped by depth at depth %d, want %d", r.Depth, depth)
		}
	})
}

// A threaded search counts the helpers' nodes too: at a fixed depth it
// searches more nodes than the main thread alone would, and it still stops
// at a node limit (within the nodes each thread searches between two
// looks at the others' count).
func TestThreadsCountNodes(t *testing.T) {
	pos := bashni.Russian().MustStart()
	lim := Limits{Nodes: 200000}
	r, err := MustNew(Options{Threads: 2}).Search(context.Background(), &pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != StopNodes || r.Nodes < lim.Nodes || r.Nodes > lim.Nodes+4*(checkEvery+1) {
		t.Errorf("%d nodes, stop %q; want about %d and \"nodes\"", r.Nodes, r.Stop, lim.Nodes)
	}
}

// A threaded search with a time limit stops by it, and a cancelled one
// stops at once: the helpers do not keep the search going (a search that
// went on would end only at depth 64, or hang the test).
func TestThreadsStop(t *testing.T) {
	r, err := MustNew(Options{Threads: 2}).Search(context.Background(), ptr(bashni.Lasca().MustStart()), Limits{Time: time.Microsecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != StopTime {
		t.Errorf("a search of a microsecond with 2 threads stopped by %q", r.Stop)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e := MustNew(Options{Threads: 2, Progress: func(i Info) {
		if i.Depth == 6 {
			cancel()
		}
	}})
	r, err = e.Search(ctx, ptr(bashni.Russian().MustStart()), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// (The context tells the search from a goroutine of its own, so the
	// search may finish an iteration or a few first.)
	if r.Stop != StopCancelled || r.Depth < 6 || r.Depth >= MaxPly/2 {
		t.Errorf("cancelled after depth 6: depth %d, stopped by %q", r.Depth, r.Stop)
	}
}

// Threads: 1 is the engine's default and searches exactly as before.
func TestOneThreadIsTheDefault(t *testing.T) {
	pos := bashni.International().MustStart()
	a, err := MustNew(Options{}).Search(context.Background(), &pos, Limits{Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	b, err := MustNew(Options{Threads: 1}).Search(context.Background(), &pos, Limits{Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	if summarize(a) != summarize(b) {
		t.Errorf("Threads 0 gives %+v, Threads 1 %+v", summarize(a), summarize(b))
	}
}

// Writers racing on a small table never make a probe return an entry that
// was not stored for its key: each key's score is a function of the key,
// and a torn entry must read as a miss.
func TestTableTornEntriesAreMisses(t *testing.T) {
	tt := newTable(1)
	tt.buckets = tt.buckets[:4] // 8 slots for 64 keys: constant collisions
	tt.mask = 3
	keys := make([]uint64, 64)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range keys {
		keys[i] = rng.Uint64()
	}
	scoreOf := func(k uint64) Score { return Score(k%20000) - 10000 }
	depthOf := func(k uint64) int { return int(k>>20) % 50 }
	var wg sync.WaitGroup
	var bad sync.Once
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(3, uint64(w)))
			for range 100000 {
				k := keys[r.IntN(len(keys))]
				if r.IntN(2) == 0 {
					tt.store(k, scoreOf(k), depthOf(k), boundExact, int(k%200))
					continue
				}
				e, ok := tt.probe(k)
				if ok && (Score(e.score) != scoreOf(k) || int(e.depth) != depthOf(k) || int(e.move) != int(k%200)+1) {
					bad.Do(func() { t.Errorf("key %x: probe returned %+v, not what was stored", k, e) })
				}
			}
		}()
	}
	wg.Wait()
}

// MeanDepth is the mean ply of an iteration's leaves: past the nominal
// depth less the plies a reduction saves, never past the selective depth.
func TestMeanDepth(t *testing.T) {
	var infos []Info
	e := MustNew(Options{Progress: func(i Info) { infos = append(infos, i) }})
	if _, err := e.Search(context.Background(), ptr(bashni.Russian().MustStart()), Limits{Depth: 8}); err != nil {
		t.Fatal(err)
	}
	for _, i := range infos {
		if i.MeanDepth < float64(i.Depth)/2 || i.MeanDepth > float64(i.SelDepth) {
			t.Errorf("depth %d (selective %d): mean depth %.2f", i.Depth, i.SelDepth, i.MeanDepth)
		}
	}
	if infos[7].MeanDepth <= infos[3].MeanDepth {
		t.Errorf("mean depth %.2f at depth 8, not more than %.2f at depth 4", infos[7].MeanDepth, infos[3].MeanDepth)
	}
}
