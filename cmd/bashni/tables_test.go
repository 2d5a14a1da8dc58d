package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/endgame"
)

// buildTables runs "bashni tables build" of up to three pieces of
// russian-draughts into a new directory and returns it.
func buildTables(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	out, errOut, status := cli(t, "tables", "build", "-pieces", "3", "-dir", dir)
	if status != 0 {
		t.Fatalf("tables build: status %d: %s", status, errOut)
	}
	if !strings.HasPrefix(out, "built 16 tables of up to 3 pieces of russian-draughts in "+filepath.Join(dir, "russian-draughts")+": 199520 positions in ") {
		t.Errorf("tables build prints %q", out)
	}
	if n := strings.Count(errOut, "\ntables: ") + 1; n != 16 || !strings.HasPrefix(errOut, "tables: 1/16 solved w0m1k-b0m1k: 992 positions") {
		t.Errorf("tables build reports %d tables on stderr:\n%s", n, errOut)
	}
	return dir
}

// The command builds, probes, and passes its tables to analyze, engine and
// hub; what it cannot do is an error that says why.
func TestTablesCommand(t *testing.T) {
	dir := buildTables(t)
	for fen, want := range map[string]string{"W:Wb2,a3:Bh8": "win 19\n", "W:WKc1,Ke1:BKh8": "draw\n", "B:WKa1:BKh8": "loss 2\n"} {
		if got := mustCLI(t, "tables", "probe", "-dir", dir, "-fen", fen); got != want {
			t.Errorf("probe %s: %q, want %q", fen, got, want)
		}
	}
	out := lines(mustCLI(t, "analyze", "-variant", "russian-draughts", "-fen", "W:Wb2,a3:Bh8", "-depth", "3", "-tables", dir))
	if last := out[len(out)-1]; !strings.HasPrefix(last, "best a3-b4 score win 19 ") {
		t.Errorf("analyze -tables: %q, want best a3-b4 score win 19", last)
	}
	var cmd string
	withStdin(t, "variant russian-draughts\nposition fen W:Wb2,a3:Bh8\ngo depth 3\n", func() {
		cmd = mustCLI(t, "engine", "-tables", dir)
	})
	if !strings.Contains(cmd, "score win 19") {
		t.Errorf("engine -tables: no score win 19 in\n%s", cmd)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tables", "probe", "-dir", dir, "-fen", "W:Wb2,a3,c3:Bh8,f8"}, "the position has 5 pieces, the tables hold up to 3"},
		{[]string{"tables", "probe", "-dir", dir, "-fen", "W:WKc1:B"}, "black, not to move, has no piece: the game ended before this position, which the tables do not hold"},
		{[]string{"tables", "probe", "-dir", dir}, "-fen is missing"},
		{[]string{"tables", "probe", "-dir", dir, "-variant", "brazilian-draughts", "-fen", "W:Wb2:Bh8"}, "no complete tables of brazilian-draughts"},
		{[]string{"tables", "build", "-variant", "lasca", "-dir", dir}, "tables are for russian-draughts and brazilian-draughts"},
		{[]string{"tables", "build", "-pieces", "9", "-dir", dir}, "9 pieces: tables hold 2 to 8"},
		{[]string{"tables", "grow"}, `unknown action "grow"`},
		{[]string{"analyze", "-fen", "W:Wb2:Bh8", "-tables", dir}, "no tables of russian there"},
		{[]string{"analyze", "-tables", filepath.Join(dir, "none")}, "not a directory"},
	} {
		_, errOut, status := cli(t, c.args...)
		if status != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("bashni %q: status %d, stderr %q, want 1 and %q", c.args, status, errOut, c.want)
		}
	}
	// A damaged table is refused with its name.
	bad := filepath.Join(dir, "russian-draughts", "w1m0k-b0m1k.bneg")
	if err := os.Truncate(bad, 70); err != nil {
		t.Fatal(err)
	}
	_, errOut, _ := cli(t, "tables", "probe", "-dir", dir, "-fen", "W:Wb2:Bh8")
	if !strings.Contains(errOut, bad) || !strings.Contains(errOut, "truncated") {
		t.Errorf("probe with a damaged table: %q", errOut)
	}
}

