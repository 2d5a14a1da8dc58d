// Package protocol is the engine's line protocol, spoken by "bashni engine"
// on standard input and output for GUIs and bots: commands such as
// "position startpos moves c3-d4" and "go depth 8" one per line, answers
// such as "bestmove e5xc3" (docs/PROTOCOL.md). A Session holds one
// conversation:
//
//	s, err := protocol.NewSession(os.Stdout, engine.DefaultHashMB)
//	if err == nil {
//		err = s.Run(os.Stdin)
//	}
package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/endgame"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/lineread"
	"github.com/bashni-dev/bashni/internal/oneline"
	"github.com/bashni-dev/bashni/internal/strictnum"
	"github.com/bashni-dev/bashni/internal/sysmem"
)

// Version is the version of the line protocol, announced in answer to
// "bashni".
const Version = 1

// A Session is the state of one protocol conversation: the ruleset, the
// game, the engine and the search under way.
type Session struct {
	outMu sync.Mutex
	out   *bufio.Writer

	hashMB  int
	threads int              // engine.Options.Threads
	tables  *endgame.Library // where the engine's endgame tables are; nil: none
	variant bashni.Variant
	// game is replaced, never changed, by a command that changes the game,
	// so a search under way keeps reading the one it was given.
	game *bashni.Game
	eng  *engine.Engine
	// book, when set, gives the moves of its positions to go (not to go
	// infinite or ponder) in its ruleset, chosen within bookMargin of the
	// best by rng.
	book       *book.Book
	bookMargin int
	rng        *rand.Rand
	// searched is the position of the search under way, whose ruleset's
	// own notation the info lines write the principal variation in (lasca's
	// captures with 'x'); set before the search starts.
	searched *bashni.Position

	// The search under way, if any: cancel stops it, done is closed once
	// its bestmove line is written (with outMu held, so a command read
	// after the bestmove line never finds the search under way), and
	// infinite is set for a search only stop ends ("go infinite", or "go
	// ponder" with no limit of its own), ponder while it ponders (until
	// ponderhit).
	cancel   context.CancelFunc
	done     chan struct{}
	infinite bool
	ponder   *engine.Ponder

	// werr is the first error writing the output; the session ends with it.
	werr error

	// EndWait bounds how long a search under way at the end of the input
	// may go on before it is stopped, with its best move so far, so that
	// "echo 'go depth 8' | bashni engine" prints its result but nothing
	// searches for ever with nobody to send "stop" (0: DefaultEndWait). A
	// "go infinite" is stopped at once.
	EndWait time.Duration
}

// DefaultEndWait is the default of Session.EndWait.
const DefaultEndWait = 10 * time.Second

// MaxLine is the longest command line a session reads, in bytes; a longer
// one is answered with an error line and the session goes on.
const MaxLine = 1 << 20

// NewSession returns a session that answers on out, its engine with a
// transposition table of hashMB MiB. The ruleset is russian, at its start,
// until a command says otherwise. It returns engine.Options.Validate's
// error when hashMB is not a size the engine takes, and an error for a nil
// out.
func NewSession(out io.Writer, hashMB int) (*Session, error) {
	if out == nil {
		return nil, errors.New("protocol: a session needs an output (out is nil)")
	}
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		return nil, err
	}
	s := &Session{out: bufio.NewWriter(out), hashMB: hashMB, variant: g.Variant(), game: g, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
	if s.eng, err = s.newEngine(); err != nil {
		return nil, err
	}
	return s, nil
}

// newEngine makes the engine of the session's table size and threads;
// the commands that set them have checked them, and NewSession hands on
// the error of a size it was given. Tables that cannot be read are said in
// an error line, and the engine goes without them.
func (s *Session) newEngine() (*engine.Engine, error) {
	tables, err := s.tables.For(s.variant)
	if err != nil {
		s.errorf("tables: %v", err)
	}
	return engine.New(engine.Options{HashMB: s.hashMB, Threads: s.threads, Tables: tables, Progress: func(i engine.Info) {
		if len(i.Lines) <= 1 {
			s.printf("info depth %d seldepth %d score %s nodes %d nps %.0f time %d pv %s",
				i.Depth, i.SelDepth, protoScore(i.Score), i.Nodes, i.NPS(), i.Time.Milliseconds(), bashni.Notation{}.FormatLine(s.searched, i.PV))
			return
		}
		// go multipv N: a line each, best first, numbered from 1.
		for k, l := range i.Lines {
			s.printf("info depth %d seldepth %d multipv %d score %s nodes %d nps %.0f time %d pv %s",
				i.Depth, i.SelDepth, k+1, protoScore(l.Score), i.Nodes, i.NPS(), i.Time.Milliseconds(), bashni.Notation{}.FormatLine(s.searched, l.PV))
		}
	}})
}

