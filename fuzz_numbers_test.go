package bashni

import (
	"errors"
	"testing"
)

// FuzzParseFENNumbers: no text makes ParseFENNumbers panic; an error is a
// *FENError quoting the text; a FEN it accepts writes back in numbers
// (FENNumbers) to one that reads to an equal position.
func FuzzParseFENNumbers(f *testing.F) {
	presets := parsersPresets()
	f.Add(byte(3), byte(0), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
	f.Add(byte(0), byte(2), "B:WK4,12bw:B29.")
	f.Add(byte(2), byte(1), "W:W99999999999999:B")
	f.Fuzz(func(t *testing.T, preset, numbering byte, fen string) {
		v := parsersFuzzVariant(presets, preset)
		n := Numbering(numbering % 4)
		p, err := ParseFENNumbers(v, fen, n)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.FEN != fen {
				t.Fatalf("ParseFENNumbers(%s, %q, %s): error %v is not a *FENError quoting the text", v, fen, n, err)
			}
			return
		}
		back, err := ParseFENNumbers(v, p.FENNumbers(n), n)
		if err != nil || !back.Equal(&p) {
			t.Fatalf("%q in %s: written %q, read back %v, %v", fen, n, p.FENNumbers(n), back, err)
		}
	})
}

// FuzzParseMoveNumbers: no text makes ParseMoveNumbers panic; an error is a
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
		n := Numbering(numbering % 4)
		pos := v.MustStart()
		m, err := pos.ParseMoveNumbers(text, n)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Text != text {
				t.Fatalf("ParseMoveNumbers(%q) in %s: error %v is not a *MoveError quoting the text", text, n, err)
			}
			return
		}
		if _, err := pos.Play(m); err != nil {
			t.Fatalf("ParseMoveNumbers(%q) in %s gave %s, not legal: %v", text, n, m, err)
		}
		written := pos.MoveNumbers(m, n, 'x')
		if back, err := pos.ParseMoveNumbers(written, n); err != nil || back.String() != m.String() {
			t.Fatalf("%s written %q in %s reads %v, %v", m, written, n, back, err)
		}
	})
}
