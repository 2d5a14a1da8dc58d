package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

// Every ruleset's random game is written as PDN that reads back to a
// finished game with the same seed tag.
func TestRandomGameReadsBack(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca()} {
		for seed := uint64(1); seed <= 3; seed++ {
			var out strings.Builder
			if err := randomGame(&out, v, seed); err != nil {
				t.Fatal(err)
			}
			games, err := pdn.ReadAll(strings.NewReader(out.String()))
			if err != nil || len(games) != 1 {
				t.Fatalf("%s seed %d: %d games, %v\n%s", v, seed, len(games), err, out.String())
			}
			g := games[0]
			if g.Game().Variant() != v || g.Tag("Seed") != fmt.Sprint(seed) || !g.Game().Outcome().IsOver() {
				t.Errorf("%s seed %d: variant %s, seed tag %q, outcome %v", v, seed, g.Game().Variant(), g.Tag("Seed"), g.Game().Outcome())
			}
		}
	}
}
