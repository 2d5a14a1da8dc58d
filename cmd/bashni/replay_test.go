package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
)

// withStdin runs f with stdin reading text.
func withStdin(t *testing.T, text string, f func()) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(text)
	defer func() { stdin = old }()
	f()
}

// The pdn package's multi-game file: four games, the second broken.
const multiPDN = "../../pdn/testdata/multi.pdn"

func TestReplayFile(t *testing.T) {
	out, errOut, status := cli(t, "replay", multiPDN)
	want := []string{
		"ok 6 W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,d4,h4:Bf4w,g5,b6,d6,a7,c7,e7,g7,b8,d8,f8,h8",
		`error game 2, move 2...: move "g5-h4": a capture is compulsory (captures are written with ':' or 'x') (legal: d6:f4)`,
		"ok 1 W:W:Be3w",
		"ok 2 W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
	}
	if d := cmp.Diff(want, lines(out)); d != "" {
		t.Errorf("bashni replay (-want +got):\n%s", d)
	}
	if status != 1 || !strings.Contains(errOut, "1 of 4 games had errors") {
		t.Errorf("status %d, stderr %q; want 1 and the count of bad games", status, errOut)
	}
}

// docs/RULES.md section 11: the Codex record replays to its final position.
func TestReplayCodexFromStdin(t *testing.T) {
	codex, err := os.ReadFile("../../pdn/testdata/codex.pdn")
	if err != nil {
		t.Fatal(err)
	}
	withStdin(t, string(codex), func() {
		out := mustCLI(t, "replay")
		if want := "ok 21 " + testgame.CodexFinal + "\n"; out != want {
			t.Errorf("bashni replay < codex.pdn = %q, want %q", out, want)
		}
	})
}

// -variant is the ruleset of games without a Variant tag.
func TestReplayVariantFlag(t *testing.T) {
	withStdin(t, "1. c3-d4 e5xc3 *", func() {
		out := mustCLI(t, "replay", "-variant", "lasca")
		if !strings.HasPrefix(out, "ok 2 B:") && !strings.HasPrefix(out, "ok 2 W:") {
			t.Errorf("lasca game: %q", out)
		}
	})
	withStdin(t, "1. c3-d4 e5xc3 *", func() {
		out, _, status := cli(t, "replay")
		if status != 1 || !strings.HasPrefix(out, "error game 1, move 1...:") {
			t.Errorf("as russian: status %d, %q; want an error at 1...", status, out)
		}
	})
	if _, errOut, status := cli(t, "replay", "-variant", "chess"); status != 1 || !strings.Contains(errOut, "chess") {
		t.Errorf("bad -variant: status %d, stderr %q", status, errOut)
	}
}

// Several files: each line names its file; a missing file is an error that
// does not stop the others.
func TestReplaySeveralFiles(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pdn")
	if err := os.WriteFile(good, []byte("1. c3-d4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.pdn")
	out, errOut, status := cli(t, "replay", good, missing, good)
	want := []string{
		good + ": ok 1 B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		good + ": ok 1 B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
	}
	if d := cmp.Diff(want, lines(out)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if status != 1 || !strings.Contains(errOut, "missing.pdn") {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
}

// An error outside any move names the line; one in a variation says so.
func TestReplayErrorPlaces(t *testing.T) {
	withStdin(t, "[FEN \"W:Wa2\"]\n*\n1. c3-d4 (1. c3-b4 b6-a5 2. b4-a5) *\n", func() {
		out, _, status := cli(t, "replay")
		ls := lines(out)
		if status != 1 || len(ls) != 2 {
			t.Fatalf("status %d, output %q", status, out)
		}
		if !strings.HasPrefix(ls[0], "error game 1, line 1: \"[FEN \\\"W:Wa2\\\"]\": ") {
			t.Errorf("bad FEN: %q", ls[0])
		}
		if !strings.HasPrefix(ls[1], "error game 2, move 2. (in a variation): move \"b4-a5\": ") {
			t.Errorf("variation: %q", ls[1])
		}
	})
}

// replay's errors about files are one line with the others, and the count
// of bad games stays.
func TestReplayFileErrorsAreOneLine(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pdn"), filepath.Join(dir, "b.pdn")
	_, errOut, status := cli(t, "replay", a, b)
	if got := lines(errOut); status != 1 || len(got) != 1 || !strings.HasPrefix(got[0], "bashni replay: ") || !strings.Contains(got[0], "b.pdn") {
		t.Errorf("two missing files: status %d, stderr %q", status, errOut)
	}
	_, errOut, status = cli(t, "replay", multiPDN, a)
	if status != 1 || !strings.Contains(errOut, "1 of 4 games had errors") {
		t.Errorf("a bad game and a missing file: status %d, stderr %q", status, errOut)
	}
}

// An input that cannot be read (here a directory) is an error, not the end
// of the input with status 0.
