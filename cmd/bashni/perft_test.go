package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// perftLine is the contract of the last line of bashni perft.
var perftLine = regexp.MustCompile(`^depth (\d+): (\d+) nodes in \S+ \((\d+\.\d\d|-) Mnps\)$`)

// lastPerftLine runs bashni perft and returns the depth and nodes of its last
// line, failing the test unless the line keeps the contract.
func lastPerftLine(t *testing.T, args ...string) (depth int, nodes uint64) {
	t.Helper()
	ls := lines(mustCLI(t, append([]string{"perft"}, args...)...))
	m := perftLine.FindStringSubmatch(ls[len(ls)-1])
	if m == nil {
		t.Fatalf("bashni perft %q: last line %q does not match %s", args, ls[len(ls)-1], perftLine)
	}
	depth, _ = strconv.Atoi(m[1])
	nodes, _ = strconv.ParseUint(m[2], 10, 64)
	return depth, nodes
}

// perftMD holds the columns of docs/PERFT.md, from depth 1, as far as they are
// quick to count (a quarter of a million nodes or so), checked through the
// command.
var perftMD = []struct {
	variant string
	nodes   []uint64
}{
	{"russian", []uint64{7, 49, 302, 1469, 7482, 37908, 189912}},
	{"international", []uint64{7, 49, 302, 1469, 7473, 37550, 186996}},
	{"lasca", []uint64{6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898, 37124, 97420, 269440}},
	{"ludii-bashni", []uint64{7, 49, 302, 1469, 7361, 36690, 179367}},
	{"ludii-lasca", []uint64{6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898, 37130, 97492, 269770}},
	{"russian-draughts", []uint64{7, 49, 302, 1469, 7482, 37986, 190146}},
	{"brazilian-draughts", []uint64{7, 49, 302, 1469, 7473, 37628, 187302}},
}

func TestPerftMatchesPerftMD(t *testing.T) {
	for _, col := range perftMD {
		t.Run(col.variant, func(t *testing.T) {
			if _, nodes := lastPerftLine(t, "-variant", col.variant, "0"); nodes != 1 {
				t.Errorf("depth 0: %d nodes, want 1", nodes)
			}
			for i, want := range col.nodes {
				d := strconv.Itoa(i + 1)
				out := lines(mustCLI(t, "perft", "-variant", col.variant, d))
				last := out[len(out)-1]
				if prefix := "depth " + d + ": " + strconv.FormatUint(want, 10) + " nodes in "; !strings.HasPrefix(last, prefix) {
					t.Errorf("bashni perft -variant %s %s: last line %q, want prefix %q", col.variant, d, last, prefix)
				}
				if !perftLine.MatchString(last) {
					t.Errorf("last line %q does not match %s", last, perftLine)
				}
			}
		})
	}
}

func TestPerftOptionsAgree(t *testing.T) {
	// Bulk counting, threads and the table change how perft counts, never
	// what (docs/PERFT.md depth 5 and lasca depth 9).
	for _, tc := range []struct {
		variant, depth string
		nodes          uint64
	}{{"russian", "5", 7482}, {"international", "5", 7473}, {"lasca", "9", 5692}} {
		for _, opts := range [][]string{
			{"-bulk=false"}, {"-threads", "2"}, {"-hash", "1"},
			{"-bulk=false", "-threads", "3", "-hash", "2"},
		} {
			args := append(append([]string{"-variant", tc.variant}, opts...), tc.depth)
			if _, nodes := lastPerftLine(t, args...); nodes != tc.nodes {
				t.Errorf("bashni perft %q: %d nodes, want %d", args, nodes, tc.nodes)
			}
		}
	}
}

func TestPerftDivide(t *testing.T) {
	out := mustCLI(t, "perft", "-divide", "3")
	want := []string{
		"a3-b4 47", "c3-b4 47", "c3-d4 40", "e3-d4 40", "e3-f4 40", "g3-f4 40", "g3-h4 48",
	}
	ls := lines(out)
	if diff := cmp.Diff(want, ls[:len(ls)-1]); diff != "" {
		t.Errorf("bashni perft -divide 3 (-want +got):\n%s", diff)
	}
	// The lines add up to perft 3 (docs/PERFT.md: 302), and each is the perft of
	// depth 2 after its move.
	if !strings.HasPrefix(ls[len(ls)-1], "depth 3: 302 nodes in ") {
		t.Errorf("last line %q", ls[len(ls)-1])
	}
	for _, l := range want {
		move, count, _ := strings.Cut(l, " ")
		if _, nodes := lastPerftLine(t, "-moves", move, "2"); strconv.FormatUint(nodes, 10) != count {
			t.Errorf("perft 2 after %s: %d, divide says %s", move, nodes, count)
		}
	}
}

