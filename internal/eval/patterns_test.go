package eval

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io/fs"
	"reflect"
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
// implies for White: White's view's weights less Black's, in a Phased
// layout each index's two weights mixed by PatternPhase.
func patternDot(p *Patterns, v bashni.Variant, pos *bashni.Position) int {
	white, black := PatternIndices(p.Layout, v, pos)
	if !p.Layout.Phased {
		sum := 0
		for r := range white {
			sum += int(p.W[white[r]]) - int(p.W[black[r]])
		}
		return sum
	}
	early, late := 0, 0
	for r := range white {
		early += int(p.W[2*white[r]]) - int(p.W[2*black[r]])
		late += int(p.W[2*white[r]+1]) - int(p.W[2*black[r]+1])
	}
	occupied, full := PatternPhase(v, pos)
	return (early*occupied + late*(full-occupied)) / full
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
		var kind []PatternLayout // the layouts of v's kind of ruleset
		for _, l := range patternLayouts {
			if l.Towers == v.Stacking {
				kind = append(kind, l)
			}
		}
		l := rapid.SampledFrom(kind).Draw(t, "layout")
		w.Patterns = patternsGen(l, v.Size).Draw(t, "patterns")
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
	checkStartIndices(t, MenLayout, want)
}

// The squares layout at the start of Russian draughts: the regions of
// ranks 1 to 4 hold own men on their first three ranks (digits 0 to 5 are
// 1), those of ranks 2 to 5 on two, those of ranks 3 to 6 an own man rank
// and an enemy one (digits 6 and 7 are 2), then two enemy ranks, then three;
// each of the three columns alike.
func TestPatternIndicesOfTheStartInSquares(t *testing.T) {
	digits := func(state int, from, to int) int { // digits from to to-1 in state
		idx, pow := 0, 1
		for i := range 8 {
			if i >= from && i < to {
				idx += state * pow
			}
			pow *= 3
		}
		return idx
	}
	byRank := []int{
		digits(1, 0, 6),
		digits(1, 0, 4),
		digits(1, 0, 2) + digits(2, 6, 8),
		digits(2, 4, 8),
		digits(2, 2, 8),
	}
	var want []int
	for r, idx := range byRank {
		for c := range 3 {
			want = append(want, (3*r+c)*MenSquaresLayout.size()+idx)
		}
	}
	checkStartIndices(t, MenSquaresLayout, want)
}

