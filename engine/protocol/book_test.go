package protocol

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
)

// sampleBook is the repository's russian book.
const sampleBook = "../../book/testdata/russian.book"

func russianBook(t *testing.T) (string, *book.Book) {
	t.Helper()
	b, err := book.ReadFile(sampleBook, book.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	return sampleBook, b
}

func TestBookMove(t *testing.T) {
	path, b := russianBook(t)
	start := bashni.Russian().MustStart()
	best := b.Lookup(&start)[0]
	got := converse(t, "book "+path+"\ngo depth 3\n")
	want := []string{"info book score " + protoScore(engine.Score(best.Score)) + " pv " + best.Move.String(), "bestmove " + best.Move.String()}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("a book position (-want +got):\n%s", d)
	}
	// go infinite analyses: no book move.
	if got := converse(t, "book "+path+"\ngo infinite\n"); got[0] == want[0] {
		t.Fatalf("go infinite played the book move: %q", got)
	}
}

// TestBookOutOfBook: outside the book the search answers, as it would
// without one.
func TestBookOutOfBook(t *testing.T) {
	path, _ := russianBook(t)
	const script = "position startpos moves c3-d4 f6-g5 b2-c3 g7-f6 a1-b2\ngo depth 2\n"
	with := converse(t, "book "+path+"\n"+script)
	without := converse(t, script)
	if with[len(with)-1] != without[len(without)-1] || len(with) != len(without) {
		t.Fatalf("with the book %q, without %q", with, without)
	}
}

func TestBookErrors(t *testing.T) {
	path, _ := russianBook(t)
	for _, tc := range []struct{ script, want string }{
		{"book\n", "error book: want a book file, or off"},
		{"book " + path + ".none\n", "error book: open " + path + ".none: no such file or directory"},
		{"bookmargin -1\n", `error bookmargin: want hundredths of a man from 0 to 10000, got "-1"`},
		{"bookmargin 10001\n", `error bookmargin: want hundredths of a man from 0 to 10000, got "10001"`},
	} {
		if d := cmp.Diff([]string{tc.want}, converse(t, tc.script)); d != "" {
			t.Errorf("%q (-want +got):\n%s", tc.script, d)
		}
	}
	// A russian book in lasca, set before the variant or after: a search,
	// as without a book.
	for _, script := range []string{"book " + path + "\nvariant lasca\ngo depth 1\n", "variant lasca\nbook " + path + "\ngo depth 1\n"} {
		if got, want := converse(t, script), converse(t, "variant lasca\ngo depth 1\n"); len(got) != len(want) || got[len(got)-1] != want[len(want)-1] {
			t.Fatalf("%q: %q, want %q", script, got, want)
		}
	}
	// book off: the search again.
	got := converse(t, "book "+path+"\nbook off\ngo depth 1\n")
	if len(got) != 2 || got[0][:13] != "info depth 1 " {
		t.Fatalf("book off: %q", got)
	}
}

// With multipv above 1, go searches a book position (book.Player asks the
// book only for a move to play), as docs/PROTOCOL.md now says.
func TestBookMultiPVSearches(t *testing.T) {
	path, _ := russianBook(t)
	got := converse(t, "book "+path+"\ngo depth 2 multipv 2\n")
	if len(got) < 2 || strings.HasPrefix(got[0], "info book ") || !strings.HasPrefix(got[0], "info depth 1 seldepth ") {
		t.Errorf("go depth 2 multipv 2 in the book: %q, want a search", got)
	}
}
