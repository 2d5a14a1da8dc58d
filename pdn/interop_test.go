package pdn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// expectedGame is one entry of an interop record's .expected.json: what the
// library that wrote the record holds at its end.
type expectedGame struct {
	Game  int    `json:"game"`
	Plies int    `json:"plies"`
	Final string `json:"final"` // "<side>:<square><piece>,...", sorted by square text
	Over  bool   `json:"over"`
}

// finalText writes a position as the .expected.json files do: side to move,
// then square and piece letter (w, b men; W, B kings) sorted by square text.
func finalText(p bashni.Position) string {
	var toks []string
	for _, s := range p.Squares() {
		toks = append(toks, s.String()+p.Tower(s).Top().String())
	}
	sort.Strings(toks)
	side := "W"
	if p.Turn() == bashni.Black {
		side = "B"
	}
	return side + ":" + strings.Join(toks, ",")
}

// illegalInRecord lists the games of the interop records whose writer played
// an illegal move, with where and why bashni refuses it.
//
// py-draughts game 3 ends 25. 20x11x4x29 (h4:f6:h8:a1) from W:Wc1,h2,h4:
// Bd4,g5,g7: the man is crowned on h8 and would go on down the long diagonal
// over g7, which it has just jumped. In Russian draughts a jumped piece stays
// on the board until the move ends and may not be jumped again (the Turkish
// strike; RULES.md section 12), so the move ends on h8. py-draughts takes
// jumped pieces off at once; its final position cannot be reached legally.
var illegalInRecord = map[[2]any]struct{ move, reason string }{
	{"py-draughts-russian.pdn", 3}: {"25.", `move "20x11x4x29": not a legal move here (legal: 20x11x4)`},
}

// The records pydraughts 0.6.7 and py-draughts 1.8.3 wrote (testdata/interop,
// copied from the interop data) read without a ruleset given: the GameType
// and Variant tags choose russian-draughts or brazilian-draughts, py-draughts'
// square numbers are read, and every game ends where its writer says but
// the one whose writer broke the rules (illegalInRecord).
func TestReadOtherProgramsRecords(t *testing.T) {
	files, err := filepath.Glob("testdata/interop/*.pdn")
	if err != nil || len(files) != 8 {
		t.Fatalf("records: %v %v, want 8 files", files, err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(strings.TrimSuffix(file, ".pdn") + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			var want []expectedGame
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			r := NewReader(bytes.NewReader(data))
			var got []expectedGame
			for i := 1; ; i++ {
				g, err := r.Next()
				if err == io.EOF {
					break
				}
				if bad, ok := illegalInRecord[[2]any{filepath.Base(file), i}]; ok {
					var ge *GameError
					if !errors.As(err, &ge) || ge.Move != bad.move || !strings.Contains(ge.Reason(), bad.reason) {
						t.Errorf("game %d: error %v, want one at move %s with %q", i, err, bad.move, bad.reason)
					}
					got = append(got, want[i-1]) // checked above instead
					continue
				}
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				got = append(got, expectedGame{Game: i, Plies: g.Game().Plies(), Final: finalText(*g.Game().Position()), Over: g.Game().Outcome().IsOver()})
				wantVariant := bashni.RussianDraughts()
				if strings.Contains(file, "brazilian") {
					wantVariant = bashni.BrazilianDraughts()
				}
				if g.Game().Variant() != wantVariant {
					t.Errorf("game %d: variant %s, want %s", i, g.Game().Variant(), wantVariant)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("games (-want +got):\n%s", diff)
			}
		})
	}
}

// What py-draughts writes that PDN does not allow ([Result "-"], no blank
// line, no result token) gives warnings, and in strict mode an error.
func TestWarningsAndStrict(t *testing.T) {
	const pyDraughts = "[GameType \"25\"]\n[Variant \"Russian draughts\"]\n[Result \"-\"]\n1. 24-20 11-16\n"
	cases := []struct {
		name, text string
		want       []string // the warnings' reasons, in order
	}{
		{"py-draughts unfinished game", pyDraughts, []string{
			"no blank line between the tags and the moves",
			`"[Result \"-\"]": not a result`,
			"the moves end without a result"}},
		{"result contradicting the end (1-1 after White has no move)", "[GameType \"25\"]\n[FEN \"B:Wc3:Bd4\"]\n\n1... d4:b2 1-1\n",
			[]string{"the result 1-1 contradicts the game's end: 0-1: white has no legal move; kept as written"}},
		{"result tag and token disagree", "[Result \"1-0\"]\n\n1. c3-d4 0-1\n",
			[]string{"the result 0-1 contradicts [Result \"1-0\"]"}},
		{"unknown Variant beside a GameType", "[GameType \"26\"]\n[Variant \"Brazil 8x8\"]\n\n1. c3-d4 *\n",
			[]string{"not a ruleset bashni knows; the game is read as the GameType's brazilian-draughts"}},
		{"a clean record", "[Result \"*\"]\n\n1. c3-d4 *\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewReader(strings.NewReader(c.text)).Next()
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			var got []string
			for _, w := range g.Warnings {
				got = append(got, w.Reason())
			}
			if len(got) != len(c.want) {
				t.Fatalf("warnings %q, want %d like %q", got, len(c.want), c.want)
			}
			for i := range got {
				if !strings.Contains(got[i], c.want[i]) {
					t.Errorf("warning %d: %q lacks %q", i, got[i], c.want[i])
				}
			}
			strict := NewReader(strings.NewReader(c.text))
			strict.Strict = true
			sg, err := strict.Next()
			var ge *GameError
			switch {
			case len(c.want) == 0 && err != nil:
				t.Errorf("strict: %v, want the game", err)
			case len(c.want) == 0:
				if len(sg.Warnings) != 0 {
					t.Errorf("strict game has warnings %v", sg.Warnings)
				}
			case !errors.As(err, &ge):
				t.Errorf("strict: error %v, want a *GameError", err)
			case !strings.Contains(ge.Reason(), c.want[0]):
				t.Errorf("strict: error %q lacks %q", ge.Reason(), c.want[0])
			}
		})
	}
}

