package bashni

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The fuzz targets of the parsers. Their seed corpus is in
// testdata/fuzz/<FuzzName>/, so a plain `go test` runs every seed; to search
// for new inputs, run one target at a time, for example
//
//	go test -fuzz=FuzzParseFEN -fuzztime=10m -run '^$' .

// parsersFuzzVariant picks a preset by a fuzzed number.
func parsersFuzzVariant(presets []Variant, i byte) Variant {
	return presets[int(i)%len(presets)]
}

// FuzzParseFEN: no FEN text makes ParseFEN panic; a FEN it accepts is
// written back as a FEN that reads to an equal position and the same text;
// every legal move of that position reads back from its text and plays to a
// position whose FEN reads back too, with the same key.
func FuzzParseFEN(f *testing.F) {
	presets := parsersPresets()
	f.Fuzz(func(t *testing.T, preset byte, fen string) {
		v := parsersFuzzVariant(presets, preset)
		p, err := ParseFEN(v, fen)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%s, %q): error %v (%T) is not a *FENError", v, fen, err, err)
			}
			if fe.FEN != fen || fe.Reason == "" {
				t.Fatalf("ParseFEN(%s, %q): FENError %+v", v, fen, *fe)
			}
			return
		}
		parsersCheckFENRoundTrip(t, v, p)
		for c := White; c <= Black; c++ {
			if n := p.Count(c); n > v.Pieces {
				t.Fatalf("ParseFEN(%s, %q) accepted %d %s pieces, more than %d", v, fen, n, c, v.Pieces)
			}
		}
		moves := p.LegalMoves()
		if p.HasLegalMoves() != (len(moves) > 0) {
			t.Fatalf("%s: HasLegalMoves %v with %d legal moves", p.FEN(), p.HasLegalMoves(), len(moves))
		}
		for _, m := range moves {
			back, err := p.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%s: the text %q of a legal move reads back as %v, %v", p.FEN(), m.String(), back, err)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: Play(%v): %v", p.FEN(), m, err)
			}
			if v.Stacking {
				// docs/RULES.md section 2: pieces never leave the board.
				for c := White; c <= Black; c++ {
					if q.Count(c) != p.Count(c) {
						t.Fatalf("%s: %v changes the %s pieces from %d to %d", p.FEN(), m, c, p.Count(c), q.Count(c))
					}
				}
			}
			parsersCheckFENRoundTrip(t, v, q)
		}
	})
}

// parsersCheckFENRoundTrip checks that p's FEN reads back to p, with the
// same key, and is written the same way again.
func parsersCheckFENRoundTrip(t *testing.T, v Variant, p Position) {
	t.Helper()
	fen := p.FEN()
	q, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("the FEN %q that %s writes does not read back: %v", fen, v, err)
	}
	if !q.Equal(&p) {
		t.Fatalf("the FEN %q reads back as another position %q", fen, q.FEN())
	}
	if q.FEN() != fen {
		t.Fatalf("the FEN %q is written back as %q", fen, q.FEN())
	}
	if q.Key() != p.Key() {
		t.Fatalf("%s: key %#x, but %#x when read from its FEN", fen, p.Key(), q.Key())
	}
}

// FuzzParseMove: no move text, in any position, makes ParseMove panic; an
// error is a *MoveError wrapping exactly one sentinel; a move it returns is
// legal and its canonical text reads back to it.
func FuzzParseMove(f *testing.F) {
	presets := parsersPresets()
	sentinels := []error{ErrIllegalMove, ErrAmbiguousMove, ErrBadMoveText}
	f.Fuzz(func(t *testing.T, preset byte, fen, text string) {
		v := parsersFuzzVariant(presets, preset)
		p, err := ParseFEN(v, fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(text)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("%s: ParseMove(%q): error %v (%T) is not a *MoveError", fen, text, err, err)
			}
			wrapped := 0
			for _, s := range sentinels {
				if errors.Is(err, s) {
					wrapped++
				}
			}
			if wrapped != 1 || me.Text != text || me.Error() == "" {
				t.Fatalf("%s: ParseMove(%q): error %q wraps %d sentinels", fen, text, err, wrapped)
			}
			if errors.Is(err, ErrAmbiguousMove) && len(me.Candidates) < 2 {
				t.Fatalf("%s: ParseMove(%q): ambiguous with candidates %v", fen, text, MoveTexts(me.Candidates))
			}
			return
		}
		if !parsersIsLegal(p, m) {
			t.Fatalf("%s: ParseMove(%q) = %v, not a legal move (%v)", fen, text, m, MoveTexts(p.LegalMoves()))
		}
		// The move goes from the text's first square to its last, and is a
		// capture exactly when the text is written as one.
		squares, quiet, err := Notation{}.splitMove(p.rules(), text, nil)
		if err != nil {
			t.Fatalf("%s: ParseMove(%q) = %v, but the text does not split: %v", fen, text, m, err)
		}
		if m.From() != squares[0] || m.To() != squares[len(squares)-1] || m.IsCapture() == quiet {
			t.Fatalf("%s: ParseMove(%q) = %v, which does not match the text", fen, text, m)
		}
		back, err := p.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%s: ParseMove(%q) = %v, whose text reads back as %v, %v", fen, text, m, back, err)
		}
	})
}

