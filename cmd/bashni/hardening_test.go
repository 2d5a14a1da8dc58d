package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/pdn"
)

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// outputCases are subcommands that write to stdout, with their input.
var outputCases = []struct {
	args  []string
	stdin string
}{
	{[]string{"replay"}, "1. c3-d4 b6-a5 *\n"},
	{[]string{"moves"}, ""},
	{[]string{"perft", "2"}, ""},
	{[]string{"show"}, ""},
	{[]string{"svg"}, ""},
	{[]string{"match", "-games", "2", "random", "greedy"}, ""},
	{[]string{"selfplay", "-games", "1", "-depth", "1", "-opening", "2", "-maxplies", "4"}, ""},
	{[]string{"analyze", "-depth", "2"}, ""},
	{[]string{"engine", "-hash", "1"}, "isready\n"},
	{[]string{"help"}, ""},
}

// Output that cannot be written is an error of every subcommand (issue 15,
// case 5: replay, moves, perft, show and match exited 0 with stdout on a
// full disk): status 1 and a message on stderr.
func TestOutputThatCannotBeWritten(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Log("no /dev/full here: only the failing writer")
	} else {
		defer full.Close()
	}
	for _, c := range outputCases {
		outs := map[string]interface{ Write([]byte) (int, error) }{"a failing writer": failingWriter{}}
		if full != nil {
			outs["/dev/full"] = full
		}
		for name, out := range outs {
			var errOut bytes.Buffer
			var status int
			withStdin(t, c.stdin, func() { status = runCLI(c.args, out, &errOut) })
			prefix := "bashni " + c.args[0] + ": writing the output: "
			if status != 1 || !strings.HasPrefix(errOut.String(), prefix) || !strings.Contains(errOut.String(), "no space left on device") {
				t.Errorf("bashni %q to %s: status %d, stderr %q; want 1 and a message", c.args, name, status, errOut.String())
			}
		}
	}
}

// readGames reads a PDN file and returns its games' plies.
func readGames(t *testing.T, path string) []int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pdn.ReadAll(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var plies []int
	for _, g := range games {
		plies = append(plies, g.Game().Plies())
	}
	return plies
}