// A result that contradicts the end is kept as written; the outcome is the
// rules' own, and the writer writes that.
func TestContradictingResultKept(t *testing.T) {
	g := readOne(t, "[FEN \"B:Wc3:Bd4\"]\n\n1... d4:b2 1-1\n")
	if g.ResultText != "1-1" {
		t.Errorf("ResultText %q, want 1-1", g.ResultText)
	}
	if o := g.Game().Outcome(); o.Result != bashni.BlackWins || o.Reason != bashni.NoLegalMoves {
		t.Errorf("outcome %v, want black wins, white has no legal move", o)
	}
}

// PDN 3.0's GameType tag: the number, and the full form with the notation.
func TestParseGameType(t *testing.T) {
	cases := []struct {
		text    string
		variant string // "" when it is an error
		numeric bool
		n       bashni.Numbering
		err     string
	}{
		{"25", "russian-draughts", false, 0, ""},
		{"26", "brazilian-draughts", false, 0, ""},
		{"25,W,8,8,A0,0", "russian-draughts", false, 0, ""},
		{"26,W,8,8,A0,0", "brazilian-draughts", false, 0, ""},
		{" 25 , W , 8 , 8 , A0 ", "russian-draughts", false, 0, ""},
		{"25,W,8,8,N0,0", "russian-draughts", true, bashni.NumberingBottomLeft, ""},
		{"25,W,8,8,N1", "russian-draughts", true, bashni.NumberingBottomRight, ""},
		{"25,W,8,8,N2,0", "russian-draughts", true, bashni.NumberingTopLeft, ""},
		{"26,W,8,8,N3,0", "brazilian-draughts", true, bashni.NumberingTopRight, ""},
		{"25,B,8,8,N1,0", "russian-draughts", true, bashni.NumberingTopLeft, ""}, // bottom right seen from Black
		{"20", "", false, 0, "GameType 20 is international draughts (10x10), which bashni does not play"},
		{"21,B,8,8,N1,0", "", false, 0, "GameType 21 is English draughts, which bashni does not play"},
		{"0", "", false, 0, "GameType 0 is chess"},
		{"77", "", false, 0, "a game type PDN 3.0 does not list"},
		{"25,W,10,10,A0,0", "", false, 0, "10x10 board"},
		{"25,W,8,8,A0,1", "", false, 0, "invert flag 1"},
		{"25,W,8,8,A1,0", "", false, 0, "only A0"},
		{"25,W,8,8,S0", "", false, 0, "short algebraic"},
		{"25,X,8,8,A0", "", false, 0, "start colour"},
		{"25,W,8,8", "", false, 0, "want the type number alone"},
		{"russian", "", false, 0, "is not a number"},
		{"", "", false, 0, "is not a number"},
		{"99999999999999999999", "", false, 0, "is not a number"},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			gt, err := ParseGameType(c.text)
			var v bashni.Variant
			if err == nil {
				v, err = gt.Variant()
			}
			if c.variant == "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one with %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if v.Name() != c.variant || gt.Numeric != c.numeric || gt.Numbering != c.n {
				t.Errorf("variant %s, numeric %v, numbering %v; want %s %v %v", v.Name(), gt.Numeric, gt.Numbering, c.variant, c.numeric, c.n)
			}
		})
	}
}

