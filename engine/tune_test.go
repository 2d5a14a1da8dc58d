package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// TestTuneWeights compares evaluation weights: an engine with changed
// weights plays one with the weights it ships with (eval.For), each random
// opening twice with the colours swapped, at a fixed depth. It runs only
// when asked, as in
//
//	BASHNI_TUNE=hand BASHNI_TUNE_VARIANT=lasca BASHNI_TUNE_DEPTH=5 BASHNI_TUNE_PAIRS=100 \
//	    go test -run TestTuneWeights -v ./engine
//
// (the hand-set weights against the fitted ones), or BASHNI_TUNE=file with
// BASHNI_TUNE_FILE naming a fit's JSON, and logs the changed engine's
// score. Changes combine with '+' ("no-towers+mob-half"); see
// weightChanges for their names.
func TestTuneWeights(t *testing.T) {
	changes := os.Getenv("BASHNI_TUNE")
	if changes == "" {
		t.Skip("set BASHNI_TUNE to compare weights (see the comment)")
	}
	v, err := bashni.ParseVariant(envOr("BASHNI_TUNE_VARIANT", "russian"))
	if err != nil {
		t.Fatal(err)
	}
	depth, err1 := strconv.Atoi(envOr("BASHNI_TUNE_DEPTH", "5"))
	pairs, err2 := strconv.Atoi(envOr("BASHNI_TUNE_PAIRS", "50"))
	if err1 != nil || err2 != nil {
		t.Fatal("BASHNI_TUNE_DEPTH and BASHNI_TUNE_PAIRS are whole numbers")
	}
	w := eval.For(v)
	for _, name := range strings.Split(changes, "+") {
		change, ok := weightChanges[name]
		if !ok {
			t.Fatalf("unknown change %q", name)
		}
		change(&w, v)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	points := 0.0
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			changed, base := MustNew(Options{HashMB: 4}), MustNew(Options{HashMB: 4})
			changed.weights = &w
			for k := range next {
				opening, _ := RandomOpening(ptr(v.MustStart()), 4, rand.New(rand.NewPCG(99, uint64(k))))
				p := tuneGame(t, v, opening, changed, base, depth) + 1 - tuneGame(t, v, opening, base, changed, depth)
				mu.Lock()
				points += p
				mu.Unlock()
			}
		}()
	}
	for k := range pairs {
		next <- k
	}
	close(next)
	wg.Wait()
	t.Logf("%s in %s at depth %d: %.1f of %d points (%.1f%%)", changes, v, depth, points, 2*pairs, 50*points/float64(pairs))
}

// weightChanges are the named changes TestTuneWeights can try, on the
// weights the engine plays with (eval.For).
var weightChanges = map[string]func(*eval.Weights, bashni.Variant){
	"same": func(w *eval.Weights, v bashni.Variant) {},
	"hand": func(w *eval.Weights, v bashni.Variant) { *w = eval.Hand(v) },
	// "file": the weights in the JSON file named by BASHNI_TUNE_FILE (a
	// fit's output), to compare a new fit with the weights in use.
	"file": func(w *eval.Weights, v bashni.Variant) {
		data, err := os.ReadFile(os.Getenv("BASHNI_TUNE_FILE"))
		if err == nil {
			err = json.Unmarshal(data, w)
		}
		if err != nil {
			panic(fmt.Sprintf("BASHNI_TUNE_FILE: %v", err))
		}
	},
	"no-towers":   func(w *eval.Weights, v bashni.Variant) { w.Towers = eval.Weights{}.Towers },
	"king-x1.2":   func(w *eval.Weights, v bashni.Variant) { w.King = w.King * 12 / 10 },
	"king-x0.8":   func(w *eval.Weights, v bashni.Variant) { w.King = w.King * 8 / 10 },
	"no-mobility": func(w *eval.Weights, v bashni.Variant) { w.ManMobility, w.KingMobility, w.ImmobileMan = 0, 0, 0 },
	"mob-half": func(w *eval.Weights, v bashni.Variant) {
		w.ManMobility, w.KingMobility, w.ImmobileMan = w.ManMobility/2, w.KingMobility/2, w.ImmobileMan/2
	},
	"no-advance": func(w *eval.Weights, v bashni.Variant) { w.Advance, w.LateAdvance = [8]int{}, [8]int{} },
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// tuneGame plays white against black after the opening, at most 300 plies,
// and returns White's points.
func tuneGame(t *testing.T, v bashni.Variant, opening []bashni.Move, white, black *Engine, depth int) float64 {
	white.Clear()
	black.Clear()
	g, err := bashni.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range opening {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for !g.Outcome().IsOver() && g.Plies() < 300 {
		e := white
		if g.Position().Turn() == bashni.Black {
			e = black
		}
		r, err := e.SearchGame(context.Background(), g, Limits{Depth: depth})
		if err == nil {
			err = g.Play(r.Move)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	switch c, ok := g.Outcome().Winner(); {
	case !ok:
		return 0.5
	case c == bashni.White:
		return 1
	}
	return 0
}
