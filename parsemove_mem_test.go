package bashni

import (
	"testing"

	"github.com/bashni-dev/bashni/internal/heapbytes"
)

// costlyRead is the position of issue #26's reproduction: a flying king
// facing a tower of twelve under "russian,rejump=any,landing=any" has
// millions of capture sequences (context_test.go's costly position).
const costlyReadVariant, costlyReadFEN = "russian,rejump=any,landing=any", "W:WKe5:Bd4bbbbbbbbbbb"

// costlyRead returns the costly position.
func costlyRead(t *testing.T) Position {
	t.Helper()
	v, err := ParseVariant(costlyReadVariant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseFEN(v, costlyReadFEN)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Reading one move costs memory bounded by the move's text, not by the
// number of capture sequences: the text is matched while the capture search
// walks (docs/RULES.md section 10). Listing every sequence first, as
// ParseMove did, allocated hundreds of MB here.
func TestParseMoveMemoryBoundedByTheText(t *testing.T) {
	if testing.Short() {
		t.Skip("walks millions of capture sequences")
	}
	p := costlyRead(t)
	// The short form, and a full path of another of the sequences of the
	// same move: both read as the move whose path comes first.
	const want = "e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:h8"
	for _, text := range []string{"e5:h8", "e5:c3:g7:b2:e5:a1:h8:c3:f6:a1:g7:b2:h8"} {
		var m Move
		var perr error
		n := heapbytes.Of(func() { m, perr = p.ParseMove(text) })
		t.Logf("%s: %v, %d bytes allocated", text, m, n)
		if perr != nil || m.String() != want {
			t.Fatalf("ParseMove(%q) = %v, %v; want %s", text, m, perr, want)
		}
		if n > 64<<10 {
			t.Errorf("ParseMove(%q) allocated %d bytes, want at most 64 KiB", text, n)
		}
	}
}
