package main

import (
	"fmt"
	"io"
	"os"

	"github.com/bashni-dev/bashni/svg"
)

func init() {
	register(&command{name: "svg", summary: "draw a position as an SVG picture, towers and all", run: runSVG})
}

// runSVG is "bashni svg [flags]": the picture on stdout, or in the -o file.
func runSVG(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("svg", "[flags] > board.svg",
		"Draws the position as a standalone SVG picture: every tower from the side,\n"+
			"top piece uppermost, kings with a gold band. With -move, the move's path\n"+
			"and the towers it jumps are highlighted, on the position before it (or\n"+
			"after it, with -after).", stderr)
	pf := addPositionFlags(fs)
	move := fs.String("move", "", "highlight this move of the position, e.g. \"c3:e5:c7\"")
	after := fs.Bool("after", false, "with -move: draw the position after the move")
	flip := fs.Bool("flip", false, "draw the board from Black's side")
	size := fs.Float64("size", svg.DefaultSquareSize, "side of a square in pixels")
	noCoords := fs.Bool("no-coords", false, "leave out the file letters and rank numbers")
	out := fs.String("o", "", "write the picture to this file instead of stdout")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	if *after && *move == "" {
		return fmt.Errorf("-after needs -move")
	}
	pos, err := pf.position()
	if err != nil {
		return err
	}
	o := svg.Options{SquareSize: *size, Flip: *flip, NoCoordinates: *noCoords}
	if *move != "" {
		m, err := pos.ParseMove(*move)
		if err != nil {
			return fmt.Errorf("-move: %s", errorText(err))
		}
		o.HighlightMove(m)
		if *after {
			pos = pos.PlayUnchecked(m) // m came from ParseMove, so it is legal
		}
	}
	pic, err := svg.String(&pos, o)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = io.WriteString(stdout, pic)
		return err
	}
	return os.WriteFile(*out, []byte(pic), 0o644)
}
