package main

import (
	"bufio"
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
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/pdn"
)

func init() {
	register(&command{name: "play", summary: "play a game at the terminal: two people, or against the engine", run: func(args []string, stdout, stderr io.Writer) error {
		return runPlay(args, stdout, stderr, searchMover())
	}})
}

// A mover chooses the engine's move in the game's current position, thinking
// for about think. It gets the whole game, not just the position, so that it
// can see repetitions and the kings-only count.
type mover func(ctx context.Context, g *bashni.Game, think time.Duration) (bashni.Move, error)

// searchMover returns the engine of "bashni play -engine": one searcher for
// the session, made on first use (so a game between two people does not pay
// for its table), keeping what it learns from move to move.
func searchMover() mover {
	var e *engine.Engine
	return func(ctx context.Context, g *bashni.Game, think time.Duration) (bashni.Move, error) {
		if e == nil {
			e = engine.MustNew(engine.Options{})
		}
		lim := engine.Limits{Time: think}
		if think <= 0 {
			lim = engine.Limits{Depth: 1} // no time to think: the best capture or step at a glance
		}
		res, err := e.SearchGame(ctx, g, lim)
		return res.Move, err
	}
}

const playHelp = `Type a move in notation (c3-d4, a3:c5:e7, or the short capture a3:e7),
optionally after its number ("12." or "12..."), or a command:
  moves   list the legal moves
  undo    take back the last move (against the engine: your last move and its reply)
  resign  resign the game for the side to move
  draw    agree to a draw (two players only)
  fen     print the position's FEN
  quit    stop here (the game stays unfinished)
  help    this text`

// runPlay is "bashni play [flags]": a game at one terminal, the diagram
// after each move, until it ends; engineMove plays the engine's side.
func runPlay(args []string, stdout, stderr io.Writer, engineMove mover) error {
	fs := newFlagSet("play", "[flags]",
		"Plays a game at the terminal: two people taking turns at the keyboard, or one\n"+
			"against the engine (-engine). The board is drawn after each move; the game\n"+
			"ends by the rules (no legal move, a draw rule), by resignation or by an\n"+
			"agreed draw, and its outcome is printed.\n\n"+playHelp, stderr)
	variant := fs.String("variant", "russian", "ruleset: a preset ("+strings.Join(bashni.PresetNames(), ", ")+") with optional overrides, e.g. \"russian,majority=on\"")
	var fen fenFlag
	fs.Var(&fen, "fen", "start from this FEN instead of the ruleset's start position")
	moves := fs.String("moves", "", "moves to play first, separated by spaces, e.g. \"1. c3-d4 b6-a5\"")
	engineFlag := fs.String("engine", "none", "the side the engine plays: none, white, black or both")
	think := fs.Duration("time", time.Second, "the engine's thinking time per move")
	record := fs.String("pdn", "", "write the game to this file as PDN when it ends (also when it is left or interrupted)")
	gff := addGameFileFlags(fs, "-pdn")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	var engineSide [2]bool // indexed by bashni.Color
	switch *engineFlag {
	case "none":
	case "white":
		engineSide[bashni.White] = true
	case "black":
		engineSide[bashni.Black] = true
	case "both":
		engineSide = [2]bool{true, true}
	default:
		return fmt.Errorf("-engine %q: want none, white, black or both", *engineFlag)
	}
	v, err := bashni.ParseVariant(*variant)
	if err != nil {
		return err
	}
	var g *bashni.Game
	if fen.given {
		var start bashni.Position
		if start, err = fen.parse(v); err == nil {
			g = bashni.NewGameFrom(&start)
		}
	} else {
		g, err = bashni.NewGame(v)
	}
	if err == nil {
		err = playGameMoves(g, *moves)
	}
	if err != nil {
		return err
	}
	if *think < 0 {
		return fmt.Errorf("-time %s is negative", *think)
	}
	// The file is opened before the game, so a path that cannot be written
	// is said at once, not when the game is over.
	var file *gameFile
	if *record != "" {
		if file, err = gff.open(*record, stderr); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := &playSession{game: g, engine: engineSide, engineMove: engineMove, think: *think, out: stdout}
	s.lines = readLines(stdin, &s.readErr)
	err = s.run(ctx)
	if file != nil {
		// The game so far, however it ended: over, left, or interrupted.
		rec := pdn.NewGame(g, pdn.Tag{Name: "Event", Value: "bashni play"},
			pdn.Tag{Name: "Date", Value: time.Now().Format("2006.01.02")})
		werr := file.Write(pdn.Writer{}, rec)
		if cerr := file.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return errors.Join(err, werr)
		}
		if err != nil {
			return fmt.Errorf("%w (the game so far, %d plies, saved to %s)", err, g.Plies(), *record)
		}
	}
	return err
}

// errInterrupted ends a game at Ctrl-C or SIGTERM.
var errInterrupted = errors.New("interrupted")

// readLines sends the lines of r, and closes the channel at its end or at
// a read error, which it stores in *errp first.
func readLines(r io.Reader, errp *error) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			out <- sc.Text()
		}
		*errp = sc.Err()
	}()
	return out
}

