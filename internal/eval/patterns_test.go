package eval

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgen"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// patternsGen draws pattern weights of layout l on a board of n ranks, every
// weight a different-looking number so that a wrong index shows.
func patternsGen(l PatternLayout, n int) *rapid.Generator[*Patterns] {
	return rapid.Custom(func(t *rapid.T) *Patterns {
		p := NewPatterns(l, n)
		seed := rapid.Uint32().Draw(t, "seed")
		for i := range p.W {
			seed = seed*1664525 + 1013904223
			p.W[i] = int16(seed>>16) % 1000
		}
		return p
	})
}

// patternDot is the pattern sum the square-by-square PatternIndices
// implies for White: White's view's weights less Black's.
func patternDot(p *Patterns, v bashni.Variant, pos *bashni.Position) int {
	white, black := PatternIndices(p.Layout, v, pos)
	sum := 0
	for _, i := range white {
		sum += int(p.W[i])
	}
	for _, i := range black {
		sum -= int(p.W[i])
	}
	return sum
}

// The evaluation's pattern sum on bitboards is the sum of the weights that
// the square-by-square reference indexes, for both layouts on positions of
// random games of any ruleset (towers, prisoners, kings; 7x7 and 8x8).
func TestPatternSumIsTheReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := testgen.Variant().Draw(t, "variant")
		l := rapid.SampledFrom(patternLayouts).Draw(t, "layout")
		p := patternsGen(l, v.Size).Draw(t, "patterns")
		pos := testgen.Playout(v, 150).Draw(t, "pos")
		w := For(v)
		w.Patterns = nil
		plain := New(v, w)
		w.Patterns = p
		with := New(v, w)
		want := patternDot(p, v, &pos)
		if pos.Turn() == bashni.Black {
			want = -want
		}
		if got := with.Evaluate(&pos) - plain.Evaluate(&pos); got != want {
			t.Fatalf("%s (%s, %s): the patterns add %d, the reference %d", pos.FEN(), v, l.Name, got, want)
		}
	})
}

// A position and its mirror are worth the same to the side to move with
// any pattern weights: Black's view is White's turned round.
func TestPatternsAreColourBlind(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := testgen.Variant().Draw(t, "variant")
		w := For(v)
		w.Patterns = patternsGen(LayoutFor(v), v.Size).Draw(t, "patterns")
		pos := testgen.Playout(v, 100).Draw(t, "pos")
		ev := New(v, w)
		m := mirror(t, pos)
		if a, b := ev.Evaluate(&pos), ev.Evaluate(&m); a != b {
			t.Fatalf("%s is worth %v, its mirror %s %v", pos.FEN(), a, m.FEN(), b)
		}
	})
}

// The indices of a known position, worked out by hand: the men layout's
// first two regions (ranks 1 to 3) of the start of Russian draughts hold
// eight own men from White's side, the third four on its lower rank, the
// fourth (ranks 4 and 5) none, and the last three the same for the enemy.
func TestPatternIndicesOfTheStart(t *testing.T) {
	v := bashni.RussianDraughts()
	pos, err := v.Start()
	if err != nil {
		t.Fatal(err)
	}
	white, black := PatternIndices(MenLayout, v, &pos)
	size := MenLayout.size()
	all := func(state int) int { // every square of a region in state
		idx, pow := 0, 1
		for range 8 {
			idx += state * pow
			pow *= 3
		}
		return idx
	}
	half := func(state int, low bool) int {
		idx, pow := 0, 1
		for i := range 8 {
			if (i < 4) == low {
				idx += state * pow
			}
			pow *= 3
		}
		return idx
	}
	want := []int{all(1), all(1), half(1, true), 0, half(2, false), all(2), all(2)}
	for r := range want {
		want[r] += r * size
	}
	if diff := cmp.Diff(want, white); diff != "" {
		t.Errorf("White's view (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, black); diff != "" {
		t.Errorf("Black's view, the same at the start (-want +got):\n%s", diff)
	}
}

func TestEvaluateWithPatternsDoesNotAllocate(t *testing.T) {
	for _, c := range []struct {
		v   bashni.Variant
		fen string
	}{
		{bashni.RussianDraughts(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,h4:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8,f6"},
		{bashni.Russian(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww,b6"},
	} {
		w := For(c.v)
		w.Patterns = NewPatterns(LayoutFor(c.v), c.v.Size)
		ev := New(c.v, w)
		pos := mustFEN(t, c.v, c.fen)
		sum := 0
		if n := testing.AllocsPerRun(100, func() { sum += ev.Evaluate(&pos) }); n != 0 {
			t.Errorf("%s: %v allocations per evaluation", c.v, n)
		}
	}
}

func TestPatternsRoundTrip(t *testing.T) {
	for _, l := range patternLayouts {
		for _, n := range []int{7, 8} {
			p := NewPatterns(l, n)
			for i := range p.W {
				p.W[i] = int16(i*7919) - int16(i)
			}
			var buf bytes.Buffer
			if err := WritePatterns(&buf, p); err != nil {
				t.Fatal(err)
			}
			got, err := ReadPatterns(buf.Bytes())
			if err != nil {
				t.Fatalf("%s %d: %v", l.Name, n, err)
			}
			if diff := cmp.Diff(p, got); diff != "" {
				t.Errorf("%s %d (-wrote +read):\n%s", l.Name, n, diff)
			}
		}
	}
}

func TestReadPatternsErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePatterns(&buf, NewPatterns(MenLayout, 8)); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	header, body, _ := strings.Cut(good, "\n")
	for _, tc := range []struct{ text, want string }{
		{"", "no header line"},
		{strings.Repeat("x", 200), "no header line"},
		{"bashni-patterns 2 men-2x4 8 45927\n" + body, "want \"bashni-patterns 1\""},
		{"bashni-patterns 1 men-2x4 8\n" + body, "want \"bashni-patterns 1\" LAYOUT SIZE COUNT"},
		{"bashni-patterns 1 kings-3x3 8 45927\n" + body, "unknown layout \"kings-3x3\""},
		{"bashni-patterns 1 men-2x4 10 45927\n" + body, "board size \"10\": want 7 or 8"},
		{"bashni-patterns 1 men-2x4 8 45928\n" + body, "count \"45928\": layout men-2x4 has 45927 weights on 8x8"},
		{"bashni-patterns 1 men-2x4 8 -1\n" + body, "count \"-1\""},
		{header + "\n" + body[1:], "91853 bytes of weights after the header, want 91854"},
		{good + "x", "91855 bytes of weights"},
	} {
		_, err := ReadPatterns([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.50q: error %v, want one containing %q", tc.text, err, tc.want)
		}
	}
}

// Whatever ReadPatterns accepts it writes back byte for byte.
func FuzzReadPatterns(f *testing.F) {
	var buf bytes.Buffer
	if err := WritePatterns(&buf, NewPatterns(TowersLayout, 7)); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("bashni-patterns 1 men-2x4 8 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadPatterns(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WritePatterns(&out, p); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Errorf("read %.40q, wrote back %.40q", data, out.Bytes())
		}
	})
}
