package bashni

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Every preset name reads to its preset and the preset prints as its name.
func TestParseVariantPresets(t *testing.T) {
	presets := []struct {
		name string
		v    Variant
	}{
		{"russian", Russian()},
		{"international", International()},
		{"lasca", Lasca()},
		{"russian-draughts", RussianDraughts()},
		{"brazilian-draughts", BrazilianDraughts()},
		{"ludii-bashni", LudiiBashni()},
		{"ludii-lasca", LudiiLasca()},
	}
	var names []string
	for _, p := range presets {
		names = append(names, p.name)
	}
	if diff := cmp.Diff(names, PresetNames()); diff != "" {
		t.Errorf("PresetNames (-want +got):\n%s", diff)
	}
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			if err := p.v.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
			for _, text := range []string{p.name, strings.ToUpper(p.name), "  " + p.name + " "} {
				got, err := ParseVariant(text)
				if err != nil || got != p.v {
					t.Errorf("ParseVariant(%q) = %+v, %v; want %+v", text, got, err, p.v)
				}
			}
			if got := p.v.String(); got != p.name {
				t.Errorf("String() = %q, want %q", got, p.name)
			}
			if got := p.v.Name(); got != p.name {
				t.Errorf("Name() = %q, want %q", got, p.name)
			}
		})
	}
}

// A preset is a function returning a fresh copy: changing what one call
// returned changes that copy only. ParseVariant, Preset, Name, String and the
// presets' later calls go on knowing the preset, and the changed copy is a
// custom ruleset that says how it differs.
func TestPresetsCannotBeChanged(t *testing.T) {
	russian, lasca := Russian(), Lasca()
	russian.Majority = true
	lasca.Size = 8

	for name, want := range map[string]Variant{"russian": Russian(), "lasca": Lasca()} {
		if want == russian || want == lasca {
			t.Fatalf("changing a copy changed the preset %s", name)
		}
		if got, err := ParseVariant(name); err != nil || got != want {
			t.Errorf("ParseVariant(%q) = %+v, %v; want the preset %+v", name, got, err, want)
		}
		if got, ok := Preset(name); !ok || got != want {
			t.Errorf("Preset(%q) = %+v, %v; want the preset %+v", name, got, ok, want)
		}
		if got := want.Name(); got != name {
			t.Errorf("the preset's Name() = %q, want %q", got, name)
		}
		if got := want.String(); got != name {
			t.Errorf("the preset's String() = %q, want %q", got, name)
		}
	}
	if got := russian.Name(); got != "" {
		t.Errorf("changed russian: Name() = %q, want none", got)
	}
	if got := russian.String(); got != "russian,majority=on" {
		t.Errorf("changed russian: String() = %q, want russian,majority=on", got)
	}
	if _, ok := Preset("chess"); ok {
		t.Error("Preset(\"chess\") found a preset")
	}
}

// variantWith returns v changed by f.
func variantWith(v Variant, f func(*Variant)) Variant {
	f(&v)
	return v
}

