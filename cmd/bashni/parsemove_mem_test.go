package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/internal/heapbytes"
	"github.com/bashni-dev/bashni/internal/testgame"
)

// Issue #26's reproductions: in "russian,rejump=any,landing=any" at
// "W:WKe5:Bd4bbbbbbbbbbb" a king has millions of capture sequences, and
// reading the move e5:h8 listed them all first (show peaked at 266 MB, a
// 12 KB record of 100 such games took 583 MB in replay). Reading a move now
// costs memory bounded by its text: the commands allocate little more than
// they do for any game.
func TestReadingACostlyMoveAllocatesLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("walks millions of capture sequences")
	}
	const variant, fen, move, after = testgame.CostlyVariant, testgame.CostlyFEN, testgame.CostlyMove, testgame.CostlyAfter
	var out string
	n := heapbytes.Of(func() { out = mustCLI(t, "show", "-variant", variant, "-fen", fen, "-moves", move) })
	if !strings.HasSuffix(out, after+"\n") {
		t.Errorf("show -moves e5:h8 printed\n%s", out)
	}
	if n > 1<<20 {
		t.Errorf("show -moves e5:h8 allocated %d bytes, want at most 1 MiB", n)
	}

	game := `[Variant "` + variant + `"]` + "\n" + `[FEN "` + fen + `"]` + "\n\n1. " + move + " 1-0\n\n"
	file := filepath.Join(t.TempDir(), "costly.pdn")
	if err := os.WriteFile(file, []byte(strings.Repeat(game, 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	n = heapbytes.Of(func() { out = mustCLI(t, "replay", file) })
	if want := strings.Repeat("ok 1 "+after+"\n", 3); out != want {
		t.Errorf("replay printed\n%s\nwant\n%s", out, want)
	}
	if n > 1<<20 {
		t.Errorf("replay of 3 games allocated %d bytes, want at most 1 MiB", n)
	}
}
