package book_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
)

// Build a small russian book, write it, read it back and look up the
// start's moves.
func Example() {
	b, err := book.Build(context.Background(), bashni.Russian(), book.BuildOptions{
		Positions: 5,
		Limits:    engine.Limits{Depth: 2},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	path := filepath.Join(os.TempDir(), "example-russian.book")
	defer os.Remove(path)
	if err := b.WriteFile(path); err != nil {
		fmt.Println(err)
		return
	}
	b, err = book.ReadFile(path, book.DefaultMaxBytes)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Variant(), b.Len(), "positions")
	start := bashni.Russian().MustStart()
	es := b.Lookup(&start) // best first, each with its score and weight
	fmt.Println(len(es), "moves at the start")
	e, _ := b.Choose(&start, 0, nil) // the best; give a margin and a rand.Rand for variety
	fmt.Println("play the best:", e.Move == es[0].Move)
	// Output:
	// russian 5 positions
	// 7 moves at the start
	// play the best: true
}

// An engine that plays from a book: the book's move where it has the
// position, the engine's search elsewhere. A Player is a match.Searcher,
// so match.Engine{Engine: p, Limits: lim} plays it in a match too.
func ExamplePlayer() {
	b, err := book.ReadFile("testdata/russian.book", book.DefaultMaxBytes)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := &book.Player{Engine: engine.MustNew(engine.Options{HashMB: 1}), Book: b}
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		res, err := p.SearchGame(context.Background(), g, engine.Limits{Depth: 4})
		if err != nil {
			fmt.Println(err)
			return
		}
		if res.Stop != book.StopBook {
			fmt.Println("book:", bashni.LineText(g.Moves()))
			fmt.Printf("then the engine: %v (stopped by %s)\n", res.Move, res.Stop)
			return
		}
		if err := g.Play(res.Move); err != nil {
			fmt.Println(err)
			return
		}
	}
	// Output:
	// book: g3-h4 f6-g5 h4:f6 e7:g5 e3-d4 d6-c5 d4-e5 f6:d4 c3:e5 c5:e3
	// then the engine: d2:f4 (stopped by depth)
}
