package pdn

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
)

// gameView is what a test compares of a read game: everything, with moves
// as text so diffs are readable.
type gameView struct {
	Tags       []Tag
	Moves      []string
	Final      string
	Outcome    bashni.Outcome
	ResultText string
	Notes      map[int]noteView
}

type noteView struct {
	Annotation string
	NAGs       []int
	Comments   []string
	Variations []lineView
}

type lineView struct {
	Moves []string
	Notes map[int]noteView
}

func viewOf(g *Game) gameView {
	return gameView{Tags: g.Tags, Moves: texts(g.Game().Start(), g.Game().Moves()), Final: g.Game().Position().FEN(),
		Outcome: g.Game().Outcome(), ResultText: g.ResultText, Notes: notesView(g.Game().Start(), g.Notes)}
}

// texts writes moves in the ruleset's own notation (lasca's with 'x'); p
// is any position of the ruleset.
func texts(p *bashni.Position, ms []bashni.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, bashni.Notation{}.FormatMove(p, m))
	}
	return out
}

func notesView(p *bashni.Position, ns map[int]*Note) map[int]noteView {
	if len(ns) == 0 {
		return nil
	}
	out := map[int]noteView{}
	for i, n := range ns {
		v := noteView{Annotation: n.Annotation, NAGs: n.NAGs, Comments: n.Comments}
		for _, l := range n.Variations {
			v.Variations = append(v.Variations, lineView{Moves: texts(p, l.Moves), Notes: notesView(p, l.Notes)})
		}
		out[i] = v
	}
	return out
}

// readAll reads every game of text, returning the games and the errors in
// the order met (nil for a good game's slot in errs).
func readAll(t *testing.T, text string) (games []*Game, errs []error) {
	t.Helper()
	r := NewReader(strings.NewReader(text))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		var ge *GameError
		if err != nil && !errors.As(err, &ge) {
			t.Fatalf("Next: %v (not a *GameError)", err)
		}
		games = append(games, g)
		errs = append(errs, err)
	}
}