// An existing game file is neither overwritten nor added to unless asked
// (issue 15, case 3: match -pdn and selfplay -o overwrote it); a file that
// cannot be written is an error before any game is played.
func TestGameFilesAreNeverLost(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.pdn")
	const oldText = "[Event \"old\"]\n\n1. c3-d4 b6-a5 *\n"
	for _, c := range []struct {
		cmd  []string // the command, its file flag last
		with string   // what the file flag is
	}{
		{[]string{"match", "-games", "2", "-maxplies", "10", "random", "greedy", "-pdn"}, "-pdn"},
		{[]string{"selfplay", "-games", "2", "-depth", "1", "-maxplies", "10", "-o"}, "-o"},
		{[]string{"play", "-pdn"}, "-pdn"},
	} {
		name := c.cmd[0]
		if err := os.WriteFile(old, []byte(oldText), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(extra ...string) (string, string, int) {
			var out, errOut bytes.Buffer
			var status int
			withStdin(t, "c3-d4\nquit\n", func() { status = runCLI(append(append(append([]string(nil), c.cmd...), old), extra...), &out, &errOut) })
			return out.String(), errOut.String(), status
		}
		out, errOut, status := run()
		if status != 1 || out != "" || !strings.Contains(errOut, "bashni "+name+": "+c.with+" "+old+": the file exists; give -append to add the games to it or -force to replace it") {
			t.Errorf("%s onto an existing file: status %d, stdout %q, stderr %q", name, status, out, errOut)
		}
		if b, _ := os.ReadFile(old); string(b) != oldText {
			t.Errorf("%s onto an existing file changed it to %q", name, b)
		}
		if _, errOut, status := run("-append", "-force"); status != 1 || !strings.Contains(errOut, "-force and -append: give one") {
			t.Errorf("%s -append -force: status %d, stderr %q", name, status, errOut)
		}
		want := 2
		if name == "play" {
			want = 1
		}
		if _, errOut, status := run("-append"); status != 0 {
			t.Errorf("%s -append: status %d, stderr %q", name, status, errOut)
		}
		if got := readGames(t, old); len(got) != 1+want || got[0] != 2 {
			t.Errorf("%s -append: the file holds games of %v plies, want the old game of 2 and %d more", name, got, want)
		}
		if _, errOut, status := run("-force"); status != 0 {
			t.Errorf("%s -force: status %d, stderr %q", name, status, errOut)
		}
		if got := readGames(t, old); len(got) != want {
			t.Errorf("%s -force: the file holds games of %v plies, want %d new games", name, got, want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s -force left files behind: %v", name, entries)
		}
		// A path that cannot be written: said at once, nothing played.
		var out2, errOut2 bytes.Buffer
		bad := filepath.Join(dir, "no-such-dir", "x.pdn")
		withStdin(t, "c3-d4\n", func() { status = runCLI(append(append([]string(nil), c.cmd...), bad), &out2, &errOut2) })
		if status != 1 || out2.Len() != 0 || !strings.Contains(errOut2.String(), "bashni "+name+": "+c.with+": open "+bad+": no such file or directory") {
			t.Errorf("%s to %s: status %d, stdout %q, stderr %q; want an error before any game", name, bad, status, out2.String(), errOut2.String())
		}
	}
}

// A write that fails leaves no half game: with -force the old file stays
// as it was, and the temporary file is removed.
func TestGameFileWriteError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pdn")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	force, app := true, false
	gf, err := (&gameFileFlags{name: "-o", force: &force, append: &app}).open(path, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := pdn.NewReader(strings.NewReader("1. c3-d4 *\n")).Next()
	if err != nil {
		t.Fatal(err)
	}
	if err := gf.Write(pdn.Writer{}, rec); err != nil {
		t.Fatal(err)
	}
	gf.f.Close() // the next write fails, as on a full disk
	if err := gf.Write(pdn.Writer{}, rec); err == nil {
		t.Error("a write to a closed file succeeded")
	}
	if err := gf.Close(); err == nil || !strings.Contains(err.Error(), "("+path+" is as it was)") {
		t.Errorf("Close after a failed write: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the old file became %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left behind: %v", entries)
	}
}

// SIGINT during play saves the game so far (issue 15, case 4), and during
// a match keeps every game finished before it (case 3: the file was left
// empty).
func TestInterruptSavesTheGames(t *testing.T) {
	dir := t.TempDir()
	interruptWhen := func(ready func() bool) {
		go func() {
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end) && !ready(); {
				time.Sleep(10 * time.Millisecond)
			}
			_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
		}()
	}

	// play: two moves typed, then Ctrl-C while it waits for the third.
	game := filepath.Join(dir, "play.pdn")
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer inW.Close()
	var out lockedBuffer
	var errOut bytes.Buffer
	interruptWhen(func() bool { return strings.Count(out.String(), "to move> ") == 3 })
	if _, err := inW.WriteString("c3-d4\nf6-e5\n"); err != nil {
		t.Fatal(err)
	}
	var status int
	withStdinReader(inR, func() { status = runCLI([]string{"play", "-pdn", game}, &out, &errOut) })
	if status != 1 || !strings.Contains(errOut.String(), "bashni play: interrupted (the game so far, 2 plies, saved to "+game+")") {
		t.Errorf("play interrupted: status %d, stderr %q", status, errOut.String())
	}
	if got := readGames(t, game); len(got) != 1 || got[0] != 2 {
		t.Errorf("the saved game has %v plies, want one game of 2", got)
	}

	// match: interrupted once some games are in the file.
	file := filepath.Join(dir, "match.pdn")
	interruptWhen(func() bool {
		b, _ := os.ReadFile(file)
		return bytes.Count(b, []byte("[Event ")) >= 3
	})
	var mout, merr bytes.Buffer
	status = runCLI([]string{"match", "-games", "100000", "-maxplies", "40", "-pdn", file, "greedy", "random"}, &mout, &merr)
	games := readGames(t, file)
	if status != 1 || !strings.Contains(merr.String(), "bashni match: interrupted (") || !strings.Contains(merr.String(), " saved to "+file+")") || len(games) < 3 {
		t.Errorf("match interrupted: status %d, stderr %q, %d games in the file", status, merr.String(), len(games))
	}
}

// withStdinReader runs f with stdin reading r.
func withStdinReader(r *os.File, f func()) {
	old := stdin
	stdin = r
	defer func() { stdin = old }()
	f()
}

// The command's bad inputs (issue 15, case 8) each get one clear message
// and status 1, at once.
func TestBadInputs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "nodes=0", "random"}, `bashni match: player "nodes=0": nodes: 0 is not from 1 to 9223372036854775807`},
		{[]string{"match", "depth=abc", "random"}, `bashni match: player "depth=abc": depth: "abc" is not a whole number`},
		{[]string{"match", "time=soon", "random"}, `bashni match: player "time=soon": time: "soon" is not a duration such as 500ms or 2s`},
		{[]string{"play", "-engine", "white", "-time", "-1s"}, "bashni play: -time -1s is negative"},
		{[]string{"moves", "-fen", ""}, "bashni moves: -fen is empty: give a FEN, or no -fen for the ruleset's start"},
		{[]string{"play", "-fen", " "}, "bashni play: -fen is empty"},
		{[]string{"perft", "-1"}, "bashni perft: depth -1 is negative: want 0 to 1000"},
		{[]string{"perft", "99999999999999999999"}, "bashni perft: depth 99999999999999999999 is too large: at most 1000"},
		{[]string{"svg", "-size", "-5"}, "bashni svg: square size -5"},
		{[]string{"serve", "-think", "1000000h"}, "bashni serve: -think 1000000h0m0s: at most 1h0m0s a move"},
		{[]string{"serve", "-think", "2562047h"}, "bashni serve: -think 2562047h0m0s: at most 1h0m0s a move"},
		{[]string{"match", "depth=2,depth=3", "random"}, `bashni match: player "depth=2,depth=3": depth is given twice`},
		{[]string{"analyze", "-depth", "-3"}, "bashni analyze: -depth -3: want 1 to 64 plies, or 0 (the default) for no depth limit"},
	} {
		done := make(chan struct{})
		var out, errOut string
		var status int
		go func() {
			defer close(done)
			withStdin(t, "", func() { out, errOut, status = cli(t, c.args...) })
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("bashni %q still runs after 10s", c.args)
		}
		if status != 1 || !strings.HasPrefix(errOut, c.want) || strings.Count(errOut, "\n") != 1 || strings.Contains(out, "usage") {
			t.Errorf("bashni %q: status %d, stderr %q; want 1 and one line %q", c.args, status, errOut, c.want)
		}
		if strings.Contains(errOut, "strconv") || strings.Count(errOut, "svg: ") > 1 {
			t.Errorf("bashni %q: %q", c.args, errOut)
		}
	}
}

