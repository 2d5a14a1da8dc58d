// Package docs holds the project's documentation pages and the tests that
// keep them true. The pages are README.md and the other *.md files at the
// top of the repository, and docs/*.md. Every `$ bashni …` example of a
// page is run and its output compared with the page (examples_test.go),
// every whole Go program a page shows is one of examples/*/main.go, byte for
// byte (programs_test.go), the perft tables are counted again
// (perft_test.go), the switch and preset tables of RULES.md are checked
// against the code (rules_test.go), and every rule id cited anywhere is
// defined in RULES.md (ruleids_test.go).
//
// # The example format
//
// In a fenced code block of one of these pages, a line that starts with
// "$ " is a shell command, and the lines after it, up to the next "$ " line or
// the end of the block, are what it prints (standard output and standard
// error together, in the order written). A command is run when it calls
// bashni: its text starts with "bashni", or "bashni" follows a "|", ";" or
// "&&", as in
//
//	$ printf 'variant lasca\ngo depth 2\n' | bashni engine
//
// and so is "$ go run ./examples/NAME …", one of the example programs.
// Other commands ($ go test ./...) are shown, not run. Each command runs
// under sh, with bashni built from this tree first on PATH, in a scratch
// directory of its own page that sees the repository's files (so
// "pdn/testdata/multi.pdn" and "docs/RULES.md" work), and files an example
// writes stay there for the page's later examples. Before comparing, both
// sides have durations (1.5s, 88µs, 1m2s), rates (3.43 Mnps, 144 kn/s) and
// the protocol's "nps N" and "time N" fields masked; on a line with a masked
// value, runs of spaces count as one, since column widths follow the values.
// A line "..." in the page stands for any number of lines. A block whose
// info string has the word "slow" (```console slow) runs only with
// BASHNI_DOCS_SLOW=1. Each command has a minute.
package docs

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// bin is the directory holding the bashni command built for the examples.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "bashni-docs-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// -pgo=off: the examples' output does not depend on the profile, and a
	// build without it shares the packages the other tests compiled.
	build := exec.Command("go", "build", "-pgo=off", "-o", filepath.Join(dir, "bashni"), "../cmd/bashni")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building bashni for the examples: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	bin = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// An example is one command of a page and the output the page shows for it.
type example struct {
	line    int    // the line of the command in its page, from 1
	command string // the shell command, without "$ "
	want    []string
	slow    bool
}

// callsBashni matches a command that runs the bashni command, or one of the
// example programs.
var callsBashni = regexp.MustCompile(`(^|\||;|&&)\s*(bashni(\s|$)|go run \./examples/)`)

// pageExamples reads the examples of a page.
func pageExamples(t *testing.T, page string) []example {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var (
		out     []example
		inBlock bool
		fence   string
		slow    bool
		cur     *example
	)
	flush := func() {
		if cur != nil && callsBashni.MatchString(cur.command) {
			out = append(out, *cur)
		}
		cur = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t\r")
		trimmed := strings.TrimLeft(line, " ")
		if !inBlock {
			if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
				inBlock, fence = true, trimmed[:3]
				slow = false
				for _, w := range strings.Fields(trimmed[3:]) {
					if w == "slow" {
						slow = true
					}
				}
			}
			continue
		}
		if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
			flush()
			inBlock = false
			continue
		}
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			flush()
			cur = &example{line: n, command: cmd, slow: slow}
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if inBlock {
		t.Errorf("%s: a code block is not closed", page)
	}
	return out
}

// The masks: what differs from run to run.
var (
	durationText = regexp.MustCompile(`\b(\d+h)?(\d+m)?\d+(\.\d+)?(ns|µs|us|ms|s)\b`)
	rateText     = regexp.MustCompile(`\b\d+(\.\d+)? [kMG](nps|n/s)\b`)
	protocolText = regexp.MustCompile(`\b(nps|time) \d+\b`)
	spaces       = regexp.MustCompile(` {2,}`)
)

