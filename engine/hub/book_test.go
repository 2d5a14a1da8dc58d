package hub

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
)

// sampleBook is the repository's book of bashni's russian (the Hub's
// "bashni").
const sampleBook = "../../book/testdata/russian.book"

func sample(t *testing.T) *book.Book {
	t.Helper()
	b, err := book.ReadFile(sampleBook, book.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBookThink: go think plays the book's best move at once (no info
// line); go analyze searches.
func TestBookThink(t *testing.T) {
	b := sample(t)
	start := bashni.Russian().MustStart()
	best := FormatMove(&start, b.Lookup(&start)[0].Move)
	const setup = "set-param name=variant value=bashni\nset-param name=book value=" + sampleBook + "\n"
	got := converseToEnd(t, setup+"level depth=3\ngo think\n")
	if d := cmp.Diff([]string{"done move=" + best}, got); d != "" {
		t.Fatalf("go think in the book (-want +got):\n%s", d)
	}
	got = converseToEnd(t, setup+"level depth=2\ngo analyze\n")
	if len(got) < 2 || !strings.HasPrefix(got[0], "info depth=1 ") {
		t.Fatalf("go analyze in the book: %q, want a search", got)
	}
}

// Under level infinite, go think is a search that only stop ends, as the
// protocol's go infinite, which plays no book move: it searches (an info
// line first, where the book's move would have been done at once) until
// stop.
func TestBookInfiniteThinkSearches(t *testing.T) {
	l := startLive(t)
	l.send("set-param name=variant value=bashni")
	l.send("set-param name=book value=" + sampleBook)
	l.send("level infinite")
	l.send("go think")
	select {
	case line := <-l.out.lines:
		if !strings.HasPrefix(line, "info depth=1 ") {
			t.Fatalf("the first answer %q, want the info line of depth 1", line)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no info line")
	}
	l.send("stop")
	l.expect("done move=")
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// TestBookOutside: outside the book, in another ruleset, and after
// book=false, go think searches as without a book.
func TestBookOutside(t *testing.T) {
	b := sample(t)
	// Five plies of the first legal moves: out of the book.
	pos := bashni.Russian().MustStart()
	var line []string
	for range 5 {
		m := pos.LegalMoves()[0]
		line = append(line, FormatMove(&pos, m))
		pos = pos.PlayUnchecked(m)
	}
	if b.Lookup(&pos) != nil {
		t.Fatal("the test's position is in the book")
	}
	start := bashni.Russian().MustStart()
	startFEN := start.FEN()
	for _, tc := range []struct{ name, setup, script string }{
		{"out of the book", "set-param name=book value=" + sampleBook + "\n", "set-param name=variant value=bashni\npos fen=" + startFEN + ` moves="` + strings.Join(line, " ") + `"` + "\nlevel depth=2\ngo think\n"},
		{"another ruleset", "set-param name=book value=" + sampleBook + "\n", "level depth=2\ngo think\n"},
		{"book=false", "set-param name=book value=" + sampleBook + "\nset-param name=book value=false\n", "set-param name=variant value=bashni\nlevel depth=2\ngo think\n"},
	} {
		got := converseToEnd(t, tc.setup+tc.script)
		want := converseToEnd(t, tc.script)
		if d := cmp.Diff(masked(want), masked(got)); d != "" {
			t.Errorf("%s (-without the book +with it):\n%s", tc.name, d)
		}
	}
}

// masked drops the times and speeds of info lines.
func masked(lines []string) []string {
	var out []string
	for _, l := range lines {
		if i := strings.Index(l, " time="); i >= 0 {
			l = l[:i]
		}
		out = append(out, l)
	}
	return out
}

func TestBookParams(t *testing.T) {
	path := sampleBook
	got := converse(t, "set-param name=book value="+path+"\nset-param name=book-margin value=25\nhub\n")
	for _, want := range []string{"param name=book value=" + path + " type=string", "param name=book-margin value=25 type=int min=0 max=10000"} {
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("no %q in %q", want, got)
		}
	}
	for _, tc := range []struct{ line, want string }{
		{"set-param name=book-margin value=-1", `error message="set-param: book-margin: -1 is negative: want 0 to 10000"`},
		{"set-param name=book-margin value=10001", `error message="set-param: book-margin: 10001 is not from 0 to 10000"`},
		{"set-param name=book value=" + path + ".none", `error message="set-param: book: open ` + path + `.none: no such file or directory"`},
	} {
		if d := cmp.Diff([]string{tc.want}, converse(t, tc.line+"\n")); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.line, d)
		}
	}
}
