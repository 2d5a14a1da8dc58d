package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// The records pydraughts and py-draughts wrote (the pdn package's
// testdata/interop, with what each writer holds at each game's end).
const interopRecords = "../../pdn/testdata/interop"

// expectedPosition reads a position as the .expected.json files give it,
// "<side>:<square><piece>,..." with w, b men and W, B kings.
func expectedPosition(t *testing.T, v bashni.Variant, text string) bashni.Position {
	t.Helper()
	side, pieces, _ := strings.Cut(text, ":")
	var own [2][]string
	for _, tok := range strings.Split(pieces, ",") {
		if tok == "" {
			continue
		}
		sq, letter := tok[:2], tok[2:]
		c := 0
		if strings.EqualFold(letter, "b") {
			c = 1
		}
		if letter == "W" || letter == "B" {
			sq = "K" + sq
		}
		own[c] = append(own[c], sq)
	}
	p, err := bashni.ParseFEN(v, side+":W"+strings.Join(own[0], ",")+":B"+strings.Join(own[1], ","))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Every record replays with "bashni replay FILE", no -variant: the GameType
// and Variant tags choose the ruleset, and each game ends on the position
// its writer gives, except py-draughts-russian game 3, whose last move jumps
// a piece twice (see illegalInRecord in the pdn package's tests): that game
// is an error naming the legal move.
func TestReplayOtherProgramsRecords(t *testing.T) {
	files, _ := filepath.Glob(interopRecords + "/*.pdn")
	if len(files) != 8 {
		t.Fatalf("%d records, want 8", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var want []struct {
				Plies int    `json:"plies"`
				Final string `json:"final"`
			}
			raw, err := os.ReadFile(strings.TrimSuffix(file, ".pdn") + ".expected.json")
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			v := bashni.RussianDraughts()
			if strings.Contains(file, "brazilian") {
				v = bashni.BrazilianDraughts()
			}
			out, errOut, status := cli(t, "replay", file)
			got := lines(out)
			if len(got) != len(want) {
				t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), out)
			}
			illegal := filepath.Base(file) == "py-draughts-russian.pdn"
			for i, line := range got {
				if illegal && i == 2 {
					if w := `error game 3, move 25.: move "20x11x4x29": not a legal move here (legal: 20x11x4)`; line != w {
						t.Errorf("game 3: %q, want %q", line, w)
					}
					continue
				}
				f := strings.Fields(line)
				if len(f) != 3 || f[0] != "ok" {
					t.Fatalf("game %d: %q", i+1, line)
				}
				final, err := bashni.ParseFEN(v, f[2])
				if err != nil {
					t.Fatal(err)
				}
				if wantPos := expectedPosition(t, v, want[i].Final); f[1] != strconv.Itoa(want[i].Plies) || !final.Equal(&wantPos) {
					t.Errorf("game %d: %s plies to %s, want %d to %s", i+1, f[1], f[2], want[i].Plies, want[i].Final)
				}
			}
			wantStatus := 0
			if illegal {
				wantStatus = 1
			}
			if status != wantStatus {
				t.Errorf("status %d, want %d (stderr %q)", status, wantStatus, errOut)
			}
		})
	}
}

// A record's warnings go to stderr and the game is still "ok" with status
// 0; -strict makes them errors.
func TestReplayWarningsAndStrict(t *testing.T) {
	file := interopRecords + "/py-draughts-russian-unfinished.pdn"
	out, errOut, status := cli(t, "replay", file)
	wantErr := []string{
		"warning: game 1, line 4: no blank line between the tags and the moves",
		`warning: game 1, line 3: "[Result \"-\"]": not a result (1-0, 0-1, 1/2-1/2, *, 2-0, 0-2, 1-1); read as no result`,
		"warning: game 1, line 4: the moves end without a result (1-0, 0-1, 1/2-1/2 or *)",
	}
	if status != 0 || !strings.HasPrefix(out, "ok 9 B:") || !cmp.Equal(lines(errOut), wantErr) {
		t.Errorf("replay: status %d, stdout %q, stderr (-want +got):\n%s", status, out, cmp.Diff(wantErr, lines(errOut)))
	}
	out, errOut, status = cli(t, "replay", "-strict", file)
	if want := "error game 1, line 4: no blank line between the tags and the moves\n"; status != 1 || out != want || !strings.Contains(errOut, "1 of 1 games had errors") {
		t.Errorf("replay -strict: status %d, stdout %q, stderr %q; want 1 and %q", status, out, errOut, want)
	}
	withStdin(t, "[GameType \"25\"]\n[FEN \"B:Wc3:Bd4\"]\n\n1... d4:b2 1-1\n", func() {
		out, errOut, status := cli(t, "replay")
		if status != 0 || out != "ok 1 W:W:Bb2\n" || !strings.Contains(errOut, "the result 1-1 contradicts the game's end") {
			t.Errorf("contradicting result: status %d, stdout %q, stderr %q", status, out, errOut)
		}
	})
}

// -numbers writes the final FEN in square numbers; -numbering chooses them.
func TestReplayNumbers(t *testing.T) {
	// e3-f4, in each numbering.
	for _, c := range []struct{ numbering, move, want string }{
		{"N2", "23-19", "ok 1 B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\n"},
		{"N0", "11-15", "ok 1 B:W1,2,3,4,5,6,7,8,9,10,12,15:B21,22,23,24,25,26,27,28,29,30,31,32\n"},
	} {
		numbering, want := c.numbering, c.want
		withStdin(t, "[GameType \"25\"]\n\n1. "+c.move+" *\n", func() {
			out, errOut, status := cli(t, "replay", "-numbers", "-numbering", numbering)
			if status != 0 || out != want {
				t.Errorf("-numbering %s: status %d, %q (stderr %q), want %q", numbering, status, out, errOut, want)
			}
		})
	}
}
