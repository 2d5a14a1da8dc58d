package match

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/satint"
)

// External is a player that is another program speaking the line protocol
// of "bashni engine" (package engine/protocol) on its standard input and
// output: a user's bot, or an older build of this engine. StartExternal
// starts one; Close ends it.
//
// For each move it sends the game as "position startpos moves ..." (or
// "position fen ..." when the game did not begin at the start) and "go"
// with its limits, and plays the move of the "bestmove" line that comes
// back. It talks protocol version 1 and needs no more of it than "bashni",
// "variant", "hash", "isready", "position", "go" and "quit" (and "threads"
// when asked for).
type External struct {
	*process
	limits  engine.Limits
	variant bashni.Variant
}

// process is another program and the lines it writes, for the players that
// talk a protocol with one (External, Hub).
type process struct {
	name   string // from its id line, or the command
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string // the program's output, line by line; closed at its end
	stderr *tailBuffer
	waited chan struct{} // closed once the program has exited
	err    error         // its exit status, once waited is closed

	// readErr is why the reading stopped, once lines is closed: nil at
	// the end of the output, bufio.ErrTooLong for a line over maxOutLine.
	readErr error
}

// maxOutLine is the longest line read from an external program, in bytes.
const maxOutLine = 1 << 20

// handshakeTimeout bounds the wait for answers outside of a search,
// searchSlack is the time a timed search gets beyond its limit or clock,
// and moveTimeout bounds the wait for the move of a search bounded only by
// depth or nodes, which has no time to go by: a program stuck there fails
// its game rather than hang the match (variables for the tests).
var (
	handshakeTimeout = 10 * time.Second
	searchSlack      = 10 * time.Second
	moveTimeout      = 5 * time.Minute
)

// StartExternal starts the program argv[0] with the arguments argv[1:],
// tells it the ruleset v, a table of hashMB MiB (0: its default) and
// threads threads (0: none sent), and checks that it answers. Its moves
// are searched under lim. A ruleset or limits that Validate refuses, or a
// negative hashMB or threads, is its error, and nothing is started.
func StartExternal(ctx context.Context, argv []string, v bashni.Variant, lim engine.Limits, hashMB, threads int) (*External, error) {
	if err := checkStart(v, lim, hashMB, threads); err != nil {
		return nil, err
	}
	proc, err := startProcess(argv)
	if err != nil {
		return nil, err
	}
	p := &External{process: proc, limits: lim, variant: v}
	fail := func(err error) (*External, error) {
		p.Close()
		return nil, err
	}
	if err := p.send("bashni"); err != nil {
		return fail(err)
	}
	if _, err := p.await(ctx, handshakeTimeout, "bashniok", func(l string) {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			p.name = name
		}
	}); err != nil {
		return fail(err)
	}
	setup := []string{"variant " + v.String()}
	if hashMB > 0 {
		setup = append(setup, fmt.Sprintf("hash %d", hashMB))
	}
	if threads > 0 {
		setup = append(setup, fmt.Sprintf("threads %d", threads))
	}
	if err := p.setUp(ctx, append(setup, "isready"), "readyok"); err != nil {
		return fail(err)
	}
	return p, nil
}

// checkStart returns the error of arguments StartExternal and StartHub
// cannot honour.
func checkStart(v bashni.Variant, lim engine.Limits, hashMB, threads int) error {
	if err := v.Validate(); err != nil {
		return err
	}
	if err := lim.Validate(); err != nil {
		return err
	}
	if hashMB < 0 {
		return fmt.Errorf("match: a table of %d MiB", hashMB)
	}
	if threads < 0 {
		return fmt.Errorf("match: %d threads", threads)
	}
	return nil
}

