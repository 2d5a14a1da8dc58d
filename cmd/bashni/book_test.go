package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/hub"
)

func TestBookBuildAndShow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.book")
	out, errOut, status := cli(t, "book", "build", "-positions", "3", "-depth", "2", "-o", path)
	if status != 0 || out != "book russian: 3 positions, "+bookMoves(t, path)+" moves written to "+path+"\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if !regexp.MustCompile(`(?m)^book: 3/3 positions expanded, \d+ scored, \d+ nodes, deepest ply \d+, \S+$`).MatchString(errOut) {
		t.Fatalf("no final progress line on stderr: %q", errOut)
	}
	b, err := book.ReadFile(path, book.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	start := bashni.Russian().MustStart()
	want := []string{"book russian: 3 positions, " + bookMoves(t, path) + " moves"}
	for _, e := range b.Lookup(&start) {
		want = append(want, fmt.Sprintf("%s score %s weight %d", e.Move, engine.Score(e.Score), e.Weight))
	}
	out, _, status = cli(t, "book", "show", "-book", path)
	if d := cmp.Diff(want, strings.Split(strings.TrimSuffix(out, "\n"), "\n")); status != 0 || d != "" {
		t.Fatalf("book show, status %d (-want +got):\n%s", status, d)
	}
	out, _, _ = cli(t, "book", "show", "-book", path, "-fen", "W:Wc3:Bf6")
	if out != want[0]+"\nnot in the book\n" {
		t.Fatalf("a position not in the book: %q", out)
	}
	// The same flags again: refused without -force, then the same file.
	before, _ := os.ReadFile(path)
	if _, errOut, status := cli(t, "book", "build", "-positions", "3", "-depth", "2", "-o", path); status != 1 || !strings.Contains(errOut, "the file exists; give -force to replace it") {
		t.Fatalf("over an existing file: status %d, %q", status, errOut)
	}
	if _, errOut, status := cli(t, "book", "build", "-positions", "3", "-depth", "2", "-o", path, "-force"); status != 0 {
		t.Fatalf("-force: status %d, %q", status, errOut)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("the same flags built another book")
	}
}

func bookMoves(t *testing.T, path string) string {
	t.Helper()
	b, err := book.ReadFile(path, book.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(b.Moves())
}

func TestBookErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk")
	os.WriteFile(junk, []byte("hello"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"book"}, "bashni book: want build or show\n"},
		{[]string{"book", "list"}, "bashni book: want build or show, got \"list\"\n"},
		{[]string{"book", "build", "-positions", "3"}, "bashni book: -o: give the book file to write\n"},
		{[]string{"book", "build", "-positions", "0", "-o", "x"}, "bashni book: -positions 0: want 1 to 2097151 (more positions take more than the 67108864 bytes of memory that book show, engine -book and hub -book read a book into)\n"},
		{[]string{"book", "build", "-depth", "0", "-o", "x"}, "bashni book: -depth 0: want 1 to 64 plies\n"},
		{[]string{"book", "build", "-o", dir}, "bashni book: -o " + dir + ": is a directory; give the path of a file\n"},
		{[]string{"book", "show"}, "bashni book: -book: give the book file\n"},
		{[]string{"book", "show", "-book", junk}, "bashni book: " + junk + ": byte 0: not a bashni book (it does not start with bashnibk)\n"},
		// A file that cannot be read is not said to be no book.
		{[]string{"book", "show", "-book", dir}, "bashni book: " + dir + ": byte 0: reading the magic bytes: read " + dir + ": is a directory\n"},
	} {
		out, errOut, status := cli(t, tc.args...)
		if status != 1 || out != "" || errOut != tc.want {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %q", tc.args, status, out, errOut, tc.want)
		}
	}
}

