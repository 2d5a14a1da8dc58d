// Package hub is the Hub protocol, version 2: the line protocol of the Scan
// draughts engine, which GUIs, pydraughts' HubEngine, lidraughts bots and
// tournament scripts speak to engines. A Session is one conversation on a
// pair of streams, for every bashni ruleset:
//
//	err := hub.NewSession(os.Stdout, hub.Options{}).Run(os.Stdin)
//
// The commands and answers are those of Scan's protocol.txt (hub -> id,
// param, wait; init -> ready; set-param; new-game; pos; level; go think,
// ponder or analyze -> info ..., done; stop; ponder-hit; ping -> pong; quit),
// with unknown commands and arguments ignored as the protocol requires and
// "error message=..." for a line that is malformed, after which the session
// goes on. A session never stops reading: a search runs in the background,
// and a command sent during it waits for its end without holding back the
// lines after it. It answers lidraughts' in-browser analysis as Scan does
// (tt-size, level lines that add up, captures written as their path).
//
// For the classic 8x8 games (russian-draughts, brazilian-draughts: variant
// values "russian" and "brazilian") positions and moves are written as
// pydraughts sends and reads them (ParsePosition, FormatMove). Column
// checkers, which no Hub client knows, get an extension that old clients
// never send: "pos fen=<FEN with towers>", and moves in bashni's notation.
package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/endgame"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/background"
	"github.com/bashni-dev/bashni/internal/lineread"
	"github.com/bashni-dev/bashni/internal/oneline"
	"github.com/bashni-dev/bashni/internal/strictnum"
)

// Options configure a Session; the zero Options are the defaults.
type Options struct {
	// HashMB is the transposition table's size in MiB (the "hash"
	// parameter); 0 means engine.DefaultHashMB.
	HashMB int
	// Threads is the number of search threads (the "threads"
	// parameter); 0 means 1.
	Threads int
	// Book, when set, gives "go think" its move in the book's positions,
	// in the book's ruleset (the "book" parameter, whose value is
	// BookFile, the file it was read from); a search of several lines
	// (multipv) and one without a limit ("level infinite", which only
	// "stop" ends) search all the same. Both are set or neither: Validate
	// refuses one without the other.
	Book     *book.Book
	BookFile string
	// BookMargin is how far below the best book move's score, in
	// hundredths of a man, the moves played may be (the "book-margin"
	// parameter, 0 to MaxBookMargin): 0 plays the best, more
	// plays those within the margin at random, in proportion to their
	// weights.
	BookMargin int
	// Tables is the directory of endgame tables the engine probes in the
	// rulesets that have them (the "tables" parameter, a directory that
	// bashni tables build wrote); nil means none.
	Tables *endgame.Library
}

// MaxBookMargin is the largest book-margin, in hundredths of a man.
const MaxBookMargin = 10000

// Validate reports Options a Session cannot honour, as the parameters they
// start are checked when set-param sets them: a HashMB other than 0 (the
// default) or 1 to 65536 MiB (the hash parameter's range), or a table larger
// than the machine's memory (engine.Options.Validate); Threads other than 0
// (one) or 1 to engine.MaxThreads; a BookMargin other than 0 to
// MaxBookMargin; a BookFile with no Book or a Book with no BookFile (the
// handshake's book parameter, BookFile, would name a book not in use or
// hide the one in use). Run returns its error before reading or writing a
// line, so the hub handshake never advertises a value out of its
// parameter's range, nor a book other than the one in use.
func (o Options) Validate() error {
	switch {
	case o.HashMB < 0 || o.HashMB > maxHashMB:
		return fmt.Errorf("hub: hash %d: want 1 to %d MiB", o.HashMB, maxHashMB)
	case o.Threads < 0 || o.Threads > engine.MaxThreads:
		return fmt.Errorf("hub: threads %d: want 1 to %d", o.Threads, engine.MaxThreads)
	case o.BookMargin < 0 || o.BookMargin > MaxBookMargin:
		return fmt.Errorf("hub: book-margin %d: want 0 to %d", o.BookMargin, MaxBookMargin)
	case o.Book == nil && o.BookFile != "":
		return fmt.Errorf("hub: book file %q with no Book: want both or neither", o.BookFile)
	case o.Book != nil && o.BookFile == "":
		return errors.New("hub: a Book with no BookFile: want both or neither")
	}
	return engine.Options{HashMB: o.HashMB, Threads: o.Threads}.Validate()
}