// analyze's columns keep their places whatever the time (issue 15, case 8:
// they slipped once it reached 100 ms).
func TestAnalyzeColumns(t *testing.T) {
	var at []int
	for _, d := range []time.Duration{88 * time.Microsecond, 99500 * time.Microsecond, 100512 * time.Microsecond, 12345 * time.Millisecond, 40 * time.Minute} {
		l := infoLine(nil, engine.Info{Depth: 3, SelDepth: 12, Nodes: 1234, Time: d, PV: nil})
		at = append(at, len(l))
		if !strings.Contains(l, fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))) {
			t.Errorf("%v: %q", d, l)
		}
	}
	for _, n := range at[1:] {
		if n != at[0] {
			t.Errorf("line lengths %v: the columns moved", at)
		}
	}
}

// A time limit too long to add to the clock searches as long as asked, not
// to depth 1 (issue 26, item 6: analyze -time 2562047h stopped at once).
func TestHugeTimeLimit(t *testing.T) {
	out, errOut, status := cli(t, "analyze", "-time", "2562047h", "-depth", "3")
	if status != 0 || errOut != "" || !strings.Contains(out, "(depth 3, ") || !strings.Contains(out, "stopped by depth") {
		t.Errorf("status %d, stderr %q, stdout %q; want depth 3, stopped by depth", status, errOut, out)
	}
}
