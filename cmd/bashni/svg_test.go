package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/svg"
)

// The command draws exactly what package svg draws for the same request.
func TestSVGMatchesPackage(t *testing.T) {
	start := bashni.Russian().MustStart()
	afterD4 := playForSVG(t, start, "c3-d4 b6-c5")
	capture, _ := afterD4.ParseMove("d4:b6")
	withMove := func(o svg.Options, m bashni.Move) svg.Options { o.HighlightMove(m); return o }
	lasca := bashni.Lasca().MustStart()
	towers, err := bashni.ParseFEN(bashni.Russian(), "W:WKh6wbbbbbb,a7bb:Bc3")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		pos  bashni.Position
		opts svg.Options
	}{
		{nil, start, svg.Options{}},
		{[]string{"-variant", "lasca", "-flip", "-size", "40", "-no-coords"}, lasca, svg.Options{Flip: true, SquareSize: 40, NoCoordinates: true}},
		{[]string{"-fen", "W:WKh6wbbbbbb,a7bb:Bc3"}, towers, svg.Options{}},
		{[]string{"-moves", "1. c3-d4 b6-c5", "-move", "d4:b6"}, afterD4, withMove(svg.Options{}, capture)},
		{[]string{"-moves", "1. c3-d4 b6-c5", "-move", "d4:b6", "-after"}, playForSVG(t, afterD4, "d4:b6"), withMove(svg.Options{}, capture)},
	}
	for _, c := range cases {
		want, err := svg.String(&c.pos, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := mustCLI(t, append([]string{"svg"}, c.args...)...); got != want {
			t.Errorf("bashni svg %q differs from svg.String of the same position and options", c.args)
		}
	}
}

func TestSVGWritesFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "board.svg")
	if out := mustCLI(t, "svg", "-o", file); out != "" {
		t.Errorf("with -o, stdout got %q", out)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	start := bashni.Russian().MustStart()
	want, _ := svg.String(&start, svg.Options{})
	if string(b) != want {
		t.Errorf("%s does not hold the start position's picture", file)
	}
}

// -o replaces its file whole or not at all: a write that fails (a full
// disk: here ulimit -f) leaves the old picture, not the start of the new
// one. A symbolic link stays, the file it names replaced, and what is not
// a regular file (/dev/null) is written to as before.
func TestSVGFailedWriteKeepsFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "board.svg")
	if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, status := runProcess(t, "ulimit -f 1 && exec bashni svg -o "+file, "")
	if b, _ := os.ReadFile(file); status != 1 || string(b) != "old" || !strings.HasPrefix(errOut, "bashni svg: -o "+file+": ") {
		t.Errorf("a failed write: status %d, stderr %q, file %q; want 1, an error naming the file, and the old file", status, errOut, b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("files left in the directory: %v", es)
	}
	link := filepath.Join(dir, "link.svg")
	if err := os.Symlink("board.svg", link); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, "svg", "-o", link)
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("-o through a symbolic link replaced the link: %v", err)
	}
	if b, _ := os.ReadFile(file); !strings.HasPrefix(string(b), "<svg") {
		t.Errorf("-o through a symbolic link: %s holds %.20q", file, b)
	}
	mustCLI(t, "svg", "-o", os.DevNull)
	out, errOut, status := runProcess(t, "exec bashni svg -o /dev/stdout", "")
	if status != 0 || !strings.HasPrefix(out, "<svg") {
		t.Errorf("-o /dev/stdout: status %d, stderr %q, stdout %.20q", status, errOut, out)
	}
}

func TestSVGErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-move", "c3-c4"}, `bashni svg: -move: move "c3-c4"`},
		{[]string{"-after"}, "bashni svg: -after needs -move"},
		{[]string{"-size", "-5"}, "bashni svg: square size -5"}, // once (issue 15, case 8)
		{[]string{"-fen", "W:Wa2:Bb8"}, "bashni svg: "},
		{[]string{"extra"}, `bashni svg: unexpected argument "extra"`},
		{[]string{"-o", "/nonexistent-dir/x.svg"}, "bashni svg: -o /nonexistent-dir/x.svg: cannot create a file in /nonexistent-dir: no such file or directory\n"},
	} {
		out, errOut, status := cli(t, append([]string{"svg"}, c.args...)...)
		if status != 1 || out != "" || !strings.HasPrefix(errOut, c.msg) {
			t.Errorf("bashni svg %q: status %d, stdout %d bytes, stderr %q; want status 1 and %q", c.args, status, len(out), errOut, c.msg)
		}
	}
}

// playForSVG plays space-separated moves from p.
func playForSVG(t *testing.T, p bashni.Position, moves string) bashni.Position {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		if strings.HasSuffix(text, ".") {
			continue
		}
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		p = p.PlayUnchecked(m)
	}
	return p
}
