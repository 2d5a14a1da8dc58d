package wasmapi

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni/engine"
	"github.com/google/go-cmp/cmp"
)

func TestCallPosition(t *testing.T) {
	v, err := Call("play", []any{"russian", nil, "c3-d4"})
	if err != nil {
		t.Fatal(err)
	}
	want := Object{
		{"variant", "russian"},
		{"size", float64(8)},
		{"fen", "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
		{"turn", "black"},
		{"move", "c3-d4"},
	}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Error(diff)
	}
	n, err := Call("perft", []any{"russian", "", float64(3)})
	if err != nil || n != float64(302) {
		t.Errorf("perft 3 = %v, %v; want 302 (docs/PERFT.md)", n, err)
	}
}

func TestCallErrors(t *testing.T) {
	for _, tc := range []struct {
		method string
		args   []any
		want   string
	}{
		{"nope", nil, `no method "nope"`},
		{"position", nil, "position: argument 1: bad argument: the ruleset must be a string, not undefined"},
		{"position", []any{"russian", float64(1)}, "argument 2: bad argument: the FEN must be a string, not a number"},
		{"legalMoves", []any{"russian", "W:Wzz"}, `FEN "W:Wzz"`},
		{"perft", []any{"russian", nil, float64(-1)}, "the depth must be a whole number from 0 to 20, not -1"},
		{"matchPath", []any{"russian", nil, []any{"c3", true}}, "the squares[1] must be a string, not a boolean"},
		{"matchPath", []any{"russian", nil, []any{"40"}}, "no square numbered 40"},
		{"outcome", []any{"russian", nil, []any{"c3-d4", "zz"}}, "move 2 (zz)"},
		{"writePDN", []any{map[string]any{"variant": "russian", "tags": []any{[]any{"A"}}}}, "entry 1 is not a [name, value] pair"},
		{"writePDN", []any{map[string]any{"variant": "russian", "tags": []any{[]any{"", ""}}}}, `writePDN: argument 1: bad argument: tag name "" is not letters, digits and '_'`},
		{"svg", []any{"russian", nil, map[string]any{"last": "c3-d4"}}, "last needs before"},
	} {
		_, err := Call(tc.method, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s%v: error %v, want one containing %q", tc.method, tc.args, err, tc.want)
		}
	}
}

// A panic in a method is an error of that call, and the next call works.
func TestCallCatchesPanics(t *testing.T) {
	methods["boom"] = func(args) (any, error) { panic("boom") }
	defer delete(methods, "boom")
	_, err := Call("boom", nil)
	if err == nil || !strings.Contains(err.Error(), "internal error in boom: boom") {
		t.Errorf("error %v", err)
	}
	if _, err := Call("presets", nil); err != nil {
		t.Error(err)
	}
}

func TestSearchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v, err := Search(ctx, []any{map[string]any{"variant": "lasca", "movetime": float64(60000)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := v.(Object).Get("stop"); got != "cancelled" {
		t.Errorf("stop %v, want cancelled", got)
	}
}

func TestHubLines(t *testing.T) {
	lines := make(chan string, 16)
	ended := make(chan error, 1)
	h := NewHub(func(l string) { lines <- l }, func(err error) { ended <- err })
	if err := h.Send("ping\n"); err != nil {
		t.Fatal(err)
	}
	if got := <-lines; got != "pong" {
		t.Errorf("got %q", got)
	}
	if err := h.Send("a\nb"); err == nil {
		t.Error("a line with a break inside was taken")
	}
	if err := h.Send("quit"); err != nil {
		t.Fatal(err)
	}
	end := <-ended
	if end == nil || !strings.Contains(end.Error(), "ended") {
		t.Errorf("end called with %v", end)
	}
	h.Close()
	if err := h.Send("ping"); err != end {
		t.Errorf("Send after the end: %v, want the end's error %v", err, end)
	}
}

// Sessions closed, with or without a search under way, end: none is left
// running.
func TestHubsEnd(t *testing.T) {
	before := LiveHubs()
	const n = 20
	ended := make(chan error, n)
	var hubs []*Hub
	for i := range n {
		h := NewHub(func(string) {}, func(err error) { ended <- err })
		if i%2 == 0 {
			for _, l := range []string{"level infinite", "go analyze"} {
				if err := h.Send(l); err != nil {
					t.Fatal(err)
				}
			}
		}
		hubs = append(hubs, h)
	}
	if got := LiveHubs(); got != before+n {
		t.Errorf("%d sessions run, want %d", got, before+n)
	}
	for _, h := range hubs {
		h.Close()
	}
	for range n {
		<-ended
	}
	if got := LiveHubs(); got != before {
		t.Errorf("%d sessions run after all ended, want %d", got, before)
	}
}

// Searches under way at once each have an engine, at most maxEngines of
// them: one more is refused with an error that says why, and an engine
// whose search ended serves the next search rather than a new one.
func TestSearchesBounded(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range maxEngines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Search(ctx, []any{map[string]any{"variant": "russian", "movetime": float64(60000)}}); err != nil {
				t.Error(err)
			}
		}()
	}
	// Each search takes its engine before it starts: wait until all have.
	for {
		enginesMu.Lock()
		n, free := made, len(idle)
		enginesMu.Unlock()
		if n == maxEngines && free == 0 {
			break
		}
		runtime.Gosched()
	}
	_, err := Search(context.Background(), []any{map[string]any{"variant": "russian", "depth": float64(1)}})
	if want := fmt.Sprintf("bashni: search: %d searches are under way", maxEngines); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a search past the bound: %v, want an error starting %q", err, want)
	}
	cancel()
	wg.Wait()
	if _, err := Search(context.Background(), []any{map[string]any{"variant": "russian", "depth": float64(1)}}); err != nil {
		t.Errorf("a search once the others ended: %v", err)
	}
	if made != maxEngines {
		t.Errorf("%d engines made, want the %d made before", made, maxEngines)
	}
}

