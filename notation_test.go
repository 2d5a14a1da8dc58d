package bashni

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parsersPresets returns every preset ruleset, in PresetNames order.
func parsersPresets() []Variant {
	var out []Variant
	for _, name := range PresetNames() {
		v, err := ParseVariant(name)
		if err != nil {
			panic(err)
		}
		out = append(out, v)
	}
	return out
}

// parsersPlayouts plays games random moves from the variant's start, up to
// plies each, and calls visit on every position reached (the start
// included). The seed makes the games repeatable.
func parsersPlayouts(t testing.TB, v Variant, seed uint64, games, plies int, visit func(Position)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0xba5341))
	start, err := v.Start()
	if err != nil {
		t.Fatal(err)
	}
	var buf [128]Move
	for g := 0; g < games; g++ {
		p := start
		for ply := 0; ply < plies; ply++ {
			visit(p)
			ms := p.AppendLegalMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			p = p.PlayUnchecked(ms[rng.IntN(len(ms))])
		}
	}
}

// parsersFEN reads a FEN that the test relies on.
func parsersFEN(t *testing.T, v Variant, fen string) Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("test position: %v", err)
	}
	return p
}

// The position where a white man on a3 must take b4 and d6.
const parsersCaptureFEN = "W:Wa3,g3:Bb4,d6"

// docs/RULES.md section 10 "Moves": the texts that name a legal move, and the
// canonical text each gives.
func TestParseMove(t *testing.T) {
	// A white man on c3 takes four black men round a loop, either way round;
	// both ways reach the same position, so they are one move (section 8)
	// whose canonical text lists the landing squares that come first.
	const loop = "W:Wc3:Bd4,f4,f2,d2"
	cases := []struct {
		name string
		v    Variant
		fen  string
		text string
		want string
	}{
		{"quiet", Russian(), "", "c3-d4", "c3-d4"},
		{"quiet upper case", Russian(), "", "C3-D4", "c3-d4"},
		{"quiet mixed case", Russian(), "", "c3-D4", "c3-d4"},
		{"quiet spaces around", Russian(), "", " c3-d4 ", "c3-d4"},
		{"annotation !", Russian(), "", "c3-d4!", "c3-d4"},
		{"annotation ?", Russian(), "", "c3-d4?", "c3-d4"},
		{"annotation !!", Russian(), "", "c3-d4!!", "c3-d4"},
		{"annotation ??", Russian(), "", "c3-d4??", "c3-d4"},
		{"annotation !?", Russian(), "", "c3-d4!?", "c3-d4"},
		{"annotation ?!", Russian(), "", "c3-d4?!", "c3-d4"},
		{"promotion mark on a quiet move", Russian(), "W:Wc7:Bh8", "c7-d8*", "c7-d8"},
		{"promotion mark and annotation", Russian(), "W:Wc7:Bh8", "c7-b8*!", "c7-b8"},
		{"quiet flying king", Russian(), "W:WKa1:Bh8", "a1-g7", "a1-g7"},
		{"capture with ':'", Russian(), parsersCaptureFEN, "a3:c5:e7", "a3:c5:e7"},
		{"capture with 'x'", Russian(), parsersCaptureFEN, "a3xc5xe7", "a3:c5:e7"},
		{"capture with 'X'", Russian(), parsersCaptureFEN, "A3XC5XE7", "a3:c5:e7"},
		{"mixed separators", Russian(), parsersCaptureFEN, "a3xc5:e7", "a3:c5:e7"},
		{"mixed separators other way", Russian(), parsersCaptureFEN, "a3:C5xE7", "a3:c5:e7"},
		{"capture annotated", Russian(), parsersCaptureFEN, "a3:c5:e7?!", "a3:c5:e7"},
		{"short capture", Russian(), parsersCaptureFEN, "a3:e7", "a3:c5:e7"},
		{"short capture with x", Russian(), parsersCaptureFEN, "a3xe7!!", "a3:c5:e7"},
		{"capture promotes, marked", Russian(), "W:Wb6:Bc7", "b6:d8*", "b6:d8"},
		{"lasca emits x", Lasca(), parsersCaptureFEN, "a3:c5:e7", "a3xc5xe7"},
		{"lasca reads x", Lasca(), parsersCaptureFEN, "a3xc5xe7", "a3xc5xe7"},
		{"lasca short", Lasca(), parsersCaptureFEN, "a3:e7*", "a3xc5xe7"},
		{"international", International(), parsersCaptureFEN, "a3xc5xe7", "a3:c5:e7"},
		{"canonical loop", Russian(), loop, "c3:e1:g3:e5:c3", "c3:e1:g3:e5:c3"},
		{"non-canonical loop gives the canonical move", Russian(), loop, "c3:e5:g3:e1:c3", "c3:e1:g3:e5:c3"},
		{"short loop from:from", Russian(), loop, "c3:c3", "c3:e1:g3:e5:c3"},
		// A two-square text that is the full path of a one-jump move means
		// that move, though longer moves also go from:to.
		{"one jump of a man beside a longer one", Russian(), parsersOneJumpRussian, "f6:h8", "f6:h8"},
		{"the longer one by its path", Russian(), parsersOneJumpRussian, "f6:d8:b6:d4:h8", "f6:d8:b6:d4:h8"},
		{"one jump of a flying king beside a longer one", LudiiBashni(), parsersOneJumpFlying, "e3:c1", "e3:c1"},
		{"the longer flying one by its path", LudiiBashni(), parsersOneJumpFlying, "e3:h6:c1", "e3:h6:c1"},
		{"one jump of a lasca officer beside a longer one", Lasca(), parsersOneJumpLasca, "c3xe1", "c3xe1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.v.MustStart()
			if c.fen != "" {
				p = parsersFEN(t, c.v, c.fen)
			}
			m, err := p.ParseMove(c.text)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", c.text, err)
			}
			// The ruleset's own notation writes lasca's captures with 'x'.
			if diff := cmp.Diff(c.want, Notation{}.FormatMove(&p, m)); diff != "" {
				t.Errorf("ParseMove(%q) (-want +got):\n%s", c.text, diff)
			}
			if !parsersIsLegal(p, m) {
				t.Errorf("ParseMove(%q) = %v, which is not in LegalMoves %v", c.text, m, MoveTexts(p.LegalMoves()))
			}
		})
	}
}