// readOne reads text that must hold exactly one good game.
func readOne(t *testing.T, text string) *Game {
	t.Helper()
	games, errs := readAll(t, text)
	if len(games) != 1 || errs[0] != nil {
		t.Fatalf("want one good game, got %d games, errors %v", len(games), errs)
	}
	return games[0]
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docs/RULES.md section 11: the Codex game, written as a person would (move
// numbers, annotations, comments of both kinds, a NAG, a result), replays to
// its final position; "1-0" with Black still to move is Black's resignation.
func TestReadCodexSection11(t *testing.T) {
	g := readOne(t, readFile(t, "testdata/codex.pdn"))
	want := gameView{
		Tags: []Tag{{"Event", "Codex of column checkers"}, {"Site", "?"}, {"Date", "????.??.??"},
			{"White", "?"}, {"Black", "?"}, {"Result", "1-0"}},
		Moves:      testgame.CodexMoves,
		Final:      testgame.CodexFinal,
		Outcome:    bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation},
		ResultText: "1-0",
		Notes: map[int]noteView{
			0:  {Comments: []string{"A game from the Codex of column checkers, as the source gives it."}},
			7:  {Annotation: "!", Comments: []string{"the man takes two and stands on a7 over two black men"}},
			12: {Annotation: "?"},
			21: {Annotation: "!!", NAGs: []int{3}, Comments: []string{"a king's six-jump sweep", "Black resigned."}},
		},
	}
	if d := cmp.Diff(want, viewOf(g)); d != "" {
		t.Errorf("codex.pdn (-want +got):\n%s", d)
	}
}

// Section 10 "Game records": a file of several games with variations (nested),
// NAGs, both kinds of comment, a set-up lasca game, PDN's own results, and a
// broken game in the middle that does not stop the reader.
func TestReadMultiGameFile(t *testing.T) {
	games, errs := readAll(t, readFile(t, "testdata/multi.pdn"))
	if len(games) != 4 {
		t.Fatalf("read %d games, want 4 (errors %v)", len(games), errs)
	}
	// Game 2: Black must capture d6:f4 at move 2 and plays g5-h4 instead.
	var ge *GameError
	if !errors.As(errs[1], &ge) {
		t.Fatalf("game 2: error %v, want a *GameError", errs[1])
	}
	wantErr := GameError{Game: 2, Tags: []Tag{{"Event", "Multi 2"}, {"White", "Carl"}, {"Black", "Dina"}, {"Result", "1-0"}},
		Line: 18, Move: "2...", Depth: 0, Token: "g5-h4"}
	gotErr := *ge
	gotErr.Err = nil
	if d := cmp.Diff(wantErr, gotErr); d != "" {
		t.Errorf("game 2's error (-want +got):\n%s", d)
	}
	if !errors.Is(errs[1], bashni.ErrIllegalMove) {
		t.Errorf("game 2's error does not wrap ErrIllegalMove: %v", errs[1])
	}
	msg := errs[1].Error()
	for _, part := range []string{"game 2", `[Event "Multi 2"]`, `[White "Carl"]`, "line 18", "move 2...", `"g5-h4"`, "a capture is compulsory", "(legal: d6:f4)"} {
		if !strings.Contains(msg, part) {
			t.Errorf("game 2's error %q lacks %q", msg, part)
		}
	}
	for i, err := range errs {
		if i != 1 && err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}

	want1 := gameView{
		Tags:    []Tag{{"Event", "Multi 1"}, {"White", "Anna"}, {"Black", "Boris"}, {"Result", "*"}},
		Moves:   strings.Fields("c3-d4 f6-g5 g3-h4 g5-f4 e3:g5 h6:f4"),
		Final:   "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,d4,h4:Bf4w,g5,b6,d6,a7,c7,e7,g7,b8,d8,f8,h8",
		Outcome: bashni.Outcome{}, ResultText: "*",
		Notes: map[int]noteView{
			1: {Variations: []lineView{{
				Moves: strings.Fields("c3-b4 b6-a5 b2-c3"),
				Notes: map[int]noteView{
					2: {Variations: []lineView{{Moves: strings.Fields("b6-c5 b4-a5")}}},
					3: {NAGs: []int{2}},
				},
			}}},
			2: {NAGs: []int{1}},
			3: {Comments: []string{"comment after White's move"}},
			4: {Annotation: "?!", Variations: []lineView{{
				Moves: []string{"b6-a5"},
				Notes: map[int]noteView{1: {NAGs: []int{6}, Comments: []string{"quiet"}}},
			}}},
		},
	}
	if d := cmp.Diff(want1, viewOf(games[0])); d != "" {
		t.Errorf("game 1 (-want +got):\n%s", d)
	}
	want3 := gameView{
		Tags:    []Tag{{"Event", "Multi 3"}, {"White", "Eve"}, {"Black", "Fred"}, {"Variant", "lasca"}, {"FEN", "B:Wd4:Bc5"}},
		Moves:   []string{"c5xe3"},
		Final:   "W:W:Be3w",
		Outcome: bashni.Outcome{Result: bashni.BlackWins, Reason: bashni.NoLegalMoves}, ResultText: "0-1",
		Notes: map[int]noteView{1: {NAGs: []int{4}, Comments: []string{"White tops no tower."}}},
	}
	if d := cmp.Diff(want3, viewOf(games[2])); d != "" {
		t.Errorf("game 3 (-want +got):\n%s", d)
	}
	if games[2].Game().Variant() != bashni.Lasca() {
		t.Errorf("game 3 variant %v, want lasca", games[2].Game().Variant())
	}
	want4 := gameView{
		Tags:    []Tag{{"Event", "Multi 4"}, {"Variant", "international"}, {"Result", "1-1"}},
		Moves:   []string{"c3-d4", "b6-a5"},
		Final:   "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		Outcome: bashni.Outcome{Result: bashni.Draw, Reason: bashni.Agreement}, ResultText: "1-1",
		Notes: map[int]noteView{1: {Comments: []string{"a draw agreed at once"}}},
	}
	if d := cmp.Diff(want4, viewOf(games[3])); d != "" {
		t.Errorf("game 4 (-want +got):\n%s", d)
	}
	if games[3].Game().Variant() != bashni.International() {
		t.Errorf("game 4 variant %v, want international", games[3].Game().Variant())
	}
}

// Section 10 "Moves": every form of move text ParseMove accepts reads in a
// record too, as do move numbers glued to moves or standing apart.
func TestReadMoveForms(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"upper case", "1. C3-D4 B6-A5 *", []string{"c3-d4", "b6-a5"}},
		{"glued numbers", "1.c3-d4 1...b6-a5 2.d4-c5 *", []string{"c3-d4", "b6-a5", "d4-c5"}},
		{"dots apart", "1. c3-d4 1. ... b6-a5 *", []string{"c3-d4", "b6-a5"}},
		{"no numbers", "c3-d4 b6-a5 *", []string{"c3-d4", "b6-a5"}},
		{"annotations", "1. c3-d4!? b6-a5?? 2. d4-c5 ! *", []string{"c3-d4", "b6-a5", "d4-c5"}},
		{"short capture", "1. c3-d4 b6-c5 2. d4:b6 *", []string{"c3-d4", "b6-c5", "d4:b6"}},
		{"x separator in russian", "1. c3-d4 b6-c5 2. d4xb6 *", []string{"c3-d4", "b6-c5", "d4:b6"}},
		{"lasca", `[Variant "Lasca"] 1. c3-d4 e5xc3 2. b2xd4 *`, []string{"c3-d4", "e5xc3", "b2xd4"}},
		{"lasca colon", `[Variant "lasca"] 1. c3-d4 e5:c3 2. b2:d4 *`, []string{"c3-d4", "e5xc3", "b2xd4"}},
		{"variant text form", `[Variant "russian,majority=on"] 1. c3-d4 *`, []string{"c3-d4"}},
		{"FEN with black to move", `[FEN "B:Wd4:Bc5"] 1... c5:e3 0-1`, []string{"c5:e3"}},
		{"mixed separators", `[FEN "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b"] 1. c1xf4:h6xf8:d6:b4:d2:f4:h6:f8:d6:b4:e1 *`,
			[]string{"c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1"}},
		{"promotion mark", `[FEN "W:Wb6:Bh8"] 1. b6-a7 h8-g7 2. a7-b8* *`, []string{"b6-a7", "h8-g7", "a7-b8"}},
		{"escape line and BOM", "\xEF\xBB\xBF% a line for other programs\n1. c3-d4 *", []string{"c3-d4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := readOne(t, c.text)
			if d := cmp.Diff(c.want, texts(g.Game().Start(), g.Game().Moves())); d != "" {
				t.Errorf("moves (-want +got):\n%s", d)
			}
		})
	}
}