// SetThreads sets the number of threads the engine searches with, from 1 to
// engine.MaxThreads, given as text (the argument of "threads"). Like a new
// table size it gives the session a new engine, which has learned nothing.
func (s *Session) SetThreads(text string) error {
	n, err := strictnum.Int(text, 1, engine.MaxThreads)
	if err != nil {
		return fmt.Errorf("threads: want a number from 1 to %d, got %q", engine.MaxThreads, text)
	}
	old := s.threads
	s.threads = n
	e, err := s.newEngine()
	if err != nil {
		s.threads = old
		return fmt.Errorf("threads: %w", err)
	}
	s.eng = e
	return nil
}

// SetBook makes b the session's opening book (nil: none): go plays its
// move where it has one. The book answers in its own ruleset only: in
// another, go searches as without it.
func (s *Session) SetBook(b *book.Book) { s.book = b }

// MaxBookMargin is the largest book margin, in hundredths of a man.
const MaxBookMargin = 10000

// SetBookMargin sets how far below the best book move's score, in
// hundredths of a man given as text (0 to MaxBookMargin; the argument of
// "bookmargin"), the book moves go plays may be: 0 (the default) plays
// the best always, and more plays the moves within the margin at random,
// in proportion to their weights.
func (s *Session) SetBookMargin(text string) error {
	n, err := strictnum.Int(text, 0, MaxBookMargin)
	if err != nil {
		return fmt.Errorf("bookmargin: want hundredths of a man from 0 to %d, got %q", MaxBookMargin, text)
	}
	s.bookMargin = n
	return nil
}

// SetTables makes the engine probe the endgame tables of the library (nil:
// none) in the rulesets that have them, from this command on: each
// "variant" command then opens its ruleset's tables, the first time, and
// gives the session a new engine.
func (s *Session) SetTables(l *endgame.Library) error {
	s.tables = l
	return s.renewEngine()
}

// renewEngine gives the session a new engine of its settings.
func (s *Session) renewEngine() error {
	e, err := s.newEngine()
	if err != nil {
		return err
	}
	s.eng = e
	return nil
}

// printf writes one line of output and flushes it, so a GUI sees it at once.
func (s *Session) printf(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	s.writeLine(format, args...)
}

// writeLine is printf with outMu held. The first write error is kept, and
// ends the session.
func (s *Session) writeLine(format string, args ...any) {
	fmt.Fprintf(s.out, format+"\n", args...)
	if err := s.out.Flush(); err != nil && s.werr == nil {
		s.werr = err
	}
}

// writeErr returns the first error writing the output, if any.
func (s *Session) writeErr() error {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	return s.werr
}

// protoScore writes a score for the protocol: "cp N" in hundredths of a
// man, or "win N" / "loss N" with the plies to the end.
func protoScore(sc engine.Score) string {
	switch {
	case sc >= engine.WinThreshold:
		return fmt.Sprintf("win %d", sc.Plies())
	case sc <= -engine.WinThreshold:
		return fmt.Sprintf("loss %d", sc.Plies())
	}
	return fmt.Sprintf("cp %d", int(sc))
}

