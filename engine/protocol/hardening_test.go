package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni/internal/lineread"
	"github.com/google/go-cmp/cmp"
)

// runFor runs a session on in, failing the test if it does not end within
// d; it returns the output lines and Run's error.
func runFor(t *testing.T, s *Session, out *syncBuffer, in io.Reader, d time.Duration) ([]string, error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.Run(in) }()
	select {
	case err := <-done:
		return lines(out.String()), err
	case <-time.After(d):
		t.Fatalf("the session did not end within %v; output so far:\n%s", d, out.String())
		return nil, nil
	}
}

// A line over 1 MiB (issue 15, case 6: it ended the session) is answered
// with an error line, and the session goes on.
func TestLongLine(t *testing.T) {
	var out syncBuffer
	in := io.MultiReader(strings.NewReader("isready\nposition startpos moves "), strings.NewReader(strings.Repeat("c3-d4 ", 1<<19)), strings.NewReader("\nfen\n"))
	got, err := runFor(t, newSession(t, &out), &out, in, 10*time.Second)
	want := []string{
		"readyok",
		"error line 2 is longer than 1048576 bytes",
		"fen W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
	}
	if diff := cmp.Diff(want, got); err != nil || diff != "" {
		t.Errorf("%v (-want +got):\n%s", err, diff)
	}
}

// At the end of the input (issue 15, case 6: searches went on for ever) a
// "go infinite" is stopped at once, and a long search after EndWait; each
// prints its bestmove.
func TestSearchEndsAtTheEndOfInput(t *testing.T) {
	for _, c := range []struct {
		script string
		wait   time.Duration
	}{
		{"go infinite\n", time.Hour},
		{"go depth 60\n", 200 * time.Millisecond},
		{"go movetime 86400000\n", 200 * time.Millisecond},
	} {
		var out syncBuffer
		s := newSession(t, &out)
		s.EndWait = c.wait
		start := time.Now()
		got, err := runFor(t, s, &out, strings.NewReader(c.script), 20*time.Second)
		if err != nil || len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "bestmove ") || got[len(got)-1] == "bestmove none" {
			t.Errorf("%q: %v, output %q", c.script, err, got)
		}
		t.Logf("%q with EndWait %v ended after %v", c.script, c.wait, time.Since(start))
	}
	// A search that ends by itself within EndWait prints its whole result.
	var out syncBuffer
	got, err := runFor(t, newSession(t, &out), &out, strings.NewReader("go depth 3\n"), 20*time.Second)
	if err != nil || len(got) != 4 || !strings.HasPrefix(got[2], "info depth 3 ") || !strings.HasPrefix(got[3], "bestmove ") {
		t.Errorf("go depth 3 at the end of the input: %v, %q", err, got)
	}
}