// Section 9 through records: each way a game ends, as the reader sees it.
func TestReadOutcomes(t *testing.T) {
	shuffle := "1. a1-b2 a7-b8 2. b2-a1 b8-a7 3. a1-b2 a7-b8 4. b2-a1 b8-a7"
	var kingsOnly []string
	for i := 0; i < 30; i++ {
		kingsOnly = append(kingsOnly, []string{"a1-b2", "a7-b8", "b2-a1", "b8-a7"}[i%4])
	}
	cases := []struct {
		name, text string
		want       bashni.Outcome
	}{
		{"no legal move, with its result", `[FEN "W:Wc3:Bd4"] 1. c3:e5 1-0`, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.NoLegalMoves}},
		{"no legal move, no result", `[FEN "W:Wc3:Bd4"] 1. c3:e5`, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.NoLegalMoves}},
		{"no legal move, result *", `[FEN "W:Wc3:Bd4"] 1. c3:e5 *`, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.NoLegalMoves}},
		{"repetition", `[FEN "W:WKa1:BKa7"] ` + shuffle + ` 1/2-1/2`, bashni.Outcome{Result: bashni.Draw, Reason: bashni.Repetition}},
		{"repetition, no result", `[FEN "W:WKa1:BKa7"] ` + shuffle, bashni.Outcome{Result: bashni.Draw, Reason: bashni.Repetition}},
		{"kings only", `[Variant "russian,repetitions=0"] [FEN "W:WKa1:BKa7"] ` + strings.Join(kingsOnly, " ") + ` 1/2-1/2`,
			bashni.Outcome{Result: bashni.Draw, Reason: bashni.KingsOnly}},
		{"agreement", `1. c3-d4 b6-a5 1/2-1/2`, bashni.Outcome{Result: bashni.Draw, Reason: bashni.Agreement}},
		{"agreement by PDN's 1-1", `1. c3-d4 1-1`, bashni.Outcome{Result: bashni.Draw, Reason: bashni.Agreement}},
		{"black resigns", `1. c3-d4 b6-a5 1-0`, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation}},
		{"white resigns by 0-2", `1. c3-d4 0-2`, bashni.Outcome{Result: bashni.BlackWins, Reason: bashni.Resignation}},
		{"white wins by 2-0", `1. c3-d4 2-0`, bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation}},
		{"result from the tag alone", `[Result "0-1"] 1. c3-d4`, bashni.Outcome{Result: bashni.BlackWins, Reason: bashni.Resignation}},
		{"the token wins over the tag", `[Result "0-1"] 1. c3-d4 *`, bashni.Outcome{}},
		{"ongoing", `1. c3-d4 *`, bashni.Outcome{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if o := readOne(t, c.text).Game().Outcome(); o != c.want {
				t.Errorf("Outcome() = %v, want %v", o, c.want)
			}
		})
	}
}

