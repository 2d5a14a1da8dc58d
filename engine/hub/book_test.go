package hub

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
)

// draughtsBook writes a small book of classic Russian draughts (the Hub's
// "russian") and returns its path and the book.
func draughtsBook(t *testing.T) (string, *book.Book) {
	t.Helper()
	b, err := book.Build(context.Background(), bashni.RussianDraughts(), book.BuildOptions{Positions: 4, Limits: engine.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "rd.book")
	if err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path, b
}

// TestBookThink: go think plays the book's best move at once (no info
// line); go analyze searches.
func TestBookThink(t *testing.T) {
	path, b := draughtsBook(t)
	start := bashni.RussianDraughts().MustStart()
	best := FormatMove(&start, b.Lookup(&start)[0].Move)
	got := converseToEnd(t, "set-param name=book value="+path+"\nlevel depth=3\ngo think\n")
	if d := cmp.Diff([]string{"done move=" + best}, got); d != "" {
		t.Fatalf("go think in the book (-want +got):\n%s", d)
	}
	got = converseToEnd(t, "set-param name=book value="+path+"\nlevel depth=2\ngo analyze\n")
	if len(got) < 2 || !strings.HasPrefix(got[0], "info depth=1 ") {
		t.Fatalf("go analyze in the book: %q, want a search", got)
	}
}

// TestBookOutside: outside the book, in another ruleset, and after
// book=false, go think searches as without a book.
func TestBookOutside(t *testing.T) {
	path, b := draughtsBook(t)
	// Five plies of the first legal moves: out of a book of four positions.
	pos := bashni.RussianDraughts().MustStart()
	var line []string
	for range 5 {
		m := pos.LegalMoves()[0]
		line = append(line, FormatMove(&pos, m))
		pos = pos.PlayUnchecked(m)
	}
	if b.Lookup(&pos) != nil {
		t.Fatal("the test's position is in the book")
	}
	for _, tc := range []struct{ name, setup, script string }{
		{"out of the book", "set-param name=book value=" + path + "\n", "pos pos=" + startPos + ` moves="` + strings.Join(line, " ") + `"` + "\nlevel depth=2\ngo think\n"},
		{"another ruleset", "set-param name=book value=" + path + "\n", "set-param name=variant value=bashni\nlevel depth=2\ngo think\n"},
		{"book=false", "set-param name=book value=" + path + "\nset-param name=book value=false\n", "level depth=2\ngo think\n"},
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
	path, _ := draughtsBook(t)
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
