package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/internal/sysmem"
)

// A table larger than the machine's memory is refused with a message that
// names the flag, by every command that takes one, before anything is
// allocated: allocating it would end the program with a runtime error.
func TestTablesLargerThanMemory(t *testing.T) {
	total := sysmem.Total() >> 20
	if total == 0 {
		t.Skip("the machine's memory is not known here")
	}
	tooBig := fmt.Sprint(total + 1)
	cases := [][]string{
		{"perft", "-hash", tooBig, "3"},
		{"perft", "-hash", "1099511627776", "3"},
	}
	if total+1 <= 1<<16 { // within the engine commands' own range
		cases = append(cases,
			[]string{"analyze", "-hash", tooBig},
			[]string{"selfplay", "-hash", tooBig},
			[]string{"engine", "-hash", tooBig},
			[]string{"match", "-hash", tooBig, "random", "greedy"},
		)
	}
	for _, args := range cases {
		_, errOut, status := cli(t, args...)
		if status != 1 || !strings.Contains(errOut, "-hash "+args[2]+": more than this machine's memory") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("bashni %q: status %d, stderr %q; want status 1 and the memory error", args, status, errOut)
		}
	}
}

// match's bounds: every game is kept until the match ends, and each game
// under way has two engines with their tables.
func TestMatchBounds(t *testing.T) {
	cases := []struct{ args, want string }{
		{"-games 100001 random greedy", "-games 100001: need 1 to 100000"},
		{"-threads 257 random greedy", "-threads 257: need 1 to 256"},
	}
	if total := sysmem.Total() >> 20; total > 0 && total < 64*4096 {
		// serve's pool of 64 engines with the largest tables it allows.
		_, errOut, status := cli(t, "serve", "-think", "1s", "-engines", "64", "-hash", "4096")
		if status != 1 || !strings.Contains(errOut, "-hash 4096: 64 engines at once need 262144 MiB, more than this machine's memory") {
			t.Errorf("serve: status %d, stderr %q", status, errOut)
		}
	}
	if total := sysmem.Total() >> 20; total > 0 {
		per := total/(2*256) + 1 // 256 games at once need more than there is
		cases = append(cases, struct{ args, want string }{
			fmt.Sprintf("-threads 256 -hash %d random greedy", per), "512 engines at once need"})
	}
	for _, c := range cases {
		_, errOut, status := cli(t, append([]string{"match"}, strings.Fields(c.args)...)...)
		if status != 1 || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "memory") && strings.Contains(c.want, "engines") {
			t.Errorf("match %s: status %d, stderr %q; want %q", c.args, status, errOut, c.want)
		}
	}
}

// perft's other bounds: a billion plies would overflow the stack, and each
// goroutine keeps its share of the subtrees in memory.
func TestPerftBounds(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"-threads 1025 3", "-threads 1025: need 1 to 1024"},
		{"1001", "depth 1001 is too large: at most 1000"},
		{"1000000000", "depth 1000000000 is too large: at most 1000"},
		// Too large, not "not a whole number" (issue 15, case 8).
		{"99999999999999999999", "bashni perft: depth 99999999999999999999 is too large: at most 1000"},
	} {
		_, errOut, status := cli(t, append([]string{"perft"}, strings.Fields(c.args)...)...)
		if status != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("perft %s: status %d, stderr %q; want %q", c.args, status, errOut, c.want)
		}
	}
	// Where every line ends soon, the deepest count is quick: White takes
	// Black's only tower, and Black has no move.
	if out := mustCLI(t, "perft", "-fen", "W:Wc3:Bd4", "1000"); !strings.HasPrefix(out, "depth 1000: 0 nodes") {
		t.Errorf("perft 1000: %q", out)
	}
}

// -opening of match and selfplay is bounded, by one check (checkOpening):
// 0 to 100 plies (every pair's opening is kept for the match, 32 bytes a
// ply), and fewer than -maxplies when games are capped, as the cap would
// adjudicate a game before the players moved. (Any count was taken:
// -opening 1000000000 printed "openings of 1000000000 random plies", and
// -opening 10 -maxplies 10 played games the players never moved in.)
func TestOpeningBound(t *testing.T) {
	for _, cmd := range []struct {
		name         string
		before, tail []string
	}{
		{"match", []string{"-games", "2"}, []string{"random", "random"}},
		{"selfplay", []string{"-games", "1", "-depth", "1"}, nil},
	} {
		run := func(args []string) []string {
			return append(append(append([]string{cmd.name}, cmd.before...), args...), cmd.tail...)
		}
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"-opening", "101"}, "-opening 101: need 0 to 100 plies\n"},
			{[]string{"-opening", "1000000000", "-maxplies", "0"}, "-opening 1000000000: need 0 to 100 plies\n"},
			{[]string{"-opening", "-1"}, "-opening -1: need 0 to 100 plies\n"},
			{[]string{"-opening", "10", "-maxplies", "10"}, "-opening 10: need fewer plies than -maxplies 10, which adjudicates the games, so that the players move\n"},
			{[]string{"-maxplies", "3"}, "-opening 4: need fewer plies than -maxplies 3, which adjudicates the games, so that the players move\n"},
		} {
			args := run(c.args)
			want := "bashni " + cmd.name + ": " + c.want
			out, errOut, status := cli(t, args...)
			if status != 1 || out != "" || errOut != want {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want 1 and %q", args, status, out, errOut, want)
			}
		}
		for _, args := range [][]string{
			{"-opening", "100", "-maxplies", "0"},
			{"-opening", "100", "-maxplies", "101"},
			{"-opening", "9", "-maxplies", "10"},
		} {
			mustCLIQuiet(t, run(append([]string{"-variant", "lasca"}, args...))...)
		}
	}
}