// Overrides: every switch name and every value it takes.
func TestParseVariantOverrides(t *testing.T) {
	cases := []struct {
		text string
		want Variant
		out  string // String() of the result
	}{
		{"russian,size=8", Russian(), "russian"},
		{"russian,size=6,pieces=6", variantWith(Russian(), func(v *Variant) { v.Size, v.Pieces = 6, 6 }), "russian,size=6,pieces=6"},
		{"lasca,size=5,pieces=3", variantWith(Lasca(), func(v *Variant) { v.Size, v.Pieces = 5, 3 }), "lasca,size=5,pieces=3"},
		{"russian,size=4,pieces=2", variantWith(Russian(), func(v *Variant) { v.Size, v.Pieces = 4, 2 }), "russian,size=4,pieces=2"},
		{"russian,pieces=1", variantWith(Russian(), func(v *Variant) { v.Pieces = 1 }), "russian,pieces=1"},
		{"lasca,size=8", variantWith(Lasca(), func(v *Variant) { v.Size = 8 }), "lasca,size=8"},
		{"russian,stacking=off,transfer=end,rejump=never", RussianDraughts(), "russian-draughts"},
		{"russian-draughts,stacking=on", variantWith(RussianDraughts(), func(v *Variant) { v.Stacking = true }), "russian-draughts,stacking=on"},
		{"russian,backward=off", variantWith(Russian(), func(v *Variant) { v.MenCaptureBackward = false }), "russian,backward=off"},
		{"lasca,backward=on", variantWith(Lasca(), func(v *Variant) { v.MenCaptureBackward = true }), "lasca,backward=on"},
		{"russian,flying=off", variantWith(Russian(), func(v *Variant) { v.FlyingKings = false }), "russian,flying=off"},
		{"lasca,flying=on", variantWith(Lasca(), func(v *Variant) { v.FlyingKings = true }), "lasca,flying=on"},
		{"international,transfer=immediate", variantWith(International(), func(v *Variant) { v.Transfer = TransferImmediate }), "international,transfer=immediate"},
		{"russian,transfer=end,rejump=once", variantWith(Russian(), func(v *Variant) { v.Transfer, v.Rejump = TransferAtEnd, RejumpOnce }), "russian,transfer=end,rejump=once"},
		{"russian,rejump=no-reversal", Russian(), "russian"},
		{"russian,rejump=not-last", variantWith(Russian(), func(v *Variant) { v.Rejump = RejumpNotLast }), "russian,rejump=not-last"},
		{"russian,rejump=once", variantWith(Russian(), func(v *Variant) { v.Rejump = RejumpOnce }), "russian,rejump=once"},
		{"russian,rejump=never", variantWith(Russian(), func(v *Variant) { v.Rejump = RejumpNever }), "russian,rejump=never"},
		{"russian,rejump=any", variantWith(Russian(), func(v *Variant) { v.Rejump = RejumpAny }), "russian,rejump=any"},
		{"lasca,rejump=any", LudiiLasca(), "ludii-lasca"},
		{"russian,landing=any", variantWith(Russian(), func(v *Variant) { v.KingLanding = LandAnywhere }), "russian,landing=any"},
		{"international,landing=continue", variantWith(International(), func(v *Variant) { v.KingLanding = LandToContinue }), "international,landing=continue"},
		{"russian,majority=on", variantWith(Russian(), func(v *Variant) { v.Majority = true }), "russian,majority=on"},
		{"russian,majority=yes", variantWith(Russian(), func(v *Variant) { v.Majority = true }), "russian,majority=on"},
		{"russian,majority=true", variantWith(Russian(), func(v *Variant) { v.Majority = true }), "russian,majority=on"},
		{"russian,majority=1", variantWith(Russian(), func(v *Variant) { v.Majority = true }), "russian,majority=on"},
		{"international,majority=off", variantWith(International(), func(v *Variant) { v.Majority = false }), "international,majority=off"},
		{"international,majority=no", variantWith(International(), func(v *Variant) { v.Majority = false }), "international,majority=off"},
		{"international,majority=false", variantWith(International(), func(v *Variant) { v.Majority = false }), "international,majority=off"},
		{"international,majority=0", variantWith(International(), func(v *Variant) { v.Majority = false }), "international,majority=off"},
		{"international,crowning=continue", variantWith(International(), func(v *Variant) { v.Crowning = CrownAndContinue }), "international,crowning=continue"},
		{"russian,crowning=at-end", variantWith(Russian(), func(v *Variant) { v.Crowning = CrownAtEnd }), "russian,crowning=at-end"},
		{"russian,crowning=stop", variantWith(Russian(), func(v *Variant) { v.Crowning = CrownAndStop }), "russian,crowning=stop"},
		{"russian,demote=on", variantWith(Russian(), func(v *Variant) { v.DemoteCapturedKings = true }), "russian,demote=on"},
		{"international,demote=off", variantWith(International(), func(v *Variant) { v.DemoteCapturedKings = false }), "international,demote=off"},
		// The separator switch of texts before v0.2.0 is read and ignored.
		{"russian,separator=x", Russian(), "russian"},
		{"lasca,separator=colon", Lasca(), "lasca"},
		{"lasca,separator=:", Lasca(), "lasca"},
		{"russian,repetitions=0", variantWith(Russian(), func(v *Variant) { v.Repetitions = 0 }), "russian,repetitions=0"},
		{"russian,repetitions=2", variantWith(Russian(), func(v *Variant) { v.Repetitions = 2 }), "russian,repetitions=2"},
		{"russian,repetitions=5", variantWith(Russian(), func(v *Variant) { v.Repetitions = 5 }), "russian,repetitions=5"},
		{"russian,kings-only=0", variantWith(Russian(), func(v *Variant) { v.KingsOnlyPlies = 0 }), "russian,kings-only=0"},
		{"lasca,kings-only=40", variantWith(Lasca(), func(v *Variant) { v.KingsOnlyPlies = 40 }), "lasca,kings-only=40"},
		// Names and values in any case, spaces around items.
		{" Russian , MAJORITY = ON ", variantWith(Russian(), func(v *Variant) { v.Majority = true }), "russian,majority=on"},
		// The Ludii Bashni switches of docs/PERFT.md, from russian.
		{"russian,backward=off,crowning=stop,landing=any,rejump=not-last", LudiiBashni(), "ludii-bashni"},
		// Overrides are written in switch order, whatever order they are read in.
		{"russian,kings-only=10,majority=on,size=7,pieces=9", variantWith(Russian(), func(v *Variant) {
			v.Size, v.Pieces, v.Majority, v.KingsOnlyPlies = 7, 9, true, 10
		}), "russian,size=7,pieces=9,majority=on,kings-only=10"},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			got, err := ParseVariant(c.text)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("ParseVariant(%q) (-want +got):\n%s", c.text, diff)
			}
			if s := got.String(); s != c.out {
				t.Errorf("String() = %q, want %q", s, c.out)
			}
		})
	}
}