// FuzzParseVariant: no text makes ParseVariant panic; an error is a
// *VariantError; a variant it returns is valid, prints as text that reads
// back to it, and its start position works: its FEN reads back and move
// generation runs.
func FuzzParseVariant(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		v, err := ParseVariant(text)
		if err != nil {
			var ve *VariantError
			if !errors.As(err, &ve) {
				t.Fatalf("ParseVariant(%q): error %v (%T) is not a *VariantError", text, err, err)
			}
			return
		}
		if err := v.Validate(); err != nil {
			t.Fatalf("ParseVariant(%q) returned an invalid variant: %v", text, err)
		}
		back, err := ParseVariant(v.String())
		if err != nil || back != v {
			t.Fatalf("ParseVariant(%q) = %+v, whose String %q reads back as %+v, %v", text, v, v.String(), back, err)
		}
		start, err := v.Start()
		if err != nil {
			t.Fatalf("%s: Start: %v", v, err)
		}
		parsersCheckFENRoundTrip(t, v, start)
		for _, m := range start.LegalMoves() {
			if back, err := start.ParseMove(m.String()); err != nil || back != m {
				t.Fatalf("%s: the start move %v reads back as %v, %v", v, m, back, err)
			}
		}
	})
}

// FuzzParseLine: no line of moves, from any position, makes ParseLine
// panic; it reads the line's moves (SplitLine) in turn, each legal where
// it is played, and the moves' texts, numbered as a game record numbers
// them, read back to the same moves. At a move it cannot read it stops with
// a *LineError naming that move's place and text, wrapping a *MoveError;
// Game.PlayLine plays the same moves as far as both go.
func FuzzParseLine(f *testing.F) {
	presets := parsersPresets()
	f.Add(byte(0), "", "1. c3-d4 f6-e5 2. d4:f6 g7:e5")
	f.Add(byte(0), "", "1.c3-d4 1...f6-e5 2. d4xf6 ... 3.")
	f.Add(byte(3), "", "12. 22-18 11-15 18:11 8:15")
	f.Add(byte(2), "", "c3-d4 d6-c5 b2-c3 c5:e3 d2:f4")
	f.Add(byte(0), "W:Wc3:Bd4,f6", "c3:e5:g7 1.")
	f.Add(byte(0), "", "1. c3-d4 c3-d4")
	f.Fuzz(func(t *testing.T, preset byte, fen, line string) {
		v := parsersFuzzVariant(presets, preset)
		p, err := ParseFEN(v, fen)
		if err != nil {
			p = v.MustStart()
		}
		texts := SplitLine(line)
		moves, err := p.ParseLine(line)
		if err != nil {
			var le *LineError
			var me *MoveError
			if !errors.As(err, &le) || le.Index != len(moves)+1 || le.Index > len(texts) || le.Text != texts[le.Index-1] || !errors.As(err, &me) {
				t.Fatalf("%s %s: ParseLine(%q) after %d moves: error %v (%#v)", v, p.FEN(), line, len(moves), err, err)
			}
		} else if len(moves) != len(texts) {
			t.Fatalf("%s %s: ParseLine(%q) read %d moves of %d", v, p.FEN(), line, len(moves), len(texts))
		}
		var record strings.Builder
		pos := p
		for i, m := range moves {
			if i%2 == 0 {
				fmt.Fprintf(&record, "%d. ", i/2+1)
			}
			fmt.Fprintf(&record, "%s ", m)
			q, err := pos.Play(m)
			if err != nil {
				t.Fatalf("%s %s: ParseLine(%q): move %d, %v, is not legal: %v", v, p.FEN(), line, i+1, m, err)
			}
			pos = q
		}
		back, err := p.ParseLine(record.String())
		if err != nil || !slices.Equal(back, moves) {
			t.Fatalf("%s %s: ParseLine(%q) = %v, written %q, reads back as %v, %v", v, p.FEN(), line, moves, record.String(), back, err)
		}
		g := NewGameFrom(&p)
		err = g.PlayLine(line)
		played := g.Moves()
		if len(played) > len(moves) || !slices.Equal(played, moves[:len(played)]) || (err == nil && len(played) != len(moves)) {
			t.Fatalf("%s %s: the line %q: ParseLine reads %v, PlayLine plays %v, %v", v, p.FEN(), line, moves, played, err)
		}
	})
}
