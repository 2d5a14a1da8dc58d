package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// processDir holds the command built for the tests that run it as a
// separate process; TestMain removes it.
var processDir string

// builtBashni builds the command once for those tests.
var builtBashni = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(processDir, "bashni")
	if out, err := exec.Command("go", "build", "-pgo=off", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out)
	}
	return bin, nil
})

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "bashni-process-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	processDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runProcess runs the built command under sh (so that the script can set
// limits with ulimit), with input on its standard input, and returns its
// output, or fails the test if it has not ended within a minute.
func runProcess(t *testing.T, script, input string) (stdout, stderr string, status int) {
	t.Helper()
	bin, err := builtBashni()
	if err != nil {
		t.Fatalf("go build: %v", err)
	}
	cmd := exec.Command("sh", "-c", strings.ReplaceAll(script, "bashni", bin))
	cmd.Stdin = strings.NewReader(input)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s: still running after a minute; output so far %q", script, out.String())
	}
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// The Hub never stops reading (issue 26, item 1): a command sent during a
// ten-minute search does not hold back the stop and quit after it, nor the
// end of the input.
func TestHubProcessKeepsReading(t *testing.T) {
	for _, input := range []string{
		"level move-time=600\ngo think\nnew-game\nstop\nquit\n",
		"level move-time=600\ngo think\nnew-game\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n",
	} {
		start := time.Now()
		out, errOut, status := runProcess(t, "bashni hub", input)
		got := lines(out)
		if status != 0 || errOut != "" || len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
			t.Errorf("%q: status %d, stderr %q, stdout %q; want a done line last", input, status, errOut, out)
		}
		if took := time.Since(start); took > 30*time.Second {
			t.Errorf("%q: took %v", input, took)
		}
	}
}

// A table that cannot be had under a limit set on the process (here ulimit
// -v, 3 GB of address space on a machine with more memory) is an error,
// not "fatal error: out of memory" (issue 26, item 10), in the Hub and in
// the commands' -hash.
func TestTableOverTheProcessLimit(t *testing.T) {
	out, errOut, status := runProcess(t, "ulimit -v 3000000 && exec bashni hub -hash 1", "set-param name=hash value=6000\ninit\nping\n")
	got := lines(out)
	if status != 0 || errOut != "" || len(got) != 3 || !strings.HasPrefix(got[0], `error message="set-param: hash: engine: a table of 6000 MiB is more than`) || got[1] != "ready" || got[2] != "pong" {
		t.Errorf("hub: status %d, stderr %q, stdout %q", status, errOut, out)
	}
	out, errOut, status = runProcess(t, "ulimit -v 3000000 && exec bashni analyze -depth 1 -hash 6000", "")
	if status != 1 || out != "" || !strings.HasPrefix(errOut, "bashni analyze: -hash 6000: more than") || strings.Contains(errOut, "fatal") {
		t.Errorf("analyze: status %d, stderr %q, stdout %q", status, errOut, out)
	}
}