// Every switch of the text form (SwitchHelp lists them) is read by
// ParseVariant with the value String writes for it.
func TestParseVariantEverySwitch(t *testing.T) {
	help := SwitchHelp()
	if len(help) != len(switches) {
		t.Fatalf("SwitchHelp has %d lines for %d switches", len(help), len(switches))
	}
	for i, sw := range switches {
		if !strings.HasPrefix(help[i], sw.name+": ") {
			t.Errorf("SwitchHelp line %q does not start with %q", help[i], sw.name+": ")
		}
		for _, v := range parsersPresets() {
			text := v.Name() + "," + sw.name + "=" + sw.get(&v)
			got, err := ParseVariant(text)
			if err != nil || got != v {
				t.Errorf("ParseVariant(%q) = %v, %v; want %v", text, got, err, v)
			}
		}
	}
}

// parsersVariant draws a Variant that Validate accepts, covering every
// switch and value.
func parsersVariant(t *rapid.T) Variant {
	var v Variant
	v.Size = rapid.IntRange(4, 8).Draw(t, "size")
	v.Pieces = rapid.IntRange(1, startCapacity(v.Size)).Draw(t, "pieces")
	v.Stacking = rapid.Bool().Draw(t, "stacking")
	v.MenCaptureBackward = rapid.Bool().Draw(t, "backward")
	v.FlyingKings = rapid.Bool().Draw(t, "flying")
	v.Transfer = TransferAtEnd
	if v.Stacking {
		v.Transfer = rapid.SampledFrom([]Transfer{TransferImmediate, TransferAtEnd}).Draw(t, "transfer")
	}
	rejumps := []Rejump{RejumpNoReversal, RejumpNotLast, RejumpOnce, RejumpNever, RejumpAny}
	if v.Transfer == TransferAtEnd {
		rejumps = []Rejump{RejumpOnce, RejumpNever}
	}
	v.Rejump = rapid.SampledFrom(rejumps).Draw(t, "rejump")
	v.KingLanding = rapid.SampledFrom([]KingLanding{LandAnywhere, LandToContinue}).Draw(t, "landing")
	v.Majority = rapid.Bool().Draw(t, "majority")
	v.Crowning = rapid.SampledFrom([]Crowning{CrownAndContinue, CrownAtEnd, CrownAndStop}).Draw(t, "crowning")
	v.DemoteCapturedKings = rapid.Bool().Draw(t, "demote")
	v.Repetitions = rapid.OneOf(rapid.Just(0), rapid.IntRange(2, 1000)).Draw(t, "repetitions")
	v.KingsOnlyPlies = rapid.IntRange(0, 1000).Draw(t, "kings-only")
	return v
}

// String of any valid custom variant reads back equal, and is a fixed point.
func TestVariantStringRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := parsersVariant(t)
		if err := v.Validate(); err != nil {
			t.Fatalf("the generator drew an invalid variant %+v: %v", v, err)
		}
		text := v.String()
		got, err := ParseVariant(text)
		if err != nil {
			t.Fatalf("ParseVariant(%q): %v", text, err)
		}
		if got != v {
			t.Fatalf("ParseVariant(%q) = %+v, want %+v", text, got, v)
		}
		if again := got.String(); again != text {
			t.Fatalf("String() %q, then %q", text, again)
		}
		// The preset named first is one the variant differs least from.
		name, _, _ := strings.Cut(text, ",")
		overrides := strings.Count(text, ",")
		for _, p := range parsersPresets() {
			if d := parsersDiff(v, p); d < overrides {
				t.Fatalf("%q lists %d overrides of %s, but it differs from %s in only %d", text, overrides, name, p.Name(), d)
			}
		}
	})
}

