package pdn

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// tagsReader is a reader of n tag pairs with distinct names, one a line,
// made as it is read.
type tagsReader struct {
	n, i int
	buf  []byte
}

func (r *tagsReader) Read(p []byte) (int, error) {
	for len(r.buf) < len(p) && r.i < r.n {
		r.i++
		r.buf = fmt.Appendf(r.buf, "[T%d \"v\"]\n", r.i)
	}
	if len(r.buf) == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.buf)
	r.buf = r.buf[k:]
	return k, nil
}

// Tags are read in linear time (issue 15, case 7): 200,000 distinct tags,
// with MaxTags raised to take them, in well under the minute that a search
// of the tags read so far for each new one took.
func TestManyTagsInLinearTime(t *testing.T) {
	const n = 200000
	rd := NewReader(input(&tagsReader{n: n}, "[T7 \"again\"]\n\n1. c3-d4 *\n"))
	rd.MaxTags = n
	games, errs, took, _ := readHostile(t, rd)
	t.Logf("%d tags read in %v", n, took)
	if len(games) != 1 || errs[0] != nil {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	g := games[0]
	if len(g.Tags) != n || g.Tag("T7") != "again" || g.Tags[6].Name != "T7" || g.Tags[n-1].Name != fmt.Sprint("T", n) {
		t.Errorf("%d tags, T7 = %q at %v", len(g.Tags), g.Tag("T7"), g.Tags[6])
	}
	if took > 10*time.Second {
		t.Errorf("%d tags took %v to read", n, took)
	}
}

// Past MaxTags a game is an error at the tag past the limit, read on in
// linear time, and the next game is read; a tag repeated counts once.
func TestMaxTags(t *testing.T) {
	games, errs, took, _ := readHostile(t, NewReader(input(&tagsReader{n: 1000000}, "\n1. c3-d4 *\n", nextGame)))
	t.Logf("1,000,000 tags: %v", took)
	checkBadThenNext(t, games, errs, "line 1001: \"T1001\": more than 1000 tag pairs in one game (Reader.MaxTags)")
	var ge *GameError
	if !errors.As(errs[0], &ge) || ge.Line != 1001 || len(ge.Tags) != 1000 {
		t.Errorf("error %#v, want one at line 1001 with the 1000 tags read", errs[0])
	}

	rd := NewReader(input(&tagsReader{n: 3}, &repeat{s: "[Event \"again\"]\n", n: 5000}, "\n1. c3-d4 *\n"))
	rd.MaxTags = 4
	if g, err := rd.Next(); err != nil || len(g.Tags) != 4 || g.Tag("Event") != "again" {
		t.Errorf("a tag repeated 5000 times under MaxTags 4: %v", err)
	}
	rd = NewReader(input(&tagsReader{n: 5}, "\n1. c3-d4 *\n"))
	rd.MaxTags = 4
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), "pdn: game 1, line 5: \"T5\": more than 4 tag pairs in one game") {
		t.Errorf("5 tags under MaxTags 4: %v", err)
	}
}

// Past MaxPlies a game is an error at the move past the limit, variations'
// moves counted; an endless game (issue 15, case 7: 8.9 million plies took
// 1.4 GB; 2 million here) is cut off there, its moves past it skipped, and
// the next game is read.
func TestMaxPlies(t *testing.T) {
	const tags = "[Variant \"russian,repetitions=0,kings-only=0\"]\n[FEN \"W:WKa1:BKh2\"]\n\n"
	const round = "a1-b2 h2-g1 b2-a1 g1-h2 "
	games, errs, took, alloc := readHostile(t, NewReader(input(tags, &repeat{s: round, n: 2000000 / 4}, "*\n", nextGame)))
	t.Logf("2 million plies: %v, %.1f MiB allocated", took, float64(alloc)/(1<<20))
	checkBadThenNext(t, games, errs, `move 10001.: "a1-b2": more than 20000 moves in one game (Reader.MaxPlies)`)

	rd := NewReader(strings.NewReader(tags + "1. a1-b2 h2-g1 (1... h2-g1) 2. b2-a1 *\n"))
	rd.MaxPlies = 3
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), `move 2.: "b2-a1": more than 3 moves in one game (Reader.MaxPlies)`) {
		t.Errorf("4 moves, one in a variation, under MaxPlies 3: %v", err)
	}
	rd = NewReader(strings.NewReader(tags + "1. a1-b2 h2-g1 2. b2-a1 *\n"))
	rd.MaxPlies = 3
	if g, err := rd.Next(); err != nil || g.Game().Plies() != 3 {
		t.Errorf("3 moves under MaxPlies 3: %v", err)
	}
}

// A nil record is an error, not a panic (issue 15, case 9), as is a record
// without a game; nothing is written.
func TestWriteNil(t *testing.T) {
	for _, c := range []struct {
		g    *Game
		want string
	}{
		{nil, "pdn: no record to write (a nil *Game)"},
		{&Game{}, "pdn: the record has no game"},
	} {
		var b strings.Builder
		if err := Write(&b, c.g); err == nil || err.Error() != c.want || b.Len() != 0 {
			t.Errorf("Write(%v): %v, wrote %q; want %q and nothing", c.g, err, b.String(), c.want)
		}
		if _, err := c.g.MarshalText(); err == nil || err.Error() != c.want {
			t.Errorf("MarshalText(%v): %v, want %q", c.g, err, c.want)
		}
	}
}

