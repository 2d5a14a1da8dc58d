package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/bashni-dev/bashni/internal/atomicfile"
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
	return writeWhole(*out, pic)
}

// writeWhole writes text to the file of -o: a regular file, or a new one,
// whole or not at all (atomicfile), so that a failed write (a full disk)
// leaves the old one; through a symbolic link, the file it names; and
// anything else (/dev/stdout, a named pipe) as os.WriteFile does.
func writeWhole(path, text string) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		target = path // nothing there yet, or a link that leads to no file
	}
	lst, lerr := os.Lstat(target)
	if lerr == nil && !lst.Mode().IsRegular() || lerr != nil && !errors.Is(lerr, fs.ErrNotExist) {
		err = os.WriteFile(path, []byte(text), 0o644)
	} else {
		err = atomicfile.Write(target, func(w io.Writer) error {
			_, err := io.WriteString(w, text)
			return err
		})
		// A failed write's error names the temporary file, which is gone.
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			err = fmt.Errorf("%w (the file is as it was)", pe.Err)
		}
	}
	if err != nil {
		return fmt.Errorf("-o %s: %w", path, err)
	}
	return nil
}