// checkStartIndices compares both views' indices of layout l at the start
// of Russian draughts with want: the start is its own mirror, so Black's
// view is White's.
func checkStartIndices(t *testing.T, l PatternLayout, want []int) {
	t.Helper()
	v := bashni.RussianDraughts()
	pos, err := v.Start()
	if err != nil {
		t.Fatal(err)
	}
	white, black := PatternIndices(l, v, &pos)
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

// patterns2 writes p in version 2 of the format, as bashni-tune did before
// version 3: each nonzero weight after the count of zero weights before it.
func patterns2(p *Patterns) []byte {
	b := fmt.Appendf(nil, "bashni-patterns 2 %s %d %d\n", p.Layout.Name, p.Size, len(p.W))
	zeros := 0
	for _, x := range p.W {
		if x == 0 {
			zeros++
			continue
		}
		b = binary.AppendUvarint(b, uint64(zeros))
		b = binary.AppendVarint(b, int64(x))
		zeros = 0
	}
	return b
}

func TestReadPatternsEarlierVersions(t *testing.T) {
	p := NewPatterns(MenLayout, 8)
	for i := range p.W {
		p.W[i] = int16(i*7919) - int16(i)
	}
	p.W[17], p.W[18] = 0, 0
	for version, data := range map[int][]byte{1: patterns16(p), 2: patterns2(p)} {
		got, err := ReadPatterns(data)
		if err != nil {
			t.Fatalf("version %d: %v", version, err)
		}
		if diff := cmp.Diff(p, got); diff != "" {
			t.Errorf("version %d (-wrote +read):\n%s", version, diff)
		}
	}
}

// Version 3 spends bytes on nonzero weights only, the steps first and the
// weights after, and no byte of a file's body is zero (a run of zero bytes
// would cost the WebAssembly build a data segment).
func TestWritePatternsFormat(t *testing.T) {
	p := NewPatterns(MenLayout, 8)
	p.W[0], p.W[1], p.W[300], p.W[len(p.W)-1] = -1, 64, 200, -32768
	var buf bytes.Buffer
	if err := WritePatterns(&buf, p); err != nil {
		t.Fatal(err)
	}
	header, body, _ := bytes.Cut(buf.Bytes(), []byte("\n"))
	if got, want := string(header), "bashni-patterns 3 men-2x4 8 45927 4"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	// Steps 1, 1, 299, 45626; weights -1, 64, 200, -32768.
	want := []byte{1, 1, 0xab, 2, 0xba, 0xe4, 2, 1, 0x80, 1, 0x90, 3, 0xff, 0xff, 3}
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
	if got, want := buf.String(), "bashni-patterns 3 men-2x4 8 45927 2\n\x01\xac\x02\x01\x90\x03"; got != want {
		t.Errorf("FORMATS.md's example: wrote %q, want %q", got, want)
	}
	files, err := fs.Glob(fitted, "weights/towers/*.patterns")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Errorf("pattern weights files %q, want the 3 tower presets' (the classic ones have a network)", files)
	}
	for _, file := range files {
		data, err := fitted.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("bashni-patterns 3 ")) {
			t.Errorf("%s: not in version 3: %.40q", file, data)
		}
		if i := bytes.IndexByte(data, 0); i >= 0 {
			t.Errorf("%s: a zero byte at byte %d", file, i)
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
	header, body, _ := strings.Cut(buf.String(), "\n")
	header2, body2, _ := strings.Cut(string(patterns2(p)), "\n")
	_, body1, _ := strings.Cut(string(patterns16(p)), "\n")
	for _, tc := range []struct{ text, want string }{
		{"", "no header line in the first 100 bytes: want \"bashni-patterns 3 LAYOUT SIZE COUNT NONZERO\""},
		{strings.Repeat("x", 200), "no header line"},
		{"bashni-patterns 4 men-2x4 8 45927 2\n" + body, `header "bashni-patterns 4 men-2x4 8 45927 2": want "bashni-patterns 3 LAYOUT SIZE COUNT NONZERO" (or version 1 or 2, with LAYOUT SIZE COUNT)`},
		{"bashni-patterns 3 men-2x4 8 45927\n" + body, "want \"bashni-patterns 3 LAYOUT"},
		{"bashni-patterns 2 men-2x4 8 45927 2\n" + body, "want \"bashni-patterns 3 LAYOUT"},
		{"bashni-patterns 2 men-2x4 8\n" + body2, "want \"bashni-patterns 3 LAYOUT"},
		{"bashni-patterns\n", "want \"bashni-patterns 3 LAYOUT"},
		{"bashni-patterns  3 men-2x4 8 45927 2\n" + body, "want its fields one space apart"},
		{"bashni-patterns 3 kings-3x3 8 45927 2\n" + body, "unknown pattern layout \"kings-3x3\": want one of men-2x4, men-4x2, men-4x2-phased, towers-2x2, towers-2x2-phased"},
		{"bashni-patterns 3 men-2x4 10 45927 2\n" + body, "board size \"10\": want 7 or 8"},
		{"bashni-patterns 3 men-2x4 8 45928 2\n" + body, "count \"45928\": layout men-2x4 has 45927 weights on 8x8"},
		{"bashni-patterns 3 men-2x4 8 -1 2\n" + body, "count \"-1\""},
		{"bashni-patterns 3 men-2x4 8 45927 45928\n" + body, "nonzero count \"45928\": want 0 to 45927"},
		{"bashni-patterns 3 men-2x4 8 45927 -1\n" + body, "nonzero count \"-1\""},
		{"bashni-patterns 3 men-2x4 8 45927 02\n" + body, "nonzero count \"02\""},
		{"bashni-patterns 3 men-2x4 +8 45927 2\n" + body, "board size \"+8\": want 7 or 8"},
		{"bashni-patterns 3 men-2x4 8 045927 2\n" + body, "count \"045927\": layout men-2x4 has 45927"},
		{"bashni-patterns 2 men-2x4 08 45927\n" + body2, "board size \"08\""},
		{"bashni-patterns 3 men-2x4 8 45927 1\n" + body, "byte 4 after the header: 2 bytes more after the 1 nonzero weights"},
		{"bashni-patterns 3 men-2x4 8 45927 3\n" + body, "byte 4 after the header: a step of 6 from weight 45926 runs past the last (45927)"},
		{"bashni-patterns 3 men-2x4 8 45927 0\n" + body, "byte 0 after the header: 6 bytes more after the 0 nonzero weights"},
		{header + "\n" + body + "\x01", "byte 6 after the header: 1 bytes more after the 2 nonzero weights"},
		{header + "\n" + body[:5], "byte 5 after the header: weight 45926 is not"},
		{header + "\n\x86\x00\x06", "byte 0 after the header: the step to nonzero weight 1 of 2 is not a positive count (a shortest"},
		{header + "\n\x00\x06", "byte 0 after the header: the step to nonzero weight 1 of 2 is not a positive"},
		{header + "\n\x06\xe3\xe6\x02", "byte 1 after the header: a step of 45923 from weight 5 runs past the last (45927)"},
		{header + "\n\x06\xe1\xe6\x02\x00", "byte 4 after the header: weight 5 is not a nonzero 16-bit integer"},
		{header + "\n\x06\xe1\xe6\x02\x80\x80\x04", "byte 4 after the header: weight 5 is not a nonzero"},
		{header + "\n\x06\xe1\xe6\x02\x86\x00", "byte 4 after the header: weight 5 is not a nonzero"},
		{"bashni-patterns 1 men-2x4 8 45927\n" + body1[1:], "91853 bytes of weights after the header, want 91854"},
		{"bashni-patterns 1 men-2x4 8 45927\n" + body1 + "x", "91855 bytes of weights"},
		{header2 + "\n" + body2 + "\x80", "byte 6 after the header: not a count of zero weights"},
		{header2 + "\n\x85\x00\x06", "byte 0 after the header: not a count of zero weights (a shortest"},
		{header2 + "\n" + body2 + "\x00", "byte 6 after the header: 0 zero weights from weight 45927 run past the last (45927)"},
		{header2 + "\n\xe7\xe6\x02\x02", "byte 0 after the header: 45927 zero weights from weight 0 run past"},
		{header2 + "\n\x05\x00", "byte 1 after the header: weight 5 is not a nonzero 16-bit integer"},
		{header2 + "\n\x05\x80\x80\x04", "byte 1 after the header: weight 5 is not a nonzero"},
		{header2 + "\n\x05\x86\x00", "byte 1 after the header: weight 5 is not a nonzero"},
		{header2 + "\n\x05", "byte 1 after the header: weight 5"},
	} {
		_, err := ReadPatterns([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.50q: error %v, want one containing %q", tc.text, err, tc.want)
		}
	}
}

// Whatever ReadPatterns accepts in version 3 it writes back byte for byte;
// what it accepts in versions 1 and 2 it writes in version 3 with the same
// weights.
func FuzzReadPatterns(f *testing.F) {
	p := NewPatterns(TowersLayout, 7)
	p.W[9], p.W[10], p.W[600] = 12, 300, -7
	var buf bytes.Buffer
	if err := WritePatterns(&buf, p); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add(patterns2(p))
	f.Add(patterns16(p))
	f.Add([]byte("bashni-patterns 3 men-2x4 8 3 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadPatterns(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WritePatterns(&out, p); err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(data, []byte("bashni-patterns 3 ")) {
			if !bytes.Equal(out.Bytes(), data) {
				t.Errorf("read %.40q, wrote back %.40q", data, out.Bytes())
			}
			return
		}
		again, err := ReadPatterns(out.Bytes())
		if err != nil {
			t.Fatalf("wrote %.40q, reading it: %v", out.Bytes(), err)
		}
		if !reflect.DeepEqual(p, again) { // cmp.Diff only to show one: it is slow
			t.Errorf("an earlier version read, written and read again (-first +again):\n%s", cmp.Diff(p, again))
		}
	})
}

// Weights phased from unphased ones (each both the start-of-game and the
// end-of-game weight) evaluate every position as the unphased ones do;
// Phased refuses a layout that is not the phased one of the same regions.
func TestPhasedPatternsEvaluateAlike(t *testing.T) {
	for _, c := range []struct {
		v        bashni.Variant
		l, phase PatternLayout
	}{
		{bashni.RussianDraughts(), MenSquaresLayout, MenSquaresPhasedLayout},
		{bashni.Russian(), TowersLayout, TowersPhasedLayout},
		{bashni.Lasca(), TowersLayout, TowersPhasedLayout},
	} {
		rapid.Check(t, func(t *rapid.T) {
			p := patternsGen(c.l, c.v.Size).Draw(t, "patterns")
			q := p.Phased(c.phase)
			if q == nil || q.Layout != c.phase {
				t.Fatalf("phased: %+v", q)
			}
			pos := testgen.Playout(c.v, 150).Draw(t, "pos")
			w := For(c.v)
			w.Patterns = p
			a := New(c.v, w).Evaluate(&pos)
			w.Patterns = q
			if b := New(c.v, w).Evaluate(&pos); a != b {
				t.Fatalf("%s %s: %d unphased, %d phased", c.v, pos.FEN(), a, b)
			}
		})
	}
	p := NewPatterns(MenSquaresLayout, 8)
	for _, l := range []PatternLayout{MenSquaresLayout, MenLayout, TowersLayout, TowersPhasedLayout} {
		if q := p.Phased(l); q != nil {
			t.Errorf("%s phased as %s: %+v, want nil", p.Layout.Name, l.Name, q.Layout)
		}
	}
	if q := NewPatterns(MenLayout, 8).Phased(MenSquaresPhasedLayout); q != nil {
		t.Errorf("%s phased as %s: %+v, want nil", MenLayout.Name, MenSquaresPhasedLayout.Name, q.Layout)
	}
}

// PatternPhase counts the occupied squares, a tower once, against the
// pieces of the start: 24 of 24 at the start of Russian draughts, and in
// a position of towers the squares, not the pieces.
func TestPatternPhase(t *testing.T) {
	for _, c := range []struct {
		v              bashni.Variant
		fen            string
		occupied, full int
	}{
		{bashni.RussianDraughts(), "", 24, 24},
		{bashni.RussianDraughts(), "W:Wa1,c3,Kh8:Bb8,d8", 5, 24},
		{bashni.Russian(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww,b6", 10, 24},
		{bashni.Lasca(), "", 22, 22},
	} {
		pos := c.v.MustStart()
		if c.fen != "" {
			pos = mustFEN(t, c.v, c.fen)
		}
		if o, f := PatternPhase(c.v, &pos); o != c.occupied || f != c.full {
			t.Errorf("%s %q: PatternPhase %d of %d, want %d of %d", c.v, c.fen, o, f, c.occupied, c.full)
		}
	}
}