// MaxLine is the longest line a Session reads, in bytes; a longer one is
// answered with an error and skipped.
const MaxLine = 1 << 20

// DefaultMoveTime is the time a search takes when no level line has been
// sent since the last pos or go.
const DefaultMoveTime = time.Second

// A Session is one Hub conversation: its parameters, the position to
// search, the search limits and the search under way.
type Session struct {
	outMu sync.Mutex
	out   *bufio.Writer
	werr  error // the first error writing the output; the session ends with it

	// mu guards the rest: it is held while a line is answered and while a
	// search that has ended answers the lines kept for it.
	mu      sync.Mutex
	opts    Options
	variant bashni.Variant
	name    string // the variant parameter's value
	eng     *engine.Engine
	engOpts engine.Options // the options eng was made with

	rng *rand.Rand // draws the book moves within the margin

	// game is replaced, never changed, by a command that changes the game,
	// so a search under way keeps reading the one it was given.
	game *bashni.Game

	level level
	lines int // the multipv parameter: the best moves each search shows (0: 1)

	// The search under way, if any (it ends with its done line), and in
	// ponder mode what starts its clock.
	search    *background.Job
	searchLim engine.Limits // its limits
	ponderHit func()
	endless   bool            // the search ends only by stop (level infinite, or ponder before ponder-hit)
	stopping  bool            // stop was sent to the search under way
	root      bashni.Position // the searched position, for the info lines

	// The lines sent during the search that wait for its end, and their
	// size in bytes (at most MaxPending).
	pending      []string
	pendingBytes int
	closed       bool // quit or the end of the input: no search starts again
}

// MaxPending is the most bytes of commands a Session keeps while a search
// runs (each waits for the search's end); a command beyond it is answered
// with an error and dropped.
const MaxPending = 2 * MaxLine

// NewSession returns a session that answers on out. It plays Russian
// draughts (the variant "russian") from the start until told otherwise.
// With a nil out it has nowhere to answer, and with opts that
// Options.Validate refuses it cannot honour them: its Run is an error.
func NewSession(out io.Writer, opts Options) *Session {
	s := &Session{opts: opts, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
	if out != nil {
		s.out = bufio.NewWriter(out)
	}
	v, _ := variantOf(defaultVariant)
	s.setVariant(defaultVariant, v)
	return s
}

// write writes one line and flushes it, so the GUI sees it at once. The
// first write error is kept (writeError), and later lines are dropped.
func (s *Session) write(line string) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	if s.werr != nil {
		return
	}
	s.out.WriteString(line)
	s.out.WriteByte('\n')
	s.werr = s.out.Flush()
}

// writeError returns the first error writing the output.
func (s *Session) writeError() error {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	return s.werr
}

// errorf answers "error message=...". The protocol has no way to quote a
// double quote, so each becomes a single quote; a line break becomes a
// space, and the rest of what would not be one line of text (a control
// character, a byte that is not UTF-8, echoed from the input) is escaped
// as Go writes it (\r, \x01, \xff).
//
// An error among args is written by its bashni.Message, without the
// library's "bashni: ".
func (s *Session) errorf(format string, args ...any) {
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = bashni.Message(err)
		}
	}
	msg := oneLine(fmt.Sprintf(format, args...))
	s.write(Message{Command: "error", Args: []Arg{{Name: "message", Value: msg, HasValue: true}}}.String())
}

// oneLine returns msg as one line of text for an error message: its
// double quotes single, its line breaks spaces, and the rest that is not
// text escaped (oneline.Escape).
func oneLine(msg string) string {
	return oneline.Escape(strings.NewReplacer(`"`, `'`, "\n", " ").Replace(msg))
}

