package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/internal/hubtest"
	"github.com/google/go-cmp/cmp"
)

// "bashni hub" speaks the Hub protocol on stdin/stdout; its flags are the
// hash and threads parameters' starting values.
func TestHubCommand(t *testing.T) {
	{
		out, errOut, status := hubHeld(t, "hub\ninit\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19\"\nlevel depth=2\ngo think\nnew-game\n", "hub", "-hash", "2", "-threads", "2")
		got := lines(out)
		if status != 0 || errOut != "" || len(got) < 9 {
			t.Fatalf("status %d, stderr %q, stdout %q", status, errOut, out)
		}
		want := []string{"param name=threads value=2 type=int min=1 max=256", "param name=hash value=2 type=int min=1 max=65536", "param name=tt-size value=17 type=int min=16 max=32", `param name=book value="" type=string`, "param name=book-margin value=0 type=int min=0 max=10000", `param name=tables value="" type=string`, "wait", "ready"}
		if diff := cmp.Diff(want, got[2:10]); diff != "" {
			t.Errorf("parameters (-want +got):\n%s", diff)
		}
		if last := got[len(got)-1]; !strings.HasPrefix(last, "done move=14x23x19 ponder=") {
			t.Errorf("last line %q, want done move=14x23x19 (the only capture)", last)
		}
	}
	for _, args := range [][]string{{"-threads", "0"}, {"-threads", "-1"}, {"-threads", "257"}, {"-hash", "0"}, {"-book-margin", "-7"}, {"extra"}} {
		if _, errOut, status := cli(t, append([]string{"hub"}, args...)...); status != 1 || errOut == "" {
			t.Errorf("hub %v: status %d, stderr %q; want an error", args, status, errOut)
		}
	}
}

// A flag out of its range is refused with the flag's name, as the user typed
// it, where hub.Options.Validate's error named the Hub parameter ("bashni
// hub: threads 300: want 1 to 256", no flag of the command).
func TestHubCommandFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-threads", "300"}, "bashni hub: -threads 300: want 1 to 256\n"},
		{[]string{"-threads", "-1"}, "bashni hub: -threads -1: want 1 to 256\n"},
		{[]string{"-threads", "0"}, "bashni hub: -threads 0: want 1 to 256\n"},
		{[]string{"-hash", "0"}, "bashni hub: -hash 0: want 1 to 65536 MiB\n"},
		{[]string{"-hash", "65537"}, "bashni hub: -hash 65537: want 1 to 65536 MiB\n"},
		{[]string{"-book-margin", "-7"}, "bashni hub: -book-margin -7: want 0 to 10000\n"},
		{[]string{"-book-margin", "10001"}, "bashni hub: -book-margin 10001: want 0 to 10000\n"},
	} {
		out, errOut, status := cli(t, append([]string{"hub"}, tc.args...)...)
		if status != 1 || out != "" || errOut != tc.want {
			t.Errorf("hub %v: status %d, stdout %q, stderr %q; want 1, nothing, %q", tc.args, status, out, errOut, tc.want)
		}
	}
}

// pydraughts' recorded dialogues, sent to "bashni hub" as pydraughts sent
// them (with "level depth=1" for "level move-time=0.1", to be quick): the
// handshake is answered, every "go think" gets one done line, and nothing is
// an error. (engine/hub's tests check each position and move against the
// dialogues' games.)
func TestHubCommandDialogues(t *testing.T) {
	logs, _ := filepath.Glob("../../engine/hub/testdata/dialogues/*.log")
	if len(logs) != 6 {
		t.Fatalf("%d dialogues, want 6", len(logs))
	}
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		var in strings.Builder
		searches := 0
		for _, l := range lines(string(data)) {
			if l == "> quit" {
				break // sent all at once, quit would end the first search
			}
			if strings.HasPrefix(l, "> ") {
				in.WriteString(strings.ReplaceAll(l[2:], "level move-time=0.1", "level depth=1") + "\n")
				if l == "> go think" {
					searches++
				}
			}
		}
		{
			out, errOut, status := hubHeld(t, in.String(), "hub")
			got := lines(out)
			done := 0
			for _, l := range got {
				if strings.HasPrefix(l, "done move=") {
					done++
				}
				if strings.HasPrefix(l, "error") {
					t.Errorf("%s: %s", filepath.Base(log), l)
				}
			}
			w := slices.Index(got, "wait") // after the param lines
			if status != 0 || errOut != "" || w < 1 || len(got) < w+2 || got[w+1] != "ready" || done != searches {
				t.Errorf("%s: status %d, stderr %q, %d done lines for %d searches, first lines %q", filepath.Base(log), status, errOut, done, searches, got[:min(9, len(got))])
			}
		}
	}
}

// hubHeld runs "bashni" with args in-process on input, holding the end of
// the input back until every "go" of the input has answered done (the end
// of the input stops a search at once), or a minute has passed.
func hubHeld(t *testing.T, input string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	in, out := hubtest.Held(input)
	old := stdin
	stdin = in
	defer func() { stdin = old }()
	var errOut bytes.Buffer
	status = runCLI(args, out, &errOut)
	return out.String(), errOut.String(), status
}