// Run reads and executes commands until "quit", the end of the input, or
// an error writing the output, which it returns. A line longer than MaxLine
// is answered with an error line, and the session goes on. At the end of
// the input a search under way may go on for EndWait to finish, so "echo
// 'go depth 8' | bashni engine" prints its result; then, or at once for
// "go infinite", it is stopped and its bestmove printed. "quit" stops it at
// once. A Session not made by NewSession (the zero Session) has no engine
// and no output: its Run is an error at once.
func (s *Session) Run(in io.Reader) error {
	if s.out == nil {
		return errors.New("protocol: a Session not made by NewSession cannot run")
	}
	lr := lineread.New(in, MaxLine)
	for n := 1; ; n++ {
		line, err := lr.Next()
		switch {
		case errors.Is(err, lineread.ErrTooLong):
			s.errorf("line %d is longer than %d bytes", n, MaxLine)
			continue
		case err == io.EOF:
			s.endOfInput()
			return s.writeErr()
		case err != nil:
			s.stop()
			return err
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		goOn := s.execute(line)
		if err := s.writeErr(); err != nil || !goOn {
			s.stop()
			return err
		}
	}
}

// endOfInput ends the search under way, if any, as Run describes.
func (s *Session) endOfInput() {
	if s.done == nil {
		return
	}
	if !s.infinite && s.ponder == nil { // not go infinite, nor pondering
		wait := s.EndWait
		if wait <= 0 {
			wait = DefaultEndWait
		}
		select {
		case <-s.done:
		case <-time.After(wait):
		}
	}
	s.stop()
}

// searching reports whether a search is under way. Once its bestmove
// line is written it is not: the line and the end are one step under
// outMu.
func (s *Session) searching() bool {
	if s.done == nil {
		return false
	}
	s.outMu.Lock()
	defer s.outMu.Unlock()
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

// stop stops the search under way, if any, and waits for its bestmove.
func (s *Session) stop() {
	if s.cancel != nil {
		s.cancel()
	}
	s.wait()
}

// wait waits for the search under way, if any, to end.
func (s *Session) wait() {
	if s.done != nil {
		<-s.done
	}
	s.cancel, s.done = nil, nil
}

const protoHelp = `commands (one per line; answers in brackets):
  bashni                          [id name ..., id protocol N, variants ..., bashniok]
  isready                         [readyok]
  variant <text>                  ruleset, e.g. "russian" or "lasca,rejump=any"; resets to its start
  position startpos [moves M...]  the start position, then moves
  position fen <FEN> [moves M...] a position, then moves
  moves M...                      play moves from the current position
  newgame                         forget what earlier searches learned
  go [depth N] [nodes N] [movetime MS] [wtime MS btime MS [winc MS binc MS] [movestogo N]] [infinite] [ponder] [multipv N]
                                  search [info ... lines, then bestmove M | bestmove none];
                                  with infinite and no other limit, until stop;
                                  with ponder, without the time limits until ponderhit;
                                  with multipv N, the N best moves, an info line each
  ponderhit                       the pondering search goes on under its time limits
  stop                            end the search now [bestmove M]
  legal                           [legal M...]
  fen                             [fen <FEN>]
  show                            [the board, one "board" line per row]
  hash <MiB>                      transposition table size (takes effect now)
  threads <N>                     threads that search together (Lazy SMP; default 1)
  book <file> | book off          play from this opening book (bashni book build) in its ruleset
  bookmargin <N>                  play book moves up to N hundredths of a man below the best (default 0)
  quit                            stop and exit
errors are answered "error <what>"; the session goes on.`

// execute runs one command line and reports whether to go on.
func (s *Session) execute(line string) bool {
	fields := strings.Fields(line)
	cmd, args := fields[0], fields[1:]
	busy := func() bool {
		if s.searching() {
			s.printf("error %s: a search is under way (send stop first)", cmd)
			return true
		}
		s.wait()
		return false
	}
	switch cmd {
	case "quit":
		return false
	case "bashni":
		s.printf("id name bashni engine")
		s.printf("id protocol %d", Version)
		s.printf("variants %s", strings.Join(bashni.PresetNames(), " "))
		s.printf("bashniok")
	case "help":
		for _, l := range strings.Split(protoHelp, "\n") {
			s.printf("%s", l)
		}
	case "isready":
		s.printf("readyok")
	case "stop":
		s.stop()
	case "variant":
		if busy() {
			break
		}
		v, err := bashni.ParseVariant(strings.Join(args, " "))
		if err != nil {
			s.errorf("variant: %v", err)
			break
		}
		g, err := bashni.NewGame(v)
		if err != nil {
			s.errorf("variant: %v", err)
			break
		}
		s.variant, s.game = v, g
		if s.tables != nil {
			if err := s.renewEngine(); err != nil { // with the ruleset's tables
				s.errorf("variant: %v", err)
			}
		}
	case "position":
		if busy() {
			break
		}
		if err := s.position(args); err != nil {
			s.errorf("position: %v", err)
		}
	case "moves":
		if busy() {
			break
		}
		if err := s.playMoves(s.game, args); err != nil {
			s.errorf("moves: %v", err)
		}
	case "newgame":
		if busy() {
			break
		}
		s.eng.Clear()
	case "hash":
		if busy() {
			break
		}
		mb, err := strictnum.Int(strings.Join(args, " "), 1, 1<<16)
		if err != nil {
			s.errorf("hash: want a size in MiB from 1 to 65536, got %q", strings.Join(args, " "))
			break
		}
		if ok, have := sysmem.TableFits(mb); !ok {
			s.errorf("hash %d: more than this machine's memory (%d MiB)", mb, have)
			break
		}
		old := s.hashMB
		s.hashMB = mb
		e, err := s.newEngine()
		if err != nil {
			s.hashMB = old
			s.errorf("hash %d: %v", mb, err)
			break
		}
		s.eng = e
	case "ponderhit":
		if s.ponder == nil || !s.searching() {
			s.errorf("ponderhit: no search is pondering")
			break
		}
		s.ponder.Hit()
		s.ponder = nil
	case "threads":
		if busy() {
			break
		}
		if err := s.SetThreads(strings.Join(args, " ")); err != nil {
			s.errorf("%v", err)
		}
	case "book":
		if busy() {
			break
		}
		if err := s.loadBook(strings.Join(args, " ")); err != nil {
			s.errorf("%v", err) // "book: ..."
		}
	case "bookmargin":
		if busy() {
			break
		}
		if err := s.SetBookMargin(strings.Join(args, " ")); err != nil {
			s.errorf("%v", err)
		}
	case "go":
		if busy() {
			break
		}
		lim, infinite, err := s.goLimits(args)
		if err != nil {
			s.errorf("go: %v", err)
			break
		}
		s.goSearch(lim, infinite)
	case "legal":
		// Sorted, in the ruleset's own notation (lasca's captures with 'x').
		pos := s.game.Position()
		s.printf("legal %s", strings.Join(bashni.Notation{}.MoveTexts(pos, pos.LegalMoves()), " "))
	case "fen":
		s.printf("fen %s", s.game.Position().FEN())
	case "show":
		for _, l := range strings.Split(strings.TrimRight(s.game.Position().Diagram(), "\n"), "\n") {
			s.printf("board %s", l)
		}
	default:
		s.errorf("unknown command %q (try help)", cmd)
	}
	return true
}

// loadBook reads "book <file>" or "book off".
func (s *Session) loadBook(name string) error {
	switch name {
	case "":
		return errors.New("book: want a book file, or off")
	case "off":
		s.book = nil
		return nil
	}
	b, err := book.ReadFile(name, book.DefaultMaxBytes)
	if err != nil {
		return err
	}
	s.SetBook(b)
	return nil
}

// errorf answers an error line. An error among args is written by its
// bashni.Message, without the library's "bashni: ", as "error" already says
// what the line is. What is not text, echoed from the command (a control
// character, a byte that is not UTF-8), is written escaped as Go writes it
// (\x01, \xff), so the line is one line of UTF-8.
func (s *Session) errorf(format string, args ...any) {
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = bashni.Message(err)
		}
	}
	s.printf("error %s", oneline.Escape(fmt.Sprintf(format, args...)))
}

