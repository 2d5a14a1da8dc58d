package pdn

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The writer's exact output: tags in the stable order with Result, Variant
// and FEN from the game, notes in place, move numbers after comments and
// variations, the result.
func TestWriteGolden(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields("c3-d4 f6-g5 g3-h4 g5-f4") {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Resign(bashni.White); err != nil {
		t.Fatal(err)
	}
	rec := NewGame(g, Tag{"Annotator", "me"}, Tag{"Black", "B \"the\" \\ one"}, Tag{"Result", "1-0"},
		Tag{"White", "W"}, Tag{"Event", "Golden"}, Tag{"FEN", "W:Wa1:Bh8"}, Tag{"Variant", "lasca"})
	rec.Note(0).Comments = []string{"before"}
	rec.Note(1).Annotation = "!"
	rec.Note(1).NAGs = []int{1, 14}
	v := &Line{Moves: mustMoves(t, bashni.Russian().MustStart(), "c3-b4", "b6-a5")}
	v.Note(2).Comments = []string{"a side line"}
	rec.Note(1).Variations = []*Line{v, {}}
	rec.Note(3).Comments = []string{"after White's second"}
	rec.ResultText = "0-2"
	want := `[Event "Golden"]
[White "W"]
[Black "B \"the\" \\ one"]
[Result "0-2"]
[Variant "russian"]
[Annotator "me"]

{before} 1. c3-d4! $1 $14 (1. c3-b4 b6-a5 {a side line}) () 1... f6-g5 2. g3-h4
{after White's second} 2... g5-f4 0-2

`
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("Write (-want +got):\n%s", d)
	}
	// A result text that disagrees with the outcome gives way to it.
	rec.ResultText = "1-0"
	if text, _ := rec.MarshalText(); !strings.Contains(string(text), `[Result "0-1"]`) || !strings.HasSuffix(string(text), " 0-1\n\n") {
		t.Errorf("a stale result text was written:\n%s", text)
	}
}

func mustMoves(t *testing.T, p bashni.Position, texts ...string) []bashni.Move {
	t.Helper()
	var out []bashni.Move
	for _, s := range texts {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		p = p.PlayUnchecked(m)
	}
	return out
}

// A comment holding '}' is written after ';', to the end of its line, even
// as the last thing in a variation; white space in comments is normalized.
func TestWriteBraceComments(t *testing.T) {
	rec := recordAfterC3D4(t)
	rec.Note(0).Comments = []string{"a } b"}
	v := &Line{Moves: mustMoves(t, bashni.Russian().MustStart(), "c3-b4")}
	v.Note(1).Comments = []string{"x}\n  y", "plain\tone"}
	rec.Note(1).Variations = []*Line{v}
	text, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := "[Result \"*\"]\n[Variant \"russian\"]\n\n;a } b\n1. c3-d4 (1. c3-b4 ;x} y\n{plain one}) *\n\n"
	if d := cmp.Diff(want, string(text)); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	back := readOne(t, string(text))
	got := [3]string{back.Notes[0].Comments[0], back.Notes[1].Variations[0].Notes[1].Comments[0], back.Notes[1].Variations[0].Notes[1].Comments[1]}
	if got != [3]string{"a } b", "x} y", "plain one"} {
		t.Errorf("read back %q", got)
	}
}