// Positions (found by random play) where a one-jump move and a longer move
// share their from and to squares.
const (
	// The white man on f6 takes g7 and lands on h8; or takes e7, is crowned
	// on d8 (R6) and goes on round to h8.
	parsersOneJumpRussian = "W:Wc1,b2,h2,a3,c3b,b4,f4wbbb,h4,f6,a7bb:Bc5,d6w,c7,e7,g7b"
	parsersOneJumpFlying  = "W:WKe3wbbb:BKe1bww,d2bww,f2w,g5,d8,Kf8wwwww,h8"
	parsersOneJumpLasca   = "W:Wa1,g1,f2,a3,Kc3w,g3b:Bd2bww,e3ww,b4,d4,b6b,d6b,g7"
)

// parsersIsLegal reports whether m is one of the position's legal moves.
func parsersIsLegal(p Position, m Move) bool {
	for _, l := range p.LegalMoves() {
		if l == m {
			return true
		}
	}
	return false
}

// The one-jump positions really have a longer move with the same ends:
// otherwise the tests above would not test the rule.
func TestParseMoveOneJumpPositions(t *testing.T) {
	cases := []struct {
		v    Variant
		fen  string
		want []string
	}{
		{Russian(), parsersOneJumpRussian, []string{"f6:d8:b6:d4:h8", "f6:h8"}},
		{LudiiBashni(), parsersOneJumpFlying, []string{"e3:c1", "e3:h6:c1"}},
		{Lasca(), parsersOneJumpLasca, []string{"c3xa5xc7xe5xc3xe1", "c3xe1"}},
	}
	for _, c := range cases {
		p := parsersFEN(t, c.v, c.fen)
		var same []Move
		for _, m := range p.LegalMoves() {
			if m.From().String() == c.want[0][:2] && m.To().String() == c.want[0][len(c.want[0])-2:] {
				same = append(same, m)
			}
		}
		if diff := cmp.Diff(c.want, Notation{}.MoveTexts(&p, same)); diff != "" {
			t.Errorf("%s: moves with the same ends (-want +got):\n%s", c.fen, diff)
		}
	}
}

