package hub

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// addDialogueSeeds adds every line of the recorded dialogues to the corpus.
func addDialogueSeeds(f *testing.F) {
	logs, _ := filepath.Glob("testdata/dialogues/*.log")
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range lines(string(data)) {
			f.Add(l[2:])
		}
	}
}

// ParseMessage never panics, and what it reads writes back (String) to a
// line it reads to the same message.
func FuzzParseMessage(f *testing.F) {
	addDialogueSeeds(f)
	for _, s := range []string{`info depth=21 mean-depth=20.8 score=-0.01 pv="32-28 17-22"`, `a="" b= c`, `x ="y"`, "\x00", `"`, "=", `pos pos="W`, "set-param name=variant value=lasca,rejump=any", "a=b=c=", `a=b="c"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseMessage(line)
		if err != nil {
			if m.Command != "" || m.Args != nil {
				t.Fatalf("error %v with a message %+v", err, m)
			}
			return
		}
		if m.Command == "" {
			t.Fatalf("%q: empty command", line)
		}
		back, err := ParseMessage(m.String())
		if err != nil {
			t.Fatalf("%q written as %q does not read: %v", line, m.String(), err)
		}
		if diff := cmp.Diff(m, back); diff != "" {
			t.Fatalf("%q written as %q reads back differently (-first +second):\n%s", line, m.String(), diff)
		}
	})
}

// A session given any lines (but level lines, and with depth 1 after
// each line that starts the limits afresh, so searches stay short)
// never panics and answers only well-formed protocol lines.
func FuzzSession(f *testing.F) {
	addDialogueSeeds(f)
	f.Add("hub\ninit\npos pos=" + startPos + " moves=\"9-13\"\ngo think\nping")
	f.Add("set-param name=variant value=bashni\npos fen=\"W:Wa1b:Bh8bw\"\ngo think")
	f.Add("set-param name=tt-size value=22\nset-param name=variant value=russian\ninit\npos pos=" + startPos + " moves=\"10-13 21-18 12-16 23-20 16x23 27x20\"\ngo analyze\nnew-game\nstop\ngo ponder\nponder-hit")
	f.Fuzz(func(t *testing.T, input string) {
		var in strings.Builder
		for _, l := range strings.Split(input, "\n") {
			if !strings.Contains(l, "level") && !strings.Contains(l, "hash") && !strings.Contains(l, "tt-size") {
				in.WriteString(l + "\n")
			}
			if strings.Contains(l, "pos") || strings.Contains(l, "go") {
				in.WriteString("level depth=1\n") // pos and go start the limits afresh
			}
		}
		var out bytes.Buffer
		if err := NewSession(&out, Options{HashMB: 1}).Run(strings.NewReader(in.String())); err != nil {
			t.Fatal(err)
		}
		for _, l := range lines(out.String()) {
			if _, err := ParseMessage(l); err != nil {
				t.Fatalf("answer %q is not a protocol line: %v", l, err)
			}
		}
	})
}

// hubFuzzVariants are the rulesets the Hub fuzz targets pick from by a
// fuzzed number: bashni's presets.
func hubFuzzVariants(f *testing.F) []bashni.Variant {
	var out []bashni.Variant
	for _, name := range bashni.PresetNames() {
		v, err := bashni.ParseVariant(name)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// hubFuzzIndex returns the index in presets of the ruleset named name.
func hubFuzzIndex(f *testing.F, presets []bashni.Variant, name string) byte {
	v, err := variantOf(name)
	if err != nil {
		f.Fatal(err)
	}
	for i, p := range presets {
		if p == v {
			return byte(i)
		}
	}
	f.Fatalf("no preset %s", name)
	return 0
}

// posSeed is a pos command of a recorded dialogue, with the ruleset it is
// played in and the move the engine answered.
type posSeed struct {
	preset           byte
	pos, moves, move string
}

// posSeeds returns the pos commands of the recorded dialogues.
func posSeeds(f *testing.F, presets []bashni.Variant) []posSeed {
	var out []posSeed
	logs, _ := filepath.Glob("testdata/dialogues/*.log")
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			f.Fatal(err)
		}
		variant := defaultVariant
		var pos, moves string
		for _, l := range lines(string(data)) {
			m, err := ParseMessage(l[2:])
			if err != nil {
				continue
			}
			name, _ := m.Get("name")
			switch {
			case m.Command == "set-param" && name == "variant":
				variant, _ = m.Get("value")
			case m.Command == "pos":
				pos, _ = m.Get("pos")
				moves, _ = m.Get("moves")
			case m.Command == "done" && pos != "":
				move, _ := m.Get("move")
				out = append(out, posSeed{hubFuzzIndex(f, presets, variant), pos, moves, move})
			}
		}
	}
	return out
}

// FuzzParsePosition: no text makes ParsePosition panic; a position string
// it reads is written back (FormatPosition) as the same text.
func FuzzParsePosition(f *testing.F) {
	presets := hubFuzzVariants(f)
	seen := map[posSeed]bool{}
	for _, s := range posSeeds(f, presets) {
		if k := (posSeed{preset: s.preset, pos: s.pos}); !seen[k] {
			seen[k] = true
			f.Add(s.preset, s.pos)
		}
	}
	f.Add(byte(2), "Beeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")
	f.Add(byte(1), "WbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwwW")
	f.Add(byte(0), "WWeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeB")
	f.Fuzz(func(t *testing.T, preset byte, text string) {
		v := presets[int(preset)%len(presets)]
		p, err := ParsePosition(v, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s: ParsePosition(%q): an empty error", v, text)
			}
			return
		}
		back, ok := FormatPosition(&p)
		if !ok || back != text {
			t.Fatalf("%s: ParsePosition(%q) = %s, written back as %q, %v", v, text, p.FEN(), back, ok)
		}
	})
}

// FuzzParseMove: no move text, after any pos command's position and moves,
// makes ParseMove panic; a move it reads is legal, and its Hub text
// (FormatMove) reads back to a move written the same way: the one move, or
// (a Hub move cannot say whether a man was crowned on the way) one of the
// captures with its ends and captured pieces.
func FuzzParseMove(f *testing.F) {
	presets := hubFuzzVariants(f)
	for _, s := range posSeeds(f, presets) {
		f.Add(s.preset, s.pos, s.moves, s.move)
	}
	f.Add(byte(3), startPos, "", "9-13")
	f.Add(byte(3), startPos, "10-13 21-18 12-16 23-20", "16x23")
	f.Add(byte(3), startPos, "10-13 21-18 12-16 23-20", "16x20x23")
	f.Add(byte(0), startPos, "c3-d4 f6-e5", "d4:f6")
	f.Add(byte(3), "Weeeeeeeeeeeeebeebeeeeeeeebebeeeeeeeeeeee", "", "1x10x19")
	f.Fuzz(func(t *testing.T, preset byte, pos, moves, text string) {
		v := presets[int(preset)%len(presets)]
		p, err := ParsePosition(v, pos)
		if err != nil {
			if p, err = bashni.ParseFEN(v, pos); err != nil {
				p = v.MustStart()
			}
		}
		for _, mt := range strings.Fields(moves) {
			m, err := ParseMove(&p, mt)
			if err != nil {
				break
			}
			if p, err = p.Play(m); err != nil {
				t.Fatalf("%s: ParseMove(%q) = %v, which does not play: %v", v, mt, m, err)
			}
		}
		m, err := ParseMove(&p, text)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%s %s: ParseMove(%q): an empty error", v, p.FEN(), text)
			}
			return
		}
		if _, err := p.Play(m); err != nil {
			t.Fatalf("%s %s: ParseMove(%q) = %v, not legal: %v", v, p.FEN(), text, m, err)
		}
		written := FormatMove(&p, m)
		back, err := ParseMove(&p, written)
		if err != nil || FormatMove(&p, back) != written {
			t.Fatalf("%s %s: ParseMove(%q) = %v, written %q, which reads back as %v, %v", v, p.FEN(), text, m, written, back, err)
		}
		if back != m && (back.From() != m.From() || back.To() != m.To() || !sameSquares(back.JumpedSquares(), m.JumpedSquares())) {
			t.Fatalf("%s %s: ParseMove(%q) = %v, written %q, which reads back as another move %v", v, p.FEN(), text, m, written, back)
		}
	})
}

// FuzzVariantValue: a ruleset the variant parameter names (variantOf), or
// that bashni's text form names, is named by VariantValue as a value that
// reads back to it.
func FuzzVariantValue(f *testing.F) {
	for _, s := range append(variantValues(), "russian-draughts,rejump=once", "brazilian, repetitions=3", "lasca,rejump=any") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, read := range []func(string) (bashni.Variant, error){variantOf, bashni.ParseVariant} {
			v, err := read(text)
			if err != nil {
				continue
			}
			value := VariantValue(v)
			back, err := variantOf(value)
			if err != nil || back != v {
				t.Fatalf("%q reads as %s, whose value %q reads back as %s, %v", text, v, value, back, err)
			}
		}
	})
}
