package main

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// cli runs the command line in-process and returns its stdout, stderr and
// exit status.
func cli(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = runCLI(args, &out, &errOut)
	return out.String(), errOut.String(), status
}

// mustCLI runs the command line and fails the test unless it succeeds with
// nothing on stderr.
func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, status := cli(t, args...)
	if status != 0 || errOut != "" {
		t.Fatalf("bashni %q: status %d, stderr:\n%s", args, status, errOut)
	}
	return out
}

// lines splits output into its lines, without the final newline.
func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestHelpListsSubcommandsSorted(t *testing.T) {
	for _, arg := range []string{"help", "-h", "--help"} {
		out := mustCLI(t, arg)
		var names []string
		inList := false
		for _, l := range lines(out) {
			if l == "subcommands:" {
				inList = true
				continue
			}
			if inList {
				names = append(names, strings.Fields(l)[0])
			}
		}
		if diff := cmp.Diff(commandNames(), names); diff != "" {
			t.Errorf("bashni %s: subcommands listed (-want +got):\n%s", arg, diff)
		}
		for _, want := range []string{"moves", "perft", "show"} {
			if _, ok := commands[want]; !ok {
				t.Errorf("subcommand %s is not registered", want)
			}
		}
		for i := 1; i < len(names); i++ {
			if names[i-1] >= names[i] {
				t.Errorf("bashni %s: %q listed before %q", arg, names[i-1], names[i])
			}
		}
	}
}

func TestNoArgsPrintsListToStderrWithStatus1(t *testing.T) {
	out, errOut, status := cli(t)
	if status != 1 || out != "" || !strings.Contains(errOut, "subcommands:") || !strings.Contains(errOut, "perft") {
		t.Errorf("bashni: status %d, stdout %q, stderr:\n%s", status, out, errOut)
	}
}

