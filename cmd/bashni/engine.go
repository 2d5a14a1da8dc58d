package main

import (
	"fmt"
	"io"
	"os"

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
			"output: the engine's line protocol for GUIs and bots (see the README,\n"+
			"\"Engine protocol\"). Type \"help\" for the commands.", stderr)
	hashMB := fs.Int("hash", engine.DefaultHashMB, "MiB of transposition table")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	if *hashMB < 1 || *hashMB > 1<<16 {
		return fmt.Errorf("-hash %d: want 1 to 65536 MiB", *hashMB)
	}
	if err := checkTables("-hash", *hashMB, 1); err != nil {
		return err
	}
	return protocol.NewSession(stdout, *hashMB).Run(os.Stdin)
}
