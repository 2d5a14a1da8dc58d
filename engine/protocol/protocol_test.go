package protocol

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni/internal/sysmem"
	"github.com/google/go-cmp/cmp"
)

// syncBuffer is a bytes.Buffer safe for the session's search goroutine and
// the test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newSession returns a session answering on out, with a table of 1 MiB.
func newSession(t testing.TB, out io.Writer) *Session {
	t.Helper()
	s, err := NewSession(out, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestNewSessionBadTable checks that a table size the engine does not take
// is NewSession's error, not a panic.
func TestNewSessionBadTable(t *testing.T) {
	s, err := NewSession(io.Discard, -1)
	if err == nil || s != nil || !strings.Contains(err.Error(), "-1 MiB") {
		t.Errorf("NewSession(-1) = %v, %v; want no session and the engine's error", s, err)
	}
}

// converse runs a protocol session on the script and returns its output
// lines.
func converse(t *testing.T, script string) []string {
	t.Helper()
	var out syncBuffer
	if err := newSession(t, &out).Run(strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	return lines(out.String())
}

// lines splits output into its lines, without the final newline.
func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestEngineProtoHandshake(t *testing.T) {
	got := converse(t, "bashni\nisready\n")
	want := []string{
		"id name bashni engine",
		"id protocol 1",
		"variants russian international lasca russian-draughts brazilian-draughts ludii-bashni ludii-lasca",
		"bashniok",
		"readyok",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("handshake (-want +got):\n%s", diff)
	}
}

var infoRE = regexp.MustCompile(`^info depth (\d+) seldepth \d+ score (cp -?\d+|win \d+|loss \d+) nodes \d+ nps \d+ time \d+ pv \S.*$`)

func TestEngineProtoSearch(t *testing.T) {
	// After 1. c3-d4 in lasca Black's only move is e5xc3.
	got := converse(t, "variant lasca\nposition startpos moves c3-d4\ngo depth 4\n")
	if len(got) != 5 {
		t.Fatalf("want 4 info lines and bestmove, got:\n%s", strings.Join(got, "\n"))
	}
	for i, l := range got[:4] {
		m := infoRE.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(i+1) {
			t.Errorf("line %d %q is not the info line of depth %d", i+1, l, i+1)
		}
	}
	if got[4] != "bestmove e5xc3" {
		t.Errorf("last line %q, want bestmove e5xc3", got[4])
	}
}

func TestEngineProtoPositionAndMoves(t *testing.T) {
	got := converse(t, strings.Join([]string{
		"position fen W:Wc3:Bf6 moves c3-d4",
		"fen",
		"moves f6-e5",
		"fen",
		"legal",
		"variant lasca",
		"fen",
		"position startpos moves e3-f4 g5xe3",
		"fen",
	}, "\n"))
	want := []string{
		"fen B:Wd4:Bf6",
		"fen W:Wd4:Be5",
		"legal d4:f6",
		"fen W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7",
		"fen W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,g3:Be3w,a5,c5,e5,b6,d6,f6,a7,c7,e7,g7",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
}

// Move lists are lines of moves as bashni.SplitLine reads them: a line
// copied from a record, numbers and all, sets the same game.
func TestEngineProtoMoveNumbers(t *testing.T) {
	got := converse(t, strings.Join([]string{
		"position startpos moves 1. c3-d4 b6-c5 2.d4:b6",
		"fen",
		"position startpos moves c3-d4 b6-c5 d4:b6",
		"fen",
		"moves 2... a7:c5",
		"fen",
	}, "\n"))
	want := []string{
		"fen B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,b6b:Bd6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		"fen B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,b6b:Bd6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		"fen W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3:Bc5w,b6,d6,f6,h6,c7,e7,g7,b8,d8,f8,h8", // R1: b6 keeps its black man
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
}

// Bad input is answered with an error line, and the game stays as it was.
func TestEngineProtoErrors(t *testing.T) {
	got := converse(t, strings.Join([]string{
		"position fen W:Wa1:Ba2",
		"position startpos moves c3-d4 a1-b2",
		"position middle",
		"moves e3-e4",
		"variant chess",
		"go",
		"go depth",
		"go depth x",
		"go speed 3",
		"hash 0",
		"frobnicate",
		"fen",
	}, "\n"))
	if n := len(got); n != 12 {
		t.Fatalf("want 11 errors and a fen line, got %d lines:\n%s", n, strings.Join(got, "\n"))
	}
	for _, l := range got[:11] {
		if !strings.HasPrefix(l, "error ") {
			t.Errorf("%q is not an error line", l)
		}
	}
	if want := "fen W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"; got[11] != want {
		t.Errorf("after the errors: %q, want the start position %q", got[11], want)
	}
}

// docs/RULES.md section 9: a move after the game's end by a draw rule is an
// error, as one in a lost position is, and the game stays as it was; the
// game up to the draw is searched all the same.
func TestEngineProtoMovesAfterADraw(t *testing.T) {
	got := converse(t, strings.Join([]string{
		"position fen W:WKa1:BKh2 moves a1-b2 h2-g3 b2-a1 g3-h2 a1-b2 h2-g3 b2-a1 g3-h2 a1-b2",
		"fen",
		"position fen W:WKa1:BKh2 moves a1-b2 h2-g3 b2-a1 g3-h2 a1-b2 h2-g3 b2-a1",
		"moves g3-h2 a1-b2",
		"fen",
		"moves g3-h2",
		"fen",
	}, "\n"))
	want := []string{
		"error position: move 9: the game is over: 1/2-1/2: draw by repetition",
		"fen W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		"error moves: move 2: the game is over: 1/2-1/2: draw by repetition",
		"fen B:WKa1:BKg3",
		"fen W:WKa1:BKh2",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEngineProtoNoMoves(t *testing.T) {
	got := converse(t, "position fen B:Wb6,c5:Ba7\ngo depth 3\n")
	if diff := cmp.Diff([]string{"bestmove none"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// "go infinite" runs until "stop", which answers with the best move; other
// commands wait or are refused meanwhile.
func TestEngineProtoStop(t *testing.T) {
	in, w := io.Pipe()
	var out syncBuffer
	done := make(chan error)
	s := newSession(t, &out)
	go func() { done <- s.Run(in) }()
	fmt.Fprintln(w, "go infinite")
	time.Sleep(100 * time.Millisecond)
	fmt.Fprintln(w, "position startpos")
	fmt.Fprintln(w, "isready")
	fmt.Fprintln(w, "stop")
	fmt.Fprintln(w, "isready")
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var rest []string
	for _, l := range lines(out.String()) {
		if !strings.HasPrefix(l, "info ") {
			rest = append(rest, l)
		}
	}
	if len(rest) != 4 || !strings.HasPrefix(rest[0], "error position: a search is under way") ||
		rest[1] != "readyok" || !strings.HasPrefix(rest[2], "bestmove ") || rest[3] != "readyok" {
		t.Errorf("want the refused position, readyok, bestmove, readyok; got:\n%s", strings.Join(rest, "\n"))
	}
}

// A table larger than the machine's memory is refused with an error line,
// before anything is allocated, and the session goes on.
func TestHashLargerThanMemory(t *testing.T) {
	total := sysmem.Total() >> 20
	if total == 0 || total+1 > 1<<16 {
		t.Skip("the machine's memory is not known here, or more than hash allows")
	}
	tooBig := fmt.Sprint(total + 1)
	got := converse(t, "hash "+tooBig+"\nisready")
	if len(got) != 2 || !strings.HasPrefix(got[0], "error hash "+tooBig+": more than this machine's memory") || got[1] != "readyok" {
		t.Errorf("hash %s: %q", tooBig, got)
	}
}

// "threads N" makes the engine search with N threads; a bad count is an
// error and the session goes on.
func TestEngineProtoThreads(t *testing.T) {
	got := converse(t, "threads 2\nthreads 0\nthreads many\nthreads 257\ngo depth 4\n")
	want := []string{
		`error threads: want a number from 1 to 256, got "0"`,
		`error threads: want a number from 1 to 256, got "many"`,
		`error threads: want a number from 1 to 256, got "257"`,
	}
	if len(got) < 4 {
		t.Fatalf("got %q", got)
	}
	if diff := cmp.Diff(want, got[:3]); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	if last := got[len(got)-1]; !strings.HasPrefix(last, "bestmove ") || last == "bestmove none" {
		t.Errorf("a search with 2 threads ended %q", last)
	}
}

// "go ponder" searches until "ponderhit", then under the clock it was given;
// "ponderhit" with nothing pondering is an error. A clock with moves to go
// is a limit.
func TestEngineProtoPonder(t *testing.T) {
	got := converse(t, "ponderhit\ngo ponder wtime 300 btime 300\nponderhit\n")
	got = append(got, converse(t, "go wtime 500 btime 500 movestogo 5\n")...)
	if got[0] != "error ponderhit: no search is pondering" {
		t.Errorf("first line %q, want the ponderhit error", got[0])
	}
	var bestmoves int
	for _, l := range got {
		if strings.HasPrefix(l, "bestmove ") && l != "bestmove none" {
			bestmoves++
		}
		if strings.HasPrefix(l, "error") && l != got[0] {
			t.Errorf("error line %q", l)
		}
	}
	if bestmoves != 2 {
		t.Errorf("%d bestmove lines, want 2:\n%s", bestmoves, strings.Join(got, "\n"))
	}
}