// Run reads and answers lines until "quit" or the end of the input. It
// never waits for a search to read on: a search runs in the background,
// and the lines sent during it are answered at once (ping, stop,
// ponder-hit, quit) or kept until it ends. The end of the input means the
// GUI is gone: a search under way is stopped (its done line is still
// written), the lines kept for after it are dropped, and Run returns. The
// error is a read error, or the first error writing the output, which ends
// the session too. A Session with no output (the zero Session, or one made
// with a nil out) returns an error at once, reading nothing, and so does
// one made with Options that Validate refuses (with its error), writing
// nothing.
func (s *Session) Run(in io.Reader) error {
	if s.out == nil {
		return errors.New("hub: the Session has no output (NewSession gives it one)")
	}
	if err := s.opts.Validate(); err != nil {
		return err
	}
	lr := lineread.New(in, MaxLine)
	for {
		line, err := lr.Next()
		switch {
		case errors.Is(err, lineread.ErrTooLong):
			s.errorf("a line longer than %d bytes; it is ignored", MaxLine)
		case err != nil:
			s.close()
			if err == io.EOF {
				err = nil
			}
			return errors.Join(err, s.writeError())
		case !s.answer(line):
			s.close()
			return s.writeError()
		}
		if err := s.writeError(); err != nil {
			s.close()
			return err
		}
	}
}

// answer answers one line read from the GUI and reports whether to go on.
// After stop it waits for the search's done line (and for the lines kept
// for after it), so that what follows is answered after them.
func (s *Session) answer(line string) bool {
	s.mu.Lock()
	goOn, stopped := s.execute(line)
	s.mu.Unlock()
	stopped.Wait()
	return goOn
}

// close ends the session: no search starts again, the lines kept for
// after the search under way are dropped, and that search is stopped.
func (s *Session) close() {
	s.mu.Lock()
	s.closed, s.pending, s.pendingBytes = true, nil, 0
	job := s.search
	s.mu.Unlock()
	job.Stop()
}

// execute answers one line, with s.mu held, and reports whether to go on
// and the search that a stop line cancelled, to be waited for once s.mu is
// released.
func (s *Session) execute(line string) (goOn bool, stopped *background.Job) {
	m, err := ParseMessage(line)
	if err == ErrEmpty {
		return true, nil
	}
	// A malformed line is answered in its turn: during a search, after
	// the lines kept before it.
	bad := ""
	if err != nil {
		bad = fmt.Sprintf("%s: %v", shortText(line), strings.TrimPrefix(err.Error(), "hub: "))
	} else if name, twice := m.Repeated(); twice {
		bad = fmt.Sprintf("%s: %s is given twice", m.Command, name)
	}
	if bad != "" {
		if s.search == nil || s.endless && !s.stopping {
			s.errorf("%s", bad)
		} else {
			s.keep(shortText(line), line)
		}
		return true, nil
	}
	switch m.Command {
	case "quit":
		return false, nil
	case "ping":
		s.write("pong")
		return true, nil
	case "stop":
		if s.search != nil {
			s.search.Cancel()
			s.stopping = true
		}
		return true, s.search
	case "ponder-hit":
		if s.search != nil && s.ponderHit != nil {
			s.ponderHit()
			s.endless = !bounded(s.searchLim, true)
		}
		return true, nil
	}
	if !known[m.Command] {
		return true, nil // the protocol says to ignore what is not understood
	}
	if s.search != nil {
		if s.endless && !s.stopping {
			s.errorf("%s: a search without a limit is under way (send stop first)", m.Command)
		} else {
			s.keep(m.Command, line)
		}
		return true, nil
	}
	s.run(m)
	return true, nil
}

// keep keeps a line sent during a search, named by what, to be answered
// when the search is done, unless MaxPending bytes are kept already.
func (s *Session) keep(what, line string) {
	if s.pendingBytes+len(line) > MaxPending {
		s.errorf("%s: more than %d bytes of commands sent during the search; it is ignored", what, MaxPending)
		return
	}
	s.pending = append(s.pending, line)
	s.pendingBytes += len(line)
}

// run answers a command read outside a search.
func (s *Session) run(m Message) {
	switch m.Command {
	case "hub":
		s.hello()
	case "init":
		if err := s.makeEngine(); err != nil {
			s.errorf("init: %v", err)
		}
		s.write("ready")
	case "set-param":
		if err := s.setParam(m); err != nil {
			s.errorf("set-param: %v", err)
		}
	case "new-game":
		if s.eng != nil {
			s.eng.Clear()
		}
	case "pos":
		if err := s.position(m); err != nil {
			s.errorf("pos: %v", err)
		}
		s.level = level{} // as in Scan, a position starts the limits afresh
	case "level":
		l, err := s.level.add(m)
		if err != nil {
			s.errorf("level: %v", err)
			break
		}
		s.level = l
	case "go":
		if err := s.goSearch(m); err != nil {
			// A GUI waits for done after go: it comes, with no move, as
			// Scan writes it when it has none.
			s.errorf("go: %v", err)
			s.write("done")
		}
		s.level = level{} // as in Scan, each search starts the limits afresh
	}
}

