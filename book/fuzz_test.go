package book

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzRead: no input makes Read panic or take more than its limit; an
// error is a *FormatError; a book it reads writes back to a file that
// reads to the same book. The seed corpus is in testdata/fuzz/FuzzRead; to
// search for more:
//
//	go test -run '^$' -fuzz FuzzRead -fuzztime 60s ./book
func FuzzRead(f *testing.F) {
	_, data := smallBook(f)
	f.Add(data)
	f.Add(file("lasca", 0, 0, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		const limit = 1 << 16
		b, err := Read(bytes.NewReader(data), limit)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Reason == "" || fe.Offset < 0 || fe.Offset > int64(len(data)) {
				t.Fatalf("error %v (%T): want a *FormatError at a byte of the input", err, err)
			}
			return
		}
		if n := MemoryBytes(b.Len(), b.Moves()); n > limit {
			t.Fatalf("a book of %d bytes read under a limit of %d", n, limit)
		}
		var out bytes.Buffer
		if err := b.Write(&out); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&out, limit)
		if err != nil {
			t.Fatalf("the book written back does not read: %v", err)
		}
		if d := cmp.Diff(b, back, cmp.AllowUnexported(Book{}, record{})); d != "" {
			t.Fatalf("written and read back (-first +second):\n%s", d)
		}
	})
}
