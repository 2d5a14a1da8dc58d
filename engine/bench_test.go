package engine

import (
	"context"
	"testing"
)

// BenchmarkSearch reports the search speed from each preset's start in
// nodes per second.
func BenchmarkSearch(b *testing.B) {
	for name, v := range presets {
		b.Run(name, func(b *testing.B) {
			pos := v.MustStart()
			var nodes uint64
			var secs float64
			for range b.N {
				r, err := MustNew(Options{}).Search(context.Background(), &pos, Limits{Nodes: 500000})
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
				secs += r.Time.Seconds()
			}
			b.ReportMetric(float64(nodes)/secs, "nodes/s")
		})
	}
}
