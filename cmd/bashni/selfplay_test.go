package main

import (
	"regexp"
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
		if !g.Game().Outcome().IsOver() {
			t.Errorf("game %d is not over: %s", i+1, g.Game().Outcome())
		}
		if g.Game().Variant().Name() != "lasca" {
			t.Errorf("game %d: variant %s", i+1, g.Game().Variant())
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
	if g.Game().Plies() != 6 || g.Game().Outcome().Result.String() != "1/2-1/2" || !strings.Contains(out, "{adjudicated a draw after 6 plies}") {
		t.Errorf("want a draw adjudicated after 6 plies, got %d plies, %s:\n%s", g.Game().Plies(), g.Game().Outcome(), out)
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

// Records of the classic presets follow PDN 3.0 as other programs write and
// read it: a GameType tag with the notation field and no Variant tag,
// captures with 'x' (pydraughts cannot read ':'), a blank line before the
// moves and a result, so a strict reader reads them without a warning.
func TestSelfplayClassicWritesPDN30(t *testing.T) {
	for _, c := range []struct {
		args     []string
		gameType string
		moveText string // what every move must look like
	}{
		{[]string{"-variant", "russian-draughts"}, `[GameType "25,W,8,8,A0,0"]`, `^[a-h][1-8]([-x][a-h][1-8])+$`},
		{[]string{"-variant", "brazilian-draughts"}, `[GameType "26,W,8,8,A0,0"]`, `^[a-h][1-8]([-x][a-h][1-8])+$`},
		{[]string{"-variant", "russian-draughts", "-numbers"}, `[GameType "25,W,8,8,N2,0"]`, `^[0-9]+([-x][0-9]+)+$`},
		{[]string{"-variant", "russian-draughts", "-numbers", "-numbering", "N0"}, `[GameType "25,W,8,8,N0,0"]`, `^[0-9]+([-x][0-9]+)+$`},
	} {
		args := append([]string{"selfplay", "-games", "2", "-depth", "2", "-opening", "4", "-seed", "3"}, c.args...)
		out, errOut, status := cli(t, args...)
		if status != 0 {
			t.Fatalf("%v: status %d, stderr %q", c.args, status, errOut)
		}
		if strings.Count(out, c.gameType+"\n") != 2 || strings.Contains(out, "[Variant") {
			t.Errorf("%v: want %s and no Variant tag in every game:\n%s", c.args, c.gameType, out)
		}
		moveRE := regexp.MustCompile(c.moveText)
		captures := 0
		for _, block := range strings.Split(out, "\n\n") {
			if strings.HasPrefix(block, "[") {
				continue
			}
			block = regexp.MustCompile(`\{[^}]*\}`).ReplaceAllString(block, "")
			for _, word := range strings.Fields(block) {
				if strings.HasSuffix(word, ".") || word == "1-0" || word == "0-1" || word == "1/2-1/2" {
					continue
				}
				if !moveRE.MatchString(word) {
					t.Errorf("%v: move %q is not like %s", c.args, word, c.moveText)
				}
				if strings.Contains(word, "x") {
					captures++
				}
			}
		}
		if captures == 0 {
			t.Errorf("%v: no capture written:\n%s", c.args, out)
		}
		r := pdn.NewReader(strings.NewReader(out))
		r.Strict = true
		for i := 0; i < 2; i++ {
			g, err := r.Next()
			if err != nil {
				t.Fatalf("%v: game %d does not read back strictly: %v", c.args, i+1, err)
			}
			if want := c.args[1]; g.Game().Variant().Name() != want {
				t.Errorf("%v: game %d read as %s", c.args, i+1, g.Game().Variant())
			}
		}
	}
}