// A set-up start is written as a FEN tag, and Black's first move as "1...".
func TestWriteSetUp(t *testing.T) {
	g, err := bashni.NewGameFEN(bashni.Lasca(), "B:Wd4:Bc5")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayText("c5xe3"); err != nil {
		t.Fatal(err)
	}
	text, err := NewGame(g).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	want := "[Result \"0-1\"]\n[Variant \"lasca\"]\n[FEN \"B:Wd4:Bc5\"]\n\n1... c5xe3 0-1\n\n"
	if d := cmp.Diff(want, string(text)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// What PDN cannot carry is refused, not written wrongly.
func TestWriteErrors(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayText("c3-d4"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		edit func(*Game)
		want string
	}{
		{"tag name", func(r *Game) { r.SetTag("Bad Name", "x") }, "tag name"},
		{"line break in a value", func(r *Game) { r.SetTag("Event", "a\nb") }, "line break"},
		{"annotation", func(r *Game) { r.Note(1).Annotation = "!!!" }, "not an annotation"},
		{"NAG", func(r *Game) { r.Note(1).NAGs = []int{300} }, "outside 0..255"},
		{"no game", func(r *Game) { *r = Game{Tags: r.Tags} }, "no game"},
		// What the Reader refuses, Write refuses too (issue 26, item 13).
		{"nil variation", func(r *Game) { r.Note(1).Variations = []*Line{nil} }, "pdn: move 1. c3-d4: a nil variation"},
		{"zero move in a variation", func(r *Game) { r.Note(1).Variations = []*Line{{Moves: []bashni.Move{{}}}} }, "pdn: move 1. of a variation: "},
		{"illegal move in a variation", func(r *Game) {
			r.Note(1).Variations = []*Line{{Moves: []bashni.Move{g.Moves()[0], g.Moves()[0]}}}
		}, `pdn: move 1... of a variation: bashni: move "c3-d4": not a legal move here`},
		{"tag value", func(r *Game) { r.SetTag("Event", strings.Repeat("e", DefaultMaxToken+1)) }, "pdn: tag Event: name or value longer than the 4096 bytes a Reader reads (Limits.MaxToken)"},
		{"tag name", func(r *Game) { r.SetTag(strings.Repeat("T", DefaultMaxToken+1), "x") }, "longer than the 4096 bytes a Reader reads"},
		{"comment", func(r *Game) { r.Note(1).Comments = []string{strings.Repeat("c", DefaultMaxComment+1)} }, "pdn: move 1. c3-d4: a comment of 1048577 bytes, more than the 1048576 a Reader reads (Limits.MaxComment)"},
		{"comments", func(r *Game) {
			r.Note(1).Comments = slices.Repeat([]string{strings.Repeat("c", DefaultMaxComment)}, 5)
		}, "pdn: move 1. c3-d4: more than the 4194304 bytes of comments a Reader reads in one game (Limits.MaxCommentBytes)"},
		{"comment before the first move", func(r *Game) { r.Note(0).Comments = []string{strings.Repeat("c ", DefaultMaxComment)} }, "pdn: before the first move: a comment of 2097151 bytes"},
		{"notes", func(r *Game) { r.Note(1).NAGs = make([]int, DefaultMaxNotes+1) }, "more than the 20000 comments, NAGs and variations a Reader reads in one game (Limits.MaxNotes)"},
		{"empty variations", func(r *Game) { r.Note(1).Variations = slices.Repeat([]*Line{{}}, DefaultMaxNotes+1) }, "(Limits.MaxNotes)"},
		{"nesting", func(r *Game) {
			l := r.Note(1)
			for range DefaultMaxDepth + 1 {
				v := &Line{Moves: g.Moves()[:1]}
				l.Variations = []*Line{v}
				l = v.Note(1)
			}
		}, "variations nested more than the 100 deep a Reader reads (Limits.MaxDepth)"},
		{"moves", func(r *Game) {
			r.Note(1).Variations = slices.Repeat([]*Line{{Moves: g.Moves()[:1]}}, DefaultMaxPlies)
		}, "pdn: more than the 20000 moves, variations' included, a Reader reads (Limits.MaxPlies)"},
		// A note Write cannot place is an error saying where it is, not
		// dropped: before the first move only comments are PDN, and a note
		// past a line's last move belongs to no move.
		{"annotation before the first move", func(r *Game) { r.Note(0).Annotation = "!" }, "pdn: before the first move (Notes[0]): an annotation, NAG or variation, which PDN writes only after a move"},
		{"NAG before the first move", func(r *Game) { r.Note(0).NAGs = []int{1} }, "pdn: before the first move (Notes[0]): an annotation, NAG or variation"},
		{"variation before the first move", func(r *Game) { r.Note(0).Variations = []*Line{{}} }, "pdn: before the first move (Notes[0]): an annotation, NAG or variation"},
		{"note past the last move", func(r *Game) { r.Note(2).Comments = []string{"lost"} }, "pdn: Notes[2]: a note past the last move (the game has 1 move)"},
		{"note at a negative index", func(r *Game) { r.Note(-1).NAGs = []int{1} }, "pdn: Notes[-1]: a note at a negative index"},
		{"variation's note past its last move", func(r *Game) {
			v := &Line{Moves: g.Moves()[:1]}
			v.Note(3).Comments = []string{"lost"}
			r.Note(1).Variations = []*Line{v}
		}, "pdn: move 1. c3-d4: variation 1: Notes[3]: a note past the last move (the line has 1 move)"},
		{"variation's annotation before its first move", func(r *Game) {
			v := &Line{Moves: g.Moves()[:1]}
			v.Note(0).Annotation = "?"
			r.Note(1).Variations = []*Line{v}
		}, "pdn: move 1. c3-d4: variation 1: before the first move (Notes[0]): an annotation, NAG or variation"},
		{"tags", func(r *Game) {
			for i := range DefaultMaxTags {
				r.SetTag(fmt.Sprint("T", i), "x")
			}
		}, "tags, more than the 1000 a Reader reads (Limits.MaxTags)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := NewGame(g)
			c.edit(rec)
			var b bytes.Buffer
			err := Write(&b, rec)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Write: %v, want an error saying %q", err, c.want)
			}
			if b.Len() != 0 {
				t.Errorf("Write wrote %q before failing", b.String())
			}
		})
	}
}