// Every kind of bad game is a *GameError that says where and why, and the
// game after it is read.
func TestReadErrors(t *testing.T) {
	const next = "\n[Event \"next\"]\n1. c3-d4 *\n"
	cases := []struct {
		name, text string
		line       int
		move       string
		token      string
		depth      int
		reason     []string
		sentinel   error
	}{
		{"illegal move", "1. c3-d4 b6-a5 2. c3-d4 *", 1, "2.", "c3-d4", 0, []string{"not a legal move", "legal:"}, bashni.ErrIllegalMove},
		{"bad move text", "1. c3-d4 hello *", 1, "1...", "hello", 0, []string{"hello"}, bashni.ErrBadMoveText},
		{"ambiguous short capture", `[FEN "B:Wa1,c1,b2,d2,f2,e3wbBB,d4,f4w,Kb6bbbbbb,d6:Be5,h6,h8"]` + "\n1... e5:a5 *", 2, "1...", "e5:a5", 0,
			[]string{"write the full path", "e5:c3:e1:g3:e5:c7:a5 or e5:c7:a5"}, bashni.ErrAmbiguousMove},
		{"illegal move in a variation", "1. c3-d4 (1. c3-b4 b6-a5 2. b4-a5) b6-a5 *", 1, "2.", "b4-a5", 1, []string{"not a legal move"}, bashni.ErrIllegalMove},
		{"square numbers where GameType says algebraic", `[GameType "25,W,8,8,A0,0"]` + "\n\n1. 22-18 *", 3, "1.", "22-18", 0, []string{"square numbers", "algebraic"}, nil},
		{"GameType bashni does not play", `[GameType "20"]` + "\n\n1. 32-28 *", 1, "", `[GameType "20"]`, 0, []string{"international draughts", "does not play"}, nil},
		{"GameType and Variant disagree", `[GameType "25"]` + "\n" + `[Variant "lasca"]` + "\n\n1. c3-d4 *", 2, "", `[Variant "lasca"]`, 0, []string{"another game"}, nil},
		{"move after a draw by repetition", `[FEN "W:WKa1:BKa7"]` + "\n1. a1-b2 a7-b8 2. b2-a1 b8-a7 3. a1-b2 a7-b8 4. b2-a1 b8-a7 5. a1-b2 *",
			2, "5.", "a1-b2", 0, []string{"after the game's end", "repetition", "repetitions=0"}, bashni.ErrGameOver},
		{"unknown variant", `[Variant "chess"]` + "\n1. e2-e4 *", 1, "", `[Variant "chess"]`, 0, []string{"chess"}, nil},
		{"bad FEN", `[FEN "W:Wa2:Bc3"]` + "\n1. c3-d4 *", 1, "", `[FEN "W:Wa2:Bc3"]`, 0, []string{"light square"}, nil},
		{"unclosed tag value", "[Event \"x\n[White \"a\"]\n1. c3-d4 *", 1, "", `"x`, 0, []string{"not closed"}, nil},
		{"tag without value", "[Event]\n1. c3-d4 *", 1, "", "]", 0, []string{"value of tag Event"}, nil},
		{"unclosed variation", "1. c3-d4 (1. c3-b4 *", 1, "", "*", 1, []string{"inside a variation"}, nil},
		{"unclosed variation at the next game", "1. c3-d4 (1. c3-b4", 2, "", "[", 1, []string{"not closed"}, nil},
		{"close without open", "1. c3-d4 ) *", 1, "", ")", 0, []string{"without an opening"}, nil},
		{"variation before any move", "( 1. c3-d4 ) *", 1, "", "(", 0, []string{"before any move"}, nil},
		{"NAG before any move", "$1 1. c3-d4 *", 1, "", "1", 0, []string{"before any move"}, nil},
		{"bad NAG", "1. c3-d4 $x *", 1, "", "x", 0, []string{"0 to 255"}, nil},
		{"NAG too big", "1. c3-d4 $256 *", 1, "", "256", 0, []string{"0 to 255"}, nil},
		{"stray brace", "1. c3-d4 } *", 1, "", "}", 0, []string{"without an opening"}, nil},
		{"two annotations", "1. c3-d4! ? *", 1, "", "?", 0, []string{"second annotation"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, errs := readAll(t, c.text+next)
			if len(errs) == 0 {
				t.Fatal("no game read")
			}
			var ge *GameError
			if !errors.As(errs[0], &ge) {
				t.Fatalf("error %v, want a *GameError", errs[0])
			}
			got := [4]any{ge.Line, ge.Move, ge.Token, ge.Depth}
			if want := [4]any{c.line, c.move, c.token, c.depth}; got != want {
				t.Errorf("line, move, token, depth = %v, want %v (%v)", got, want, ge)
			}
			for _, part := range c.reason {
				if !strings.Contains(ge.Error(), part) {
					t.Errorf("error %q lacks %q", ge.Error(), part)
				}
			}
			if c.sentinel != nil && !errors.Is(ge, c.sentinel) {
				t.Errorf("error %v does not wrap %v", ge, c.sentinel)
			}
			if ge.Game != 1 {
				t.Errorf("game number %d, want 1", ge.Game)
			}
			// The next game is read, and only it.
			if len(games) != 2 || errs[1] != nil || games[1].Tag("Event") != "next" || games[1].Game().Plies() != 1 {
				t.Fatalf("after the bad game: %d games, errors %v", len(games), errs)
			}
		})
	}
}

