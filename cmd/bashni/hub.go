package main

import (
	"fmt"
	"io"

	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/hub"
)

func init() {
	register(&command{name: "hub", summary: "talk the Hub protocol (Scan's, pydraughts' HubEngine) on stdin/stdout", run: runHub})
}

// runHub is "bashni hub": the Hub protocol of package engine/hub, read from
// standard input.
func runHub(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("hub", "[flags]",
		"Reads the Hub protocol (version 2, the Scan engine's, which pydraughts'\n"+
			"HubEngine and other draughts programs speak) from standard input and\n"+
			"answers on standard output (docs/PROTOCOL.md, \"Hub protocol\"). The\n"+
			"variant, threads, hash, book, book-margin and tables parameters can also\n"+
			"be set with set-param.", stderr)
	hashMB := fs.Int("hash", engine.DefaultHashMB, "MiB of transposition table (the hash parameter)")
	threads := fs.Int("threads", 1, "threads that search together (the threads parameter)")
	bookFile := fs.String("book", "", "an opening book (bashni book build) for go think, in its ruleset (the book parameter)")
	bookMargin := fs.Int("book-margin", 0, "play book moves up to this many hundredths of a man below the best, at random (the book-margin parameter)")
	tables := addTablesFlag(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	// The flags' ranges are the Options' (hub.Options.Validate), but for
	// 0, the Options' default, which -threads and -hash refuse as every
	// command's do. They are checked here, not left to Validate, so that
	// the error names the flag typed ("-threads 300"), as every command's
	// does: Validate names the Hub parameter ("threads 300"), which is
	// right for set-param and for Options built in Go, but is no flag.
	// checkHash names the flag in its memory check too.
	if *threads < 1 || *threads > engine.MaxThreads {
		return fmt.Errorf("-threads %d: want 1 to %d", *threads, engine.MaxThreads)
	}
	if err := checkHash(*hashMB); err != nil {
		return err
	}
	if *bookMargin < 0 || *bookMargin > hub.MaxBookMargin {
		return fmt.Errorf("-book-margin %d: want 0 to %d", *bookMargin, hub.MaxBookMargin)
	}
	// Validate has nothing left to refuse in flags checked as above; it
	// stays as the last word should the Options gain a check the flags
	// lack.
	opts := hub.Options{HashMB: *hashMB, Threads: *threads, BookMargin: *bookMargin}
	if err := opts.Validate(); err != nil {
		return err
	}
	lib, err := tables.library()
	if err != nil {
		return err
	}
	opts.Tables = lib
	if *bookFile != "" {
		b, err := book.ReadFile(*bookFile, book.DefaultMaxBytes)
		if err != nil {
			return err
		}
		opts.Book, opts.BookFile = b, *bookFile
	}
	return hub.NewSession(stdout, opts).Run(stdin)
}