// An empty note anywhere (Game.Note reading a move that has none adds
// one) holds nothing to lose: Write writes the game as without it, and a
// comment before the first move is written and read back.
func TestWriteEmptyNotesAndFirstComment(t *testing.T) {
	rec := recordAfterC3D4(t)
	want, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	rec.Note(-1)
	rec.Note(5)
	rec.Notes[6] = nil
	rec.Note(0).NAGs = []int{}
	got, err := rec.MarshalText()
	if err != nil {
		t.Fatalf("empty notes: %v", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("empty notes changed the text (-without +with):\n%s", d)
	}
	rec.Note(0).Comments = []string{"first"}
	text, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"first"}, readOne(t, string(text)).Notes[0].Comments); d != "" {
		t.Errorf("the comment before the first move read back (-want +got):\n%s\n%s", d, text)
	}
}

// commentAlphabet holds what comments may hold, PDN's own marks among it.
const commentAlphabet = "abcXYZ019 ()[];$%\"!?*.,-:{}\\"

// randomNote draws a note for a move played from pos (nil pos: the note
// before the first move, comments only).
func randomNote(t *rapid.T, pos *bashni.Position, depth int) *Note {
	n := &Note{}
	if pos != nil {
		if rapid.IntRange(0, 3).Draw(t, "annotate") == 0 {
			n.Annotation = rapid.SampledFrom([]string{"!", "?", "!!", "??", "!?", "?!"}).Draw(t, "annotation")
		}
		n.NAGs = rapid.SliceOfN(rapid.IntRange(0, 255), 0, 2).Draw(t, "nags")
		if len(n.NAGs) == 0 {
			n.NAGs = nil
		}
	}
	for k := rapid.IntRange(0, 2).Draw(t, "comments"); k > 0; k-- {
		words := rapid.SliceOfN(rapid.StringOfN(rapid.SampledFrom([]rune(commentAlphabet)), 1, 20, -1), 0, 12).Draw(t, "words")
		n.Comments = append(n.Comments, strings.Join(strings.Fields(strings.Join(words, " ")), " "))
	}
	if pos != nil && depth < 3 {
		for k := rapid.IntRange(0, 2).Draw(t, "variations"); k > 0; k-- {
			n.Variations = append(n.Variations, randomLine(t, *pos, depth+1))
		}
	}
	if n.Annotation == "" && n.NAGs == nil && n.Comments == nil && n.Variations == nil {
		return nil
	}
	return n
}

