package hub

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/google/go-cmp/cmp"
)

// A command other than ping, stop, ponder-hit and quit sent during a search
// with a limit waits for the search's end without stopping the reading
// (issue 26, item 1): ping after it is answered at once, stop ends the
// search, and the kept command runs after the done line; the end of the
// input ends a long search at once.
func TestCommandsDuringSearchKeepReading(t *testing.T) {
	l := startLive(t)
	l.send("pos pos=" + startPos)
	l.send("level move-time=600")
	l.send("go think")
	l.send("new-game")
	l.send("hub")
	l.send("ping")
	l.expect("pong") // fails (after 20 s) when new-game blocks the reading
	l.send("stop")
	l.expect("done move=")
	l.expect("id name=bashni") // the kept hub, answered after done
	l.send("level move-time=600")
	l.send("go think")
	l.send("pos pos=" + startPos)
	l.in.Close()
	select {
	case err := <-l.end:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the end of the input did not end the session")
	}
}

// The errors of lines sent during a search come in the order of the lines:
// a malformed line (one that does not read, or names an argument twice) is
// kept as the commands around it are, and answered after the done line
// and after the lines sent before it, not at once ahead of them.
func TestErrorsDuringSearchInOrder(t *testing.T) {
	l := startLive(t)
	l.send("pos pos=" + startPos)
	l.send("level move-time=600")
	l.send("go think")
	l.send("level depth=0")
	l.send("=x")
	l.send("level depth=1 depth=2")
	l.send("stop")
	l.expect("done move=") // fails on the error of =x written first
	l.expect(`error message="level: depth: 0 is not from 1 to 64"`)
	l.expect(`error message="=x: at byte 1: want a command, found '='"`)
	l.expect(`error message="level: depth is given twice"`)
	// During a search without a limit, lines are refused at once, in order.
	l.send("level infinite")
	l.send("go analyze")
	l.send("level depth=0")
	l.send("=x")
	l.expect(`error message="level: a search without a limit is under way (send stop first)"`)
	l.expect(`error message="=x: at byte 1: want a command, found '='"`)
	l.send("stop")
	l.expect("done move=")
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// Lines sent during a search are kept only up to MaxPending bytes; more is
// an error, and the session goes on.
func TestPendingBounded(t *testing.T) {
	l := startLive(t)
	l.send("pos pos=" + startPos)
	l.send("level infinite depth=60")
	l.send("go think")
	long := "pos pos=" + startPos + " moves=\"" + strings.Repeat(" ", MaxLine-100) + "\""
	l.send(long)
	l.send(long)
	l.send(long)
	l.expect(`error message="pos: more than 2097152 bytes of commands sent during the search; it is ignored"`)
	l.send("stop")
	l.expect("done move=")
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// As in Scan, level lines add up until pos or go starts the limits afresh
// (lidraughts sends "level move-time=90" then "level depth=D" and wants
// both), and a search without any level line takes DefaultMoveTime.
func TestLevelsAddUp(t *testing.T) {
	s := NewSession(new(strings.Builder), Options{HashMB: 1})
	run := func(lines ...string) {
		for _, l := range lines {
			s.execute(l)
		}
	}
	if got, want := s.level.limits(), (engine.Limits{Time: DefaultMoveTime}); got != want {
		t.Errorf("no level: %+v, want %+v", got, want)
	}
	run("level move-time=90", "level depth=12", "level nodes=5000")
	if got, want := s.level.limits(), (engine.Limits{Depth: 12, Nodes: 5000, Time: 90 * time.Second}); got != want {
		t.Errorf("three lines: %+v, want %+v", got, want)
	}
	run("level time=60", "level inc=2 moves=10 time=60")
	want := engine.Limits{Depth: 12, Nodes: 5000, Time: 90 * time.Second, Clock: engine.Clock{Left: 62 * time.Second, Increment: 2 * time.Second, MovesToGo: 10}}
	if got := s.level.limits(); got != want {
		t.Errorf("with a clock: %+v, want %+v", got, want)
	}
	run("pos pos=" + startPos)
	if got, want := s.level.limits(), (engine.Limits{Time: DefaultMoveTime}); got != want {
		t.Errorf("after pos: %+v, want %+v", got, want)
	}
	run("level depth=2", "level infinite")
	if got, want := s.level.limits(), (engine.Limits{Depth: 2}); got != want {
		t.Errorf("depth, then infinite: %+v, want %+v", got, want)
	}
}

// The clock is one field of the level, as the protocol's form "level
// [moves=N] time=S [inc=S]" and Scan's set_time have it: a line with time=
// sets all of it, moves and inc it does not name being none, and moves or
// inc without time= on their line are an error, whatever an earlier line
// set. (An earlier line's inc was kept, and the clock read its time plus
// an increment the game no longer has.) Depth, nodes and move-time still
// add up with it.
func TestLevelClockIsOneField(t *testing.T) {
	s := NewSession(new(strings.Builder), Options{HashMB: 1})
	run := func(lines ...string) {
		for _, l := range lines {
			s.execute(l)
		}
	}
	run("level moves=40 time=300 inc=5", "level depth=12", "level time=10")
	want := engine.Limits{Depth: 12, Clock: engine.Clock{Left: 10 * time.Second}}
	if got := s.level.limits(); got != want {
		t.Errorf("time=10 after moves=40 time=300 inc=5: %+v, want %+v", got, want)
	}
	run("level inc=2")
	if got := s.level.limits(); got != want {
		t.Errorf("inc=2 without time=: %+v, want it refused, %+v", got, want)
	}
	out := converse(t, "level time=60\nlevel moves=10\nlevel inc=0\nping\n")
	refused := `error message="level: moves and inc need time=S"`
	if diff := cmp.Diff([]string{refused, refused, "pong"}, out); diff != "" {
		t.Errorf("moves, inc after time (-want +got):\n%s", diff)
	}
}

// A clock that reads 0 is a search for the quickest move, not one without
// a limit; with an increment, a search within it.
func TestLevelClockAtZero(t *testing.T) {
	for _, line := range []string{"level time=0", "level time=0 inc=1"} {
		m, _ := ParseMessage(line)
		l, err := level{}.add(m)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if lim := l.limits(); !bounded(lim, true) || lim.Clock.Left == 0 {
			t.Errorf("%s: limits %+v are no clock or not bounded", line, lim)
		}
	}
	got := converseToEnd(t, "pos pos="+startPos+"\nlevel time=0\ngo think\n")
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("time=0: %q, want a done line", got)
	}
}

// tt-size is Scan's: log2 of the table's 16-byte entries, 22 being 64 MiB;
// the hub line shows it beside hash.
func TestTTSize(t *testing.T) {
	got := converse(t, "set-param name=tt-size value=22\nhub\nset-param name=hash value=100\nhub\nset-param name=tt-size value=33\n")
	want := []string{
		"param name=hash value=64 type=int min=1 max=65536",
		"param name=tt-size value=22 type=int min=16 max=32",
		"param name=hash value=100 type=int min=1 max=65536",
		"param name=tt-size value=22 type=int min=16 max=32",
		`error message="set-param: tt-size: 33 is not from 16 to 32"`,
	}
	var params []string
	for _, l := range got {
		if strings.Contains(l, "name=hash") || strings.Contains(l, "name=tt-size") || strings.HasPrefix(l, "error") {
			params = append(params, l)
		}
	}
	if diff := cmp.Diff(want, params); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A value needs quotes only for a space: "value=lasca,rejump=any" is read
// whole, and written back in quotes as Scan writes a value holding '='.
func TestUnquotedValueWithEquals(t *testing.T) {
	m, err := ParseMessage("set-param name=variant value=lasca,rejump=any")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := m.Get("value"); v != "lasca,rejump=any" || len(m.Args) != 2 {
		t.Errorf("args %+v", m.Args)
	}
	got := converse(t, "set-param name=variant value=lasca,rejump=any\nhub\n")
	if len(got) < 2 || !strings.HasPrefix(got[1], `param name=variant value="lasca,rejump=any" type=enum`) {
		t.Errorf("answers %q", got)
	}
}

// A capture is read in both numbered forms: Scan's from x to x captured
// squares, and the path, every square the piece stands on (lidraughts').
func TestCaptureForms(t *testing.T) {
	for _, c := range []struct {
		variant     bashni.Variant
		fen, move   string
		forms       []string
		wantWritten string
	}{
		// c3:e5:g7 takes d4 and f6; c3 is 10, e5 19, g7 28.
		{bashni.RussianDraughts(), "W:Wc3:Bd4,f6", "c3:e5:g7", []string{"10x28x14x23", "10x28x23x14", "10x19x28"}, "10x28x14x23"},
		// One jump: both forms are from x to, or Scan's with the taken square.
		{bashni.RussianDraughts(), "W:Wc3:Bd4", "c3:e5", []string{"10x19", "10x19x14"}, "10x19x14"},
		// A flying king's path with a turn: a1:d4:f2 (1, 14, 7) takes c3 and
		// e3 (10, 11).
		{bashni.BrazilianDraughts(), "W:WKa1:Bc3,e3", "a1:d4:f2", []string{"1x7x10x11", "1x7x11x10", "1x14x7"}, "1x7x10x11"},
	} {
		pos, err := bashni.ParseFEN(c.variant, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		want, err := pos.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := FormatMove(&pos, want); got != c.wantWritten {
			t.Errorf("%s: written %s, want %s", c.move, got, c.wantWritten)
		}
		for _, f := range c.forms {
			if got, err := ParseMove(&pos, f); err != nil || got != want {
				t.Errorf("%s in %s: %v, %v; want %v", f, c.fen, got, err, want)
			}
		}
	}
}

// lidraughts' analysis dialogue (testdata/lidraughts): answered without an
// error, with an id line, info lines whose fields come in the order it reads
// them (its pattern, written from lidraughts-ceval.md), up to the depth
// asked although a move time was set before it, then done; and a second
// analysis without a limit ends by stop.
func TestLidraughtsAnalysis(t *testing.T) {
	script, err := os.ReadFile("testdata/lidraughts/analysis.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := converseToEnd(t, string(script))
	infoLine := regexp.MustCompile(`^info depth=(\d+) mean-depth=\d+\.\d score=-?\d+\.\d\d nodes=\d+ time=\d+\.\d+ nps=\d+\.\d+ pv=("[0-9x\- ]+"|[0-9x-]+)$`)
	infos := 0
	for _, l := range got {
		switch {
		case strings.HasPrefix(l, "error"):
			t.Errorf("error: %s", l)
		case strings.HasPrefix(l, "info "):
			m := infoLine.FindStringSubmatch(l)
			if m == nil {
				t.Errorf("info line not as lidraughts reads it: %s", l)
				continue
			}
			if d, _ := strconv.Atoi(m[1]); d > 4 {
				t.Errorf("depth %d after level depth=4: %s", d, l)
			}
			infos++
		}
	}
	if len(got) < 3 || !strings.HasPrefix(got[0], "id name=bashni ") || infos == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("answers %q", got)
	}

	l := startLive(t)
	for _, line := range lines(string(script)) {
		if strings.HasPrefix(line, "level ") {
			continue
		}
		if line == "go analyze" {
			l.send("level infinite")
		}
		l.send(line)
	}
	for _, want := range []string{"id name=", "param", "param", "param", "param", "param", "param", "param", "wait", "ready"} {
		l.expect(want)
	}
	l.expect("info depth=")
	l.send("stop")
	l.expect("done move=")
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// ponder-hit reads the limits of the search it hits (the level lines
// before go, which go then starts afresh): with level infinite the search
// still has no limit after the hit, so a pos is refused until stop.
func TestPonderHitKeepsTheSearchsLimits(t *testing.T) {
	l := startLive(t)
	l.send("pos pos=" + startPos)
	l.send("level infinite")
	l.send("go ponder")
	l.send("ponder-hit")
	l.send("pos pos=" + startPos)
	l.expect(`error message="pos: a search without a limit is under way (send stop first)"`)
	l.send("stop")
	l.expect("done move=")
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// reactingWriter is a GUI that answers the engine's first done line with
// next at once, before the engine's write of done has returned (as when
// the engine's goroutine is not scheduled again before the GUI replies).
type reactingWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	in      io.Writer
	next    string
	reacted bool
}

func (w *reactingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if !w.reacted && bytes.HasPrefix(p, []byte("done ")) {
		w.reacted = true
		go io.WriteString(w.in, w.next)
		time.Sleep(100 * time.Millisecond) // the engine's goroutine is slow to go on
	}
	return len(p), nil
}

func (w *reactingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// A search without a limit ends only at stop (lidraughts' analysis), and
// has ended once the done line that stop brings is written: a pos the GUI
// sends as soon as it reads done is answered, never refused as coming
// during a search without a limit.
func TestDoneEndsAnEndlessSearch(t *testing.T) {
	r, w := io.Pipe()
	out := &reactingWriter{in: w, next: `pos fen="W:WKb2:BKg7"` + "\nquit\n"}
	end := make(chan error, 1)
	go func() { end <- NewSession(out, Options{HashMB: 1}).Run(r) }()
	io.WriteString(w, "set-param name=variant value=bashni\n"+`pos fen="W:WKa1:BKh8"`+"\nlevel infinite\ngo analyze\nstop\n")
	select {
	case err := <-end:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the session did not end; output:\n%s", out.String())
	}
	for _, l := range lines(out.String()) {
		if strings.HasPrefix(l, "error") {
			t.Errorf("pos sent right after done: %s", l)
		}
	}
}