// normalize masks the times and rates of output lines and drops trailing
// blank lines.
func normalize(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		m := protocolText.ReplaceAllString(l, "$1 <n>")
		m = rateText.ReplaceAllString(m, "<rate>")
		m = durationText.ReplaceAllString(m, "<time>")
		if m != l {
			m = spaces.ReplaceAllString(m, " ")
		}
		out = append(out, m)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// matches reports whether got is want, where a want line "..." stands for
// any number of lines.
func matches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matches(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && want[0] == got[0] && matches(want[1:], got[1:])
}

// scratchDir makes a directory that sees the repository's top-level files and
// directories through symbolic links, so examples read them and write their
// own files apart.
func scratchDir(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, e := range entries {
		if e.Name() == ".git" {
			continue
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// run runs one example's command in dir and returns what it printed.
func run(t *testing.T, dir, command string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out // one pipe: the order of the lines is kept
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s: still running after a minute", command)
	}
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("%s: %v", command, err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// pages returns the pages: README.md and the other *.md files of the
// repository's top level, then docs/*.md, relative to this directory.
func pages(t *testing.T) []string {
	t.Helper()
	top, err := filepath.Glob("../*.md")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append(top, docs...)
}

func TestExamples(t *testing.T) {
	slow := os.Getenv("BASHNI_DOCS_SLOW") == "1"
	total := 0
	for _, page := range pages(t) {
		name := strings.TrimPrefix(page, "../")
		if name == page {
			name = "docs/" + page
		}
		examples := pageExamples(t, page)
		total += len(examples)
		if len(examples) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir := scratchDir(t)
			for _, ex := range examples {
				if ex.slow && !slow {
					continue
				}
				got := run(t, dir, ex.command)
				if want, norm := normalize(ex.want), normalize(got); !matches(want, norm) {
					t.Errorf("%s:%d: $ %s\nprints (masked: -page +output):\n%s\nthe whole output:\n%s",
						name, ex.line, ex.command, cmp.Diff(want, norm), strings.Join(got, "\n"))
				}
			}
		})
	}
	if total == 0 {
		t.Error("no $ bashni examples found in the pages")
	}
}

// TestExampleFormat holds the reader of examples and the masks to what the
// package comment promises.
func TestExampleFormat(t *testing.T) {
	page := filepath.Join(t.TempDir(), "page.md")
	text := "text\n$ bashni not-in-a-block\n```console\n$ bashni moves\nc3-d4\n\n$ go test ./...\nok\n$ echo x | bashni show\n$ go run ./examples/listmoves\n```\n" +
		"```sh slow\n$ bashni perft 12\n```\n"
	if err := os.WriteFile(page, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	want := []example{
		{line: 4, command: "bashni moves", want: []string{"c3-d4", ""}},
		{line: 9, command: "echo x | bashni show"},
		{line: 10, command: "go run ./examples/listmoves"},
		{line: 13, command: "bashni perft 12", slow: true},
	}
	if diff := cmp.Diff(want, pageExamples(t, page), cmp.AllowUnexported(example{})); diff != "" {
		t.Errorf("examples (-want +got):\n%s", diff)
	}

	got := normalize([]string{
		"depth 3: 302 nodes in 88µs (3.43 Mnps)",
		"depth  6/28  score   +0.60  nodes       1419     144 kn/s   9.888ms  b2xd4",
		"info depth 1 seldepth 1 score cp 181 nodes 2 nps 2967 time 0 pv b2xd4",
		"took 1m2.5s  then", " 8 |    b     b  |", "", "",
	})
	wantNorm := []string{
		"depth 3: 302 nodes in <time> (<rate>)",
		"depth 6/28 score +0.60 nodes 1419 <rate> <time> b2xd4",
		"info depth 1 seldepth 1 score cp 181 nodes 2 nps <n> time <n> pv b2xd4",
		"took <time> then", " 8 |    b     b  |",
	}
	if diff := cmp.Diff(wantNorm, got); diff != "" {
		t.Errorf("normalize (-want +got):\n%s", diff)
	}
	for _, c := range []struct {
		want, got []string
		ok        bool
	}{
		{[]string{"a", "...", "d"}, []string{"a", "b", "c", "d"}, true},
		{[]string{"a", "...", "d"}, []string{"a", "d"}, true},
		{[]string{"a", "...", "d"}, []string{"a", "b"}, false},
		{[]string{"a", "b"}, []string{"a", "b", "c"}, false},
		{[]string{"a", "b"}, []string{"a", "c"}, false},
	} {
		if ok := matches(c.want, c.got); ok != c.ok {
			t.Errorf("matches(%q, %q) = %v, want %v", c.want, c.got, ok, c.ok)
		}
	}
}
