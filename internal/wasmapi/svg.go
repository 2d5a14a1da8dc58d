package wasmapi

import (
	"github.com/bashni-dev/bashni/svg"
)

// drawSVG answers (ruleset, fen, {size, flip, coordinates, last, before})
// with the svg package's picture of the position: size is a square's side
// in pixels, coordinates false leaves out the letters and numbers, and
// last, a move played in the position before (the FEN before), is marked.
func drawSVG(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	o, err := a.object(2, "the options")
	if err != nil {
		return nil, err
	}
	var opts svg.Options
	size, err := o.int("size", 8, 1024, svg.DefaultSquareSize)
	if err != nil {
		return nil, err
	}
	opts.SquareSize = float64(size)
	if opts.Flip, err = o.bool("flip"); err != nil {
		return nil, err
	}
	if c, ok := o.m["coordinates"]; ok && c != nil {
		show, err := o.bool("coordinates")
		if err != nil {
			return nil, err
		}
		opts.NoCoordinates = !show
	}
	last, err := o.str("last")
	if err != nil {
		return nil, err
	}
	if last != "" {
		before, err := o.str("before")
		if err != nil {
			return nil, err
		}
		if before == "" {
			return nil, o.errorf("last needs before, the FEN the move was played in")
		}
		b, err := startOrFEN(p.Variant(), before)
		if err != nil {
			return nil, err
		}
		m, err := parseMove(&b, last)
		if err != nil {
			return nil, err
		}
		opts.HighlightMove(m)
	}
	return svg.String(&p, opts)
}