func TestPerftDivideSortedByMoveText(t *testing.T) {
	// From the Codex game before its first capture: Black has seven moves,
	// and some replies lead to captures.
	const played = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3"
	ls := lines(mustCLI(t, "perft", "-divide", "-moves", played, "4"))
	var moves []string
	var sum uint64
	for _, l := range ls[:len(ls)-1] {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("divide line %q is not <move> <count>", l)
		}
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			t.Fatalf("divide line %q: %v", l, err)
		}
		moves = append(moves, f[0])
		sum += n
	}
	want := []string{"b8-a7", "c5-b4", "c5-d4", "d6-e5", "f6-e5", "f6-g5", "h6-g5"}
	if diff := cmp.Diff(want, moves); diff != "" {
		t.Errorf("divide moves differ from bashni moves (-want +got):\n%s", diff)
	}
	if _, nodes := lastPerftLine(t, "-moves", played, "4"); nodes != sum {
		t.Errorf("divide lines add up to %d, perft says %d", sum, nodes)
	}
}

func TestPerftFlagOrder(t *testing.T) {
	for _, args := range [][]string{
		{"-variant", "lasca", "-divide", "4"},
		{"-divide", "-variant", "lasca", "4"},
		{"4", "-variant", "lasca", "-divide"},
		{"-divide", "4", "-variant=lasca"},
	} {
		ls := lines(mustCLI(t, append([]string{"perft"}, args...)...))
		if len(ls) != 7 || !strings.HasPrefix(ls[6], "depth 4: 54 nodes in ") {
			t.Errorf("bashni perft %q:\n%s", args, strings.Join(ls, "\n"))
		}
	}
}

func TestPerftErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "want one argument, the DEPTH"},
		{[]string{"3", "4"}, "want one argument, the DEPTH"},
		{[]string{"three"}, `depth "three"`},
		// A negative depth is a depth (issue 15, case 8: "flag provided but
		// not defined: -1").
		{[]string{"-1"}, "bashni perft: depth -1 is negative: want 0 to 1000"},
		{[]string{"-threads", "2", "-1"}, "bashni perft: depth -1 is negative: want 0 to 1000"},
		{[]string{"--", "-1"}, "bashni perft: depth -1 is negative"},
		{[]string{"1.5"}, `bashni perft: depth "1.5" is not a whole number`},
		{[]string{"-threads", "0", "3"}, "-threads 0"},
		{[]string{"-hash", "-5", "3"}, "-hash -5"},
		{[]string{"-variant", "nope", "3"}, `unknown ruleset "nope"`},
		{[]string{"-fen", "X:Wa1:Bb8", "3"}, `"X"`},
		{[]string{"-moves", "c3-d4 c3-d4", "3"}, `move 2`},
	} {
		out, errOut, status := cli(t, append([]string{"perft"}, tc.args...)...)
		if status != 1 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("bashni perft %q: status %d, stdout %q, stderr %q; want status 1 and %q", tc.args, status, out, errOut, tc.want)
		}
	}
}

// -progress reports on standard error, the last line for all the subtrees,
// and leaves standard output, the contract, as it is.
func TestPerftProgressFlag(t *testing.T) {
	out, errOut, status := cli(t, "perft", "-progress", "-variant", "lasca", "9")
	if status != 0 {
		t.Fatalf("status %d, stderr:\n%s", status, errOut)
	}
	if m := perftLine.FindStringSubmatch(strings.TrimSuffix(out, "\n")); m == nil || m[2] != "5692" {
		t.Errorf("stdout %q: want the one line \"depth 9: 5692 nodes in ...\"", out)
	}
	errLines := lines(errOut)
	line := regexp.MustCompile(`^perft: (\d+)/116 subtrees in \S+$`)
	for _, l := range errLines {
		if !line.MatchString(l) {
			t.Errorf("progress line %q does not match %s", l, line)
		}
	}
	if last := errLines[len(errLines)-1]; !strings.HasPrefix(last, "perft: 116/116 ") {
		t.Errorf("last progress line %q, want all 116 subtrees done", last)
	}
}

// The reporter writes at most one line per interval, but always the last.
func TestProgressReporter(t *testing.T) {
	var b strings.Builder
	report := progressReporter(&b, time.Now(), time.Hour)
	for i := 1; i <= 5; i++ {
		report(i, 5)
	}
	got := lines(b.String())
	want := []string{"perft: 1/5 subtrees in ", "perft: 5/5 subtrees in "}
	if len(got) != len(want) {
		t.Fatalf("reported %q, want 2 lines: the first and the last", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d: %q, want prefix %q", i, got[i], want[i])
		}
	}
}
