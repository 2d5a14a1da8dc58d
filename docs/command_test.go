package docs

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// subcommandLine is a line of "bashni help": "  moves     list the …".
	subcommandLine = regexp.MustCompile(`(?m)^  ([a-z]+)  +\S`)
	// flagLine is a flag of "bashni help NAME": "  -after" or "  -hash int".
	flagLine = regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`)
)

// positionFlags are documented once, in COMMAND.md's section on positions.
var positionFlags = map[string]bool{"variant": true, "fen": true, "moves": true}

// help runs the built command's help.
func help(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command(filepath.Join(bin, "bashni"), append([]string{"help"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("bashni help %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// sections splits a page into its "## " sections, by heading.
func sections(page string) map[string]string {
	out := map[string]string{}
	var head string
	for _, line := range strings.Split(page, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			head = h
			continue
		}
		out[head] += line + "\n"
	}
	return out
}

// actions returns the actions of subcommand name that its usage lines
// name, as "usage: bashni book build|show" and "bashni tables build …" do
// (nil for a subcommand without actions).
func actions(name, usage string) []string {
	var out []string
	re := regexp.MustCompile(`^(?:usage: |       )bashni ` + name + ` ([a-z]+(?:\|[a-z]+)*)\b`)
	for _, line := range strings.Split(usage, "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			out = append(out, strings.Split(m[1], "|")...)
		}
	}
	return out
}

// TestCommandPage checks COMMAND.md against the command itself: every
// subcommand has its section "## bashni NAME" and its row in README.md's
// table of subcommands, and every flag of the
// subcommand, or of each of its actions ("bashni help book build"), is
// named there (the position flags in their own section).
func TestCommandPage(t *testing.T) {
	b, err := os.ReadFile("COMMAND.md")
	if err != nil {
		t.Fatal(err)
	}
	secs := sections(string(b))
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	names := subcommandLine.FindAllStringSubmatch(help(t), -1)
	if len(names) < 10 {
		t.Fatalf("bashni help lists %d subcommands", len(names))
	}
	for _, m := range names {
		name := m[1]
		if !strings.Contains(string(readme), "\n| `"+name+"` |") {
			t.Errorf("README.md's table of subcommands has no row for %s", name)
		}
		text, ok := secs["bashni "+name]
		if !ok {
			t.Errorf("COMMAND.md has no section \"## bashni %s\"", name)
			continue
		}
		usage := help(t, name)
		flags := flagLine.FindAllStringSubmatch(usage, -1)
		for _, a := range actions(name, usage) {
			flags = append(flags, flagLine.FindAllStringSubmatch(help(t, name, a), -1)...)
		}
		for _, f := range flags {
			flag := f[1]
			if positionFlags[flag] {
				continue
			}
			if !regexp.MustCompile(`(^|[^a-z-])-` + regexp.QuoteMeta(flag) + `\b`).MatchString(text) {
				t.Errorf("COMMAND.md, \"## bashni %s\": the flag -%s is not described", name, flag)
			}
		}
	}
}

// protocolCommand is a command of the engine protocol's help: "  isready   …".
var protocolCommand = regexp.MustCompile(`(?m)^  ([a-z]+)\b`)

// TestProtocolPage checks the engine protocol's section of PROTOCOL.md
// against the protocol's own help: every command is in its table, and so is
// every word the go command takes.
func TestProtocolPage(t *testing.T) {
	b, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	text, ok := sections(string(b))["The engine protocol: `bashni engine`"]
	if !ok {
		t.Fatal("PROTOCOL.md has no section \"## The engine protocol: `bashni engine`\"")
	}
	cmd := exec.Command(filepath.Join(bin, "bashni"), "engine")
	cmd.Stdin = strings.NewReader("help\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bashni engine: %v\n%s", err, out)
	}
	commands := protocolCommand.FindAllStringSubmatch(string(out), -1)
	if len(commands) < 10 {
		t.Fatalf("the protocol's help lists %d commands:\n%s", len(commands), out)
	}
	for _, m := range commands {
		if !strings.Contains(text, "`"+m[1]) {
			t.Errorf("PROTOCOL.md, the engine protocol: the command %s is not in its table", m[1])
		}
		if m[1] != "go" {
			continue
		}
		for _, line := range strings.Split(string(out), "\n") {
			if !strings.HasPrefix(line, "  go ") {
				continue
			}
			for _, w := range regexp.MustCompile(`\[([a-z]+)`).FindAllStringSubmatch(line, -1) {
				if !strings.Contains(text, w[1]) {
					t.Errorf("PROTOCOL.md, the engine protocol: go's %s is not described", w[1])
				}
			}
		}
	}
}
