package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/google/go-cmp/cmp"
)

// strengthRecorder plays the first legal move and records the strength it
// was asked for (the zero Strength when it was asked for none).
type strengthRecorder struct {
	got chan Strength
	s   Strength
}

func (r strengthRecorder) Move(ctx context.Context, g *bashni.Game, clocks *match.Clocks) (bashni.Move, error) {
	r.got <- r.s
	return firstMove{}.Move(ctx, g, clocks)
}

func (r strengthRecorder) WithStrength(s Strength) match.Player {
	return strengthRecorder{got: r.got, s: s}
}

// The engine's strength: named levels, depth and movetime, each passed to
// the Opponent, the time capped by the server's; bad ones refused.
func TestEngineStrength(t *testing.T) {
	rec := strengthRecorder{got: make(chan Strength, 1)}
	s := New(Options{Opponent: rec, Think: 5 * time.Second})
	for _, c := range []struct {
		body string
		want Strength
	}{
		{`{}`, Strength{}},
		{`{"level":"beginner"}`, Strength{Depth: 1}},
		{`{"level":"casual"}`, Strength{Depth: 3}},
		{`{"level":"club"}`, Strength{Depth: 6}},
		{`{"level":"strong"}`, Strength{Time: time.Second}},
		{`{"level":"max"}`, Strength{}},
		{`{"depth":9}`, Strength{Depth: 9}},
		{`{"depth":64}`, Strength{Depth: 64}},
		{`{"movetime":250}`, Strength{Time: 250 * time.Millisecond}},
		{`{"movetime":5000}`, Strength{Time: 5 * time.Second}},
		{`{"level":"strong","depth":4}`, Strength{Depth: 4, Time: time.Second}},
		{`{"level":"beginner","movetime":5000}`, Strength{Depth: 1, Time: 5 * time.Second}},
		{`{"depth":null,"movetime":null,"level":null}`, Strength{}}, // null is no value
	} {
		code, body, _ := do(t, s, "POST", "/api/engine", c.body)
		if code != http.StatusOK {
			t.Errorf("%s: %d %s", c.body, code, body)
			continue
		}
		if diff := cmp.Diff(c.want, <-rec.got); diff != "" {
			t.Errorf("%s: strength (-want +got):\n%s", c.body, diff)
		}
	}
	// "strong" is a second, but never more than the server's time.
	quick := New(Options{Opponent: rec, Think: 300 * time.Millisecond})
	if code, body, _ := do(t, quick, "POST", "/api/engine", `{"level":"strong"}`); code != http.StatusOK {
		t.Errorf("strong on a server of 300ms: %d %s", code, body)
	} else if got := <-rec.got; got != (Strength{Time: 300 * time.Millisecond}) {
		t.Errorf("strong on a server of 300ms: %+v, want 300ms", got)
	}

	for _, c := range []struct{ body, error string }{
		{`{"level":"grandmaster"}`, `level "grandmaster": want one of beginner, casual, club, strong, max`},
		{`{"level":"Club"}`, `level "Club": want one of beginner, casual, club, strong, max`},
		{`{"depth":65}`, "depth 65: want 1 to 64 plies"},
		{`{"depth":-1}`, "depth -1: want 1 to 64 plies"},
		{`{"movetime":5001}`, "movetime 5001: want 1 to 5000 milliseconds"},
		{`{"movetime":-3}`, "movetime -3: want 1 to 5000 milliseconds"},
		// 0 and "" are values out of range, not fields left out.
		{`{"depth":0}`, "depth 0: want 1 to 64 plies"},
		{`{"movetime":0}`, "movetime 0: want 1 to 5000 milliseconds"},
		{`{"level":""}`, `level "": want one of beginner, casual, club, strong, max`},
		{`{"level":"club","depth":0}`, "depth 0: want 1 to 64 plies"},
		{`{"depth":1e99}`, "request body is not a game as JSON"},
		{`{"level":3}`, "request body is not a game as JSON"},
	} {
		code, body, _ := do(t, s, "POST", "/api/engine", c.body)
		select {
		case <-rec.got: // a request taken: the test fails below, without blocking the next
		default:
		}
		var e errorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil || code != http.StatusBadRequest || !strings.Contains(e.Error, c.error) {
			t.Errorf("%s: %d %s, want 400 with %q", c.body, code, body, c.error)
		}
	}
	for _, body := range []string{`{"level":"club"}`, `{"depth":0}`, `{"movetime":0}`, `{"level":""}`} {
		code, answer, _ := do(t, s, "POST", "/api/state", body)
		if code != http.StatusBadRequest || !strings.Contains(answer, "level, depth and movetime are the engine's") {
			t.Errorf("/api/state with %s: %d %s, want 400", body, code, answer)
		}
	}
	code, body, _ := do(t, New(Options{Opponent: firstMove{}}), "POST", "/api/engine", `{"depth":3}`)
	if code != http.StatusNotImplemented || !strings.Contains(body, "this server's engine plays at one strength") {
		t.Errorf("a depth for an engine of one strength: %d %s", code, body)
	}
}