// position reads "startpos [moves ...]" or "fen <FEN> [moves ...]".
func (s *Session) position(args []string) error {
	if len(args) == 0 {
		return errors.New("want startpos or fen <FEN>")
	}
	var start bashni.Position
	var err error
	rest := args[1:]
	switch args[0] {
	case "startpos":
		if start, err = s.variant.Start(); err != nil {
			return err
		}
	case "fen":
		if len(rest) == 0 {
			return errors.New("fen: the FEN is missing")
		}
		p, err := bashni.ParseFEN(s.variant, rest[0])
		if err != nil {
			return err
		}
		start, rest = p, rest[1:]
	default:
		return fmt.Errorf("want startpos or fen <FEN>, got %q", args[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("want \"moves\" after the position, got %q", rest[0])
		}
		rest = rest[1:]
	}
	return s.playMoves(bashni.NewGameFrom(&start), rest)
}

// playMoves plays texts in a copy of g and makes that the game; on an
// error the game stays as it was. A move after the end of the game (a
// draw by repetition or the kings-only rule, docs/RULES.md section 9) is
// an error, as a move in a lost position is.
func (s *Session) playMoves(g *bashni.Game, texts []string) error {
	g = g.Clone()
	err := g.PlayLine(strings.Join(texts, " "))
	if le := (*bashni.LineError)(nil); errors.As(err, &le) {
		// `move 2: "c3-d4": not a legal move here`, each part once.
		return le
	}
	if err != nil {
		return err
	}
	s.game = g
	return nil
}

// MaxMultiPV is the most lines "go multipv N" asks for.
const MaxMultiPV = 256

// goLimits reads the arguments of "go", and whether it says "infinite".
// Numbers are digits only, and one too large is an error (a clock of
// 9223372036854775807 ms would wrap round to "no limit").
func (s *Session) goLimits(args []string) (lim engine.Limits, infinite bool, err error) {
	var clock [2]time.Duration
	var inc [2]time.Duration
	var clockGiven [2]bool
	movesToGo := 0
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		key := args[i]
		if seen[key] {
			return lim, false, fmt.Errorf("%s is given twice", key)
		}
		seen[key] = true
		switch key {
		case "infinite":
			infinite = true
			continue
		case "ponder":
			lim.Ponder = new(engine.Ponder)
			continue
		}
		if i+1 >= len(args) {
			return lim, false, fmt.Errorf("%s: the value is missing", key)
		}
		i++
		val := args[i]
		var ms time.Duration
		switch key {
		case "depth":
			lim.Depth, err = strictnum.Int(val, 0, engine.MaxPly/2)
		case "nodes":
			var n int64
			n, err = strictnum.Int64(val, 0, math.MaxInt64)
			lim.Nodes = uint64(n)
		case "movetime", "wtime", "btime", "winc", "binc":
			ms, err = strictnum.Millis(val)
		case "movestogo":
			var n int64
			n, err = strictnum.Int64(val, 0, math.MaxInt64)
			movesToGo = int(min(n, 1<<20))
		case "multipv":
			lim.Lines, err = strictnum.Int(val, 1, MaxMultiPV)
		default:
			return lim, false, fmt.Errorf("unknown limit %q", key)
		}
		if err != nil {
			return lim, false, fmt.Errorf("%s: %w", key, err)
		}
		switch key {
		case "movetime":
			lim.Time = ms
		case "wtime":
			clock[bashni.White], clockGiven[bashni.White] = ms, true
		case "btime":
			clock[bashni.Black], clockGiven[bashni.Black] = ms, true
		case "winc":
			inc[bashni.White] = ms
		case "binc":
			inc[bashni.Black] = ms
		}
	}
	if c := s.game.Position().Turn(); clockGiven[c] {
		left := clock[c]
		if left == 0 {
			left = -1 // a clock that reads 0 (the zero Clock is none): the quickest move
		}
		lim.Clock = engine.Clock{Left: left, Increment: inc[c], MovesToGo: movesToGo}
	}
	bounds := lim
	bounds.Lines = 0 // how many lines to show bounds nothing
	if !infinite && lim.Ponder == nil && bounds == (engine.Limits{}) {
		return lim, false, errors.New("no limit: give depth, nodes, movetime, wtime/btime, infinite or ponder")
	}
	return lim, infinite, nil
}

