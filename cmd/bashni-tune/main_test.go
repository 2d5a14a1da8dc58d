package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// The two steps from the command line: gen writes positions to a file,
// fit reads them (from several files) and writes weights that read back.
func TestGenThenFit(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	var errOut bytes.Buffer
	for i, name := range []string{a, b} {
		seed := []string{"1", "2"}[i]
		if err := run([]string{"gen", "-variant", "lasca", "-games", "4", "-depth", "2", "-seed", seed, "-o", name}, io.Discard, &errOut); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(errOut.String(), "lasca: shard 0/1 of 4 games at depth 2, ") {
		t.Errorf("gen's summary: %q", errOut.String())
	}
	var out bytes.Buffer
	if err := run([]string{"fit", "-variant", "lasca", "-iterations", "5", "-holdout", "2", a, b}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var w eval.Weights
	if err := json.Unmarshal(out.Bytes(), &w); err != nil || w.ManyTowers != eval.Hand(bashni.Lasca()).ManyTowers {
		t.Errorf("fit's output %q: %v", out.String()[:min(80, out.Len())], err)
	}
	for _, args := range [][]string{{}, {"tune"}, {"gen", "-games", "0"}, {"gen", "extra"}, {"gen", "-shard", "2/2"}, {"gen", "-shard", "1"}, {"gen", "-shard", "-1/3"}, {"gen", "-shard", "0/0"}, {"fit"}, {"fit", "-params", "some", a}, {"fit", "-params", "patterns", a}, {"fit", "-patterns-out", filepath.Join(dir, "p"), a}, {"fit", "-from", "x", a}, {"fit", filepath.Join(dir, "missing.txt")}} {
		if err := run(args, io.Discard, io.Discard); err == nil {
			t.Errorf("bashni-tune %q: no error", args)
		}
	}
}

// Shards i/n run apart (as on a batch system) write between them the lines
// of the one run they split, each game whole in one shard.
func TestGenShardsMakeTheWhole(t *testing.T) {
	gen := func(shard string) string {
		var out bytes.Buffer
		if err := run([]string{"gen", "-variant", "russian", "-games", "5", "-depth", "1", "-maxplies", "40", "-shard", shard}, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	whole := gen("0/1")
	byGame := map[string]string{}
	for _, line := range strings.SplitAfter(whole, "\n") {
		if line != "" {
			game, _, _ := strings.Cut(line, " ")
			byGame[game] += line
		}
	}
	if len(byGame) != 5 {
		t.Fatalf("the whole run has positions of %d games, want 5", len(byGame))
	}
	for i, games := range [][]string{{"0", "2", "4"}, {"1", "3"}} {
		want := ""
		for _, g := range games {
			want += byGame[g]
		}
		if got := gen(fmt.Sprintf("%d/2", i)); got != want {
			t.Errorf("shard %d/2 wrote\n%s\nwant the whole run's games %v:\n%s", i, got, games, want)
		}
	}
}

// fit -params patterns writes the pattern weights to their file, in the
// format eval reads, and the other weights, unchanged, as JSON.
func TestFitPatterns(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  eval.PatternLayout
	}{
		{nil, eval.MenLayout},
		{[]string{"-layout", "men-4x2"}, eval.MenSquaresLayout},
		// From the embedded weights, whose layout is another: the fit
		// starts the patterns of the layout asked for from zero.
		{[]string{"-layout", "men-2x4", "-from", "fitted"}, eval.MenLayout},
		{[]string{"-layout", "men-4x2", "-from", "fitted"}, eval.MenSquaresLayout},
		// From the embedded men-4x2 weights, phased.
		{[]string{"-layout", "men-4x2-phased", "-from", "fitted"}, eval.MenSquaresPhasedLayout},
	} {
		name := filepath.Join(t.TempDir(), "russian-draughts.patterns")
		var out bytes.Buffer
		args := append([]string{"fit", "-variant", "russian-draughts", "-params", "patterns", "-iterations", "5", "-holdout", "2", "-patterns-out", name}, c.flags...)
		if err := run(append(args, "../../internal/tune/testdata/russian-draughts.txt"), &out, io.Discard); err != nil {
			t.Fatalf("%q: %v", c.flags, err)
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := eval.ReadPatterns(data)
		if err != nil {
			t.Fatal(err)
		}
		if p.Layout != c.want || p.Size != 8 {
			t.Errorf("%q: layout %s on %dx%d, want %s on 8x8", c.flags, p.Layout.Name, p.Size, p.Size, c.want.Name)
		}
		var w eval.Weights
		if err := json.Unmarshal(out.Bytes(), &w); err != nil {
			t.Fatal(err)
		}
		if want := eval.Hand(bashni.RussianDraughts()); w != want {
			t.Errorf("%q: the other weights changed: %+v, want %+v", c.flags, w, want)
		}
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-layout", "men-3x3"}, `fit: -layout: unknown pattern layout "men-3x3": want one of men-2x4, men-4x2, men-4x2-phased, towers-2x2, towers-2x2-phased`},
		{[]string{"-layout", "towers-2x2"}, "fit: pattern layout towers-2x2 is for the other kind of ruleset (stacking true), not russian-draughts"},
		{[]string{"-pattern-min", "-1"}, "fit: -pattern-min -1: want 0 or more"},
	} {
		args := append([]string{"fit", "-variant", "russian-draughts", "-params", "patterns", "-iterations", "5", "-patterns-out", filepath.Join(t.TempDir(), "p")}, c.flags...)
		err := run(append(args, "../../internal/tune/testdata/russian-draughts.txt"), io.Discard, io.Discard)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %q", c.flags, err, c.want)
		}
	}
}

// gen interrupted writes only games played to their end: no game finished
// by a stopped engine (each move then the first of a cancelled search),
// with a result and scores the games at -depth would not have.
func TestGenInterruptedWritesOnlyWholeGames(t *testing.T) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt) // the SIGINT sent below must not end the test
	defer signal.Stop(sig)
	dir := t.TempDir()
	args := func(name string) []string {
		return []string{"gen", "-variant", "russian", "-games", "6", "-depth", "11", "-workers", "2", "-o", filepath.Join(dir, name)}
	}
	if err := run(args("full.txt"), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	// Interrupted once its first game is written: the other worker's game
	// is then under way, whatever the machine's speed.
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
			if st, err := os.Stat(filepath.Join(dir, "part.txt")); err == nil && st.Size() > 0 {
				_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
				return
			}
		}
	}()
	if err := run(args("part.txt"), io.Discard, io.Discard); err == nil {
		t.Fatal("gen interrupted: no error")
	}
	full, _ := os.ReadFile(filepath.Join(dir, "full.txt"))
	part, _ := os.ReadFile(filepath.Join(dir, "part.txt"))
	whole := map[string]bool{}
	for _, l := range strings.Split(string(full), "\n") {
		whole[l] = true
	}
	for _, l := range strings.Split(string(part), "\n") {
		if !whole[l] {
			t.Fatalf("the interrupted run wrote %q, which the whole run has not", l)
		}
	}
}