// docs/RULES.md section 10: a short capture that matches several legal moves is
// an error naming every one of them.
func TestParseMoveAmbiguous(t *testing.T) {
	cases := []struct {
		name  string
		v     Variant
		fen   string
		text  string
		cands []string
	}{
		// The loop of TestParseMove with a black king on d4: taken first or
		// last, it ends at a different depth of the tower, so the two ways
		// round are two moves.
		{"loop either way", Russian(), "W:Wc3:BKd4,f4,f2,d2", "c3:c3", []string{"c3:e1:g3:e5:c3", "c3:e5:g3:e1:c3"}},
		{"loop with x", Russian(), "W:Wc3:BKd4,f4,f2,d2", "C3xC3!", []string{"c3:e1:g3:e5:c3", "c3:e5:g3:e1:c3"}},
		{"flying king, majority", International(), "B:Wa1,d2w,f2,g3,d4w,h4bbb,Kc5bbbbbb:BKe1www,b6,h6", "e1:h2",
			[]string{"e1:b4:d6:h2", "e1:c3:e5:h2"}},
		{"lasca officer", Lasca(), "W:WKc5b:BKa1www,b2Ww,Kd2ww,Kf2ww,b4bbbw,d4,f4", "c5xc5",
			[]string{"c5xa3xc1xe3xc5", "c5xe3xc1xa3xc5"}},
		{"russian draughts", RussianDraughts(), "B:Wc1,b2,d2,f2,h2,a3,Kb4,Kf4,h4:Ba5,h8", "a5:a1",
			[]string{"a5:c3:a1", "a5:c3:e1:g3:e5:a1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := parsersFEN(t, c.v, c.fen)
			m, err := p.ParseMove(c.text)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %v, want an ambiguity error", c.text, m)
			}
			if !errors.Is(err, ErrAmbiguousMove) {
				t.Errorf("error %v does not wrap ErrAmbiguousMove", err)
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %v (%T) is not a *MoveError", err, err)
			}
			if diff := cmp.Diff(c.cands, Notation{}.MoveTexts(&p, me.Candidates)); diff != "" {
				t.Errorf("Candidates (-want +got):\n%s", diff)
			}
			for _, cand := range c.cands {
				if !strings.Contains(err.Error(), cand) {
					t.Errorf("message %q does not name %s", err, cand)
				}
			}
			if me.Text != c.text || !me.Position.Equal(&p) {
				t.Errorf("MoveError.Text %q, Position %s; want %q, %s", me.Text, me.Position.FEN(), c.text, c.fen)
			}
			// Each candidate's own text names it.
			for _, cand := range me.Candidates {
				got, err := p.ParseMove(cand.String())
				if err != nil || got != cand {
					t.Errorf("candidate %v does not read back: %v, %v", cand, got, err)
				}
			}
		})
	}
}

