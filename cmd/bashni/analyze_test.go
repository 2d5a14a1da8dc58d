package main

import (
	"regexp"
	"strings"
	"testing"
)

var analyzeLineRE = regexp.MustCompile(`^depth +(\d+)/\d+ +score +(\S+|win \d+|loss \d+) +nodes +\d+ +\d+ kn/s +\S+ +\S`)

func TestAnalyzePrintsEachIteration(t *testing.T) {
	out := lines(mustCLI(t, "analyze", "-depth", "4"))
	if len(out) != 5 {
		t.Fatalf("want 4 iterations and the best move, got:\n%s", strings.Join(out, "\n"))
	}
	for i, l := range out[:4] {
		m := analyzeLineRE.FindStringSubmatch(l)
		if m == nil || m[1] != string(rune('1'+i)) {
			t.Errorf("line %d %q is not the iteration of depth %d", i+1, l, i+1)
		}
	}
	if !strings.HasPrefix(out[4], "best ") || !strings.Contains(out[4], "(depth 4,") {
		t.Errorf("last line %q, want the best move of depth 4", out[4])
	}
}

// With two threads (Lazy SMP) the search reaches the depth and finds the win.
func TestAnalyzeThreads(t *testing.T) {
	out := lines(mustCLI(t, "analyze", "-threads", "2", "-fen", "W:Wc7:Bg7", "-depth", "8"))
	if last := out[len(out)-1]; !strings.HasPrefix(last, "best c7-d8 score win 5 ") {
		t.Errorf("last line %q, want best c7-d8 score win 5", last)
	}
}

func TestAnalyzeFindsWin(t *testing.T) {
	// The man crowns on d8 and the new king catches the man on g7.
	out := lines(mustCLI(t, "analyze", "-fen", "W:Wc7:Bg7", "-depth", "8"))
	if last := out[len(out)-1]; !strings.HasPrefix(last, "best c7-d8 score win 5 ") {
		t.Errorf("last line %q, want best c7-d8 score win 5", last)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-depth", "-1"},
		{"-depth", "100"},
		{"-time", "-1s"},
		{"-hash", "0"},
		{"-threads", "0"},
		{"-threads", "257"},
		{"-fen", "B:Wb6,c5:Ba7"}, // Black has no move
		{"extra"},
	} {
		_, errOut, status := cli(t, append([]string{"analyze"}, args...)...)
		if status != 1 || !strings.HasPrefix(errOut, "bashni analyze: ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("analyze %q: status %d, stderr %q; want status 1 and one error line", args, status, errOut)
		}
	}
}

// -lines 3: each iteration's line is followed by the second and third
// best, their scores no better.
func TestAnalyzeLines(t *testing.T) {
	out := lines(mustCLI(t, "analyze", "-depth", "3", "-lines", "3"))
	other := regexp.MustCompile(`^line ([23])       score +(\S+)  \S`)
	if len(out) != 10 {
		t.Fatalf("want 3 iterations of 3 lines and the best move, got:\n%s", strings.Join(out, "\n"))
	}
	for i, l := range out[:9] {
		if i%3 == 0 {
			if m := analyzeLineRE.FindStringSubmatch(l); m == nil || m[1] != string(rune('1'+i/3)) {
				t.Errorf("line %d %q is not the iteration of depth %d", i+1, l, 1+i/3)
			}
			continue
		}
		if m := other.FindStringSubmatch(l); m == nil || m[1] != string(rune('1'+i%3)) {
			t.Errorf("line %d %q is not line %d of its iteration", i+1, l, 1+i%3)
		}
	}
	_, errOut, status := cli(t, "analyze", "-lines", "0")
	if status != 1 || errOut != "bashni analyze: -lines 0: want 1 to 256\n" {
		t.Errorf("-lines 0: status %d, stderr %q", status, errOut)
	}
}
