package main

import (
	"fmt"
	"io"
	"sort"

	"github.com/bashni-dev/bashni"
)

func init() {
	register(&command{name: "moves", summary: "list the legal moves of a position", run: runMoves})
}

// runMoves is "bashni moves [flags]": one legal move per line, in canonical
// text, sorted; with -after each line is "<move> <FEN after it>".
func runMoves(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("moves", "[flags]",
		"Lists the legal moves of the position, one per line in canonical text, sorted.\n"+
			"No output means the side to move has no move (and has lost).", stderr)
	pf := addPositionFlags(fs)
	after := fs.Bool("after", false, "follow each move with the FEN of the position after it")
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
	// In the ruleset's own notation (lasca's captures with 'x'), sorted.
	var nt bashni.Notation
	moves := pos.LegalMoves()
	sort.Slice(moves, func(i, j int) bool { return nt.FormatMove(&pos, moves[i]) < nt.FormatMove(&pos, moves[j]) })
	for _, m := range moves {
		text := nt.FormatMove(&pos, m)
		if !*after {
			fmt.Fprintln(stdout, text)
			continue
		}
		next, err := pos.Play(m)
		if err != nil {
			return fmt.Errorf("playing %s: %w", text, err)
		}
		fmt.Fprintln(stdout, text, next.FEN())
	}
	return nil
}