// known are the commands read outside a search.
var known = map[string]bool{"hub": true, "init": true, "set-param": true, "new-game": true, "pos": true, "level": true, "go": true}

// hello answers "hub": who the engine is, its parameters, and wait.
func (s *Session) hello() {
	s.write(`id name=bashni version=1 author="the bashni authors"`)
	s.write(Message{Command: "param", Args: []Arg{
		{Name: "name", Value: "variant", HasValue: true},
		{Name: "value", Value: s.name, HasValue: true},
		{Name: "type", Value: "enum", HasValue: true},
		{Name: "values", Value: strings.Join(variantValues(), " "), HasValue: true},
	}}.String())
	s.write(fmt.Sprintf("param name=threads value=%d type=int min=1 max=%d", max(s.opts.Threads, 1), engine.MaxThreads))
	s.write(fmt.Sprintf("param name=hash value=%d type=int min=1 max=%d", s.hashMB(), maxHashMB))
	s.write(fmt.Sprintf("param name=tt-size value=%d type=int min=%d max=%d", ttSize(s.hashMB()), minTTSize, ttSize(maxHashMB)))
	s.write(Message{Command: "param", Args: []Arg{
		{Name: "name", Value: "book", HasValue: true},
		{Name: "value", Value: s.opts.BookFile, HasValue: true},
		{Name: "type", Value: "string", HasValue: true},
	}}.String())
	s.write(fmt.Sprintf("param name=book-margin value=%d type=int min=0 max=%d", s.opts.BookMargin, MaxBookMargin))
	s.write(Message{Command: "param", Args: []Arg{
		{Name: "name", Value: "tables", HasValue: true},
		{Name: "value", Value: s.opts.Tables.Dir(), HasValue: true},
		{Name: "type", Value: "string", HasValue: true},
	}}.String())
	s.write("wait")
}

const maxHashMB = 1 << 16

// Scan's tt-size parameter, which lidraughts sends, is the table's size as
// log2 of its 16-byte entries: N is 2^(N-16) MiB (lidraughts' 64 MiB is
// 22), from 1 MiB (16), as the hash parameter counts.
const minTTSize = 16

// ttSize returns the tt-size of a table of mb MiB, rounded down (the engine
// rounds its table down to a power of two).
func ttSize(mb int) int {
	return minTTSize + bits.Len(uint(mb)) - 1
}

// MaxMultiPV is the largest value of the multipv parameter, bashni's
// extension (set-param name=multipv value=N): hello does not announce it,
// so the handshake stays Scan's.
const MaxMultiPV = 256

func (s *Session) hashMB() int {
	if s.opts.HashMB > 0 {
		return s.opts.HashMB
	}
	return engine.DefaultHashMB
}

// setParam reads "set-param name=... value=...". Unknown names are ignored.
func (s *Session) setParam(m Message) error {
	name, _ := m.Get("name")
	value, ok := m.Get("value")
	switch name {
	case "variant", "threads", "hash", "tt-size", "tables", "multipv", "book", "book-margin":
		if !ok {
			return fmt.Errorf("%s: the value is missing", name)
		}
	default:
		return nil
	}
	switch name {
	case "variant":
		v, err := variantOf(value)
		if err != nil {
			return err
		}
		s.setVariant(value, v)
	case "threads":
		n, err := strictnum.Int(value, 1, engine.MaxThreads)
		if err != nil {
			return fmt.Errorf("threads: %v", err)
		}
		s.opts.Threads = n
	case "hash":
		n, err := strictnum.Int(value, 1, maxHashMB)
		if err == nil {
			err = s.setHash(n)
		}
		if err != nil {
			return fmt.Errorf("hash: %v", err)
		}
	case "book":
		return s.setBook(value)
	case "book-margin":
		n, err := strictnum.Int(value, 0, MaxBookMargin)
		if err != nil {
			return fmt.Errorf("book-margin: %v", err)
		}
		s.opts.BookMargin = n
	case "tt-size":
		n, err := strictnum.Int(value, minTTSize, ttSize(maxHashMB))
		if err == nil {
			err = s.setHash(1 << (n - minTTSize))
		}
		if err != nil {
			return fmt.Errorf("tt-size: %v", err)
		}
	case "tables":
		return s.setTables(value)
	case "multipv":
		n, err := strictnum.Int(value, 1, MaxMultiPV)
		if err != nil {
			return fmt.Errorf("multipv: %v", err)
		}
		s.lines = n
	}
	return nil
}