// The tables serve a ruleset that differs from their preset only in its
// draw-rule counts: probe, analyze, engine and hub take
// "russian-draughts,repetitions=0" and the like to the russian-draughts
// tables (they asked for the exact preset, and found none); a build under
// such a ruleset is the preset's. A ruleset that changes a rule of the
// moves still has none.
func TestTablesDrawRuleCounts(t *testing.T) {
	dir := buildTables(t)
	for _, v := range []string{"russian-draughts,repetitions=0", "russian-draughts,kings-only=0", "russian-draughts,repetitions=5,kings-only=40"} {
		if got := mustCLI(t, "tables", "probe", "-dir", dir, "-variant", v, "-fen", "W:Wb2,a3:Bh8"); got != "win 19\n" {
			t.Errorf("probe -variant %s: %q, want win 19", v, got)
		}
		out := lines(mustCLI(t, "analyze", "-variant", v, "-fen", "W:Wb2,a3:Bh8", "-depth", "3", "-tables", dir))
		if last := out[len(out)-1]; !strings.HasPrefix(last, "best a3-b4 score win 19 ") {
			t.Errorf("analyze -variant %s -tables: %q, want best a3-b4 score win 19", v, last)
		}
	}
	var cmd string
	withStdin(t, "variant russian-draughts,repetitions=0,kings-only=0\nposition fen W:Wb2,a3:Bh8\ngo depth 3\n", func() {
		cmd = mustCLI(t, "engine", "-tables", dir)
	})
	if !strings.Contains(cmd, "score win 19") {
		t.Errorf("engine -tables under russian-draughts,repetitions=0,kings-only=0: no score win 19 in\n%s", cmd)
	}
	hub, errOut, status := hubHeld(t, "hub\nset-param name=variant value=russian,repetitions=0\npos fen=W:Wb2,a3:Bh8\nlevel depth=3\ngo think\n", "hub", "-tables", dir)
	if status != 0 || !strings.Contains(hub, "score=99.81") {
		t.Errorf("hub -tables under russian,repetitions=0: status %d, %s; no info line scores the win in 19 plies (99.81):\n%s", status, errOut, hub)
	}
	again := t.TempDir()
	out, errOut, status := cli(t, "tables", "build", "-variant", "russian-draughts,kings-only=0", "-pieces", "2", "-dir", again)
	if status != 0 || !strings.HasPrefix(out, "built 4 tables of up to 2 pieces of russian-draughts in "+filepath.Join(again, "russian-draughts")+": ") {
		t.Errorf("tables build -variant russian-draughts,kings-only=0: status %d, %q, %s", status, out, errOut)
	}
	_, errOut, status = cli(t, "tables", "probe", "-dir", dir, "-variant", "russian-draughts,majority=on", "-fen", "W:Wb2:Bh8")
	if status != 1 || !strings.Contains(errOut, "tables are for russian-draughts and brazilian-draughts") {
		t.Errorf("probe -variant russian-draughts,majority=on: status %d, %q", status, errOut)
	}
}

// -dir "" (an unset variable) is refused by both actions: it must not
// quietly mean the working directory, where build would write its tables.
func TestTablesEmptyDir(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, args := range [][]string{
		{"tables", "build", "-pieces", "2", "-dir", ""},
		{"tables", "probe", "-dir", "", "-fen", "W:Wb2:Bh8"},
	} {
		out, errOut, status := cli(t, args...)
		if status != 1 || out != "" || !strings.Contains(errOut, "-dir is empty") {
			t.Errorf("bashni %q: status %d, stdout %q, stderr %q, want 1 and -dir is empty", args, status, out, errOut)
		}
	}
	if es, _ := os.ReadDir("."); len(es) != 0 {
		t.Errorf("tables -dir \"\" wrote into the working directory: %v", es)
	}
}

// Ctrl-C stops a build between two tables' writes: the command says so and
// how to go on, with status 1, and leaves whole tables only (it was killed
// by the signal, leaving the temporary file of a table it was writing). The
// same command then goes on from them, to the tables a build never stopped
// writes, byte for byte.
func TestTablesBuildInterrupted(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(bashniBinary(t), "tables", "build", "-pieces", "4", "-dir", dir)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	// Interrupted once the two-piece tables are written (the fourth line).
	var errOut strings.Builder
	for sc := bufio.NewScanner(stderr); sc.Scan(); {
		errOut.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "tables: 4/") {
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
		}
	}
	err = cmd.Wait()
	tablesDir := filepath.Join(dir, "russian-draughts")
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(errOut.String(), "bashni tables: interrupted after ") ||
		!strings.Contains(errOut.String(), "of 41 tables (those are in "+tablesDir+": the same command goes on from them)") {
		t.Fatalf("interrupted build: %v, exit status %d, stderr:\n%s", err, code, errOut.String())
	}
	es, err := os.ReadDir(tablesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if filepath.Ext(e.Name()) != endgame.Ext {
			t.Errorf("%s left in the tables' directory", e.Name())
		}
	}
	if _, errOut, status := cli(t, "tables", "build", "-pieces", "3", "-dir", dir); status != 0 || !strings.Contains(errOut, "tables: 4/16 read w1m0k-b1m0k") {
		t.Fatalf("the build gone on with: status %d, stderr:\n%s", status, errOut)
	}
	whole := filepath.Join(buildTables(t), "russian-draughts")
	want, err := os.ReadDir(whole)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range want {
		a, _ := os.ReadFile(filepath.Join(whole, e.Name()))
		b, err := os.ReadFile(filepath.Join(tablesDir, e.Name()))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the uninterrupted build's (%v)", e.Name(), err)
		}
	}
}
