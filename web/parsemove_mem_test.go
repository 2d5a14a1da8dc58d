package web

import (
	"fmt"
	"testing"
	"time"

	"github.com/bashni-dev/bashni/internal/heapbytes"
	"github.com/bashni-dev/bashni/internal/testgame"
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
	body := fmt.Sprintf(`{"variant":%q,"fen":%q,"moves":[%q]}`, testgame.CostlyVariant, testgame.CostlyFEN, testgame.CostlyMove)
	var st gameState
	n := heapbytes.Of(func() { st = postState(t, s, body) })
	if st.FEN != testgame.CostlyAfter || !st.Over {
		t.Errorf("state %s, over %v; want %s, over", st.FEN, st.Over, testgame.CostlyAfter)
	}
	if n > 4<<20 {
		t.Errorf("POST /api/state with the move e5:h8 allocated %d bytes, want at most 4 MiB", n)
	}
	t.Logf("%d bytes", n)
}
