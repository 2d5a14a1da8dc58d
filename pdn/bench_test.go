package pdn

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkReadCodex reads the Codex record (tags, comments, captures of
// towers): the reader's cost per game.
func BenchmarkReadCodex(b *testing.B) {
	data, err := os.ReadFile("testdata/codex.pdn")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		r := NewReader(bytes.NewReader(data))
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
}