// binDir holds the command built for the tests that run it as a process
// of its own; TestMain removes it.
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "bashni-tune-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// tuneBinary builds the command once, for the tests that need its exit
// status or run it under a limit.
var tuneBinary = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(binDir, "bashni-tune")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out)
	}
	return bin, nil
})

// runTune runs script under sh, bashni-tune in it the built command, and
// returns its output and exit status.
func runTune(t *testing.T, script string) (stdout, stderr string, status int) {
	t.Helper()
	bin, err := tuneBinary()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", strings.ReplaceAll(script, "bashni-tune", bin))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	_ = cmd.Run()
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// Help asked for is output with status 0, as bashni's (docs/COMMAND.md,
// "Errors and exit status"); a flag error prints the usage on standard
// error with status 1, and says the error once.
func TestHelpAndFlagErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"-h", "usage: bashni-tune gen"},
		{"help", "usage: bashni-tune gen"},
		{"--help", "usage: bashni-tune gen"},
		{"gen -h", "-workers"},
		{"fit -help", "-patterns-out"},
		{"fit-network -h", "-output-step"},
	} {
		out, errOut, status := runTune(t, "bashni-tune "+c.args)
		if status != 0 || errOut != "" || !strings.Contains(out, c.want) {
			t.Errorf("bashni-tune %s: status %d, stdout %q, stderr %q; want 0 and %q on stdout", c.args, status, out, errOut, c.want)
		}
	}
	for _, args := range []string{"gen -frob", "fit -frob x.txt", "fit-network -frob x.txt", ""} {
		out, errOut, status := runTune(t, "bashni-tune "+args)
		if status != 1 || out != "" || !strings.Contains(errOut, "usage: bashni-tune") {
			t.Errorf("bashni-tune %s: status %d, stdout %q, stderr %q; want 1 and the usage on stderr", args, status, out, errOut)
		}
		if strings.Count(errOut, "-frob") > 1 {
			t.Errorf("bashni-tune %s: the error is said twice: %q", args, errOut)
		}
	}
}

