package main

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/pdn"
)

func TestSelfplayWritesPDN(t *testing.T) {
	args := []string{"selfplay", "-variant", "lasca", "-games", "3", "-depth", "2", "-opening", "2", "-seed", "5"}
	out, errOut, status := cli(t, args...)
	if status != 0 || !strings.HasPrefix(errOut, "3 games of bashni engine depth=2 (lasca): white won ") {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	games, err := pdn.ReadAll(strings.NewReader(out))
	if err != nil {
		t.Fatalf("the PDN does not read back: %v\n%s", err, out)
	}
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	for i, g := range games {
		if g.Tag("White") != "bashni engine depth=2" || g.Tag("Round") != string(rune('1'+i)) {
			t.Errorf("game %d: tags %v", i+1, g.Tags)
		}
		if !g.Outcome().IsOver() {
			t.Errorf("game %d is not over: %s", i+1, g.Outcome())
		}
		if g.Variant().Name() != "lasca" {
			t.Errorf("game %d: variant %s", i+1, g.Variant())
		}
	}
	// Fixed depth and seed: the same games again.
	again, _, _ := cli(t, args...)
	if again != out {
		t.Error("a second run with the same flags wrote other games")
	}
}

func TestSelfplayAdjudicates(t *testing.T) {
	out := mustCLIQuiet(t, "selfplay", "-games", "1", "-depth", "1", "-maxplies", "6", "-opening", "0")
	games, err := pdn.ReadAll(strings.NewReader(out))
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	g := games[0]
	if g.Plies() != 6 || g.Outcome().Result.String() != "1/2-1/2" || !strings.Contains(out, "{adjudicated a draw after 6 plies}") {
		t.Errorf("want a draw adjudicated after 6 plies, got %d plies, %s:\n%s", g.Plies(), g.Outcome(), out)
	}
}

// mustCLIQuiet runs the command line and fails the test unless it succeeds;
// stderr may hold a summary.
func mustCLIQuiet(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, status := cli(t, args...)
	if status != 0 {
		t.Fatalf("bashni %q: status %d, stderr:\n%s", args, status, errOut)
	}
	return out
}