// Variant names other programs write read as the classic presets, in any
// case; beside a GameType "Russian" is Russian draughts too; bashni's own names still work with a GameType that
// agrees.
func TestOtherProgramsVariantNames(t *testing.T) {
	for text, want := range map[string]bashni.Variant{
		"[Variant \"Russian draughts\"]":                                 bashni.RussianDraughts(),
		"[Variant \"russian DRAUGHTS\"]":                                 bashni.RussianDraughts(),
		"[Variant \"Brazilian draughts\"]":                               bashni.BrazilianDraughts(),
		"[Variant \"BRAZILIAN  draughts\"]":                              bashni.BrazilianDraughts(),
		"[GameType \"25\"]\n[Variant \"russian-draughts\"]":              bashni.RussianDraughts(),
		"[Variant \"russian\"]":                                          bashni.Russian(),
		"[GameType \"25\"]":                                              bashni.RussianDraughts(),
		"[GameType \"26,W,8,8,A0,0\"]\n[Variant \"Brazilian draughts\"]": bashni.BrazilianDraughts(),
	} {
		g := readOne(t, text+"\n\n1. c3-d4 *\n")
		if g.Game().Variant() != want {
			t.Errorf("%s: variant %s, want %s", text, g.Game().Variant(), want)
		}
	}
	g := readOne(t, "[GameType \"25\"]\n[Variant \"russian-draughts,repetitions=0\"]\n\n1. c3-d4 *\n")
	if g.Game().Variant().Repetitions != 0 || g.Game().Variant().Stacking {
		t.Errorf("variant %s, want russian-draughts,repetitions=0", g.Game().Variant())
	}
}

// The writer writes the classic presets as PDN 3.0 does: a GameType tag, no
// Variant tag, captures with 'x'; and what it writes reads back.
func TestWriteClassicPDN30(t *testing.T) {
	for _, c := range []struct {
		v    bashni.Variant
		tags []string
	}{
		{bashni.RussianDraughts(), []string{`[GameType "25,W,8,8,A0,0"]`}},
		{bashni.BrazilianDraughts(), []string{`[GameType "26,W,8,8,A0,0"]`}},
		{func() bashni.Variant { v := bashni.RussianDraughts(); v.Repetitions = 0; return v }(),
			[]string{`[GameType "25,W,8,8,A0,0"]`, `[Variant "russian-draughts,repetitions=0"]`}},
	} {
		g, _ := bashni.NewGame(c.v)
		for _, text := range []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5"} {
			if _, err := g.PlayText(text); err != nil {
				t.Fatal(err)
			}
		}
		text, err := NewGame(g).MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		s := string(text)
		for _, tag := range c.tags {
			if !strings.Contains(s, tag+"\n") {
				t.Errorf("%s: no %s in\n%s", c.v, tag, s)
			}
		}
		if strings.Count(s, "[Variant") != len(c.tags)-1 {
			t.Errorf("%s: Variant tags in\n%s", c.v, s)
		}
		if !strings.Contains(s, "1. c3-d4 f6-e5 2. d4xf6 g7xe5 *") || strings.Contains(s, ":") {
			t.Errorf("%s: moves not written with x:\n%s", c.v, s)
		}
		back := readOne(t, s)
		if back.Game().Variant() != c.v || !back.Game().Position().Equal(g.Position()) {
			t.Errorf("%s: read back as %s at %s", c.v, back.Game().Variant(), back.Game().Position())
		}
	}
}