// setBook reads the book file named. Scan's book parameter is a bool, which
// clients written for Scan send: "false" (and "") is no book, and "true"
// keeps the book there is. On an error the book stays as it was.
func (s *Session) setBook(file string) error {
	switch file {
	case "", "false":
		s.opts.Book, s.opts.BookFile = nil, ""
		return nil
	case "true":
		return nil
	}
	b, err := book.ReadFile(file, book.DefaultMaxBytes)
	if err != nil {
		return err
	}
	s.opts.Book, s.opts.BookFile = b, file
	return nil
}

// setTables makes the engine probe the endgame tables under dir from the
// next init or go ("": none); dir must be a directory.
func (s *Session) setTables(dir string) error {
	if dir == "" {
		s.opts.Tables = nil
		return nil
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("tables: %s is not a directory", dir)
	}
	s.opts.Tables = endgame.NewLibrary(dir)
	return nil
}

// setHash makes the table mb MiB from the next init or go, if the process
// can have it.
func (s *Session) setHash(mb int) error {
	if err := (engine.Options{HashMB: mb}).Validate(); err != nil {
		return err
	}
	s.opts.HashMB = mb
	return nil
}

// setVariant makes v the ruleset, at its start.
func (s *Session) setVariant(name string, v bashni.Variant) {
	s.name, s.variant = name, v
	start := v.MustStart() // v is variantOf's: a preset, valid
	s.game = bashni.NewGameFrom(&start)
}

// makeEngine makes the engine for the current options, unless it has them.
func (s *Session) makeEngine() error {
	tables, err := s.opts.Tables.For(s.variant)
	if err != nil {
		return err
	}
	o := engine.Options{HashMB: s.hashMB(), Threads: max(s.opts.Threads, 1), Tables: tables, Progress: s.info}
	if s.eng != nil && o.HashMB == s.engOpts.HashMB && o.Threads == s.engOpts.Threads && o.Tables == s.engOpts.Tables {
		return nil
	}
	e, err := engine.New(o)
	if err != nil {
		return err
	}
	s.eng, s.engOpts = e, o
	return nil
}

// position reads "pos pos=<position> [moves=<moves>]", or the extension
// "pos fen=<FEN> [moves=<moves>]" (towers), and sets the game; on an error
// it stays as it was.
func (s *Session) position(m Message) error {
	var start bashni.Position
	var err error
	fen, hasFEN := m.Get("fen")
	text, hasPos := m.Get("pos")
	switch {
	case hasFEN:
		start, err = bashni.ParseFEN(s.variant, fen)
	case hasPos:
		start, err = ParsePosition(s.variant, text)
	default:
		return errors.New("want pos=<position> (or fen=<FEN>)")
	}
	if err != nil {
		return err
	}
	movesText, _ := m.Get("moves")
	g := bashni.NewGameFrom(&start)
	for i, t := range strings.Fields(movesText) {
		mv, err := ParseMove(g.Position(), t)
		if err == nil {
			// A move after the end of the game (a draw by repetition or
			// the kings-only rule) is refused, as one in a lost position.
			err = g.Play(mv)
		}
		if err != nil {
			return fmt.Errorf("move %d: %s", i+1, bashni.Message(err))
		}
	}
	s.game = g
	return nil
}

