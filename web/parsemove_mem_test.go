package web

import (
	"testing"
	"time"

	"github.com/bashni-dev/bashni/internal/heapbytes"
)

// Issue #26's reproduction: one 125-byte request whose move is read among
// millions of capture sequences raised the server from 9 MB to 268 MB, as
// reading the move listed every sequence first. The move is now matched
// while the capture search walks: the request allocates little.
func TestStateWithACostlyMoveAllocatesLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("walks millions of capture sequences")
	}
	s := New(Options{Budget: time.Minute}) // a generous deadline on a loaded machine
	body := `{"variant":"russian,rejump=any,landing=any","fen":"W:WKe5:Bd4bbbbbbbbbbb","moves":["e5:h8"]}`
	var st gameState
	n := heapbytes.Of(func() { st = postState(t, s, body) })
	if st.FEN != "B:WKh8bbbbbbbbbbbb:B" || !st.Over {
		t.Errorf("state %s, over %v; want B:WKh8bbbbbbbbbbbb:B, over", st.FEN, st.Over)
	}
	if n > 4<<20 {
		t.Errorf("POST /api/state with the move e5:h8 allocated %d bytes, want at most 4 MiB", n)
	}
	t.Logf("%d bytes", n)
}