// Written with square numbers, a game says its numbering in the GameType and
// reads back; the FEN tag is numbered too.
func TestWriteSquareNumbers(t *testing.T) {
	for _, n := range []bashni.Numbering{bashni.NumberingTopLeft, bashni.NumberingTopRight, bashni.NumberingBottomLeft, bashni.NumberingBottomRight} {
		g, err := bashni.NewGameFEN(bashni.RussianDraughts(), "W:Wc3,e3,Kg1:Bd4,b6,f6")
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{"e3:c5:a7", "f6-g5"} {
			if _, err := g.PlayText(text); err != nil {
				t.Fatal(err)
			}
		}
		var b bytes.Buffer
		if err := (Writer{Numbers: true, Numbering: n}).Write(&b, NewGame(g)); err != nil {
			t.Fatal(err)
		}
		s := b.String()
		num := func(sq string) string {
			q, _ := bashni.ParseSquare(sq)
			return itoa(n.Number(bashni.RussianDraughts(), q))
		}
		wantMoves := "1. " + num("e3") + "x" + num("c5") + "x" + num("a7") + " " + num("f6") + "-" + num("g5")
		if !strings.Contains(s, `[GameType "25,W,8,8,`+n.PDN()+`,0"]`) || !strings.Contains(s, wantMoves) ||
			!strings.Contains(s, `[FEN "`+bashni.Notation{Numbers: true, Numbering: n}.FEN(g.Start())+`"]`) {
			t.Errorf("%v: want GameType %s and moves %q in\n%s", n, n.PDN(), wantMoves, s)
		}
		back := readOne(t, s)
		if !back.Game().Position().Equal(g.Position()) {
			t.Errorf("%v: read back to %s, want %s", n, back.Game().Position(), g.Position())
		}
	}
}

// A Writer with square numbers in a Numbering that is none of the four
// refuses to write, writing nothing, rather than write every square as 0
// ("0-0"), which no Reader reads; without Numbers the Numbering is unused.
func TestWriteRefusesUnknownNumbering(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.RussianDraughts(), bashni.Lasca()} {
		g, err := bashni.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		err = Writer{Numbers: true, Numbering: bashni.NumberingBottomRight + 1}.Write(&b, NewGame(g))
		if err == nil || !strings.Contains(err.Error(), "pdn: Writer.Numbering Numbering(4) is not a numbering") || b.Len() != 0 {
			t.Errorf("%s: %v, wrote %q; want an error saying the numbering is none, and nothing written", v, err, b.String())
		}
		if _, err := (Writer{Numbering: bashni.NumberingBottomRight + 1}).Marshal(NewGame(g)); err != nil {
			t.Errorf("%s: square names refused for an unused Numbering: %v", v, err)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// Square numbers carry annotations and crowning marks as names do.
func TestSquareNumbersWithMarks(t *testing.T) {
	g := readOne(t, "[GameType \"25\"]\n\n1. 23-19! 9-13?? 2. 19-15!? *\n")
	if got := texts(g.Game().Start(), g.Game().Moves()); !cmp.Equal(got, []string{"e3-f4", "b6-a5", "f4-e5"}) {
		t.Errorf("moves %v", got)
	}
	if g.Note(1).Annotation != "!" || g.Note(2).Annotation != "??" || g.Note(3).Annotation != "!?" {
		t.Errorf("annotations %q %q %q", g.Note(1).Annotation, g.Note(2).Annotation, g.Note(3).Annotation)
	}
}

// A full GameType writes back as it was read.
func TestGameTypeString(t *testing.T) {
	for _, text := range []string{"25,W,8,8,A0,0", "26,W,8,8,N2,0", "25,B,8,8,N1,0", "25,W,8,8,N0,1", "20,W,10,10,N2,0", "25"} {
		gt, err := ParseGameType(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := gt.String(); got != text {
			t.Errorf("ParseGameType(%q).String() = %q", text, got)
		}
	}
}

// FuzzParseGameType: no text makes ParseGameType panic or its Variant; a
// GameType it reads writes (String) as text that reads back to it, and an
// error quotes the text.
func FuzzParseGameType(f *testing.F) {
	for _, s := range []string{"25", "26", "20", "25,W,8,8,A0,0", " 25 , W , 8 , 8 , A0 ", "25,B,8,8,N1", "26,W,8,8,N3,1", "25,W,8,8,S0", "0025", "25,W,10,8,N2,0", "25,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gt, err := ParseGameType(text)
		if err != nil {
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", text)) {
				t.Fatalf("ParseGameType(%q): the error %q does not quote the text", text, err)
			}
			return
		}
		if _, err := gt.Variant(); err != nil && err.Error() == "" {
			t.Fatalf("ParseGameType(%q).Variant: an empty error", text)
		}
		back, err := ParseGameType(gt.String())
		if err != nil || back != gt {
			t.Fatalf("ParseGameType(%q) = %+v, written %q, reads back as %+v, %v", text, gt, gt.String(), back, err)
		}
	})
}
