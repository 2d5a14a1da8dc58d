package main

import (
	"strings"
	"testing"
)

// TestReplayCodex checks docs/RULES.md section 11: the Codex game is legal from
// the russian start, and Black still has moves at its end. The final
// position holds the towers section 10 uses as its FEN example.
func TestReplayCodex(t *testing.T) {
	var out strings.Builder
	if err := replay(&out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"\n11. b2:d4:f6:d8:a5:d2:h6\n",
		"\nFEN: B:Wc1,e1,g1,f2,b4ww,e5w,Kh6wbbbbbb,a7bb:Bg7,b8,f8,h8\n",
		"\nBlack's moves: b8-c7 f8-e7 g7-f6\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q; it ends:\n%s", want, text[max(0, len(text)-600):])
		}
	}
	if n := strings.Count(text, "to move\n"); n != len(codex)+1 {
		t.Errorf("%d diagrams, want one before and one after each of the %d moves", n, len(codex))
	}
}
