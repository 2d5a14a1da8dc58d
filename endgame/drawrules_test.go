package endgame

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/bashni-dev/bashni"
)

// Tables serve every ruleset that differs from their preset only in its
// draw-rule counts (repetitions, kings-only), whose values they are too,
// as the draw rules are no part of them: Probe, Ruleset, Dir, Open and
// Library.For. A ruleset that differs in a rule of the moves is not
// served. (Probe compared whole Variants, draw counts included, and For
// keyed the library by Variant.Name, "" for any such ruleset, so
// "russian-draughts,repetitions=0" got no answer.)
func TestTablesServeDrawRuleCounts(t *testing.T) {
	preset := bashni.RussianDraughts()
	tb := tablesFor(t, preset, 3)
	fens := map[string]Value{
		"W:Wb2,a3:Bh8":    {Result: Win, Plies: 19},
		"W:WKc1,Ke1:BKh8": {Result: Draw},
		"B:WKa1:BKh8":     {Result: Loss, Plies: 2},
	}
	for _, text := range []string{
		"russian-draughts",
		"russian-draughts,repetitions=0",
		"russian-draughts,kings-only=0",
		"russian-draughts,repetitions=0,kings-only=0",
		"russian-draughts,repetitions=2,kings-only=4",
		"russian-draughts,repetitions=7,kings-only=200",
	} {
		v, err := bashni.ParseVariant(text)
		if err != nil {
			t.Fatal(err)
		}
		if p, ok := Ruleset(v); !ok || p != preset {
			t.Errorf("Ruleset(%s) = %s, %v; want %s", text, p, ok, preset)
		}
		if got, want := Dir("base", v), filepath.Join("base", "russian-draughts"); got != want {
			t.Errorf("Dir(base, %s) = %s, want %s", text, got, want)
		}
		for fen, want := range fens {
			p, err := bashni.ParseFEN(v, fen)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := tb.Probe(&p); !ok || got != want {
				t.Errorf("%s: Probe(%s) = %v, %v; want %v", text, fen, got, ok, want)
			}
		}
	}
	if p, ok := Ruleset(mustVariant(t, "brazilian-draughts,kings-only=0")); !ok || p != bashni.BrazilianDraughts() {
		t.Errorf("Ruleset(brazilian-draughts,kings-only=0) = %s, %v; want brazilian-draughts", p, ok)
	}
	for _, text := range []string{"russian-draughts,majority=on", "russian-draughts,pieces=8,repetitions=0", "russian", "lasca", "international", "russian-draughts,size=7,pieces=9"} {
		v := mustVariant(t, text)
		if p, ok := Ruleset(v); ok {
			t.Errorf("Ruleset(%s) = %s; want none", text, p)
		}
		if pos, err := bashni.ParseFEN(v, "W:WKc1,Ke1:BKh8"); err == nil {
			if got, ok := tb.Probe(&pos); ok {
				t.Errorf("%s: Probe = %v; want no value", text, got)
			}
		}
	}
	bad := preset
	bad.Repetitions = 1 // invalid: no tables
	if p, ok := Ruleset(bad); ok {
		t.Errorf("Ruleset of an invalid ruleset = %s; want none", p)
	}
}

// A build, Open and the Library asked for a ruleset with other draw-rule
// counts work on the preset's tables, in its directory: the Library hands
// out the very tables it opened for the preset.
func TestLibraryForDrawRuleCounts(t *testing.T) {
	preset := bashni.RussianDraughts()
	noDraws := mustVariant(t, "russian-draughts,repetitions=0,kings-only=0")
	base := t.TempDir()
	built, err := Build(context.Background(), noDraws, 2, BuildOptions{Dir: Dir(base, noDraws)})
	if err != nil {
		t.Fatal(err)
	}
	if built.Variant() != preset {
		t.Errorf("Build(%s).Variant() = %s, want %s", noDraws, built.Variant(), preset)
	}
	if _, err := Open(filepath.Join(base, "russian-draughts"), preset); err != nil {
		t.Errorf("Open of the preset's tables the build of %s wrote: %v", noDraws, err)
	}
	if tb, err := Open(Dir(base, noDraws), noDraws); err != nil || tb.Pieces() != 2 || tb.Variant() != preset {
		t.Errorf("Open(%s): %v, %v", noDraws, tb, err)
	}
	lib := NewLibrary(base)
	tb, err := lib.For(noDraws)
	if err != nil || tb == nil {
		t.Fatalf("For(%s): %v, %v; want the tables", noDraws, tb, err)
	}
	if again, err := lib.For(preset); again != tb || err != nil {
		t.Errorf("For(%s): %p, %v; want the tables For(%s) opened, %p", preset, again, err, noDraws, tb)
	}
	if other, err := lib.For(mustVariant(t, "russian-draughts,kings-only=4")); other != tb || err != nil {
		t.Errorf("For(russian-draughts,kings-only=4): %p, %v; want %p", other, err, tb)
	}
	if none, err := lib.For(mustVariant(t, "russian-draughts,majority=on")); none != nil || err != nil {
		t.Errorf("For(russian-draughts,majority=on): %v, %v; want nil, nil", none, err)
	}
}

func mustVariant(t *testing.T, text string) bashni.Variant {
	t.Helper()
	v, err := bashni.ParseVariant(text)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
