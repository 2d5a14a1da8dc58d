// Package testgen has the rapid generators that the tests of several
// packages draw rulesets and positions from.
package testgen

import (
	"testing"

	"github.com/bashni-dev/bashni"
	"pgregory.net/rapid"
)

// Variant draws a valid ruleset: a preset with any of its switches
// changed.
func Variant() *rapid.Generator[bashni.Variant] {
	return rapid.Custom(func(t *rapid.T) bashni.Variant {
		v := rapid.SampledFrom([]bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca(),
			bashni.RussianDraughts(), bashni.BrazilianDraughts(), bashni.LudiiBashni(), bashni.LudiiLasca()}).Draw(t, "preset")
		if rapid.Bool().Draw(t, "custom") {
			v.MenCaptureBackward = rapid.Bool().Draw(t, "backward")
			v.FlyingKings = rapid.Bool().Draw(t, "flying")
			v.Majority = rapid.Bool().Draw(t, "majority")
			v.Crowning = rapid.SampledFrom([]bashni.Crowning{bashni.CrownAndContinue, bashni.CrownAtEnd, bashni.CrownAndStop}).Draw(t, "crowning")
			v.KingLanding = rapid.SampledFrom([]bashni.KingLanding{bashni.LandAnywhere, bashni.LandToContinue}).Draw(t, "landing")
			v.DemoteCapturedKings = rapid.Bool().Draw(t, "demote")
			if v.Stacking && v.Transfer == bashni.TransferImmediate {
				v.Rejump = rapid.SampledFrom([]bashni.Rejump{bashni.RejumpNoReversal, bashni.RejumpNotLast,
					bashni.RejumpOnce, bashni.RejumpNever, bashni.RejumpAny}).Draw(t, "rejump")
			}
		}
		if err := v.Validate(); err != nil {
			t.Fatalf("generated an invalid variant %s: %v", v, err)
		}
		return v
	})
}

// Playout draws a position reached from v's start by random legal moves.
func Playout(v bashni.Variant, maxPlies int) *rapid.Generator[bashni.Position] {
	return rapid.Custom(func(t *rapid.T) bashni.Position {
		pos := v.MustStart()
		n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
		for i := 0; i < n; i++ {
			ms := pos.LegalMoves()
			if len(ms) == 0 {
				break
			}
			pos = pos.PlayUnchecked(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
		}
		return pos
	})
}

// MustFEN reads a position or fails the test.
func MustFEN(t testing.TB, v bashni.Variant, fen string) bashni.Position {
	t.Helper()
	p, err := bashni.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}