// TestBookBuildMemoryLimit: book build never writes a book that book
// show, engine -book and hub -book refuse as over book.DefaultMaxBytes
// once read (here a lower limit, bookMaxBytes, stands for it; TestBookErrors
// has the bound of the real one). A -positions that must take more is
// refused before anything is built or written; a build that reaches the
// limit stops, writes the positions that fit, which read back, and ends
// with an error that says so. (It had no limit: a large build wrote a file
// its readers refused.)
func TestBookBuildMemoryLimit(t *testing.T) {
	defer func(old int64) { bookMaxBytes = old }(bookMaxBytes)
	bookMaxBytes = book.MemoryBytes(20, 40) // 20 positions of russian hold more moves
	most := book.MaxPositions(bookMaxBytes)
	dir := t.TempDir()
	path := filepath.Join(dir, "big.book")
	over := strconv.Itoa(most + 1)
	out, errOut, status := cli(t, "book", "build", "-positions", over, "-depth", "1", "-o", path)
	want := fmt.Sprintf("bashni book: -positions %s: want 1 to %d (more positions take more than the %d bytes of memory that book show, engine -book and hub -book read a book into)\n", over, most, bookMaxBytes)
	if status != 1 || out != "" || errOut != want {
		t.Errorf("-positions %s: status %d, stdout %q, stderr %q; want 1 and %q", over, status, out, errOut, want)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("-positions %s: the file is there (%v)", over, err)
	}

	out, errOut, status = cli(t, "book", "build", "-positions", "20", "-depth", "1", "-o", path)
	b, err := book.ReadFile(path, bookMaxBytes)
	if err != nil {
		t.Fatalf("the book written at the limit: %v (stderr %q)", err, errOut)
	}
	n := b.Len()
	if status != 1 || n < 1 || n >= 20 || book.MemoryBytes(n, b.Moves()) > bookMaxBytes {
		t.Errorf("a build over the limit: status %d, a book of %d positions, %d moves; want 1 and fewer than 20 positions within %d bytes", status, n, b.Moves(), bookMaxBytes)
	}
	if want := fmt.Sprintf("book russian: %d positions, %d moves written to %s\n", n, b.Moves(), path); out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	for _, want := range []string{
		fmt.Sprintf("book: at the memory limit; writing the %d positions expanded so far\n", n),
		fmt.Sprintf("bashni book: stopped after %d of 20 positions: the next, with ", n),
		fmt.Sprintf("over the limit of %d (the %d that fit are written to %s)\n", bookMaxBytes, n, path),
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q\nwants %q", errOut, want)
		}
	}
}

// TestBookFlags: bashni engine -book and bashni hub -book play the book's
// move; a bad file or margin is an error before the session starts.
func TestBookFlags(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rd.book")
	if _, errOut, status := cli(t, "book", "build", "-variant", "russian-draughts", "-positions", "2", "-depth", "1", "-o", path); status != 0 {
		t.Fatalf("book build: %s", errOut)
	}
	b, err := book.ReadFile(path, book.DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	start := bashni.RussianDraughts().MustStart()
	best := b.Lookup(&start)[0]
	var out, errOut strings.Builder
	withStdin(t, "variant russian-draughts\ngo depth 2\n", func() {
		runCLI([]string{"engine", "-book", path}, &out, &errOut)
	})
	if want := fmt.Sprintf("info book score cp %d pv %s\nbestmove %s\n", best.Score, best.Move, best.Move); out.String() != want {
		t.Errorf("bashni engine -book: %q, want %q (stderr %q)", out.String(), want, errOut.String())
	}
	out.Reset()
	withStdin(t, "level depth=2\ngo think\n", func() {
		runCLI([]string{"hub", "-book", path, "-book-margin", "0"}, &out, &errOut)
	})
	// The end of the input stops a Hub search at once, but a book move
	// needs none.
	if want := "done move=" + hub.FormatMove(&start, best.Move) + "\n"; out.String() != want {
		t.Errorf("bashni hub -book: %q, want %q", out.String(), want)
	}
	for _, args := range [][]string{
		{"engine", "-book", path + ".none"},
		{"hub", "-book", path + ".none"},
		{"engine", "-book-margin", "-1"},
		{"hub", "-book-margin", "10001"},
	} {
		if _, errOut, status := cli(t, args...); status != 1 || errOut == "" {
			t.Errorf("%q: status %d, stderr %q", args, status, errOut)
		}
	}
}

// A book file that cannot be written (its directory missing, or a file
// where the directory should be) is refused before the build, not found
// at its end (the build takes hours at the sizes of the books shipped); a
// write that fails at the end (a full disk: here ulimit -f) leaves a file
// replaced with -force as it was.
func TestBookBuildUnwritableFile(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk")
	if err := os.WriteFile(junk, []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "missing", "b.book"), filepath.Join(junk, "b.book")} {
		out, errOut, status := cli(t, "book", "build", "-positions", "2", "-depth", "1", "-o", path)
		if status != 1 || out != "" || !strings.HasPrefix(errOut, "bashni book: -o "+path+": ") {
			t.Errorf("-o %s: status %d, stdout %q, stderr %q; want 1 and an error naming the file", path, status, out, errOut)
		}
		if strings.Contains(errOut, "positions expanded") {
			t.Errorf("-o %s: the book was built before the file was found unwritable:\n%s", path, errOut)
		}
	}
	old := filepath.Join(dir, "old.book")
	if err := os.WriteFile(old, []byte("old book"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, status := runProcess(t, "ulimit -f 1 && exec bashni book build -positions 40 -depth 1 -force -o "+old, "")
	if b, _ := os.ReadFile(old); status != 1 || string(b) != "old book" || !strings.Contains(errOut, "(the file is as it was)") {
		t.Errorf("a write that fails: status %d, file %q, stderr %q", status, b, errOut)
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("files left in the directory: %v", es)
	}
}
