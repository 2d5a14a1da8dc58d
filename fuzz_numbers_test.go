package bashni

import (
	"errors"
	"testing"
)

// FuzzParseFENNumbers: no text makes a numeric Notation's ParseFEN panic; an
// error is a *FENError quoting the text; a FEN it accepts writes back in
// numbers (Notation.FEN) to one that reads to an equal position.
func FuzzParseFENNumbers(f *testing.F) {
	presets := parsersPresets()
	f.Add(byte(3), byte(0), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
	f.Add(byte(0), byte(2), "B:WK4,12bw:B29.")
	f.Add(byte(2), byte(1), "W:W99999999999999:B")
	f.Fuzz(func(t *testing.T, preset, numbering byte, fen string) {
		v := parsersFuzzVariant(presets, preset)
		n := Notation{Numbers: true, Numbering: Numbering(numbering % 4)}
		p, err := n.ParseFEN(v, fen)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.FEN != fen {
				t.Fatalf("ParseFEN(%s, %q) in %v: error %v is not a *FENError quoting the text", v, fen, n, err)
			}
			return
		}
		back, err := n.ParseFEN(v, n.FEN(&p))
		if err != nil || !back.Equal(&p) {
			t.Fatalf("%q in %v: written %q, read back %v, %v", fen, n, n.FEN(&p), back, err)
		}
	})
}

// FuzzParseMoveNumbers: no text makes a numeric Notation's ParseMove panic; an error is a
// *MoveError quoting the text; a move it accepts is legal, and its text in
// numbers reads back to it.
func FuzzParseMoveNumbers(f *testing.F) {
	presets := parsersPresets()
	f.Add(byte(3), byte(0), "23-19")
	f.Add(byte(3), byte(2), "11x18x25!?")
	f.Add(byte(0), byte(0), "c3-17")
	f.Add(byte(4), byte(1), "999999999999999-1")
	f.Fuzz(func(t *testing.T, preset, numbering byte, text string) {
		v := parsersFuzzVariant(presets, preset)
		n := Notation{Numbers: true, Numbering: Numbering(numbering % 4), Separator: 'x'}
		pos := v.MustStart()
		m, err := n.ParseMove(&pos, text)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Text != text {
				t.Fatalf("ParseMove(%q) in %v: error %v is not a *MoveError quoting the text", text, n, err)
			}
			return
		}
		if _, err := pos.Play(m); err != nil {
			t.Fatalf("ParseMove(%q) in %v gave %s, not legal: %v", text, n, m, err)
		}
		written := n.FormatMove(&pos, m)
		if back, err := n.ParseMove(&pos, written); err != nil || back != m {
			t.Fatalf("%s written %q in %v reads %v, %v", m, written, n, back, err)
		}
	})
}
