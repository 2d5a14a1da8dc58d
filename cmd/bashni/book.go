package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/atomicfile"
)

func init() {
	register(&command{name: "book", summary: "build an opening book by self-play search, or show its moves", run: runBook})
}

// runBook is "bashni book build [flags]" and "bashni book show [flags]".
func runBook(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "build":
			return runBookBuild(args[1:], stdout, stderr)
		case "show":
			return runBookShow(args[1:], stdout, stderr)
		}
	}
	fs := newFlagSet("book", "build|show [flags]",
		"bashni book build writes an opening book (docs/ENGINE.md, \"Opening book\");\n"+
			"bashni book show prints a position's book moves. \"bashni book build -h\"\n"+
			"and \"bashni book show -h\" list their flags.", stderr)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	if len(args) == 0 {
		return errors.New("want build or show")
	}
	return fmt.Errorf("want build or show, got %q", args[0])
}

// bookMaxBytes is the memory a book that book build writes may take once
// read: the limit of book show, engine -book and hub -book, which read with
// book.DefaultMaxBytes. A variable for the tests.
var bookMaxBytes int64 = book.DefaultMaxBytes

// runBookBuild is "bashni book build": drop-out expansion from the
// ruleset's start (book.Build), written to -o. A book that would take more
// than bookMaxBytes once read is never written: -positions that must is
// refused at once, and a build that reaches the limit stops there and
// writes the positions that fit, with an error.
func runBookBuild(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book build", "[flags]",
		"Builds an opening book by drop-out expansion from the ruleset's start: the\n"+
			"cheapest leaf of the book's tree (the sum of how much worse than the best\n"+
			"each move that leads there is, plus -ply-cost a ply) is expanded, each new\n"+
			"position scored by a search of -depth plies (or -movetime). With -depth the\n"+
			"same flags give the same file. Progress goes to standard error; an\n"+
			"interrupted build writes the positions expanded so far.", stderr)
	variant := fs.String("variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides")
	positions := fs.Int("positions", 200, fmt.Sprintf("positions to expand: the book's size (at most %d: a book takes at most %d bytes of memory once read)", book.MaxPositions(bookMaxBytes), bookMaxBytes))
	depth := fs.Int("depth", 6, "plies of the search that scores each new position")
	movetime := fs.Duration("movetime", 0, "score each new position by a search of this long instead of -depth (not deterministic)")
	plyCost := fs.Int("ply-cost", book.DefaultPlyCost, "what a ply deeper costs a leaf, in hundredths of a man (higher: a wider, shallower book)")
	freePlies := fs.Int("free-plies", 0, "expand every position this many plies from the start, whatever its moves' scores, before going deeper (for games from random openings of as many plies, as bashni match plays)")
	outName := fs.String("o", "", "the book file to write (required)")
	force := fs.Bool("force", false, "replace the -o file if it exists (a regular file only; it is replaced once the book is written)")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	lim := engine.Limits{Depth: *depth}
	switch {
	case *outName == "":
		return errors.New("-o: give the book file to write")
	case *positions < 1 || *positions > book.MaxPositions(bookMaxBytes):
		return fmt.Errorf("-positions %d: want 1 to %d (more positions take more than the %d bytes of memory that book show, engine -book and hub -book read a book into)",
			*positions, book.MaxPositions(bookMaxBytes), bookMaxBytes)
	case *movetime < 0:
		return fmt.Errorf("-movetime %s is negative", *movetime)
	case *movetime > 0:
		lim = engine.Limits{Time: *movetime}
	case *depth < 1 || *depth > engine.MaxPly/2:
		return fmt.Errorf("-depth %d: want 1 to %d plies", *depth, engine.MaxPly/2)
	}
	if *plyCost < 1 {
		return fmt.Errorf("-ply-cost %d: want at least 1", *plyCost)
	}
	if *freePlies < 0 {
		return fmt.Errorf("-free-plies %d is negative", *freePlies)
	}
	target, st, err := existing(*outName)
	switch {
	case err != nil:
		return fmt.Errorf("-o %s: %w", *outName, err)
	case st != nil && st.IsDir():
		return fmt.Errorf("-o %s: is a directory; give the path of a file", *outName)
	case st != nil && !st.Mode().IsRegular():
		return fmt.Errorf("-o %s: is %s, not a regular file", *outName, kind(st.Mode()))
	case st != nil && !*force:
		return fmt.Errorf("-o %s: the file exists; give -force to replace it", *outName)
	}
	if err := atomicfile.CanWrite(target); err != nil {
		return fmt.Errorf("-o %s: %w", *outName, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	last := time.Now()
	b, err := book.Build(ctx, v, book.BuildOptions{Positions: *positions, Limits: lim, PlyCost: *plyCost, FreePlies: *freePlies, MaxBytes: bookMaxBytes, Progress: func(p book.BuildProgress) {
		if time.Since(last) >= time.Second || p.Expanded == *positions {
			last = time.Now()
			fmt.Fprintf(stderr, "book: %d/%d positions expanded, %d scored, %d nodes, deepest ply %d, %s\n",
				p.Expanded, *positions, p.Searches, p.Nodes, p.Deepest, roundDuration(p.Elapsed))
		}
	}})
	tooBig := errors.Is(err, book.ErrTooBig)
	switch {
	case b == nil, tooBig && b.Len() == 0:
		return err
	case err != nil && ctx.Err() == nil && !tooBig:
		return err
	case tooBig:
		fmt.Fprintf(stderr, "book: at the memory limit; writing the %d positions expanded so far\n", b.Len())
	case err != nil:
		fmt.Fprintf(stderr, "book: interrupted; writing the %d positions expanded so far\n", b.Len())
	}
	if err := b.WriteFile(target); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "book %s: %d positions, %d moves written to %s\n", v, b.Len(), b.Moves(), *outName)
	if tooBig {
		return fmt.Errorf("%w (the %d that fit are written to %s)", err, b.Len(), *outName)
	}
	return nil
}

// runBookShow is "bashni book show": the book's ruleset and size, then the
// book moves of a position, best first.
func runBookShow(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book show", "[flags]",
		"Prints the book's ruleset and size, then the book moves of the position\n"+
			"(the ruleset's start, or -fen, after -moves), best first, one a line:\n"+
			"the move, its score for the side to move and its weight. A position that\n"+
			"is not in the book prints \"not in the book\".", stderr)
	bookName := fs.String("book", "", "the book file (required)")
	var fen fenFlag
	fs.Var(&fen, "fen", "the position, in the book's ruleset (default: its start)")
	moves := fs.String("moves", "", "moves to play first, separated by spaces")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	if *bookName == "" {
		return errors.New("-book: give the book file")
	}
	b, err := book.ReadFile(*bookName, book.DefaultMaxBytes)
	if err != nil {
		return err
	}
	v := b.Variant()
	var pos bashni.Position
	if fen.given {
		pos, err = fen.parse(v)
	} else {
		pos, err = v.Start()
	}
	if err == nil {
		pos, err = playMoves(pos, *moves)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "book %s: %d positions, %d moves\n", v, b.Len(), b.Moves())
	es := b.Lookup(&pos)
	if len(es) == 0 {
		fmt.Fprintln(stdout, "not in the book")
		return nil
	}
	for _, e := range es {
		fmt.Fprintf(stdout, "%s score %s weight %d\n", bashni.Notation{}.FormatMove(&pos, e.Move), engine.Score(e.Score), e.Weight)
	}
	return nil
}
