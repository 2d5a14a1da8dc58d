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

// BenchmarkTableNewSearch reports the work newSearch does before a search
// with a full table of the default size: at the wrap of the age, once in
// 65,536 searches, and at any other search.
func BenchmarkTableNewSearch(b *testing.B) {
	tt := newTable(DefaultHashMB)
	n := uint64(len(tt.buckets))
	tt.newSearch()
	for i := range n {
		tt.store(i, 1, 5, boundExact, 0)
		tt.store(i+n, 1, 1, boundExact, 0)
	}
	for _, c := range []struct {
		name string
		age  uint16
	}{{"ordinary", 100}, {"wrap", 1<<ageBits - 1}} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				tt.age = c.age
				tt.newSearch()
			}
		})
	}
}