// startProcess starts the program argv[0] with the arguments argv[1:] and
// reads its output.
func startProcess(argv []string) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("external engine: no command")
	}
	p := &process{name: strings.Join(argv, " "), lines: make(chan string, 64), stderr: &tailBuffer{max: 2048}, waited: make(chan struct{})}
	p.cmd = exec.Command(argv[0], argv[1:]...)
	p.cmd.Stderr = p.stderr
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("external engine %q: %w", p.name, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 4096), maxOutLine)
		for sc.Scan() {
			p.lines <- strings.TrimSpace(sc.Text())
		}
		p.readErr = sc.Err()
		close(p.lines)
		p.err = p.cmd.Wait()
		close(p.waited)
	}()
	return p, nil
}

// Name returns the name the program gave in its "id name" line; "" when
// there is no program (the zero External or Hub).
func (p *process) Name() string {
	if p == nil {
		return ""
	}
	return p.name
}

// errNoProgram is the error of a move asked of the zero External or Hub.
var errNoProgram = errors.New("match: no program to ask for a move (StartExternal and StartHub start one)")

// Move sends the game to the program and returns the move it chooses.
// Under clocks it sends them with "go" as wtime, btime, winc, binc and
// movestogo.
func (p *External) Move(ctx context.Context, g *bashni.Game, clocks *Clocks) (bashni.Move, error) {
	if p.process == nil {
		return bashni.Move{}, errNoProgram
	}
	start, moves, pos := g.Start(), g.Moves(), g.Position()
	// "stop" and "isready" first: a program may still be ending the last
	// search when its bestmove line has come (bashni engine before its
	// protocol fixes was), and "stop" waits for that, where "position"
	// would be refused; whatever it says before "readyok" is passed over.
	if err := p.send("stop\nisready"); err != nil {
		return bashni.Move{}, err
	}
	if _, err := p.await(ctx, handshakeTimeout, "readyok", nil); err != nil {
		return bashni.Move{}, err
	}
	var sb strings.Builder
	if fresh, err := p.variant.Start(); err == nil && start.FEN() == fresh.FEN() {
		sb.WriteString("position startpos")
	} else {
		sb.WriteString("position fen " + start.FEN())
	}
	if len(moves) > 0 {
		sb.WriteString(" moves " + bashni.Notation{}.FormatLine(start, moves))
	}
	if err := p.send(sb.String()); err != nil {
		return bashni.Move{}, err
	}
	if err := p.send("go" + goArgs(p.limits, clocks)); err != nil {
		return bashni.Move{}, err
	}
	line, err := p.await(ctx, moveWait(p.limits, clocks, pos.Turn()), "bestmove", nil)
	if err != nil {
		return bashni.Move{}, err
	}
	text := strings.TrimSpace(strings.TrimPrefix(line, "bestmove"))
	if text == "" || text == "none" {
		return bashni.Move{}, fmt.Errorf("external engine %q: %q in %s, which has legal moves", p.name, line, pos.FEN())
	}
	m, err := pos.ParseMove(strings.Fields(text)[0])
	if err != nil {
		return bashni.Move{}, fmt.Errorf("external engine %q: %q in %s: %w", p.name, line, pos.FEN(), err)
	}
	return m, nil
}

// moveWait returns how long to wait for an external program's move: a
// search bounded by time gets that and plenty of slack (the program may be
// slow to start, the machine busy); one bounded by depth or nodes only,
// moveTimeout. A wait past the largest duration is that (never one that
// wrapped round to a negative, which await would take for none).
func moveWait(l engine.Limits, clocks *Clocks, turn bashni.Color) time.Duration {
	switch {
	case clocks != nil:
		return satint.Add(max(clocks.Left[turn], 0), searchSlack)
	case l.Time > 0:
		if l.Time > math.MaxInt64/10 {
			return math.MaxInt64
		}
		return satint.Add(10*l.Time, searchSlack)
	}
	return moveTimeout
}