// parsersDiff counts the switches of the text form in which a and b differ.
func parsersDiff(a, b Variant) int {
	n := 0
	for _, sw := range switches {
		if sw.get(&a) != sw.get(&b) {
			n++
		}
	}
	return n
}

// String of any Variant, valid or not, never reads back as some other valid
// variant: an invalid one gives an error.
func TestVariantStringOfInvalid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := Variant{
			Size:                rapid.IntRange(-2, 12).Draw(t, "size"),
			Pieces:              rapid.IntRange(-2, 16).Draw(t, "pieces"),
			Stacking:            rapid.Bool().Draw(t, "stacking"),
			MenCaptureBackward:  rapid.Bool().Draw(t, "backward"),
			FlyingKings:         rapid.Bool().Draw(t, "flying"),
			Transfer:            Transfer(rapid.IntRange(0, 3).Draw(t, "transfer")),
			Rejump:              Rejump(rapid.IntRange(0, 6).Draw(t, "rejump")),
			KingLanding:         KingLanding(rapid.IntRange(0, 3).Draw(t, "landing")),
			Majority:            rapid.Bool().Draw(t, "majority"),
			Crowning:            Crowning(rapid.IntRange(0, 4).Draw(t, "crowning")),
			DemoteCapturedKings: rapid.Bool().Draw(t, "demote"),
			Repetitions:         rapid.IntRange(-2, 5).Draw(t, "repetitions"),
			KingsOnlyPlies:      rapid.IntRange(-2, 50).Draw(t, "kings-only"),
		}
		text := v.String()
		got, err := ParseVariant(text)
		if verr := v.Validate(); verr != nil {
			if err == nil {
				t.Fatalf("invalid %+v (%v) prints as %q, which reads as %+v", v, verr, text, got)
			}
			var ve *VariantError
			if !errors.As(err, &ve) {
				t.Fatalf("ParseVariant(%q): %v (%T), want a *VariantError", text, err, err)
			}
			return
		}
		if err != nil || got != v {
			t.Fatalf("ParseVariant(%q) = %+v, %v; want %+v", text, got, err, v)
		}
	})
}