// TestSearchDepthRange checks that search takes the depths the other
// interfaces take, 1 to 64 (engine.MaxPly/2), and refuses a deeper one,
// which it searched as 64.
func TestSearchDepthRange(t *testing.T) {
	// A depth taken would search until the context ends: a second.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := Search(ctx, []any{map[string]any{"variant": "russian", "depth": float64(engine.MaxPly/2 + 1)}}); err == nil || !strings.Contains(err.Error(), "depth") {
		t.Errorf("depth %d: %v, want an error about the depth", engine.MaxPly/2+1, err)
	}
	v, err := Search(context.Background(), []any{map[string]any{"variant": "russian", "depth": float64(engine.MaxPly / 2), "nodes": float64(1000)}})
	if err != nil {
		t.Fatalf("depth %d: %v", engine.MaxPly/2, err)
	}
	if got := v.(Object).Get("stop"); got != "nodes" {
		t.Errorf("depth %d, nodes 1000: stop %v, want nodes", engine.MaxPly/2, got)
	}
}

// FuzzCall calls each method with any arguments JSON gives (the values
// syscall/js gives too: strings, numbers as float64, booleans, null,
// arrays and objects): no call panics, which Call would answer as an
// "internal error", and every error is the package's, "bashni: ...", saying so once.
// Perft deeper than 3 is left out, for the fuzzer's time.
func FuzzCall(f *testing.F) {
	names := Methods()
	index := func(name string) byte { return byte(slices.Index(names, name)) }
	for _, s := range []struct {
		method, args string
	}{
		{"play", `["russian", null, "c3-d4"]`},
		{"moves", `["lasca", "W:Wc3:Bd4", ["c3:e5"]]`},
		{"outcome", `["russian", null, ["c3-d4", "f6-e5"]]`},
		{"perft", `["russian-draughts", "", 3]`},
		{"matchPath", `["russian", "W:WKa1:Bb2,d4,f6", ["a1", "c3"]]`},
		{"towers", `["lasca", null]`},
		{"numberedFEN", `["russian-draughts", null, {"numbering": "N2"}]`},
		{"readPDN", `["[Variant \"lasca\"]\n1. c3-d4 *", {"variant": "lasca"}]`},
		{"writePDN", `[{"variant": "russian", "moves": ["c3-d4"], "tags": [["Event", "x"]], "numbers": true}]`},
		{"svg", `["russian", null, {"last": "c3-d4", "before": "W:Wc3:B", "flip": true, "size": 40}]`},
		{"legalMoves", `["international,rejump=any", "W:WKe5:Bd4bbb"]`},
		{"position", `[1e300, [], {}]`},
	} {
		f.Add(index(s.method), s.args)
	}
	f.Fuzz(func(t *testing.T, method byte, argsJSON string) {
		name := names[int(method)%len(names)]
		var argv []any
		if json.Unmarshal([]byte(argsJSON), &argv) != nil {
			return
		}
		if name == "perft" && len(argv) > 2 {
			if d, ok := argv[2].(float64); !ok || d > 3 {
				return
			}
		}
		_, err := Call(name, argv)
		if err == nil {
			return
		}
		if msg := err.Error(); strings.Contains(msg, "internal error") || !strings.HasPrefix(msg, "bashni: ") {
			t.Fatalf("%s%s: %v", name, argsJSON, err)
		}
		// It says "bashni: " once (unless the arguments do).
		if msg := err.Error(); strings.Count(msg, "bashni: ") > 1 && !strings.Contains(argsJSON, "bashni") {
			t.Fatalf("%s%s: %v", name, argsJSON, err)
		}
	})
}