// Empty variations and NAGs cost memory but no moves: a million of them
// (issue 26, item 3: `1. c3-d4 ( {c} )` a million times took 528 MB) are an
// error past MaxNotes, read on in bounded memory, and the next game is read.
func TestMaxNotes(t *testing.T) {
	for _, c := range []struct {
		name  string
		notes *repeat
		want  string
	}{
		{"empty variations", &repeat{s: "( {c} ) ", n: 1000000}, `line 1: "(": more than 20000 comments, NAGs and variations in one game (Reader.MaxNotes)`},
		{"variations without comments", &repeat{s: "() ", n: 1000000}, `line 1: "(": more than 20000 comments, NAGs and variations in one game (Reader.MaxNotes)`},
		{"NAGs", &repeat{s: "$1 ", n: 1000000}, "more than 20000 comments, NAGs and variations in one game (Reader.MaxNotes)"},
		{"empty comments", &repeat{s: "{} ", n: 1000000}, "more than 20000 comments, NAGs and variations in one game (Reader.MaxNotes)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			games, errs, took, alloc := readHostile(t, NewReader(input("1. c3-d4 ", c.notes, "*\n", nextGame)))
			t.Logf("%v, %.1f MiB allocated", took, float64(alloc)/(1<<20))
			checkBadThenNext(t, games, errs, c.want)
			if alloc > 64<<20 {
				t.Errorf("reading allocated %.1f MiB, want at most 64", float64(alloc)/(1<<20))
			}
		})
	}
	rd := NewReader(strings.NewReader("1. c3-d4 $1 {a} (1. c3-b4) 1... b6-a5 {b} *\n"))
	rd.MaxNotes = 4
	if g, err := rd.Next(); err != nil || g.Game().Plies() != 2 {
		t.Errorf("4 notes under MaxNotes 4: %v", err)
	}
	rd = NewReader(strings.NewReader("1. c3-d4 $1 {a} (1. c3-b4 {x}) 1... b6-a5 *\n"))
	rd.MaxNotes = 3
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), `line 1: "x": more than 3 comments, NAGs and variations in one game`) {
		t.Errorf("4 notes, one in a variation, under MaxNotes 3: %v", err)
	}
}

// Comments within their own limit add up (issue 26, item 3: 300 comments of
// 1 MiB on one move took 527 MB; 10 here): past MaxCommentBytes, counted as read
// (a run of white space one byte), the game is an error, and the next game
// is read.
func TestMaxCommentBytes(t *testing.T) {
	mib := strings.Repeat("x", 1<<20-2)
	games, errs, took, _ := readHostile(t, NewReader(input("1. c3-d4 ", &repeat{s: "{" + mib + "  y} ", n: 10}, "*\n", nextGame)))
	t.Logf("10 comments of 1 MiB: %v", took)
	checkBadThenNext(t, games, errs, "more than 4194304 bytes of comments in one game (Reader.MaxCommentBytes)")

	rd := NewReader(strings.NewReader("{ab   c} 1. c3-d4 {d\n\te} *\n"))
	rd.MaxCommentBytes = 7
	if g, err := rd.Next(); err != nil || g.Note(0).Comments[0] != "ab c" || g.Note(1).Comments[0] != "d e" {
		t.Errorf("7 bytes of comments under MaxCommentBytes 7: %v", err)
	}
	rd = NewReader(strings.NewReader("{ab   c} 1. c3-d4 {d\n\tef} *\n"))
	rd.MaxCommentBytes = 7
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), "more than 7 bytes of comments in one game") {
		t.Errorf("8 bytes of comments under MaxCommentBytes 7: %v", err)
	}
	// One comment of exactly MaxComment bytes is read; one byte more is
	// not.
	rd = NewReader(strings.NewReader("1. c3-d4 {abc  d} *\n"))
	rd.MaxComment = 5
	if g, err := rd.Next(); err != nil || g.Note(1).Comments[0] != "abc d" {
		t.Errorf("a comment of 5 bytes under MaxComment 5: %v", err)
	}
	rd = NewReader(strings.NewReader("1. c3-d4 {abc  de} *\n"))
	rd.MaxComment = 5
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), "comment longer than 5 bytes") {
		t.Errorf("a comment of 6 bytes under MaxComment 5: %v", err)
	}
}

// A negative limit means nothing (zero is the default): Next and Write
// refuse it, saying which, rather than read it as the default; Next reads
// on once it is put right.
func TestNegativeLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*Limits)
	}{
		{"MaxToken", func(l *Limits) { l.MaxToken = -1 }},
		{"MaxComment", func(l *Limits) { l.MaxComment = -1 }},
		{"MaxCommentBytes", func(l *Limits) { l.MaxCommentBytes = -1 }},
		{"MaxNotes", func(l *Limits) { l.MaxNotes = -1 }},
		{"MaxDepth", func(l *Limits) { l.MaxDepth = -1 }},
		{"MaxTags", func(l *Limits) { l.MaxTags = -1 }},
		{"MaxPlies", func(l *Limits) { l.MaxPlies = -1 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := c.name + " is -1, negative (0 means the default)"
			rd := NewReader(strings.NewReader("1. c3-d4 *\n"))
			c.set(&rd.Limits)
			g, err := rd.Next()
			var ge *GameError
			if err == nil || errors.As(err, &ge) || !strings.Contains(err.Error(), "pdn: Reader.Limits."+want) {
				t.Errorf("Next: %v, %v; want an error saying %q", g, err, want)
			}
			rd.Limits = Limits{}
			if _, err := rd.Next(); err != nil {
				t.Errorf("Next with the limits put right: %v", err)
			}
			var w Writer
			c.set(&w.Limits)
			if _, err := w.Marshal(recordAfterC3D4(t)); err == nil || !strings.Contains(err.Error(), "pdn: Writer.Limits."+want) {
				t.Errorf("Marshal: %v; want an error saying %q", err, want)
			}
		})
	}
}
