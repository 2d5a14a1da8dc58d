package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

func init() {
	register(&command{name: "replay", summary: "replay PDN game records: each game's plies and final FEN, or its error", run: runReplay})
}

// stdin is what replay and play read when they are given no file; tests
// replace it.
var stdin io.Reader = os.Stdin

// runReplay is "bashni replay [-variant NAME] [-strict] [-numbers] [FILE...]":
// one line per game, "ok <plies> <final FEN>" or "error game N, move M:
// <reason>", warnings on stderr, and exit status 1 when any game had an
// error.
func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "[-variant NAME] [-strict] [-numbers] [-numbering N2] [FILE...]",
		"Reads PDN game records (standard input when no file is named) and replays\n"+
			"every game, one line each:\n\n"+
			"  ok <plies> <final FEN>\n"+
			"  error game N, move M: <reason>\n\n"+
			"What a record gets wrong without changing its moves (a result that\n"+
			"contradicts the final position, [Result \"-\"], no blank line before the\n"+
			"moves) is a warning on standard error, \"warning: game N, line L: <reason>\";\n"+
			"-strict makes it the game's error. With several files each line starts with\n"+
			"the file's name. The exit status is 1 when any game had an error.", stderr)
	variant := fs.String("variant", "russian", "ruleset of games without a [Variant] or [GameType] tag: a preset or text form such as \"russian,majority=on\"")
	strict := fs.Bool("strict", false, "make warnings errors")
	numbers := fs.Bool("numbers", false, "write the final FEN with square numbers (1..32) in the -numbering")
	numbering := fs.String("numbering", "N2", "numbering of square numbers, where a record's GameType does not say: N2 (1 = b8, py-draughts'), N0 (1 = a1), N1, N3")
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	n, err := bashni.ParseNumbering(*numbering)
	if err != nil {
		return err
	}
	opt := replayOptions{variant: v, strict: *strict, numbers: *numbers, numbering: n}
	var total, bad int
	var fileErrs []error
	replayOne := func(name string, r io.Reader, prefix string) {
		n, b, err := replayStream(r, opt, prefix, stdout, stderr)
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
	if bad > 0 {
		fileErrs = append(fileErrs, fmt.Errorf("%d of %d games had errors", bad, total))
	}
	if len(fileErrs) > 0 {
		return oneLineErrors(fileErrs)
	}
	return nil
}

// oneLineErrors is several errors said on one line, separated by "; " (an
// error is one line on standard error).
type oneLineErrors []error

func (e oneLineErrors) Error() string {
	texts := make([]string, len(e))
	for i, err := range e {
		texts[i] = errorText(err)
	}
	return strings.Join(texts, "; ")
}

func (e oneLineErrors) Unwrap() []error { return e }

// replayOptions are replay's flags.
type replayOptions struct {
	variant   bashni.Variant
	strict    bool
	numbers   bool // the final FEN in square numbers
	numbering bashni.Numbering
}

// replayStream writes a line for each game of r, and its warnings to
// stderr, and counts the games and the bad ones; the error is a read error
// that ended the stream early.
func replayStream(r io.Reader, opt replayOptions, prefix string, stdout, stderr io.Writer) (games, bad int, err error) {
	rd := pdn.NewReader(r)
	rd.Variant = opt.variant
	rd.Strict = opt.strict
	rd.Numbering = opt.numbering
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
			for _, w := range g.Warnings {
				fmt.Fprintf(stderr, "%swarning: game %d, line %d: %s\n", prefix, w.Game, w.Line, w.Reason())
			}
			fen := bashni.Notation{Numbers: opt.numbers, Numbering: opt.numbering}.FEN(g.Game().Position())
			fmt.Fprintf(stdout, "%sok %d %s\n", prefix, g.Game().Plies(), fen)
		}
	}
}
