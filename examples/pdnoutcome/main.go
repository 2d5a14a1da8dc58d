// Command pdnoutcome reads a PDN file of column-checkers games and prints
// each game's players, length and outcome; a game that cannot be read is
// reported and the others are still read.
//
//	go run ./examples/pdnoutcome pdn/testdata/multi.pdn
//	go run ./examples/pdnoutcome < games.pdn
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/bashni-dev/bashni/pdn"
)

func main() {
	in := io.Reader(os.Stdin)
	if len(os.Args) > 1 {
		f, err := os.Open(os.Args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, "pdnoutcome:", err)
			os.Exit(1)
		}
		defer f.Close()
		in = f
	}
	if err := outcomes(in, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pdnoutcome:", err)
		os.Exit(1)
	}
}

// outcomes writes a line per game of in.
func outcomes(in io.Reader, out io.Writer) error {
	r := pdn.NewReader(in)
	for n := 1; ; n++ {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		var ge *pdn.GameError
		if errors.As(err, &ge) {
			fmt.Fprintf(out, "game %d: cannot be read: %s\n", n, ge.Reason())
			continue
		}
		if err != nil {
			return err // the input itself failed
		}
		g := rec.Game()
		fmt.Fprintf(out, "game %d (%s): %s - %s, %d plies, %s\n", n, g.Variant().Name(),
			orUnknown(rec.Tag("White")), orUnknown(rec.Tag("Black")), g.Plies(), g.Outcome())
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
