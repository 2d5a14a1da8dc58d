package main

import (
	"bufio"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// bashniBinary returns the command built for the tests that run it as a
// process of its own (builtBashni).
func bashniBinary(t *testing.T) string {
	t.Helper()
	bin, err := builtBashni()
	if err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// serveProcess is "bashni serve" running as a process of its own.
type serveProcess struct {
	cmd    *exec.Cmd
	url    string        // http://127.0.0.1:PORT/
	stderr *lockedBuffer // what it has written to stderr so far
	exited chan error    // receives Wait's error when it ends
}

// startServeProcess starts the built command's serve with args (in the
// shell script wrap, when not empty: "ulimit -n 64; exec \"$@\"") and waits
// for the address it prints. The process is killed at the end of the test
// if still running.
func startServeProcess(t *testing.T, wrap string, args ...string) *serveProcess {
	t.Helper()
	argv := append([]string{bashniBinary(t), "serve"}, args...)
	var cmd *exec.Cmd
	if wrap != "" {
		cmd = exec.Command("sh", append([]string{"-c", wrap, "sh"}, argv...)...)
	} else {
		cmd = exec.Command(argv[0], argv[1:]...)
	}
	p := &serveProcess{cmd: cmd, stderr: &lockedBuffer{}, exited: make(chan error, 1)}
	cmd.Stderr = p.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.exited
	})
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
		_, _ = io.Copy(io.Discard, out)
		p.exited <- cmd.Wait()
	}()
	select {
	case line := <-lines:
		rest, ok := strings.CutPrefix(line, "bashni: serving on ")
		if !ok {
			t.Fatalf("bashni serve %q printed %q", args, line)
		}
		p.url, _, _ = strings.Cut(rest, " ")
	case <-time.After(20 * time.Second):
		t.Fatalf("bashni serve %q printed no address in 20s (stderr %q)", args, p.stderr.String())
	}
	return p
}

// wait waits up to d for the process to end and returns its exit status
// (-1 if it did not end).
func (p *serveProcess) wait(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case <-p.exited:
		p.exited <- nil // for the cleanup
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(d):
		return -1
	}
}
