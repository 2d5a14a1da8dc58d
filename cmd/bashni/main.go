// Command bashni works with column-checkers positions from the shell: list
// moves, show a board, count perft, and whatever other subcommands are built
// in.
//
// Usage:
//
//	bashni <subcommand> [flags] [args]
//	bashni help [subcommand]
//
// Each subcommand lives in the file named for it (engine.go is "bashni
// engine", match.go "bashni match") and registers itself in init, so a new
// one needs no change here. What several share is gathered: flags.go (flag
// parsing, the position and search-limit flags, the table-size check),
// movelist.go (reading a -moves list), text.go (durations, rates, move
// lines). The reusable parts live in packages of their own: engine/match
// (players, a game to its end, the Elo tally) and engine/protocol (the
// engine's line protocol). Errors go to stderr and exit with status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/bashni-dev/bashni"
)

// A command is one subcommand of bashni.
type command struct {
	// name is the word that selects it: "bashni <name> ...".
	name string
	// summary is one line for the list of subcommands.
	summary string
	// run does the work. Its args are those after the subcommand's name;
	// stdout is for results, stderr for flag usage and diagnostics. A non-nil
	// error is printed by the caller and makes the exit status 1.
	run func(args []string, stdout, stderr io.Writer) error
}

// commands maps a subcommand's name to it; each subcommand's file fills it in
// its init with register.
var commands = map[string]*command{}

// register adds a subcommand. A name used twice is a programming error, found
// by any test run, so it panics at init rather than letting one silently win.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("bashni: subcommand " + c.name + " registered twice")
	}
	commands[c.name] = c
}

func main() {
	os.Exit(runCLI(os.Args[1:], os.Stdout, os.Stderr))
}

// runCLI runs the command line args and returns the exit status: 0 on
// success, 1 on any error (the error already written to stderr).
func runCLI(args []string, stdout, stderr io.Writer) (status int) {
	// A panic is a bug, but the user still deserves one clear line and a
	// status, not a goroutine dump.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "bashni: internal error: %v\n", r)
			status = 1
		}
	}()
	if len(args) == 0 {
		printCommands(stderr)
		return 1
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			// "bashni help perft" is "bashni perft -h", and "bashni help
			// book build" is "bashni book build -h".
			return runCLI(append(args[1:len(args):len(args)], "-h"), stdout, stderr)
		}
		out := &outputWriter{w: stdout}
		printCommands(out)
		if out.err != nil {
			fmt.Fprintf(stderr, "bashni help: writing the output: %v\n", out.err)
			return 1
		}
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "bashni: unknown subcommand %q (known: %s)\n", name, strings.Join(commandNames(), ", "))
		return 1
	}
	// Output that cannot be written (a full disk, a closed pipe) is an
	// error of the subcommand, whatever it goes on to do.
	out := &outputWriter{w: stdout}
	err := c.run(args[1:], out, &helpWriter{Writer: stderr, help: out})
	switch {
	case out.err != nil && (err == nil || errors.Is(err, out.err)):
		// The subcommand may have stopped at the error itself (svg,
		// selfplay) or gone on: it is said the same way.
		err = fmt.Errorf("writing the output: %w", out.err)
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		// The flag set has already said what is wrong, with the usage.
		return 1
	}
	fmt.Fprintf(stderr, "bashni %s: %s\n", name, commandErrorText(name, err))
	return 1
}

// errorText is err's message without the library's "bashni: " prefix, which
// the command's own "bashni <name>: " prefix makes redundant.
func errorText(err error) string { return bashni.Message(err) }

// commandErrorText is err's message without the prefixes that the
// command's own "bashni <name>: " makes redundant: the library's "bashni: "
// (bashni.Message), and the subcommand's name again (package svg's errors
// begin "svg: ").
func commandErrorText(name string, err error) string {
	return strings.TrimPrefix(bashni.Message(err), name+": ")
}

// outputWriter is standard output that remembers its first write error
// and writes nothing after it.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// helpWriter is standard error, with the way to standard output for the
// help a subcommand prints when asked (-h): help asked for is output, and
// goes where "bashni help" goes.
type helpWriter struct {
	io.Writer
	help io.Writer
}

// commandNames returns the subcommands' names, sorted.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// printCommands writes the usage line and the sorted list of subcommands.
func printCommands(w io.Writer) {
	fmt.Fprintln(w, "usage: bashni <subcommand> [flags] [args]")
	fmt.Fprintln(w, "       bashni help <subcommand>")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "subcommands:")
	width := 0
	for _, n := range commandNames() {
		width = max(width, len(n))
	}
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].summary)
	}
}