// Text that is not a variant is a *VariantError that quotes the text and
// says what is wrong.
func TestParseVariantErrors(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		reasons []string
	}{
		{"empty", "", []string{`unknown ruleset ""`, "russian, international, lasca"}},
		{"unknown preset", "checkers", []string{`unknown ruleset "checkers"`, "known: russian, international, lasca, russian-draughts, brazilian-draughts, ludii-bashni, ludii-lasca"}},
		{"override first", "majority=on,russian", []string{"unknown ruleset"}},
		{"unknown switch", "russian,speed=fast", []string{`unknown switch "speed"`, "majority", "rejump"}},
		{"bad bool", "russian,majority=maybe", []string{"majority", `"maybe" is not on or off`}},
		{"bad enum", "russian,rejump=sometimes", []string{"rejump", `"sometimes" is not one of no-reversal, not-last, once, never, any`}},
		{"bad transfer", "russian,transfer=later", []string{"transfer", "immediate, end"}},
		{"bad landing", "russian,landing=near", []string{"landing", "any, continue"}},
		{"bad crowning", "russian,crowning=never", []string{"crowning", "continue, at-end, stop"}},
		{"bad number", "russian,size=big", []string{"size", `"big" is not a whole number`}},
		{"bad separator", "russian,separator=;", []string{"separator", "not colon or x"}},
		{"repeated switch", "russian,majority=on,majority=off", []string{`switch "majority" given twice`}},
		{"repeated switch, other case", "russian,Majority=on,MAJORITY=on", []string{`switch "majority" given twice`}},
		{"repeated among others", "russian,transfer=end,rejump=never,transfer=immediate", []string{`switch "transfer" given twice`}},
		{"no value", "russian,majority", []string{`override "majority" is not name=value`}},
		{"empty value", "russian,majority=", []string{"not name=value"}},
		{"no name", "russian,=on", []string{"not name=value"}},
		{"trailing comma", "russian,", []string{`override "" is not name=value`}},
		{"two presets", "russian,lasca", []string{`override "lasca" is not name=value`}},
		// Combinations Validate refuses.
		{"transfer=end with no-reversal", "russian,transfer=end", []string{"transfer=end", "rejump=never or rejump=once", "no-reversal"}},
		{"transfer=end with not-last", "ludii-bashni,transfer=end", []string{"transfer=end", "not-last"}},
		{"transfer=end with any", "international,rejump=any", []string{"transfer=end", "rejump=never or rejump=once", "any"}},
		{"stacking off with immediate transfer", "russian,stacking=off", []string{"stacking=off", "transfer=end"}},
		{"stacking off, transfer back", "russian-draughts,transfer=immediate", []string{"stacking=off", "transfer=end"}},
		{"size too big", "russian,size=9", []string{"size 9", "4..8"}},
		{"size too small", "russian,size=3", []string{"size 3", "4..8"}},
		{"no pieces", "russian,pieces=0", []string{"pieces 0", "at least one"}},
		{"negative pieces", "russian,pieces=-4", []string{"pieces -4"}},
		{"pieces do not fit", "russian,pieces=13", []string{"pieces 13", "do not fit", "at most 12"}},
		{"lasca pieces do not fit", "lasca,pieces=12", []string{"pieces 12", "at most 11"}},
		{"size shrinks under the pieces", "russian,size=6", []string{"pieces 12", "at most 6"}},
		{"one repetition", "russian,repetitions=1", []string{"repetitions 1", "0 (off) or 2"}},
		{"negative repetitions", "russian,repetitions=-3", []string{"repetitions -3"}},
		{"negative kings-only", "russian,kings-only=-1", []string{"kings-only-plies -1", "negative"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := ParseVariant(c.text)
			if err == nil {
				t.Fatalf("ParseVariant(%q) = %v, want an error", c.text, v)
			}
			var ve *VariantError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VariantError", err, err)
			}
			if ve.Text != c.text {
				t.Errorf("VariantError.Text = %q, want %q", ve.Text, c.text)
			}
			for _, w := range c.reasons {
				if !strings.Contains(ve.Reason, w) {
					t.Errorf("reason %q does not say %q", ve.Reason, w)
				}
			}
			want := `bashni: variant "` + c.text + `": `
			if c.text == "" {
				want = "bashni: variant: " // nothing to quote
			}
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q does not start with %q", err, want)
			}
			if v != (Variant{}) {
				t.Errorf("ParseVariant returned %+v with its error, want the zero Variant", v)
			}
		})
	}
}

// Validate refuses switch values outside their ranges, naming the switch.
func TestVariantValidate(t *testing.T) {
	cases := []struct {
		name   string
		v      Variant
		reason string
	}{
		{"zero Variant", Variant{}, "size 0"},
		{"unknown transfer", variantWith(Russian(), func(v *Variant) { v.Transfer = 2 }), "unknown transfer 2"},
		{"unknown rejump", variantWith(Russian(), func(v *Variant) { v.Rejump = 5 }), "unknown rejump 5"},
		{"unknown landing", variantWith(Russian(), func(v *Variant) { v.KingLanding = 2 }), "unknown king-landing 2"},
		{"unknown crowning", variantWith(Russian(), func(v *Variant) { v.Crowning = 3 }), "unknown crowning 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.v.Validate()
			var ve *VariantError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate() = %v (%T), want a *VariantError", err, err)
			}
			if !strings.Contains(ve.Reason, c.reason) {
				t.Errorf("reason %q does not say %q", ve.Reason, c.reason)
			}
			if !strings.HasPrefix(err.Error(), "bashni: variant: ") {
				t.Errorf("message %q", err)
			}
			if _, err := c.v.Start(); err == nil {
				t.Error("Start accepted the invalid variant")
			}
		})
	}
}

// A board's three counts agree on every Size: Board has SquareCount
// squares, each OnBoard; a Size outside 1..8 (which Validate refuses) has
// none. Board and OnBoard took a Size above 8 for the 8x8 board, 32
// squares, where SquareCount said 0.
func TestBoardCountsAgree(t *testing.T) {
	for _, size := range []int{-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100} {
		v := Russian()
		v.Size = size
		onBoard := 0
		for s := Square(0); s < 64; s++ {
			if v.OnBoard(s) {
				onBoard++
			}
		}
		want := 0
		if size >= 1 && size <= 8 {
			want = (size*size + 1) / 2
		}
		if n := v.Board().Len(); n != want || v.SquareCount() != want || onBoard != want {
			t.Errorf("size %d: Board %d squares, SquareCount %d, OnBoard %d; want %d", size, n, v.SquareCount(), onBoard, want)
		}
	}
}