// A command sent after the bestmove line is never refused as coming during
// the search (issue 15, case 6: 13 to 17 times in 30).
func TestBestmoveEndsTheSearch(t *testing.T) {
	inW, next, done := piped(t, true)
	refused := 0
	for i := 0; i < 30; i++ {
		fmt.Fprintln(inW, "go depth 1")
		if l := next(); !strings.HasPrefix(l, "bestmove ") {
			t.Fatalf("round %d: %q, want bestmove", i, l)
		}
		fmt.Fprintln(inW, "position startpos moves c3-d4")
		fmt.Fprintln(inW, "isready")
		if l := next(); l != "readyok" {
			refused++
			t.Logf("round %d: position right after bestmove answered %q", i, l)
			next() // its readyok
		}
	}
	if refused > 0 {
		t.Errorf("%d of 30 positions sent right after bestmove were refused", refused)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Numbers are read strictly (issue 15, case 6: "hash 5 1 2" was 512, and a
// clock of 9223372036854775807 ms wrapped round to no limit).
func TestStrictNumbers(t *testing.T) {
	got := converse(t, strings.Join([]string{
		"hash 5 1 2",
		"hash +4",
		"hash 1",
		"go wtime 9223372036854775807",
		"go nodes 99999999999999999999",
		"go depth -1",
		"go movetime 1e3",
		"go depth 3 nodes 12x",
		"go movetime -5",
		"go depth 1 depth 5",
		"go wtime 10 nodes 5 wtime 20",
		"threads 1 2",
		"isready",
	}, "\n"))
	want := []string{
		`error hash: want a size in MiB from 1 to 65536, got "5 1 2"`,
		`error hash: want a size in MiB from 1 to 65536, got "+4"`,
		`error go: wtime: 9223372036854775807 is not from 0 to 9223372036854`,
		`error go: nodes: 99999999999999999999 is not from 0 to 9223372036854775807`,
		`error go: depth: -1 is negative: want 0 to 64`,
		`error go: movetime: "1e3" is not a whole number`,
		`error go: nodes: "12x" is not a whole number`,
		`error go: movetime: -5 is negative: want 0 to 9223372036854`,
		`error go: depth is given twice`,
		`error go: wtime is given twice`,
		`error threads: want a number from 1 to 256, got "1 2"`,
		"readyok",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// Output that cannot be written ends the session with the error, a search
// under way stopped.
func TestOutputError(t *testing.T) {
	var out syncBuffer
	in, w := io.Pipe()
	go func() {
		fmt.Fprintln(w, "go infinite")
		fmt.Fprintln(w, "isready")
		// The session stops reading after the failed answer; this write
		// waits for nobody.
		_, _ = fmt.Fprintln(w, "isready")
	}()
	_, err := runFor(t, newSession(t, failingWriter{}), &out, in, 10*time.Second)
	if err == nil || err.Error() != "disk full" {
		t.Errorf("Run with a failing output: %v, want disk full", err)
	}
	in.Close()
}

// FuzzCommands runs command lines through a session: no input panics, and
// every answer is a line of the protocol. "go" lines are parsed, not
// searched, so that a fuzzed depth cannot take for ever.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"bashni\nisready\nlegal\nfen\nshow",
		"variant lasca\nposition startpos moves c3-d4 e5xc3\nlegal",
		"position fen W:Wc3:Bd4 moves c3:e5\nfen",
		"hash 5 1 2\nhash 1\nthreads 0\nthreads 2",
		"go wtime 9223372036854775807 btime 1 winc 5 binc 5\ngo depth 3 nodes 100\ngo infinite\ngo movetime x",
		"moves c3-d4 f6-e5 d4:f6\nnewgame\nhelp\nfrobnicate",
		"variant russian,rejump=any\nposition fen W:WKe5:Bd4bbb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out syncBuffer
		s := newSession(t, &out)
		lr := protolineReader(in)
		for {
			line, err := lr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				continue
			}
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			if fields[0] == "go" {
				if lim, _, err := s.goLimits(fields[1:]); err == nil && (lim.Depth < 0 || lim.Time < 0) {
					t.Errorf("%q: limits %+v", line, lim)
				}
				continue
			}
			if len(line) > 2000 || strings.HasPrefix(fields[0], "hash") || fields[0] == "threads" {
				continue // a new engine's table for each would take the fuzzer's time
			}
			s.execute(line)
		}
		for _, l := range lines(out.String()) {
			kw, _, _ := strings.Cut(l, " ")
			switch kw {
			case "", "id", "variants", "bashniok", "readyok", "legal", "fen", "board", "error", "commands", "bestmove":
			default:
				if !strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "errors are answered") {
					t.Errorf("answer %q is not a protocol line", l)
				}
			}
		}
	})
}

func protolineReader(in string) *lineread.Reader {
	return lineread.New(strings.NewReader(in), 4096)
}

