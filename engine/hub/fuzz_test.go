package hub

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// addDialogueSeeds adds every line of the recorded dialogues to the corpus.
func addDialogueSeeds(f *testing.F) {
	logs, _ := filepath.Glob("testdata/dialogues/*.log")
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range lines(string(data)) {
			f.Add(l[2:])
		}
	}
}

// ParseMessage never panics, and what it reads writes back (String) to a
// line it reads to the same message.
func FuzzParseMessage(f *testing.F) {
	addDialogueSeeds(f)
	for _, s := range []string{`info depth=21 mean-depth=20.8 score=-0.01 pv="32-28 17-22"`, `a="" b= c`, `x ="y"`, "\x00", `"`, "=", `pos pos="W`, "set-param name=variant value=lasca,rejump=any", "a=b=c=", `a=b="c"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseMessage(line)
		if err != nil {
			if m.Command != "" || m.Args != nil {
				t.Fatalf("error %v with a message %+v", err, m)
			}
			return
		}
		if m.Command == "" {
			t.Fatalf("%q: empty command", line)
		}
		back, err := ParseMessage(m.String())
		if err != nil {
			t.Fatalf("%q written as %q does not read: %v", line, m.String(), err)
		}
		if diff := cmp.Diff(m, back); diff != "" {
			t.Fatalf("%q written as %q reads back differently (-first +second):\n%s", line, m.String(), diff)
		}
	})
}

// A session given any lines (but level lines, and with depth 1 after
// each line that starts the limits afresh, so searches stay short)
// never panics and answers only well-formed protocol lines.
func FuzzSession(f *testing.F) {
	addDialogueSeeds(f)
	f.Add("hub\ninit\npos pos=" + startPos + " moves=\"9-13\"\ngo think\nping")
	f.Add("set-param name=variant value=bashni\npos fen=\"W:Wa1b:Bh8bw\"\ngo think")
	f.Add("set-param name=tt-size value=22\nset-param name=variant value=russian\ninit\npos pos=" + startPos + " moves=\"10-13 21-18 12-16 23-20 16x23 27x20\"\ngo analyze\nnew-game\nstop\ngo ponder\nponder-hit")
	f.Fuzz(func(t *testing.T, input string) {
		var in strings.Builder
		for _, l := range strings.Split(input, "\n") {
			if !strings.Contains(l, "level") && !strings.Contains(l, "hash") && !strings.Contains(l, "tt-size") {
				in.WriteString(l + "\n")
			}
			if strings.Contains(l, "pos") || strings.Contains(l, "go") {
				in.WriteString("level depth=1\n") // pos and go start the limits afresh
			}
		}
		var out bytes.Buffer
		if err := NewSession(&out, Options{HashMB: 1}).Run(strings.NewReader(in.String())); err != nil {
			t.Fatal(err)
		}
		for _, l := range lines(out.String()) {
			if _, err := ParseMessage(l); err != nil {
				t.Fatalf("answer %q is not a protocol line: %v", l, err)
			}
		}
	})
}