// playSession is one game at the terminal.
type playSession struct {
	game   *bashni.Game
	engine [2]bool // the engine plays this colour
	// engineMove chooses the engine's moves, thinking for think each.
	engineMove mover
	think      time.Duration
	lines      <-chan string // the input, line by line
	readErr    error         // why lines was closed, if not the end of the input
	out        io.Writer
}

// run plays until the game ends or the input does, or ctx ends it
// (errInterrupted).
func (s *playSession) run(ctx context.Context) error {
	g := s.game
	fmt.Fprint(s.out, g.Position().Diagram())
	for !g.Outcome().IsOver() {
		turn := g.Position().Turn()
		if s.engine[turn] {
			if err := s.engineTurn(ctx); err != nil {
				if ctx.Err() != nil {
					fmt.Fprintln(s.out)
					return errInterrupted
				}
				return err
			}
			continue
		}
		fmt.Fprintf(s.out, "%s %s to move> ", s.number(), turn)
		var line string
		var ok bool
		select {
		case line, ok = <-s.lines:
		case <-ctx.Done():
			fmt.Fprintln(s.out)
			return errInterrupted
		}
		if !ok {
			fmt.Fprintf(s.out, "\nGame left unfinished (%d plies played).\n", g.Plies())
			if s.readErr != nil {
				return fmt.Errorf("reading the input: %w", s.readErr)
			}
			return nil
		}
		if quit := s.command(strings.TrimSpace(line)); quit {
			fmt.Fprintf(s.out, "Game left unfinished (%d plies played).\n", g.Plies())
			return nil
		}
	}
	fmt.Fprintf(s.out, "Game over: %s\n", g.Outcome())
	return nil
}

// number is the move number of the next move: "12." or "12...".
func (s *playSession) number() string {
	ply := s.game.Plies()
	if s.game.Start().Turn() == bashni.Black {
		ply++
	}
	if ply%2 == 1 {
		return fmt.Sprintf("%d...", ply/2+1)
	}
	return fmt.Sprintf("%d.", ply/2+1)
}

// text writes a move of the game in its notation (the ruleset's own).
func (s *playSession) text(m bashni.Move) string {
	return s.game.Notation().FormatMove(s.game.Position(), m)
}

// engineTurn lets the engine choose and play a move.
func (s *playSession) engineTurn(ctx context.Context) error {
	m, err := s.engineMove(ctx, s.game, s.think)
	if err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	number := s.number()
	if err := s.game.Play(m); err != nil {
		return fmt.Errorf("engine chose %s: %w", m, err)
	}
	fmt.Fprintf(s.out, "%s %s (engine)\n", number, s.text(m))
	fmt.Fprint(s.out, s.game.Position().Diagram())
	return nil
}

// command carries out one line of input; quit reports "quit".
func (s *playSession) command(line string) (quit bool) {
	g := s.game
	switch strings.ToLower(line) {
	case "":
	case "quit", "exit":
		return true
	case "help", "?":
		fmt.Fprintln(s.out, playHelp)
	case "moves":
		fmt.Fprintln(s.out, strings.Join(g.Notation().MoveTexts(g.Position(), g.LegalMoves()), " "))
	case "fen":
		fmt.Fprintln(s.out, g.Position().FEN())
	case "undo":
		s.undo()
	case "resign":
		_ = g.Resign(g.Position().Turn())
	case "draw":
		if s.engine[0] || s.engine[1] {
			fmt.Fprintln(s.out, "The engine plays on.")
			break
		}
		_ = g.AgreeDraw()
	default:
		s.moves(line)
	}
	return false
}

// undo takes back the last move; against the engine, also the engine's
// moves before it, so that it is a person's turn again.
func (s *playSession) undo() {
	g := s.game
	if _, err := g.Undo(); err != nil {
		fmt.Fprintln(s.out, "Nothing to undo.")
		return
	}
	for s.engine[g.Position().Turn()] && g.Plies() > 0 && !(s.engine[0] && s.engine[1]) {
		_, _ = g.Undo()
	}
	fmt.Fprintf(s.out, "Taken back (%d plies played).\n", g.Plies())
	fmt.Fprint(s.out, g.Position().Diagram())
}

// moves plays the moves on the line (see bashni.SplitLine), in turn,
// stopping at the first that cannot be played.
func (s *playSession) moves(line string) {
	for _, tok := range bashni.SplitLine(line) {
		if s.engine[s.game.Position().Turn()] {
			fmt.Fprintf(s.out, "It is the engine's move; %q is not played.\n", tok)
			return
		}
		number := s.number()
		m, err := s.game.PlayText(tok)
		if err != nil {
			fmt.Fprintln(s.out, errorText(err))
			return
		}
		fmt.Fprintf(s.out, "%s %s\n", number, s.text(m))
		fmt.Fprint(s.out, s.game.Position().Diagram())
		if s.game.Outcome().IsOver() {
			return
		}
	}
}
