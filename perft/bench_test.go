package perft

import (
	"context"
	"fmt"
	"testing"

	"github.com/bashni-dev/bashni"
)

// BenchmarkPerftThreads counts russian perft 11 on one and on two
// goroutines: the ratio of the two rates is the scaling of -threads.
func BenchmarkPerftThreads(b *testing.B) {
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("russian/threads=%d", threads), func(b *testing.B) {
			p := bashni.Russian().MustStart()
			cfg := Config{Threads: threads}
			var n uint64
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				k, err := cfg.Perft(context.Background(), &p, 11)
				if err != nil {
					b.Fatal(err)
				}
				n += k
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
		})
	}
}

// BenchmarkPerftHash counts with a table much smaller than the count needs,
// as the deep counts of docs/PERFT.md do: its entries are replaced all the
// time, and what it keeps decides the speed.
func BenchmarkPerftHash(b *testing.B) {
	for _, pb := range []struct {
		v     bashni.Variant
		depth int
	}{{bashni.Russian(), 14}, {bashni.Lasca(), 19}} {
		b.Run(fmt.Sprintf("%s/%d/16MiB", pb.v.Name(), pb.depth), func(b *testing.B) {
			p := pb.v.MustStart()
			cfg := Config{HashMB: 16}
			var n uint64
			for i := 0; i < b.N; i++ {
				k, err := cfg.Perft(context.Background(), &p, pb.depth)
				if err != nil {
					b.Fatal(err)
				}
				n += k
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
		})
	}
}