// An error says each thing once (issue 15, case 8: "error moves: move 1:
// bashni: move ...").
func TestMoveErrorText(t *testing.T) {
	got := converse(t, "moves e3-e4\nposition startpos moves c3-d4 c3-d4\n")
	want := []string{
		`error moves: move 1: "e3-e4": e4 is not a playable square of this board (legal: a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4)`,
		`error position: move 2: "c3-d4": not a legal move here (legal: b6-a5 b6-c5 d6-c5 d6-e5 f6-e5 f6-g5 h6-g5)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// An error line is text: a control character or a byte that is not UTF-8
// it echoes from the command is written escaped, as Go writes it. (They
// were written raw: a GUI that reads lines as Python's text mode does
// stops with a decoding error on such a byte.)
func TestErrorLinesAreText(t *testing.T) {
	got := converse(t, "go \x01\xff\nbook \x01\xff\n")
	want := []string{
		`error go: \x01\xff: the value is missing`,
		`error book: open \x01\xff: no such file or directory`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A clock that reads 0 in an increment game (issue 26, item 6: the
// protocol refused it, so the GUI got no move) gets the quickest move; so
// does one at 0 without an increment. The session waits an hour at the end
// of the input, so the move comes from the search ending by itself.
func TestClockAtZero(t *testing.T) {
	for _, script := range []string{"go wtime 0 btime 0 winc 1000 binc 1000\n", "position fen B:Wc3:Bf6\ngo wtime 5000 btime 0\n"} {
		var out syncBuffer
		s := newSession(t, &out)
		s.EndWait = time.Hour
		got, err := runFor(t, s, &out, strings.NewReader(script), 30*time.Second)
		if err != nil || len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "bestmove ") || got[len(got)-1] == "bestmove none" {
			t.Errorf("%q: %v, output %q", script, err, got)
		}
	}
}

// legal lists the moves sorted by their text, whatever order the generator
// finds them in (issue 26, item 14).
func TestLegalSorted(t *testing.T) {
	got := converse(t, "legal\nvariant lasca\nposition fen W:Wa1,e1:Bb2,d2,f2\nlegal\n")
	want := []string{"legal a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4", "legal a1xc3 e1xc3 e1xg3"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// After ponderhit the search is no longer pondering: at the end of the
// input it may go on for EndWait to finish under its time limit, as any
// limited search does, instead of being stopped at once.
func TestPonderhitThenEndOfInput(t *testing.T) {
	var out syncBuffer
	s := newSession(t, &out)
	start := time.Now()
	got, err := runFor(t, s, &out, strings.NewReader("go ponder movetime 500\nponderhit\n"), 20*time.Second)
	took := time.Since(start)
	if err != nil || len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "bestmove ") {
		t.Fatalf("%v, output %q", err, got)
	}
	if took < 400*time.Millisecond {
		t.Errorf("go ponder movetime 500, ponderhit and the end of the input: the search ended after %v, want its 500 ms", took)
	}
	// A go ponder with no limit of its own is, after ponderhit, a search
	// until stop: the end of the input stops it at once, as go infinite.
	out = syncBuffer{}
	s = newSession(t, &out)
	s.EndWait = time.Hour
	got, err = runFor(t, s, &out, strings.NewReader("go ponder\nponderhit\n"), 20*time.Second)
	if err != nil || len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "bestmove ") {
		t.Fatalf("go ponder, ponderhit: %v, output %q", err, got)
	}
}

// A go ponder whose search has nothing more to search (here the position's
// one legal move) writes its bestmove only after ponderhit or stop, which
// ends the pondering for the GUI: before them, isready is answered and no
// bestmove comes. With ponderhit the bestmove follows at once, as it does
// after stop and at the end of the input.
func TestPonderOnlyMoveWaitsForPonderhit(t *testing.T) {
	for _, end := range []string{"ponderhit", "stop", ""} {
		inW, next, done := piped(t, false)
		fmt.Fprintln(inW, "position fen W:Wa1:Bh8") // a1-b2 is the only move
		fmt.Fprintln(inW, "go ponder wtime 1000 btime 1000")
		// The info line of depth 1 is written when the search is done.
		if l := next(); !strings.HasPrefix(l, "info depth 1 ") {
			t.Fatalf("%q: the first answer %q, want the info line of depth 1", end, l)
		}
		fmt.Fprintln(inW, "isready")
		if l := next(); l != "readyok" {
			t.Errorf("%q: the answer to isready is %q, want readyok: the pondering ended before ponderhit", end, l)
		}
		if end != "" {
			fmt.Fprintln(inW, end)
		}
		inW.Close()
		if l := next(); l != "bestmove a1-b2" {
			t.Errorf("%q: %q, want bestmove a1-b2", end, l)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// A go infinite whose search has nothing more to search (here the
// position's one legal move) writes its bestmove only after stop, quit or
// the end of the input: a GUI takes the bestmove for the end of the
// analysis, which only stop ends. Before them isready is answered, a
// position is refused (so nothing waits on the search), and no bestmove
// comes; after them the bestmove follows at once.
func TestInfiniteOnlyMoveWaitsForStop(t *testing.T) {
	for _, end := range []string{"stop", "quit", ""} {
		inW, next, done := piped(t, false)
		fmt.Fprintln(inW, "position fen W:Wa1:Bh8") // a1-b2 is the only move
		fmt.Fprintln(inW, "go infinite")
		// The info line of depth 1 is written when the search is done.
		if l := next(); !strings.HasPrefix(l, "info depth 1 ") {
			t.Fatalf("%q: the first answer %q, want the info line of depth 1", end, l)
		}
		fmt.Fprintln(inW, "isready")
		if l := next(); l != "readyok" {
			t.Errorf("%q: the answer to isready is %q, want readyok: the analysis ended before stop", end, l)
		}
		fmt.Fprintln(inW, "position startpos")
		if l, want := next(), "error position: a search is under way (send stop first)"; l != want {
			t.Errorf("%q: the answer to position is %q, want %q", end, l, want)
		}
		if end != "" {
			fmt.Fprintln(inW, end)
		}
		inW.Close()
		if l := next(); l != "bestmove a1-b2" {
			t.Errorf("%q: %q, want bestmove a1-b2", end, l)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// piped runs a new session on pipes: what the test writes to in is its
// input, and next returns its next line of output (without the info lines
// when noInfo), "<end of output>" after the last, or "<nothing for 10s>";
// done gets Run's error once the input is closed.
func piped(t *testing.T, noInfo bool) (in *io.PipeWriter, next func() string, done <-chan error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ran := make(chan error, 1)
	s := newSession(t, outW)
	go func() { ran <- s.Run(inR); outW.Close() }()
	answers := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			if l := sc.Text(); !noInfo || !strings.HasPrefix(l, "info ") {
				answers <- l
			}
		}
		close(answers)
	}()
	next = func() string {
		select {
		case l, ok := <-answers:
			if !ok {
				return "<end of output>"
			}
			return l
		case <-time.After(10 * time.Second):
			return "<nothing for 10s>"
		}
	}
	return inW, next, ran
}
