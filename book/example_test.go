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
