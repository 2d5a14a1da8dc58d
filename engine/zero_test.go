package engine

import (
	"context"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
)

// An Engine not made by New (the zero Engine, or a nil *Engine such as the
// zero match.Engine's) has no table: its searches are an error at once, and
// Clear does nothing. The zero Engine's Search waited for ever for a turn
// it could never get (until its context ended, then answering as if
// cancelled), and its Clear blocked for ever; a nil *Engine panicked.
func TestEngineNotMadeByNew(t *testing.T) {
	pos := bashni.Russian().MustStart()
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	for name, e := range map[string]*Engine{"zero": {}, "nil": nil} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		done := make(chan struct{})
		go func() {
			defer close(done)
			if res, err := e.Search(ctx, &pos, Limits{Depth: 1}); err == nil {
				t.Errorf("%s: Search = %v, nil error", name, res.Move)
			}
			if res, err := e.SearchGame(ctx, g, Limits{Depth: 1}); err == nil {
				t.Errorf("%s: SearchGame = %v, nil error", name, res.Move)
			}
			e.Clear()
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Search or Clear does not return", name)
		}
		cancel()
	}
}

// Limits.Ponder is nil when a search does not ponder: Hit of a nil *Ponder
// does nothing, where it panicked, so a program may call lim.Ponder.Hit()
// whether it pondered or not.
func TestHitOfNilPonder(t *testing.T) {
	var lim Limits
	lim.Ponder.Hit()
}