// randomLine draws a variation from pos, with notes.
func randomLine(t *rapid.T, pos bashni.Position, depth int) *Line {
	l := &Line{}
	if n := randomNote(t, nil, depth); n != nil {
		l.Note(0).Comments = n.Comments
	}
	for i := rapid.IntRange(0, 4).Draw(t, "line length"); i > 0; i-- {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "line move")]
		l.Moves = append(l.Moves, m)
		if n := randomNote(t, &pos, depth); n != nil {
			*l.Note(len(l.Moves)) = *n
		}
		pos = pos.PlayUnchecked(m)
	}
	return l
}

// randomRecord draws a whole record: a ruleset, a start (sometimes set up,
// sometimes with Black to move), random moves with notes and variations,
// an ending of any kind, tags and a result text.
func randomRecord(t *rapid.T) *Game {
	v := rapid.SampledFrom([]bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca()}).Draw(t, "variant")
	start := v.MustStart()
	for i := rapid.SampledFrom([]int{0, 0, 3, 8}).Draw(t, "setup plies"); i > 0; i-- {
		moves := start.LegalMoves()
		if len(moves) == 0 {
			break
		}
		start = start.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "setup move")])
	}
	g := bashni.NewGameFrom(&start)
	rec := NewGame(g)
	if n := randomNote(t, nil, 0); n != nil {
		rec.Note(0).Comments = n.Comments
	}
	for i := rapid.IntRange(0, 60).Draw(t, "plies"); i > 0; i-- {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		before := g.Position()
		if err := g.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]); err != nil {
			t.Fatal(err)
		}
		if n := randomNote(t, before, 0); n != nil {
			*rec.Note(g.Plies()) = *n
		}
	}
	switch rapid.IntRange(0, 3).Draw(t, "ending") {
	case 1:
		_ = g.Resign(rapid.SampledFrom([]bashni.Color{bashni.White, bashni.Black}).Draw(t, "resigns"))
	case 2:
		_ = g.AgreeDraw()
	}
	for _, name := range []string{"Event", "Site", "Date", "White", "Black", "Annotator", "X_1", "Result", "FEN"} {
		if rapid.Bool().Draw(t, "tag "+name) {
			rec.SetTag(name, rapid.StringOfN(rapid.SampledFrom([]rune("aZ 9é\\\"[]{}")), 0, 30, -1).Draw(t, "value")+`"\`)
		}
	}
	forms := map[bashni.Result][]string{bashni.WhiteWins: {"1-0", "2-0"}, bashni.BlackWins: {"0-1", "0-2"},
		bashni.Draw: {"1/2-1/2", "1-1"}, bashni.Ongoing: {"*"}}
	rec.ResultText = rapid.SampledFrom(append(forms[g.Outcome().Result], "", "1-0")).Draw(t, "result text")
	return rec
}

// Section 10: what the writer emits, the reader reads back to the same
// game (tags, moves, outcome, notes, variations), and writing that again
// gives the same text; movetext lines stay within 80 columns (but for ';'
// comments, which cannot wrap). All three
// rulesets, random games.
func TestWriteReadRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := randomRecord(t)
		text, err := rec.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText: %v", err)
		}
		games, err := ReadAll(bytes.NewReader(text))
		if err != nil || len(games) != 1 {
			t.Fatalf("reading back (%d games): %v\n%s", len(games), err, text)
		}
		back := games[0]
		want := viewOf(rec)
		want.Tags = Writer{}.outputTags(rec)
		want.ResultText = rec.resultText()
		// reflect.DeepEqual first: cmp.Diff is slow on big values.
		if got := viewOf(back); !reflect.DeepEqual(want, got) {
			t.Fatalf("read back differs (-written +read):\n%s\ntext:\n%s", cmp.Diff(want, got), text)
		}
		if !back.Game().Start().Equal(rec.Game().Start()) || back.Game().Variant() != rec.Game().Variant() {
			t.Fatalf("start %s (%s), want %s (%s)", back.Game().Start().FEN(), back.Game().Variant(), rec.Game().Start().FEN(), rec.Game().Variant())
		}
		again, err := back.MarshalText()
		if err != nil || !bytes.Equal(again, text) {
			t.Fatalf("writing the read game again (%v) gives\n%s\nnot\n%s", err, again, text)
		}
		movetext := string(text[bytes.Index(text, []byte("\n\n"))+2:])
		for _, line := range strings.Split(movetext, "\n") {
			// A ';' comment (one holding '}') cannot be wrapped.
			if len(line) > lineWidth && !strings.Contains(line, ";") {
				t.Fatalf("movetext line of %d columns: %q", len(line), line)
			}
		}
	})
}

// What Write writes, a Reader with the same limits reads, and what it
// refuses that Reader refuses (issue 26, item 13): under small random
// limits, Writer{Limits: l} fails exactly when a Reader{Limits: l} fails to
// read the game written without limits, and otherwise writes the same text.
func TestWriteKeepsToTheReadersLimits(t *testing.T) {
	const none = 1 << 30
	unlimited := Writer{Limits: Limits{none, none, none, none, none, none, none}}
	rapid.Check(t, func(t *rapid.T) {
		rec := randomRecord(t)
		// Each limit is small now and then, near what the games need.
		limit := func(name string, lo, hi int) int {
			if rapid.IntRange(0, 5).Draw(t, name+" set") > 0 {
				return none
			}
			return rapid.IntRange(lo, hi).Draw(t, name)
		}
		lim := Limits{
			MaxToken:        limit("MaxToken", 10, 60),
			MaxComment:      limit("MaxComment", 1, 200),
			MaxCommentBytes: limit("MaxCommentBytes", 1, 1000),
			MaxNotes:        limit("MaxNotes", 1, 40),
			MaxDepth:        limit("MaxDepth", 1, 3),
			MaxTags:         limit("MaxTags", 2, 12),
			MaxPlies:        limit("MaxPlies", 1, 120),
		}
		text, err := unlimited.Marshal(rec)
		if err != nil {
			t.Fatalf("Marshal without limits: %v", err)
		}
		rd := NewReader(bytes.NewReader(text))
		rd.Limits = lim
		_, readErr := rd.Next()
		limited, writeErr := Writer{Limits: lim}.Marshal(rec)
		switch {
		case (readErr == nil) != (writeErr == nil):
			t.Fatalf("under %+v the Reader says %v and the Writer %v; text:\n%s", lim, readErr, writeErr, text)
		case writeErr == nil && !bytes.Equal(limited, text):
			t.Fatalf("under %+v the Writer wrote\n%s\nnot\n%s", lim, limited, text)
		}
	})
}

// A comment that quotes a tag pair is wrapped so that no line of it is the
// tag pair alone, which a Reader takes for the next game's tags after an
// unclosed comment: it reads back as written.
func TestWriteCommentQuotingATagPair(t *testing.T) {
	rec := recordAfterC3D4(t)
	c := strings.Repeat("a", 78) + ` [Event "x"] ` + strings.Repeat("b", 78)
	rec.Note(1).Comments = []string{c}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	back, err := NewReader(bytes.NewReader(b.Bytes())).Next()
	if err != nil {
		t.Fatalf("reading back what Write wrote: %v\n%s", err, b.String())
	}
	if got := back.Notes[1].Comments; len(got) != 1 || got[0] != c {
		t.Errorf("comment read back as %q, want %q", got, c)
	}
}

// recordAfterC3D4 is the record of a russian game of one move, c3-d4.
func recordAfterC3D4(t *testing.T) *Game {
	t.Helper()
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayText("c3-d4"); err != nil {
		t.Fatal(err)
	}
	return NewGame(g)
}