// Odd but well-formed input: empty games, comments outside games, games
// without tags or results, CRLF line ends.
func TestReadEdges(t *testing.T) {
	cases := []struct {
		name, text string
		plies      []int // plies of each game read
	}{
		{"empty input", "", nil},
		{"white space only", " \n\t\r\n", nil},
		{"comments only", "; nothing\n{here}\n", nil},
		{"tags only: one game", "[Event \"a\"]\n[Site \"b\"]\n", []int{0}},
		{"result only", "*", []int{0}},
		{"games without tags", "1. c3-d4 * 1. c3-b4 b6-a5 1-0", []int{1, 2}},
		{"games without results", "[Event \"a\"]\n1. c3-d4\n[Event \"b\"]\n1. c3-b4 b6-a5\n", []int{1, 2}},
		{"comment between games", "1. c3-d4 *\n{between}\n[Event \"b\"]\n1. c3-b4 *", []int{1, 1}},
		{"CRLF", "[Event \"a\"]\r\n\r\n1. c3-d4 {two\r\nlines} *\r\n", []int{1}},
		{"empty variation", "1. c3-d4 () *", []int{1}},
		{"tag name with digits and underscore", "[My_Tag2 \"x\\\"y\\\\\"]\n*", []int{0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			games, errs := readAll(t, c.text)
			var plies []int
			for i, g := range games {
				if errs[i] != nil {
					t.Fatalf("game %d: %v", i+1, errs[i])
				}
				plies = append(plies, g.Game().Plies())
			}
			if d := cmp.Diff(c.plies, plies); d != "" {
				t.Errorf("plies per game (-want +got):\n%s", d)
			}
		})
	}
	g := readOne(t, "[My_Tag2 \"x\\\"y\\\\\"]\n*")
	if v := g.Tag("My_Tag2"); v != `x"y\` {
		t.Errorf("escaped tag value %q, want %q", v, `x"y\`)
	}
	g = readOne(t, "[Event \"a\"]\r\n\r\n1. c3-d4 {two\r\nlines} *\r\n")
	if c := g.Notes[1].Comments; len(c) != 1 || c[0] != "two lines" {
		t.Errorf("CRLF comment %q, want %q", c, "two lines")
	}
}

