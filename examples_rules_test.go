package bashni_test

// The worked examples of docs/RULES.md section 11: the game from the Codex of
// column checkers and the twelve-jump king capture, both from the Russian
// source text. Every expected position below was traced by hand.

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
)

// ruleCodexMoves is the Codex game, one ply per entry, as printed in the source.
var ruleCodexMoves = testgame.CodexMoves

// ruleCodexPositions are hand-traced positions of the Codex game, keyed by the
// number of plies played.
var ruleCodexPositions = map[int]string{
	// 4. a3:c5:a7 takes b4 then b6: a7 holds the white man over two black
	// men, b4's man just under the top, b6's at the bottom.
	7: "B:Wa1,c1,e1,g1,d2,f2,h2,c3,e3,g3,a5,a7bb:Bd6,f6,h6,c7,e7,g7,b8,d8,f8,h8",
	// 5. a5:c7:e5 puts two black men under e5; 5... f6:d4:b2 takes e5's
	// white top (leaving two black men on e5, black on top) and then c3:
	// b2 is a black man over two white men.
	10: "W:Wa1,c1,e1,g1,d2,f2,h2,e3,g3,a7bb:Bb2ww,e5b,h6,e7,g7,b8,d8,f8,h8",
	// 6. a1:c3 takes b2's top and frees its two white men; 7. g3-f4 e5:g3
	// (the black pair takes f4); 8. h2:f4 takes the top of g3, whose new
	// top is black; g3:e5 takes f4's white top, leaving a black man on f4.
	16: "W:Wc1,e1,g1,b2w,d2,f2,c3b,e3,a7bb:Bf4,e5ww,h6,c7,e7,g7,b8,f8,h8",
	// 9. e3:g5 h6:f4 (g5 keeps a black man), 10. d2-e3 f4:d2:b4: the black
	// tower from f4 takes e3, then c3's white top (c3 keeps a black man).
	20: "W:Wc1,e1,g1,b2w,f2,a7bb:Bc3,b4www,e5ww,g5,c7,e7,g7,b8,f8,h8",
	// 11. b2:d4:f6:d8:a5:d2:h6: the white pair on b2 takes c3, e5's top
	// (freeing two white men on e5), e7, is crowned on d8 (R6), takes c7
	// (must land on a5, R5), b4's top (freeing two white men; must land on
	// d2) and g5. The king on h6 holds the other white man and six black
	// men: the tower of the FEN example in docs/RULES.md section 10.
	21: testgame.CodexFinal,
}

func TestWorkedExampleCodexGame(t *testing.T) {
	pos := bashni.Russian().MustStart()
	for i, text := range ruleCodexMoves {
		m, err := pos.ParseMove(text)
		if err != nil {
			t.Fatalf("ply %d %s in %s: %v", i+1, text, pos, err)
		}
		if m.String() != text {
			t.Errorf("ply %d: canonical text %q, the source writes %q", i+1, m.String(), text)
		}
		if pos, err = pos.Play(m); err != nil {
			t.Fatalf("ply %d %s: %v", i+1, text, err)
		}
		if want, ok := ruleCodexPositions[i+1]; ok && pos.FEN() != want {
			t.Errorf("after ply %d %s:\n got %s\nwant %s", i+1, text, pos.FEN(), want)
		}
	}
	for _, c := range []bashni.Color{bashni.White, bashni.Black} {
		if n := pos.Count(c); n != 12 {
			t.Errorf("%s has %d pieces on the board, want 12", c, n)
		}
	}
	if pos.Turn() != bashni.Black {
		t.Errorf("side to move %s, want black", pos.Turn())
	}
	// "White wins" in the source is a resignation: Black still has moves.
	want := []string{"b8-c7", "f8-e7", "g7-f6"}
	if diff := cmp.Diff(want, bashni.MoveTexts(pos.LegalMoves())); diff != "" {
		t.Errorf("Black's moves at the end (-want +got):\n%s", diff)
	}
}

// The twelve-jump example: the king runs the loop c1 f4 h6 f8 d6 b4 d2 twice,
// taking each of the six two-man towers twice (R2), never reversing (R3) and
// always landing where it can jump on (R5: b4 not a3, d2 not e1) until the
// last jump, after which d2 and e1 are both allowed.
func TestWorkedExampleTwelveJumps(t *testing.T) {
	const loop = "c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:"
	twelve := strings.Repeat("b", 12)
	checkRuleCase(t, ruleCase{
		name: "11/twelve-jumps",
		v:    bashni.Russian(),
		fen:  "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b",
		want: map[string]string{
			loop + "d2": "B:WKd2" + twelve + ":B",
			loop + "e1": "B:WKe1" + twelve + ":B",
		},
	})
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pos.LegalMoves() {
		if m.Jumps() != 12 {
			t.Errorf("%s takes %d pieces, want 12", m, m.Jumps())
		}
	}
}