// goSearch starts "go think", "go ponder" or "go analyze" in the
// background; the search writes its done line when it ends, and then
// answers the lines sent during it.
func (s *Session) goSearch(m Message) error {
	mode := ""
	for _, a := range m.Args {
		if a.Name == "think" || a.Name == "ponder" || a.Name == "analyze" {
			mode = a.Name
			break
		}
	}
	if mode == "" {
		return errors.New("want think, ponder or analyze")
	}
	if !s.game.Position().HasLegalMoves() {
		return errors.New("the position has no legal move (the game is over)")
	}
	if s.closed {
		return nil
	}
	if err := s.makeEngine(); err != nil {
		return err
	}
	lim := s.level.limits()
	lim.Lines = s.lines
	s.ponderHit = nil
	if mode == "ponder" {
		// The clock runs from ponder-hit: until then only depth and nodes
		// bound the search.
		lim.Ponder = &engine.Ponder{}
		s.ponderHit = lim.Ponder.Hit
	}
	s.root, s.searchLim, s.endless, s.stopping = *s.game.Position(), lim, !bounded(lim, mode != "ponder"), false
	eng, g, root := s.eng, s.game, s.root
	search := eng.SearchGame
	// The book answers go think at once: not one without a limit, which
	// only stop ends, as the protocol's go infinite searches too.
	if b := s.opts.Book; mode == "think" && !s.endless && b != nil && b.Check(g.Variant()) == nil {
		p := &book.Player{Engine: eng, Book: b, Margin: s.opts.BookMargin}
		if p.Margin > 0 {
			p.Rand = s.rng
		}
		search = p.SearchGame
	}
	s.search = background.Start(func(ctx context.Context) {
		res, err := search(ctx, g, lim)
		// The done line and the search's end are one step under s.mu, so
		// a line the GUI sends once it has read done never finds the
		// search under way.
		s.mu.Lock()
		defer s.mu.Unlock()
		if err != nil {
			s.errorf("go: %v", err)
			s.write("done")
		} else {
			line := "done move=" + FormatMove(&root, res.Move)
			if len(res.PV) > 1 && res.PV[0] == res.Move {
				next := root.PlayUnchecked(res.Move)
				line += " ponder=" + FormatMove(&next, res.PV[1])
			}
			s.write(line)
		}
		s.searchEnded()
	})
	return nil
}

// searchEnded is the end of a search, on its goroutine, with s.mu held:
// the lines sent during it are answered now, in order, until one starts
// another search (which keeps the rest for its own end).
func (s *Session) searchEnded() {
	s.search, s.ponderHit, s.endless, s.stopping = nil, nil, false, false
	kept := s.pending
	s.pending, s.pendingBytes = nil, 0
	for _, line := range kept {
		s.execute(line) // a kept line is never a well-formed stop, quit or ping
	}
}

// info writes an engine iteration as an info line: depth, mean depth of
// the leaves, score in men (a win in n plies is 100 - n/100, as Scan and
// pydraughts read it), nodes, time in seconds, speed in millions of nodes
// per second and the line. With the multipv parameter above 1 it writes a
// line for each of the best moves, best first, numbered by multipv=K.
func (s *Session) info(i engine.Info) {
	if len(i.Lines) <= 1 {
		s.infoLine(i, engine.Line{Score: i.Score, PV: i.PV}, 0)
		return
	}
	for k, l := range i.Lines {
		s.infoLine(i, l, k+1)
	}
}

// infoLine writes one line of the iteration i; k numbers it (0: only one).
func (s *Session) infoLine(i engine.Info, l engine.Line, k int) {
	pv := make([]string, 0, len(l.PV))
	pos := s.root
	for _, m := range l.PV {
		pv = append(pv, FormatMove(&pos, m))
		pos = pos.PlayUnchecked(m)
	}
	args := []Arg{{Name: "depth", Value: strconv.Itoa(i.Depth), HasValue: true}}
	if k > 0 {
		args = append(args, Arg{Name: "multipv", Value: strconv.Itoa(k), HasValue: true})
	}
	s.write(Message{Command: "info", Args: append(args, []Arg{
		{Name: "mean-depth", Value: strconv.FormatFloat(i.MeanDepth, 'f', 1, 64), HasValue: true},
		{Name: "score", Value: menScore(l.Score), HasValue: true},
		{Name: "nodes", Value: strconv.FormatUint(i.Nodes, 10), HasValue: true},
		{Name: "time", Value: strconv.FormatFloat(i.Time.Seconds(), 'f', 3, 64), HasValue: true},
		{Name: "nps", Value: strconv.FormatFloat(i.NPS()/1e6, 'f', 3, 64), HasValue: true},
		{Name: "pv", Value: strings.Join(pv, " "), HasValue: true},
	}...)}.String())
}

// menScore writes a score in men with two decimals; a forced win in n
// plies is 100 - n/100 (so 99.93), a loss its negative.
func menScore(sc engine.Score) string {
	v := int(sc)
	switch {
	case sc >= engine.WinThreshold:
		v = 10000 - sc.Plies()
	case sc <= -engine.WinThreshold:
		v = -(10000 - sc.Plies())
	}
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}
