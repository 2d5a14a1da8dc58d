package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParsePlayerSpec(t *testing.T) {
	for _, text := range []string{"random", "greedy", "engine", "depth=6", "nodes=1000", "time=1s", "depth=8,time=500ms",
		"depth=4,threads=2", "time=100ms,book=r.book", "depth=6,threads=2,book=r.book,book-margin=20", "cmd=./mybot --fast", "time=100ms,cmd=/tmp/bashni-old engine -hash 8", "depth=6,hub=./scan hub"} {
		ps, err := parseSpec(text)
		if err != nil {
			t.Errorf("parseSpec(%q): %v", text, err)
			continue
		}
		if ps.String() != text {
			t.Errorf("parseSpec(%q).String() = %q", text, ps)
		}
	}
	for _, text := range []string{"", "strong", "depth=0", "depth=x", "time=-1s", "speed=3", "depth", "threads=0", "cmd=", "depth=2,cmd= ", "hub=",
		"book=", "depth=2,book-margin=5", "depth=2,book=r.book,book-margin=-1", "depth=2,book=r.book,book-margin=10001",
		"depth=2,book=r.book,cmd=./mybot", "depth=2,book=r.book,hub=./scan hub", "book=a.book,book=b.book"} {
		if _, err := parseSpec(text); err == nil {
			t.Errorf("parseSpec(%q): no error", text)
		}
	}
}

func TestParseLadder(t *testing.T) {
	tests := map[string][]string{
		"1-3":               {"depth=1", "depth=2", "depth=3"},
		"random greedy 2-3": {"random", "greedy", "depth=2", "depth=3"},
		"4 nodes=500 6":     {"depth=4", "nodes=500", "depth=6"},
	}
	for text, want := range tests {
		rungs, err := parseLadder(text)
		if err != nil {
			t.Errorf("parseLadder(%q): %v", text, err)
			continue
		}
		var got []string
		for _, r := range rungs {
			got = append(got, r.String())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("parseLadder(%q) (-want +got):\n%s", text, diff)
		}
	}
	for _, text := range []string{"", "3", "3-2", "random bogus", "0-2"} {
		if _, err := parseLadder(text); err == nil {
			t.Errorf("parseLadder(%q): no error", text)
		}
	}
}

// COMMAND.md gives the range of a player's depth= that parseSpec takes.
func TestCommandPagePlayerDepthRange(t *testing.T) {
	b, err := os.ReadFile("../../docs/COMMAND.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("`depth=1` to (\\d+)").FindSubmatch(b)
	if m == nil {
		t.Fatal("COMMAND.md gives no range of depth=")
	}
	n, _ := strconv.Atoi(string(m[1]))
	if _, err := parseSpec(fmt.Sprintf("depth=%d", n)); err != nil {
		t.Errorf("COMMAND.md says depth=1 to %d, but: %v", n, err)
	}
	if _, err := parseSpec(fmt.Sprintf("depth=%d", n+1)); err == nil {
		t.Errorf("COMMAND.md says depth=1 to %d, but depth=%d is taken", n, n+1)
	}
}

// COMMAND.md: "The position flags choose the game" of play, and -moves is
// one of them.
