package perft_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/perft"
)

// A deep count on two goroutines with a table of 16 MiB, which gives up
// if it takes more than a minute.
func ExampleConfig_Perft() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := bashni.Russian().MustStart()
	cfg := perft.Config{Threads: 2, HashMB: 16}
	if err := cfg.Validate(); err != nil {
		log.Fatal(err)
	}
	n, err := cfg.Perft(ctx, &start, 9)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n) // docs/PERFT.md
	// Output: 4533133
}

// Divide splits the count by first move, as bashni perft -divide prints it.
func ExampleConfig_Divide() {
	start := bashni.Lasca().MustStart()
	lines, err := perft.Config{}.Divide(context.Background(), &start, 4)
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range lines {
		fmt.Println(l.Move, l.Nodes)
	}
	n, err := perft.Total(lines, 4)
	fmt.Println(n, err)
	// Output:
	// a3-b4 9
	// c3-d4 9
	// e3-f4 9
	// c3-b4 9
	// e3-d4 9
	// g3-f4 9
	// 54 <nil>
}
