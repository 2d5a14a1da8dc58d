package main

import (
	"fmt"
	"io"
)

func init() {
	register(&command{name: "show", summary: "print a position as a diagram and its FEN", run: runShow})
}

// runShow is "bashni show [flags]": the diagram, then the FEN on a line of
// its own.
func runShow(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("show", "[flags]",
		"Prints the position as a text diagram (towers written top-down: w, b men;\n"+
			"W, B kings), then its FEN on the last line.", stderr)
	pf := addPositionFlags(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	pos, err := pf.position()
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, pos.Diagram())
	fmt.Fprintln(stdout, pos.FEN())
	return nil
}