// docs/RULES.md section 10: move text that is not legal, not finished or not
// notation at all is a *MoveError wrapping the right sentinel.
func TestParseMoveErrors(t *testing.T) {
	cases := []struct {
		name     string
		v        Variant
		fen      string
		text     string
		sentinel error
		reason   string // key words of the reason
	}{
		{"unfinished capture", Russian(), parsersCaptureFEN, "a3:c5", ErrIllegalMove, "unfinished"},
		{"unfinished loop", Russian(), "W:Wc3:Bd4,f4,f2,d2", "c3:e5:g3", ErrIllegalMove, "unfinished"},
		{"'-' for a capture", Russian(), parsersCaptureFEN, "a3-c5", ErrIllegalMove, "capture is compulsory"},
		{"'-' in a capture path", Russian(), parsersCaptureFEN, "a3-c5-e7", ErrBadMoveText, "'-' is for quiet moves"},
		{"'-' mixed with ':'", Russian(), parsersCaptureFEN, "a3:c5-e7", ErrBadMoveText, "'-' is for quiet moves"},
		{"quiet move when a capture is compulsory", Russian(), parsersCaptureFEN, "g3-h4", ErrIllegalMove, "capture is compulsory"},
		{"capture where there is none", Russian(), "", "c3:e5", ErrIllegalMove, "no capture"},
		{"quiet move not legal", Russian(), "", "c3-e5", ErrIllegalMove, "not a legal move"},
		{"backward quiet man move", Russian(), "W:Wc3:Bh8", "c3-b2", ErrIllegalMove, "not a legal move"},
		{"capture path not legal", Russian(), parsersCaptureFEN, "a3:c5:a7", ErrIllegalMove, "not a legal move"},
		{"wrong from square", Russian(), parsersCaptureFEN, "g3:e5", ErrIllegalMove, "not a legal move"},
		{"light square", Russian(), "", "c3-c4", ErrIllegalMove, "c4"},
		{"off the lasca board", Lasca(), "", "g3-h4", ErrIllegalMove, "h4"},
		{"no legal moves", Russian(), "W:W:Bc3", "c3-d4", ErrIllegalMove, "not a legal move"},
		{"empty", Russian(), "", "", ErrBadMoveText, "no move"},
		{"only marks", Russian(), "", "!?", ErrBadMoveText, "no move"},
		{"word", Russian(), "", "hello", ErrBadMoveText, "not a square"},
		{"one square", Russian(), "", "c3", ErrBadMoveText, "two squares"},
		{"separator at end", Russian(), "", "c3-", ErrBadMoveText, "missing"},
		{"two separators", Russian(), "", "c3--d4", ErrBadMoveText, "not a square"},
		{"no separator", Russian(), "", "c3d4", ErrBadMoveText, "not a separator"},
		{"unknown separator", Russian(), "", "c3/d4", ErrBadMoveText, "not a separator"},
		{"three marks", Russian(), "", "c3-d4!!!", ErrBadMoveText, "annotation"},
		{"two promotion marks", Russian(), "", "c3-d4**", ErrBadMoveText, "promotion mark"},
		{"mark in the middle", Russian(), parsersCaptureFEN, "a3:c5*:e7", ErrBadMoveText, "not a separator"},
		{"two moves", Russian(), "", "c3-d4 f6-e5", ErrBadMoveText, "not a separator"},
		{"off-board letters", Russian(), "", "z9-a1", ErrBadMoveText, "not a square"},
		{"move number", Russian(), "", "1.c3-d4", ErrBadMoveText, "not a square"},
		{"numeric squares", Russian(), "", "22-18", ErrBadMoveText, "not a square"},
		// 14 squares: more than the 12 jumps a side's pieces allow (R2).
		{"longer than any capture", Russian(), parsersCaptureFEN, "a3:c5:a3:c5:a3:c5:a3:c5:a3:c5:a3:c5:a3:c5", ErrIllegalMove, "more than 12 jumps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.v.MustStart()
			if c.fen != "" {
				p = parsersFEN(t, c.v, c.fen)
			}
			m, err := p.ParseMove(c.text)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %v, want an error", c.text, m)
			}
			if !errors.Is(err, c.sentinel) {
				t.Errorf("error %q does not wrap %v", err, c.sentinel)
			}
			for _, other := range []error{ErrIllegalMove, ErrAmbiguousMove, ErrBadMoveText} {
				if other != c.sentinel && errors.Is(err, other) {
					t.Errorf("error %q also wraps %v", err, other)
				}
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error %v (%T) is not a *MoveError", err, err)
			}
			if !strings.Contains(me.Reason, c.reason) {
				t.Errorf("reason %q does not say %q", me.Reason, c.reason)
			}
			if me.Text != c.text || len(me.Candidates) != 0 {
				t.Errorf("MoveError.Text %q, Candidates %v; want %q and none", me.Text, MoveTexts(me.Candidates), c.text)
			}
			if !strings.Contains(err.Error(), `"`+c.text+`"`) {
				t.Errorf("message %q does not quote the text", err)
			}
			// An illegal move's message lists the legal moves.
			if c.sentinel == ErrIllegalMove {
				legal := MoveTexts(p.LegalMoves())
				want := "(no legal moves)"
				if len(legal) > 0 {
					want = "(legal: " + strings.Join(legal, " ") + ")"
				}
				if !strings.Contains(err.Error(), want) {
					t.Errorf("message %q does not list the legal moves as %q", err, want)
				}
			}
		})
	}
}