// A comment left open would swallow the games after it. It ends, with an
// error for its game, at a line that is a tag pair on its own, and the next
// game is read from there; at the end of the input it is an error too.
func TestReadUnclosedComment(t *testing.T) {
	games, errs := readAll(t, "[Event \"first\"]\n1. c3-d4 {never closed *\n  [Event \"next\"]  \n[Round \"2\"]\n1. c3-d4 f6-g5 *\n")
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	var ge *GameError
	if !errors.As(errs[0], &ge) || ge.Token != "{" || ge.Line != 2 ||
		!strings.Contains(ge.Error(), "comment opened on line 2 is not closed with '}' before the tag pair on line 3") {
		t.Errorf("first game: error %v, want the unclosed comment", errs[0])
	}
	if errs[1] != nil || games[1].Tag("Event") != "next" || games[1].Tag("Round") != "2" || games[1].Game().Plies() != 2 {
		t.Errorf("second game: %v, error %v; want Event next, Round 2, 2 plies", games[1].Tags, errs[1])
	}

	games, errs = readAll(t, "1. c3-d4 {never closed *\n1. c3-d4 *\n")
	if len(games) != 1 || !errors.As(errs[0], &ge) || !strings.Contains(ge.Error(), "comment opened on line 1 is not closed with '}'") {
		t.Errorf("at the end of the input: %d games, errors %v", len(games), errs)
	}

	// Lines that only look like tags stay in a closed comment.
	g := readOne(t, "1. c3-d4 {see\n[Event x]\n[\"x\"]\n[Event \"x\"] and more\n[] } *\n")
	if c := g.Notes[1].Comments; len(c) != 1 || c[0] != `see [Event x] ["x"] [Event "x"] and more []` {
		t.Errorf("comment %q", c)
	}
	// The price: a closed comment that quotes a tag pair on a line of its
	// own is read as left open.
	_, errs = readAll(t, "1. c3-d4 {quoting\n[Event \"x\"]\n} *\n")
	if !errors.As(errs[0], &ge) || !strings.Contains(ge.Error(), "before the tag pair on line 2") {
		t.Errorf("quoted tag pair: errors %v", errs)
	}
}