// Help asked for is output: "bashni help perft" and "bashni perft -h"
// print the same usage on stdout (issue 15, case 8: -h went to stderr and
// help to stdout); a flag error prints it on stderr.
func TestHelpSubcommandPrintsItsFlags(t *testing.T) {
	var first string
	for _, args := range [][]string{{"help", "perft"}, {"perft", "-h"}, {"perft", "-help"}, {"perft", "-threads", "2", "--help"}} {
		out, errOut, status := cli(t, args...)
		if status != 0 || errOut != "" {
			t.Errorf("bashni %q: status %d, stderr %q", args, status, errOut)
		}
		for _, want := range []string{"usage: bashni perft [flags] DEPTH", "-divide", "-bulk", "-threads", "-hash", "-variant", "-fen", "-moves"} {
			if !strings.Contains(out, want) {
				t.Errorf("bashni %q: usage lacks %q:\n%s", args, want, out)
			}
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("bashni %q prints another usage than bashni help perft", args)
		}
	}
	out, errOut, status := cli(t, "perft", "-frob")
	if status != 1 || out != "" || !strings.Contains(errOut, "flag provided but not defined: -frob") || !strings.Contains(errOut, "usage: bashni perft") {
		t.Errorf("bashni perft -frob: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

// TestHelpAction checks that "bashni help book build" is "bashni book
// build -h", the action's flags (it was "bashni book -h", which has none),
// and that a usage with no flags prints no "flags:" heading.
func TestHelpAction(t *testing.T) {
	for _, c := range []struct{ action, flag string }{{"book build", "-ply-cost"}, {"book show", "-book"}, {"tables build", "-pieces"}, {"tables probe", "-dir"}} {
		args := strings.Fields(c.action)
		want := mustCLI(t, append(args, "-h")...)
		got := mustCLI(t, append([]string{"help"}, args...)...)
		if got != want {
			t.Errorf("bashni help %s prints\n%s\nnot what bashni %s -h prints:\n%s", c.action, got, c.action, want)
		}
		if !strings.Contains(got, "usage: bashni "+c.action) || !strings.Contains(got, c.flag) {
			t.Errorf("bashni help %s does not give its usage and its flag %s:\n%s", c.action, c.flag, got)
		}
	}
	if out := mustCLI(t, "help", "book"); strings.Contains(out, "flags:") {
		t.Errorf("bashni help book, which has no flags, has a heading for them:\n%s", out)
	}
}

func TestUnknownSubcommand(t *testing.T) {
	_, errOut, status := cli(t, "frobnicate")
	if status != 1 || !strings.Contains(errOut, `unknown subcommand "frobnicate"`) || !strings.Contains(errOut, "perft") {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
}

func TestUnknownFlagPrintsUsageWithStatus1(t *testing.T) {
	out, errOut, status := cli(t, "moves", "-bogus")
	if status != 1 || out != "" {
		t.Errorf("status %d, stdout %q", status, out)
	}
	for _, want := range []string{"-bogus", "usage: bashni moves"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}

func TestPanicBecomesOneLineError(t *testing.T) {
	register(&command{name: "test-panic", summary: "panics", run: func([]string, io.Writer, io.Writer) error {
		panic("deliberate")
	}})
	defer delete(commands, "test-panic")
	_, errOut, status := cli(t, "test-panic")
	if status != 1 || errOut != "bashni: internal error: deliberate\n" {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
}

func TestErrorTextDropsLibraryPrefix(t *testing.T) {
	register(&command{name: "test-fail", summary: "fails", run: func([]string, io.Writer, io.Writer) error {
		_, err := bashni.ParseVariant("nope")
		return err
	}})
	defer delete(commands, "test-fail")
	_, errOut, status := cli(t, "test-fail")
	if status != 1 || !strings.HasPrefix(errOut, `bashni test-fail: variant "nope": unknown ruleset`) {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
}

func TestParseArgsFlagsAnywhere(t *testing.T) {
	tests := []struct {
		args       []string
		positional []string
		variant    string
		divide     bool
	}{
		{[]string{"3"}, []string{"3"}, "russian", false},
		{[]string{"-variant", "lasca", "-divide", "3"}, []string{"3"}, "lasca", true},
		{[]string{"-divide", "-variant=lasca", "3"}, []string{"3"}, "lasca", true},
		{[]string{"3", "-variant", "lasca"}, []string{"3"}, "lasca", false},
		{[]string{"-divide", "3", "4", "-variant", "lasca"}, []string{"3", "4"}, "lasca", true},
		{[]string{"--", "-divide", "3"}, []string{"-divide", "3"}, "russian", false},
		{[]string{"2", "--", "-divide"}, []string{"2", "-divide"}, "russian", false},
	}
	for _, tc := range tests {
		fs := newFlagSet("test", "", "", io.Discard)
		pf := addPositionFlags(fs)
		divide := fs.Bool("divide", false, "")
		got, err := parseArgs(fs, tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if diff := cmp.Diff(tc.positional, got); diff != "" {
			t.Errorf("%q: positional (-want +got):\n%s", tc.args, diff)
		}
		if pf.variant != tc.variant || *divide != tc.divide {
			t.Errorf("%q: variant %q divide %v, want %q %v", tc.args, pf.variant, *divide, tc.variant, tc.divide)
		}
	}
}

// TestBuiltBinaryExitStatus builds the command and runs it as a user would:
// success is status 0, an error is status 1 with one clear line and no panic
// trace.
func TestBuiltBinaryExitStatus(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH to build the command with")
	}
	bin := filepath.Join(t.TempDir(), "bashni")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("running %q: %v", args, err)
		}
		return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
	}

	out, errOut, status := run("perft", "-variant", "lasca", "4")
	if status != 0 || errOut != "" || !strings.HasPrefix(out, "depth 4: 54 nodes in ") {
		t.Errorf("perft: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	// A count never wraps (issue 26, item 5): depth 23 of two kings passes
	// 2^64 and printed a count smaller than depth 22's, with status 0.
	out, errOut, status = run("perft", "-hash", "64", "-fen", "W:WKa1:BKh2", "22")
	if status != 0 || errOut != "" || !strings.HasPrefix(out, "depth 22: ") {
		t.Errorf("perft 22 of W:WKa1:BKh2: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	out, errOut, status = run("perft", "-hash", "64", "-fen", "W:WKa1:BKh2", "23")
	if want := "bashni perft: depth 23: the count reaches 2^64-1 (18446744073709551615), the most a uint64 holds\n"; status != 1 || out != "" || errOut != want {
		t.Errorf("perft 23 of W:WKa1:BKh2: status %d, stdout %q, stderr %q; want status 1 and %q", status, out, errOut, want)
	}
	for _, args := range [][]string{
		{"moves", "-variant", "checkers"},
		{"show", "-fen", "W:Wz9:B"},
		{"moves", "-moves", "c3-d4 e3-f4"},
		{"perft", "x"},
		{"moves", "-bogus"},
		{"nosuch"},
		{},
	} {
		out, errOut, status := run(args...)
		if status != 1 || out != "" || errOut == "" || strings.Contains(errOut, "goroutine") {
			t.Errorf("bashni %q: status %d, stdout %q, stderr %q; want status 1, an error on stderr only", args, status, out, errOut)
		}
	}
}
