package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOutcomes(t *testing.T) {
	f, err := os.Open("../../pdn/testdata/multi.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	if err := outcomes(f, &out); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"game 1 (russian): Anna - Boris, 6 plies, *: the game goes on",
		`game 2: cannot be read: move "g5-h4": a capture is compulsory (captures are written with ':' or 'x') (legal: d6:f4)`,
		"game 3 (lasca): Eve - Fred, 1 plies, 0-1: white has no legal move",
		"game 4 (international): ? - ?, 2 plies, 1/2-1/2: draw by agreement",
	}
	if d := cmp.Diff(want, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
