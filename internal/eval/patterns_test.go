package eval

import (
	"bytes"
	"embed"
	"encoding/binary"
	"fmt"
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

// patterns16 writes p in version 1 of the format, as bashni-tune did
// before version 2.
func patterns16(p *Patterns) []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "bashni-patterns 1 %s %d %d\n", p.Layout.Name, p.Size, len(p.W))
	binary.Write(&buf, binary.LittleEndian, p.W)
	return buf.Bytes()
}

func TestReadPatternsVersion1(t *testing.T) {
	p := NewPatterns(MenLayout, 8)
	for i := range p.W {
		p.W[i] = int16(i*7919) - int16(i)
	}
	got, err := ReadPatterns(patterns16(p))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(p, got); diff != "" {
		t.Errorf("(-wrote +read):\n%s", diff)
	}
}

// Version 2 spends bytes on nonzero weights only, and a fitted file, mostly
// zeros, has no run of 8 zero bytes (each would cost the WebAssembly build
// a data segment).
func TestWritePatternsIsSparse(t *testing.T) {
	p := NewPatterns(MenLayout, 8)
	p.W[0], p.W[1], p.W[300], p.W[len(p.W)-1] = -1, 64, 200, -32768
	var buf bytes.Buffer
	if err := WritePatterns(&buf, p); err != nil {
		t.Fatal(err)
	}
	_, body, _ := bytes.Cut(buf.Bytes(), []byte("\n"))
	// 0,-1; 0,64; 298,200; 45625,-32768
	want := []byte{0, 1, 0, 0x80, 1, 0xaa, 2, 0x90, 3, 0xb9, 0xe4, 2, 0xff, 0xff, 3}
	if !bytes.Equal(body, want) {
		t.Errorf("body % x, want % x", body, want)
	}
	// docs/FORMATS.md's example.
	p = NewPatterns(MenLayout, 8)
	p.W[0], p.W[300] = -1, 200
	buf.Reset()
	if err := WritePatterns(&buf, p); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "bashni-patterns 2 men-2x4 8 45927\n\x00\x01\xab\x02\x90\x03"; got != want {
		t.Errorf("FORMATS.md's example: wrote %q, want %q", got, want)
	}
	for _, c := range []struct {
		fs   embed.FS
		file string
	}{
		{fitted, "weights/russian-draughts.patterns"},
		{fitted, "weights/brazilian-draughts.patterns"},
		{towerPatterns, "weights/towers/russian.patterns"},
		{towerPatterns, "weights/towers/international.patterns"},
	} {
		data, err := c.fs.ReadFile(c.file)
		if err != nil && c.fs == towerPatterns && !withTowerPatterns {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.Index(data, make([]byte, 8)); i >= 0 {
			t.Errorf("%s: 8 zero bytes at byte %d", c.file, i)
		}
	}
}

func TestReadPatternsErrors(t *testing.T) {
	p := NewPatterns(MenLayout, 8)
	p.W[5], p.W[len(p.W)-1] = 3, -2
	var buf bytes.Buffer
	if err := WritePatterns(&buf, p); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	header, body, _ := strings.Cut(good, "\n")
	_, body1, _ := strings.Cut(string(patterns16(p)), "\n")
	for _, tc := range []struct{ text, want string }{
		{"", "no header line"},
		{strings.Repeat("x", 200), "no header line"},
		{"bashni-patterns 3 men-2x4 8 45927\n" + body, `want "bashni-patterns 1" or "bashni-patterns 2" and LAYOUT SIZE COUNT`},
		{"bashni-patterns 2 men-2x4 8\n" + body, "want \"bashni-patterns 1\" or"},
		{"bashni-patterns  2 men-2x4 8 45927\n" + body, "want its fields one space apart"},
		{"bashni-patterns 2 kings-3x3 8 45927\n" + body, "unknown layout \"kings-3x3\""},
		{"bashni-patterns 2 men-2x4 10 45927\n" + body, "board size \"10\": want 7 or 8"},
		{"bashni-patterns 2 men-2x4 8 45928\n" + body, "count \"45928\": layout men-2x4 has 45927 weights on 8x8"},
		{"bashni-patterns 2 men-2x4 8 -1\n" + body, "count \"-1\""},
		{"bashni-patterns 1 men-2x4 8 45927\n" + body1[1:], "91853 bytes of weights after the header, want 91854"},
		{"bashni-patterns 1 men-2x4 8 45927\n" + body1 + "x", "91855 bytes of weights"},
		{header + "\n" + body + "\x80", "byte 6 after the header: not a count of zero weights"},
		{header + "\n\x85\x00\x06", "byte 0 after the header: not a count of zero weights (a shortest"},
		{header + "\n" + body + "\x00", "byte 6 after the header: 0 zero weights from weight 45927 run past the last (45927)"},
		{header + "\n\xe7\xe6\x02\x02", "byte 0 after the header: 45927 zero weights from weight 0 run past"},
		{header + "\n\x05\x00", "byte 1 after the header: weight 5 is not a nonzero 16-bit integer"},
		{header + "\n\x05\x80\x80\x04", "byte 1 after the header: weight 5 is not a nonzero"},
		{header + "\n\x05\x86\x00", "byte 1 after the header: weight 5 is not a nonzero"},
		{header + "\n\x05", "byte 1 after the header: weight 5"},
	} {
		_, err := ReadPatterns([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.50q: error %v, want one containing %q", tc.text, err, tc.want)
		}
	}
}

// Whatever ReadPatterns accepts in version 2 it writes back byte for byte;
// what it accepts in version 1 it writes in version 2 with the same
// weights.
func FuzzReadPatterns(f *testing.F) {
	p := NewPatterns(TowersLayout, 7)
	p.W[9], p.W[600] = 12, -7
	var buf bytes.Buffer
	if err := WritePatterns(&buf, p); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add(patterns16(p))
	f.Add([]byte("bashni-patterns 2 men-2x4 8 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadPatterns(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WritePatterns(&out, p); err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(data, []byte("bashni-patterns 2 ")) {
			if !bytes.Equal(out.Bytes(), data) {
				t.Errorf("read %.40q, wrote back %.40q", data, out.Bytes())
			}
			return
		}
		again, err := ReadPatterns(out.Bytes())
		if err != nil {
			t.Fatalf("wrote %.40q, reading it: %v", out.Bytes(), err)
		}
		if diff := cmp.Diff(p, again); diff != "" {
			t.Errorf("version 1 read, written and read again (-first +again):\n%s", diff)
		}
	})
}
