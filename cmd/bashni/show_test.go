package main

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
)

func TestShowEndsWithFEN(t *testing.T) {
	tests := []struct {
		args []string
		fen  string
	}{
		{nil, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
		{[]string{"-variant", "lasca"}, "W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7"},
		// A tower FEN (section 10) reads back as written; squares given out
		// of order come out rank by rank.
		{[]string{"-fen", "W:WKh6wbbbbbb,a7bb:Bc3"}, "W:WKh6wbbbbbb,a7bb:Bc3"},
		{[]string{"-fen", "B:Bc3:Wa7bb,Kh6wbbbbbb"}, "B:WKh6wbbbbbb,a7bb:Bc3"},
		// 1. c3-d4 b6-c5 2. d4:b6: the white man takes the top of c5 and
		// stands on b6 over a black man.
		{[]string{"-moves", "1. c3-d4 b6-c5 2. d4:b6"}, "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,b6b:Bd6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"},
	}
	for _, tc := range tests {
		out := mustCLI(t, append([]string{"show"}, tc.args...)...)
		ls := lines(out)
		if got := ls[len(ls)-1]; got != tc.fen {
			t.Errorf("bashni show %q: last line %q, want %q", tc.args, got, tc.fen)
		}
		// Everything above the FEN is the library's diagram of that position.
		v, err := bashni.ParseVariant(variantArg(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		pos, err := bashni.ParseFEN(v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if want := pos.Diagram() + tc.fen + "\n"; out != want {
			t.Errorf("bashni show %q:\n%s\nwant:\n%s", tc.args, out, want)
		}
	}
}

// variantArg returns the value of -variant in args, or "russian".
func variantArg(args []string) string {
	for i, a := range args {
		if a == "-variant" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return "russian"
}

func TestShowErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-fen", "W:Wa1:Ba2"},        // a light square
		{"-variant", "lasca,size=9"}, // outside 4..8
		{"-moves", "a1-b2"},
		{"extra"},
	} {
		out, err := runDirect(runShow, args...)
		if err == nil || out != "" {
			t.Errorf("bashni show %q: error %v, output %q; want an error and no output", args, err, out)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("bashni show %q: error spans lines: %q", args, err)
		}
	}
}
