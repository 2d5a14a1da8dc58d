package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/bashni-dev/bashni"
)

// errUsage marks an error the flag set has already reported on stderr,
// together with the usage; runCLI only sets the exit status for it.
var errUsage = errors.New("usage error")

// newFlagSet returns the flag set of subcommand name, writing its messages to
// stderr. synopsis is what follows "bashni <name>" in the usage line, such as
// "[flags] DEPTH"; about is a sentence or two on what the subcommand does.
func newFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("bashni "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: bashni %s %s\n\n%s\n\nflags:\n", name, synopsis, about)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses args with fs and returns the positional arguments. Flags
// may come before, between or after the positional arguments; "--" ends the
// flags. It returns flag.ErrHelp for -h, and errUsage for a flag error (which
// fs has already printed).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// wantArgs checks the number of positional arguments, naming what is
// expected when it is wrong.
func wantArgs(args []string, n int, what string) error {
	if len(args) != n {
		if n == 0 {
			return fmt.Errorf("unexpected argument %q (this subcommand takes only flags)", args[0])
		}
		return fmt.Errorf("want %s, got %d arguments %q", what, len(args), args)
	}
	return nil
}

// positionFlags are the flags that choose a position: a ruleset, a start
// (its start position or a FEN) and moves played from there. Subcommands
// that work on one position share them.
type positionFlags struct {
	variant string
	fen     string
	moves   string
}

// addPositionFlags defines -variant, -fen and -moves on fs.
func addPositionFlags(fs *flag.FlagSet) *positionFlags {
	pf := &positionFlags{}
	fs.StringVar(&pf.variant, "variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides, e.g. \"russian,majority=on\"")
	fs.StringVar(&pf.fen, "fen", "", "start from this FEN instead of the ruleset's start position")
	fs.StringVar(&pf.moves, "moves", "", "moves to play first, separated by spaces, e.g. \"1. c3-d4 b6-a5\"")
	return pf
}

// ruleset returns the variant named by -variant.
func (pf *positionFlags) ruleset() (bashni.Variant, error) {
	return bashni.ParseVariant(pf.variant)
}

// position returns the position the flags describe: the variant's start or
// the FEN, after the moves.
func (pf *positionFlags) position() (bashni.Position, error) {
	v, err := pf.ruleset()
	if err != nil {
		return bashni.Position{}, err
	}
	var pos bashni.Position
	if pf.fen != "" {
		pos, err = bashni.ParseFEN(v, pf.fen)
	} else {
		pos, err = v.Start()
	}
	if err != nil {
		return bashni.Position{}, err
	}
	return playMoves(pos, pf.moves)
}

// moveListError reports a move of a -moves list that cannot be played: its
// place in the list (from 1, move numbers not counted) and why.
type moveListError struct {
	Index int
	Err   error // a *bashni.MoveError
}

func (e *moveListError) Error() string {
	msg := errorText(e.Err)
	// The library lists the legal moves for an illegal or ambiguous move; for
	// text that is not a move at all the list helps just as much.
	var me *bashni.MoveError
	if errors.As(e.Err, &me) && errors.Is(e.Err, bashni.ErrBadMoveText) {
		if legal := bashni.MoveTexts(me.Position.LegalMoves()); len(legal) > 0 {
			msg += " (legal: " + strings.Join(legal, " ") + ")"
		} else {
			msg += " (no legal moves)"
		}
	}
	return fmt.Sprintf("-moves: move %d: %s", e.Index, msg)
}

func (e *moveListError) Unwrap() error { return e.Err }

// playMoves plays the space-separated moves of list from pos, in any text
// ParseMove reads. Move numbers ("1.", "12...", also glued on as "1.c3-d4")
// are skipped, so a line copied from a game record works.
func playMoves(pos bashni.Position, list string) (bashni.Position, error) {
	index := 0
	for _, tok := range strings.Fields(list) {
		tok = stripMoveNumber(tok)
		if tok == "" {
			continue
		}
		index++
		m, err := pos.ParseMove(tok)
		if err == nil {
			pos, err = pos.Play(m)
		}
		if err != nil {
			return bashni.Position{}, &moveListError{Index: index, Err: err}
		}
	}
	return pos, nil
}

// stripMoveNumber removes a leading move number with its dots ("12.",
// "12..."), and a token of dots alone; other text is returned unchanged.
func stripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	j := i
	for j < len(tok) && tok[j] == '.' {
		j++
	}
	if j == i {
		// No dots: not a move number (perhaps a bad move, for ParseMove to
		// report).
		return tok
	}
	return tok[j:]
}