// goSearch starts a search of the current game in the background; it
// prints the bestmove line when it ends, and ends with it.
func (s *Session) goSearch(lim engine.Limits, infinite bool) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	// A "go ponder" with no limit of its own searches on after ponderhit
	// until stop, as "go infinite" does.
	bounded := lim.Depth > 0 || lim.Nodes > 0 || lim.Time > 0 || lim.Clock != (engine.Clock{})
	s.cancel, s.done, s.infinite = cancel, done, infinite || !bounded
	s.ponder = lim.Ponder
	eng, g := s.eng, s.game
	s.searched = g.Position()
	pos := g.Position()
	search := eng.SearchGame
	if s.book != nil && !infinite && s.book.Check(g.Variant()) == nil {
		p := &book.Player{Engine: eng, Book: s.book, Margin: s.bookMargin}
		if s.bookMargin > 0 {
			p.Rand = s.rng
		}
		search = p.SearchGame
	}
	go func() {
		defer cancel()
		res, err := search(ctx, g, lim)
		best := "none"
		switch {
		case errors.Is(err, engine.ErrNoMoves):
		case err != nil:
			s.errorf("go: %v", err)
		default:
			best = bashni.Notation{}.FormatMove(pos, res.Move)
			if res.Stop == book.StopBook {
				s.printf("info book score %s pv %s", protoScore(res.Score), best)
			}
		}
		s.outMu.Lock()
		defer s.outMu.Unlock()
		s.writeLine("bestmove %s", best)
		close(done)
	}()
}
