package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/protocol"
)

func init() {
	register(&command{name: "engine", summary: "talk the engine's line protocol on stdin/stdout (for GUIs and bots)", run: runEngine})
}

// runEngine is "bashni engine": the line protocol of package
// engine/protocol, read from standard input.
func runEngine(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("engine", "[flags]",
		"Reads commands from standard input, one per line, and answers on standard\n"+
			"output: the engine's line protocol for GUIs and bots (see docs/PROTOCOL.md).\n"+
			"Type \"help\" for the commands.", stderr)
	hashMB := fs.Int("hash", engine.DefaultHashMB, "MiB of transposition table")
	threads := fs.Int("threads", 1, "threads that search together (Lazy SMP; the protocol's threads command changes it)")
	bookFile := fs.String("book", "", "an opening book (bashni book build) to play from in its ruleset (the protocol's book command)")
	bookMargin := fs.Int("book-margin", 0, "play book moves up to this many hundredths of a man below the best, at random (the bookmargin command)")
	tables := addTablesFlag(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	if err := checkHash(*hashMB); err != nil {
		return err
	}
	lib, err := tables.library()
	if err != nil {
		return err
	}
	s, err := protocol.NewSession(stdout, *hashMB)
	if err != nil {
		return err
	}
	if lib != nil {
		if err := s.SetTables(lib); err != nil {
			return err
		}
	}
	if err := s.SetThreads(strconv.Itoa(*threads)); err != nil {
		return fmt.Errorf("-%v", err)
	}
	if err := s.SetBookMargin(strconv.Itoa(*bookMargin)); err != nil {
		return fmt.Errorf("-book-margin %d: want 0 to %d", *bookMargin, protocol.MaxBookMargin)
	}
	if *bookFile != "" {
		b, err := book.ReadFile(*bookFile, book.DefaultMaxBytes)
		if err != nil {
			return err
		}
		s.SetBook(b)
	}
	return s.Run(stdin)
}