// Reader.Variant is the ruleset of games without a Variant tag; a tag still
// wins.
func TestReaderVariant(t *testing.T) {
	rd := NewReader(strings.NewReader("1. c3-d4 e5xc3 *\n[Variant \"russian\"]\n1. c3-d4 *"))
	rd.Variant = bashni.Lasca()
	g, err := rd.Next()
	if err != nil || g.Game().Variant() != bashni.Lasca() || g.Game().Plies() != 2 {
		t.Fatalf("first game: %v", err)
	}
	g, err = rd.Next()
	if err != nil || g.Game().Variant() != bashni.Russian() {
		t.Fatalf("second game: %v", err)
	}
}

// ReadAll returns the good games and joins the errors of the bad ones.
func TestReadAll(t *testing.T) {
	games, err := ReadAll(strings.NewReader(readFile(t, "testdata/multi.pdn")))
	if len(games) != 3 {
		t.Errorf("ReadAll: %d games, want 3", len(games))
	}
	var ge *GameError
	if !errors.As(err, &ge) || ge.Game != 2 {
		t.Errorf("ReadAll error %v, want game 2's", err)
	}
}

// errReader fails after its text.
type errReader struct {
	text string
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if r.text == "" {
		return 0, r.err
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// A read error of the underlying reader is returned as it is, and for good.
func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(&errReader{text: "1. c3-d4 *\n1. c3-d4", err: boom})
	if g, err := r.Next(); err != nil || g.Game().Plies() != 1 {
		t.Fatalf("first game: %v", err)
	}
	for i := 0; i < 2; i++ {
		if _, err := r.Next(); !errors.Is(err, boom) {
			t.Fatalf("Next after the failure: %v, want boom", err)
		}
	}
}

// A read game's notation (bashni.Game.Notation, in which Game.PlayText
// reads moves) is the record's, whatever form its last move has: square
// numbers when the GameType's notation field says so or the record writes
// its moves in numbers (in the GameType's numbering, or Reader.Numbering),
// otherwise the ruleset's own. A game that goes on after reading reads its
// moves as the record wrote them.
func TestReadSetsTheRecordsNotation(t *testing.T) {
	numbers := func(n bashni.Numbering) bashni.Notation {
		return bashni.Notation{Numbers: true, Numbering: n, Separator: 'x'}
	}
	for _, c := range []struct {
		name, text string
		numbering  bashni.Numbering // Reader.Numbering
		want       bashni.Notation
		next       string // a move to play then, in the record's notation
	}{
		{"numbers by the GameType, no moves", "[GameType \"25,W,8,8,N0,0\"]\n\n*", 0, numbers(bashni.NumberingBottomLeft), "9-13"},
		{"names by the GameType", "[GameType \"25,W,8,8,A0,0\"]\n\n1. c3-d4 *", 0, bashni.Notation{}, "f6-g5"},
		{"numbers, the last move by name", "[GameType \"25\"]\n\n1. 22-18 f6-g5 *", 0, numbers(bashni.NumberingTopLeft), "21-17"},
		{"names, no GameType", "1. c3-d4 f6-g5 *", 0, bashni.Notation{}, "g3-h4"},
		{"numbers in the Reader's numbering", "1. c3-d4 23-20 *", bashni.NumberingBottomLeft, numbers(bashni.NumberingBottomLeft), "9-13"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rd := NewReader(strings.NewReader(c.text))
			rd.Numbering = c.numbering
			g, err := rd.Next()
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(c.want, g.Game().Notation()); d != "" {
				t.Errorf("notation (-want +got):\n%s", d)
			}
			if _, err := g.PlayText(c.next); err != nil {
				t.Errorf("PlayText(%q) after reading: %v", c.next, err)
			}
		})
	}
}