// fit -patterns-out is written whole or not at all: a directory that is
// not there is an error before the fit (which takes hours on the data of
// the weights shipped), and a write that fails (a full disk: here ulimit
// -f) leaves the file as it was, not cut short.
func TestFitPatternsOutUnwritable(t *testing.T) {
	data := "../../internal/tune/testdata/russian-draughts.txt"
	var log bytes.Buffer
	missing := filepath.Join(t.TempDir(), "missing", "p.patterns")
	err := run([]string{"fit", "-variant", "russian-draughts", "-params", "patterns", "-iterations", "5", "-patterns-out", missing, data}, io.Discard, &log)
	if err == nil || !strings.Contains(err.Error(), "-patterns-out "+missing) {
		t.Errorf("-patterns-out in a missing directory: %v, want an error naming it", err)
	}
	if strings.Contains(log.String(), "loss") {
		t.Errorf("-patterns-out in a missing directory: the fit ran first:\n%s", log.String())
	}
	old := filepath.Join(t.TempDir(), "old.patterns")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runTune(t, "ulimit -f 1 && exec bashni-tune fit -variant russian-draughts -params patterns -iterations 2 -patterns-out "+old+" "+data)
	if b, _ := os.ReadFile(old); status != 1 || out != "" || string(b) != "old" {
		t.Errorf("a failed write: status %d, stdout %q, stderr %q, file %q; want 1, no weights and the old file", status, out, errOut, b)
	}
	if es, _ := os.ReadDir(filepath.Dir(old)); len(es) != 1 {
		t.Errorf("files left beside the patterns: %v", es)
	}
}

// fit-network writes a network that reads, of the ruleset of its
// positions, and says what is wrong with its flags before it fits.
func TestFitNetwork(t *testing.T) {
	data := "../../internal/tune/testdata/russian-draughts.txt"
	name := filepath.Join(t.TempDir(), "rd.network")
	var log bytes.Buffer
	if err := run([]string{"fit-network", "-epochs", "2", "-holdout", "2", "-o", name, data}, io.Discard, &log); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.ReadNetwork(b); err != nil {
		t.Fatalf("the network written does not read: %v", err)
	}
	if !strings.Contains(log.String(), "epoch 2: loss") || !strings.Contains(log.String(), "held out") {
		t.Errorf("the log says no loss:\n%s", log.String())
	}
	// A tower preset's network has its own inputs (eval.NetworkInputs).
	lasca := filepath.Join(t.TempDir(), "lasca.network")
	if err := run([]string{"fit-network", "-variant", "lasca", "-mirror", "-epochs", "1", "-holdout", "2", "-o", lasca, "../../internal/tune/testdata/lasca.txt"}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(lasca); err != nil {
		t.Fatal(err)
	} else if n, err := eval.ReadNetwork(b); err != nil || n.Fits(bashni.Lasca()) != nil {
		t.Fatalf("lasca's network: %v, or not lasca's", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", name}, "fit-network: want files of positions (from bashni-tune gen)"},
		{[]string{data}, "fit-network: want -o FILE, the network's file"},
		{[]string{"-lambda", "2", "-o", name, data}, "fit-network: -lambda 2: want 0 to 1"},
		{[]string{"-mirror", "-o", name, data}, "fit-network: -mirror: russian-draughts's board of 8x8 has no mirror of its files (boards of odd size only: lasca's)"},
		{[]string{"-variant", "russian", "-o", name, data}, `line 1: ruleset "russian-draughts": the positions are read as russian`},
		{[]string{"-o", filepath.Join(t.TempDir(), "missing", "n"), data}, "fit-network: -o "},
	} {
		err := run(append([]string{"fit-network", "-epochs", "1"}, c.args...), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.args, err, c.want)
		}
	}
}