// goArgs writes limits and clocks (when set) as the arguments of "go".
func goArgs(l engine.Limits, clocks *Clocks) string {
	var sb strings.Builder
	if c := clocks; c != nil {
		// A clock under a millisecond is sent as 1: 0 would read as none.
		left := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
		inc := c.Increment.Milliseconds()
		fmt.Fprintf(&sb, " wtime %d btime %d winc %d binc %d", left(c.Left[bashni.White]), left(c.Left[bashni.Black]), inc, inc)
		if c.MovesToGo > 0 {
			fmt.Fprintf(&sb, " movestogo %d", c.MovesToGo)
		}
	}
	if l.Depth > 0 {
		fmt.Fprintf(&sb, " depth %d", l.Depth)
	}
	if l.Nodes > 0 {
		fmt.Fprintf(&sb, " nodes %d", l.Nodes)
	}
	if l.Time > 0 {
		fmt.Fprintf(&sb, " movetime %d", max(l.Time.Milliseconds(), 1))
	}
	if sb.Len() == 0 {
		sb.WriteString(" infinite") // no limit: the caller's context ends it
	}
	return sb.String()
}

// setUp sends the commands and waits for the line that says the program
// is ready; an error line before it fails.
func (p *process) setUp(ctx context.Context, commands []string, ready string) error {
	for _, c := range commands {
		if err := p.send(c); err != nil {
			return err
		}
	}
	_, err := p.await(ctx, handshakeTimeout, ready, nil)
	return err
}

// send writes one command line.
func (p *process) send(line string) error {
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		return p.died(fmt.Errorf("sending %q: %w", line, err))
	}
	return nil
}

// await reads lines until one that starts with word, passing the others
// to seen (when set), and returns it. An "error" line, the end of the
// program's output, the timeout (0: none) or ctx end the wait with an error.
func (p *process) await(ctx context.Context, timeout time.Duration, word string, seen func(string)) (string, error) {
	return p.awaitLine(ctx, timeout, word, seen, true)
}

// awaitLine is await, where an "error" line ends the wait only when
// errorsFail is set; otherwise it is passed over, as the other lines are.
func (p *process) awaitLine(ctx context.Context, timeout time.Duration, word string, seen func(string), errorsFail bool) (string, error) {
	var expire <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expire = t.C
	}
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				if errors.Is(p.readErr, bufio.ErrTooLong) {
					// Such as cat /dev/zero: it still runs, writing on.
					return "", fmt.Errorf("external engine %q: it wrote a line longer than %d bytes while %q was awaited", p.name, maxOutLine, word)
				}
				if p.readErr != nil {
					return "", p.died(fmt.Errorf("reading its output while %q was awaited: %w", word, p.readErr))
				}
				return "", p.died(fmt.Errorf("it ended its output while %q was awaited", word))
			}
			if l == word || strings.HasPrefix(l, word+" ") {
				return l, nil
			}
			if errorsFail && strings.HasPrefix(l, "error") {
				return "", fmt.Errorf("external engine %q: %s", p.name, l)
			}
			if seen != nil {
				seen(l)
			}
		case <-expire:
			return "", fmt.Errorf("external engine %q: no %q within %s", p.name, word, timeout)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// died returns err with what the program's exit and standard error say,
// when it has ended.
func (p *process) died(err error) error {
	select {
	case <-p.waited:
	case <-time.After(time.Second):
		return fmt.Errorf("external engine %q: %w", p.name, err)
	}
	msg := fmt.Sprintf("external engine %q: %v", p.name, err)
	if p.err != nil {
		msg += fmt.Sprintf(" (%v)", p.err)
	}
	if tail := strings.TrimSpace(p.stderr.String()); tail != "" {
		msg += "; its standard error ends: " + tail
	}
	return errors.New(msg)
}

// Close asks the program to quit and waits for it, killing it if it has not
// ended within a few seconds. With no program (the zero External or Hub) it
// does nothing.
func (p *process) Close() error {
	if p == nil {
		return nil
	}
	go func() {
		for range p.lines { // the reader must reach the program's exit
		}
	}()
	io.WriteString(p.in, "quit\n")
	p.in.Close()
	select {
	case <-p.waited:
	case <-time.After(3 * time.Second):
		p.cmd.Process.Kill()
		<-p.waited
	}
	return nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(b)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