// The exact message of a quiet move tried when a capture is compulsory:
// it says so and lists what is legal.
func TestParseMoveCompulsoryMessage(t *testing.T) {
	p := parsersFEN(t, Russian(), parsersCaptureFEN)
	_, err := p.ParseMove("g3-h4")
	const want = `bashni: move "g3-h4": a capture is compulsory (captures are written with ':' or 'x') (legal: a3:c5:e7)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant      %s", err, want)
	}
}

// docs/RULES.md section 10: "Emitted text is deterministic, and reading it back
// gives the same move", for every legal move of every position of random
// games in every preset; the other spellings (upper case, the other
// separator, marks) read back to it too, and Play agrees with PlayUnchecked.
func TestParseMoveRoundTrip(t *testing.T) {
	for _, v := range parsersPresets() {
		t.Run(v.String(), func(t *testing.T) {
			moves := 0
			parsersPlayouts(t, v, 2, 40, 150, func(p Position) {
				for _, m := range p.LegalMoves() {
					moves++
					text := m.String()
					for _, spelling := range parsersSpellings(text) {
						got, err := p.ParseMove(spelling)
						if err != nil {
							t.Fatalf("%s: ParseMove(%q) (the text of %s): %v", p.FEN(), spelling, text, err)
						}
						if got != m {
							t.Fatalf("%s: ParseMove(%q) = %v, want %v", p.FEN(), spelling, got, text)
						}
					}
					q, err := p.Play(m)
					if want := p.PlayUnchecked(m); err != nil || !q.Equal(&want) {
						t.Fatalf("%s: Play(%v) = %s, %v; PlayUnchecked gives %s", p.FEN(), text, q.FEN(), err, want.FEN())
					}
				}
			})
			if moves < 1000 {
				t.Errorf("only %d moves tried", moves)
			}
			t.Logf("%d moves", moves)
		})
	}
}

// parsersSpellings returns a move text and other ways to write it.
func parsersSpellings(text string) []string {
	other := strings.NewReplacer(":", "x", "x", ":").Replace(text)
	return []string{text, strings.ToUpper(text), other, text + "!?", text + "*"}
}

// docs/RULES.md section 10: "A full path is accepted whenever it describes a
// legal sequence of one of the legal moves": every capture sequence the
// generator finds, written as its full path, reads to a legal move that
// leads to the same position as the sequence itself (section 8).
func TestParseMoveEverySequence(t *testing.T) {
	for _, v := range parsersPresets() {
		t.Run(v.String(), func(t *testing.T) {
			seqs := 0
			parsersPlayouts(t, v, 3, 100, 150, func(p Position) {
				for _, sq := range p.appendLegal(nil, true) {
					if !sq.IsCapture() {
						return
					}
					seqs++
					m, err := p.ParseMove(sq.String())
					if err != nil {
						t.Fatalf("%s: the path %v of a legal sequence: %v", p.FEN(), sq, err)
					}
					want := p.PlayUnchecked(sq)
					if got := p.PlayUnchecked(m); !got.Equal(&want) {
						t.Fatalf("%s: the path %v reads as %v, which gives\n%s\nnot\n%s", p.FEN(), sq, m, got.FEN(), want.FEN())
					}
				}
			})
			if seqs < 100 {
				t.Errorf("only %d capture sequences tried", seqs)
			}
			t.Logf("%d capture sequences", seqs)
		})
	}
}

// LineText keeps the moves in their order (MoveTexts sorts them), so a line
// of play reads back move for move.
func TestLineTextKeepsOrder(t *testing.T) {
	p := Russian().MustStart()
	var line []Move
	for _, text := range []string{"g3-h4", "b6-a5", "c3-d4"} {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		p = p.PlayUnchecked(m)
	}
	if got, want := LineText(line), "g3-h4 b6-a5 c3-d4"; got != want {
		t.Errorf("LineText = %q, want %q", got, want)
	}
	if got := LineText(nil); got != "" {
		t.Errorf("LineText(nil) = %q, want empty", got)
	}
}

// The zero Notation writes the ruleset's own separator: 'x' in lasca and
// ludii-lasca and in rulesets whose text form starts with either, ':'
// elsewhere; a Separator given wins. Move.String always writes ':'.
func TestNotationSeparator(t *testing.T) {
	lascaRejump, err := ParseVariant("lasca,rejump=any,kings-only=5")
	if err != nil {
		t.Fatal(err)
	}
	const fen = "W:Wb2:Bc3"
	for _, c := range []struct {
		v    Variant
		nt   Notation
		want string
	}{
		{Lasca(), Notation{}, "b2xd4"},
		{LudiiLasca(), Notation{}, "b2xd4"},
		{lascaRejump, Notation{}, "b2xd4"},
		{Russian(), Notation{}, "b2:d4"},
		{International(), Notation{}, "b2:d4"},
		{RussianDraughts(), Notation{}, "b2:d4"},
		{Lasca(), Notation{Separator: ':'}, "b2:d4"},
		{Russian(), Notation{Separator: 'x'}, "b2xd4"},
		{Russian(), Notation{Separator: '-'}, "b2:d4"}, // not a separator: the ruleset's
		{Russian(), Notation{Numbers: true, Numbering: NumberingBottomLeft, Separator: 'x'}, "5x14"},
		{Lasca(), Notation{Numbers: true, Numbering: NumberingBottomLeft}, "5x13"},
	} {
		p := parsersFEN(t, c.v, fen)
		m, err := c.nt.ParseMove(&p, c.want)
		if err != nil {
			t.Fatalf("%s %+v: ParseMove(%q): %v", c.v, c.nt, c.want, err)
		}
		if got := c.nt.FormatMove(&p, m); got != c.want {
			t.Errorf("%s %+v: FormatMove = %q, want %q", c.v, c.nt, got, c.want)
		}
		if got := m.String(); got != "b2:d4" {
			t.Errorf("%s: Move.String = %q, want b2:d4", c.v, got)
		}
	}
}

// How moves print is not part of the ruleset: the texts that chose a
// separator before v0.2.0 read as the same Variant, and positions of it
// are Equal.
func TestSeparatorIsNotARule(t *testing.T) {
	for _, text := range []string{"lasca,separator=colon", "lasca,separator=x", "lasca,separator=:"} {
		v, err := ParseVariant(text)
		if err != nil || v != Lasca() {
			t.Errorf("ParseVariant(%q) = %v, %v; want lasca", text, v, err)
		}
		p, q := v.MustStart(), Lasca().MustStart()
		if !p.Equal(&q) {
			t.Errorf("%q: the start is not Equal to lasca's", text)
		}
	}
	if _, err := ParseVariant("russian,separator=;"); err == nil {
		t.Error("separator=; read without an error")
	}
}

// A Game reads its moves in its notation: square numbers once set.
func TestGamePlaysNumberedMoves(t *testing.T) {
	g, err := NewGame(RussianDraughts())
	if err != nil {
		t.Fatal(err)
	}
	if g.Notation() != (Notation{}) {
		t.Errorf("a new game's notation is %+v, want the zero Notation", g.Notation())
	}
	nt := Notation{Numbers: true, Numbering: NumberingBottomLeft, Separator: 'x'}
	g.SetNotation(nt)
	if err := g.PlayLine("1. 11-15 22-19 2. 15x22"); err != nil {
		t.Fatal(err)
	}
	if got, want := LineText(g.Moves()), "e3-f4 d6-e5 f4:d6"; got != want {
		t.Errorf("moves %q, want %q", got, want)
	}
	if got, want := nt.FormatLine(g.Start(), g.Moves()), "11-15 22-19 15x22"; got != want {
		t.Errorf("in numbers %q, want %q", got, want)
	}
	_, err = g.PlayText("9-14")
	var me *MoveError
	if !errors.As(err, &me) || me.Notation != nt || !strings.Contains(err.Error(), "(legal: ") || strings.Contains(err.Error(), "c7") {
		t.Errorf("an illegal numbered move: %v, want a *MoveError listing the moves in numbers", err)
	}
}

// A MoveError carries its parts, and Error and Message write them without
// generating moves: a MoveError whose Legal is emptied lists none.
func TestMoveErrorParts(t *testing.T) {
	p := Russian().MustStart()
	_, err := p.ParseMove("c3-e5")
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatalf("error %v is not a *MoveError", err)
	}
	want := `move "c3-e5": not a legal move here (legal: a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4)`
	if me.Text != "c3-e5" || me.Reason != "not a legal move here" || len(me.Legal) != 7 ||
		me.Message() != want || Message(err) != want || err.Error() != "bashni: "+want {
		t.Errorf("MoveError %+v: Message %q, Error %q; want %q", me, me.Message(), err.Error(), want)
	}
	me.Legal = nil
	if got := me.Message(); got != `move "c3-e5": not a legal move here (no legal moves)` {
		t.Errorf("with no Legal moves carried: %q", got)
	}
	if got := Message(errors.New("plain")); got != "plain" {
		t.Errorf("Message of another error: %q", got)
	}
	if Message(nil) != "" {
		t.Error("Message(nil) is not empty")
	}
	for _, err := range []error{ErrGameOver, &FENError{FEN: "x", Reason: "r"}, &VariantError{Reason: "r"}, &LineError{Index: 2, Err: me}} {
		if got := "bashni: " + Message(err); got != err.Error() {
			t.Errorf("%T: Message %q is not its Error %q without the prefix", err, Message(err), err.Error())
		}
	}
}

// A capture read where the side to move has no move at all is "not a legal
// move here", as for any other text; where it has quiet moves only, "there
// is no capture here".
func TestParseMoveCaptureWithoutCaptures(t *testing.T) {
	for fen, want := range map[string]string{
		"W:Wa1:Bh8": `bashni: move "a1:c3": there is no capture here (legal: a1-b2)`,
		"W:W:Bh8":   `bashni: move "a1:c3": not a legal move here (no legal moves)`,
	} {
		p := parsersFEN(t, Russian(), fen)
		if _, err := p.ParseMove("a1:c3"); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", fen, err, want)
		}
	}
}

// Play's error for a move that is not legal is a MoveError like
// ParseMove's: it carries the position's legal moves and lists them.
func TestPlayErrorListsLegalMoves(t *testing.T) {
	p := Russian().MustStart()
	other := p.WithTurn(Black)
	m, err := other.ParseMove("b6-a5")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Russian())
	if err != nil {
		t.Fatal(err)
	}
	_, perr := p.Play(m)
	want := `bashni: move "b6-a5": not a legal move here (legal: a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4)`
	for name, err := range map[string]error{"Position.Play": perr, "Game.Play": g.Play(m)} {
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) {
			t.Fatalf("%s: %v, want a *MoveError wrapping ErrIllegalMove", name, err)
		}
		if len(me.Legal) != 7 || err.Error() != want {
			t.Errorf("%s: %d legal moves carried, error %q; want 7 and %q", name, len(me.Legal), err, want)
		}
	}
}
