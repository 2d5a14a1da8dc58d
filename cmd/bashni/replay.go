package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

func init() {
	register(&command{name: "replay", summary: "replay PDN game records: each game's plies and final FEN, or its error", run: runReplay})
}

// stdin is what replay and play read when they are given no file; tests
// replace it.
var stdin io.Reader = os.Stdin

// runReplay is "bashni replay [-variant NAME] [FILE...]": one line per game,
// "ok <plies> <final FEN>" or "error game N, move M: <reason>", and exit
// status 1 when any game had an error.
func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "[-variant NAME] [FILE...]",
		"Reads PDN game records (standard input when no file is named) and replays\n"+
			"every game, one line each:\n\n"+
			"  ok <plies> <final FEN>\n"+
			"  error game N, move M: <reason>\n\n"+
			"With several files each line starts with the file's name. The exit status\n"+
			"is 1 when any game had an error.", stderr)
	variant := fs.String("variant", "russian", "ruleset of games without a [Variant] tag: a preset or text form such as \"russian,majority=on\"")
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	var total, bad int
	var fileErrs []error
	replayOne := func(name string, r io.Reader, prefix string) {
		n, b, err := replayStream(r, v, prefix, stdout)
		total, bad = total+n, bad+b
		if err != nil {
			fileErrs = append(fileErrs, fmt.Errorf("%s: %w", name, err))
		}
	}
	if len(files) == 0 {
		replayOne("standard input", stdin, "")
	}
	for _, name := range files {
		prefix := ""
		if len(files) > 1 {
			prefix = name + ": "
		}
		f, err := os.Open(name)
		if err != nil {
			fileErrs = append(fileErrs, err)
			continue
		}
		replayOne(name, f, prefix)
		f.Close()
	}
	switch {
	case len(fileErrs) > 0:
		return errors.Join(fileErrs...)
	case bad > 0:
		return fmt.Errorf("%d of %d games had errors", bad, total)
	}
	return nil
}

// replayStream writes a line for each game of r and counts the games and
// the bad ones; the error is a read error that ended the stream early.
func replayStream(r io.Reader, v bashni.Variant, prefix string, stdout io.Writer) (games, bad int, err error) {
	rd := pdn.NewReader(r)
	rd.Variant = v
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games, bad, nil
		}
		var ge *pdn.GameError
		switch {
		case errors.As(err, &ge):
			games++
			bad++
			where := fmt.Sprintf("line %d", ge.Line)
			if ge.Move != "" {
				where = "move " + ge.Move
				if ge.Depth > 0 {
					where += " (in a variation)"
				}
			}
			fmt.Fprintf(stdout, "%serror game %d, %s: %s\n", prefix, ge.Game, where, ge.Reason())
		case err != nil:
			return games, bad, err
		default:
			games++
			fmt.Fprintf(stdout, "%sok %d %s\n", prefix, g.Plies(), g.Position().FEN())
		}
	}
}
