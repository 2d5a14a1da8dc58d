package book

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// A nil *Book is no book, as Player.Book and protocol.Session.SetBook take
// it: Lookup, Candidates and Choose found nothing in it, but Len, Moves,
// Variant, Check and Write panicked. Now Len and Moves are 0, Variant is
// the zero Variant, Check an error wrapping ErrOtherRuleset (it serves no
// ruleset), and Write an error. The zero Book too, which Write wrote as a
// file of the zero Variant that Read refuses.
func TestNilAndZeroBook(t *testing.T) {
	for name, b := range map[string]*Book{"nil": nil, "zero": {}} {
		if b.Len() != 0 || b.Moves() != 0 {
			t.Errorf("%s: Len %d, Moves %d", name, b.Len(), b.Moves())
		}
		if v := b.Variant(); v != (bashni.Variant{}) {
			t.Errorf("%s: Variant = %v", name, v)
		}
		if err := b.Check(bashni.Russian()); !errors.Is(err, ErrOtherRuleset) {
			t.Errorf("%s: Check = %v, want ErrOtherRuleset", name, err)
		}
		var w bytes.Buffer
		if err := b.Write(&w); err == nil || w.Len() != 0 {
			t.Errorf("%s: Write = %v, %d bytes written", name, err, w.Len())
		}
		if err := b.WriteFile(filepath.Join(t.TempDir(), "x.book")); err == nil {
			t.Errorf("%s: WriteFile: no error", name)
		}
	}
}

// A Player without an Engine asked for a position out of its book returns
// an error, where it panicked: its documentation said only that the
// Engine must be set.
func TestPlayerWithoutEngine(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	p := &Player{}
	if res, err := p.SearchGame(context.Background(), g, engine.Limits{Depth: 1}); err == nil {
		t.Errorf("SearchGame = %v, nil error", res.Move)
	}
}

// A nil *Player's searches are an error, where SearchGame read its Book
// through the nil pointer and panicked.
func TestNilPlayer(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	var p *Player
	if res, err := p.SearchGame(context.Background(), g, engine.Limits{Depth: 1}); err == nil {
		t.Errorf("SearchGame = %v, nil error", res.Move)
	}
}

// Limits without Depth, Nodes, Time or Clock make every scoring search an
// infinite analysis, which returns only when ctx ends: Build refuses them
// at once, where it searched the start until ctx ended and then returned
// no book at all.
func TestBuildWithoutSearchLimit(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	began := time.Now()
	b, err := Build(ctx, bashni.Russian(), BuildOptions{Positions: 2})
	if err == nil || errors.Is(err, context.DeadlineExceeded) || time.Since(began) > 5*time.Second {
		t.Errorf("Build without a search limit = %v, %v after %v; want an error at once", b, err, time.Since(began))
	}
}
