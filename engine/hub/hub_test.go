package hub

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/hubtest"
	"github.com/bashni-dev/bashni/pdn"
	"github.com/google/go-cmp/cmp"
)

// converse runs a session on input and returns its output lines.
func converse(t *testing.T, input string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := NewSession(&out, Options{HashMB: 1}).Run(strings.NewReader(input)); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return lines(out.String())
}

// converseToEnd is converse for input that starts searches with a limit:
// it holds the end of the input back until every "go" of the input has
// answered done (the end of the input would stop a search at once), or
// until a minute has passed.
func converseToEnd(t *testing.T, input string) []string {
	t.Helper()
	in, out := hubtest.Held(input)
	if err := NewSession(out, Options{HashMB: 1}).Run(in); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return lines(out.String())
}

func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

const startPos = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"

// The initialisation phase of protocol.txt: hub -> id, param ..., wait;
// init -> ready; ping -> pong. The variant parameter lists every preset,
// with the Hub's names for the classic games first.
func TestHandshake(t *testing.T) {
	got := converse(t, "hub\nset-param name=variant value=brazilian\ninit\nping\nquit\nping\n")
	want := []string{
		`id name=bashni version=1 author="the bashni authors"`,
		`param name=variant value=russian type=enum values="russian brazilian bashni international lasca ludii-bashni ludii-lasca"`,
		"param name=threads value=1 type=int min=1 max=256",
		"param name=hash value=1 type=int min=1 max=65536",
		"param name=tt-size value=16 type=int min=16 max=32",
		`param name=book value="" type=string`,
		"param name=book-margin value=0 type=int min=0 max=10000",
		`param name=tables value="" type=string`,
		"wait",
		"ready",
		"pong",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("handshake (-want +got):\n%s", diff)
	}
}

// dialogue is one of pydraughts' recorded Hub conversations with its game.
type dialogue struct {
	name  string
	sent  []string // the lines pydraughts sent ("> ")
	lines []string // every line, with its "> " or "< "
	game  *pdn.Game
}

func readDialogues(t *testing.T) []dialogue {
	t.Helper()
	logs, _ := filepath.Glob("testdata/dialogues/*.log")
	if len(logs) != 6 {
		t.Fatalf("%d dialogues, want 6", len(logs))
	}
	var out []dialogue
	for _, log := range logs {
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := os.ReadFile(strings.TrimSuffix(log, ".log") + ".pdn")
		if err != nil {
			t.Fatal(err)
		}
		g, err := pdn.NewReader(bytes.NewReader(rec)).Next()
		if err != nil {
			t.Fatalf("%s: %v", log, err)
		}
		d := dialogue{name: filepath.Base(log), game: g, lines: lines(string(data))}
		for _, l := range d.lines {
			if strings.HasPrefix(l, "> ") {
				d.sent = append(d.sent, l[2:])
			}
		}
		out = append(out, d)
	}
	return out
}

// pydraughts' dialogues, matched with their games in algebraic PDN: every
// position it sends reads to the game's position after the moves it lists,
// and every move the engine answered reads as the game's next move and is
// written back by FormatMove exactly as it was answered (so pydraughts
// reads bashni's moves).
func TestDialoguesPositionsAndMoves(t *testing.T) {
	for _, d := range readDialogues(t) {
		t.Run(d.name, func(t *testing.T) {
			var out bytes.Buffer
			s := NewSession(&out, Options{HashMB: 1})
			positions := d.game.Game().Positions()
			moves := d.game.Game().Moves()
			ply := 0
			checked := 0
			for _, l := range d.lines {
				text := l[2:]
				switch {
				case strings.HasPrefix(l, "> pos "):
					s.execute(text)
					m, _ := ParseMessage(text)
					mv, _ := m.Get("moves")
					ply = len(strings.Fields(mv))
					if !s.game.Position().Equal(&positions[ply]) {
						t.Fatalf("%q: position %s, want the game's after %d plies, %s", text, s.game.Position(), ply, positions[ply])
					}
					if hub, _ := FormatPosition(s.game.Position()); ply == 0 && hub != startPos {
						t.Errorf("FormatPosition of the start: %q", hub)
					}
				case strings.HasPrefix(l, "< done "):
					m, _ := ParseMessage(text)
					answer, _ := m.Get("move")
					mv, err := ParseMove(&positions[ply], answer)
					if err != nil || mv.String() != moves[ply].String() {
						t.Fatalf("done move=%s at ply %d: %v %v, want the game's %s", answer, ply, mv, err, moves[ply])
					}
					if back := FormatMove(&positions[ply], moves[ply]); back != answer {
						t.Errorf("FormatMove(%s) = %q, pydraughts wrote %q", moves[ply], back, answer)
					}
					checked++
				case strings.HasPrefix(l, "> set-param "), strings.HasPrefix(l, "> level "):
					s.execute(text)
				}
			}
			if out.Len() != 0 {
				t.Errorf("the session answered errors:\n%s", out.String())
			}
			if checked < 10 || s.variant.Name() != d.game.Game().Variant().Name() {
				t.Errorf("%d moves checked, variant %s (game %s)", checked, s.variant, d.game.Game().Variant())
			}
		})
	}
}

// Each dialogue replayed through a session, line by line as pydraughts sent
// it (all at once, so the lines sent during a search wait for its end), but
// with "level depth=1" for "level move-time=0.1" so the test is quick and
// the same each time, and without the last line, quit: the session answers the handshake, then
// each "go think" with info lines and one done line whose move is legal in
// the position sent, and never an error.
func TestDialoguesReplayed(t *testing.T) {
	for _, d := range readDialogues(t) {
		t.Run(d.name, func(t *testing.T) {
			var in strings.Builder
			for _, l := range d.sent {
				if l == "quit" {
					break // sent all at once, quit would end the first search
				}
				in.WriteString(strings.ReplaceAll(l, "level move-time=0.1", "level depth=1") + "\n")
			}
			got := converseToEnd(t, in.String())
			w := slices.Index(got, "wait")
			if w < 0 || len(got) < w+2 || got[w+1] != "ready" {
				t.Fatalf("handshake: %q", got[:min(len(got), 9)])
			}
			var s Session
			variant := "russian"
			if strings.HasPrefix(d.name, "brazilian") {
				variant = "brazilian"
			}
			s.variant, _ = variantOf(variant)
			answers := got[w+2:]
			searches := 0
			for _, l := range d.sent {
				if !strings.HasPrefix(l, "pos ") {
					continue
				}
				m, _ := ParseMessage(l)
				if err := s.position(m); err != nil {
					t.Fatal(err)
				}
				for len(answers) > 0 && strings.HasPrefix(answers[0], "info ") {
					answers = answers[1:]
				}
				if len(answers) == 0 || !strings.HasPrefix(answers[0], "done move=") {
					t.Fatalf("after %q: answers %q, want a done line", l, answers)
				}
				dm, _ := ParseMessage(answers[0])
				move, _ := dm.Get("move")
				mv, err := ParseMove(s.game.Position(), move)
				if err != nil || FormatMove(s.game.Position(), mv) != move {
					t.Errorf("after %q: done move=%s: %v", l, move, err)
				}
				if ponder, ok := dm.Get("ponder"); ok {
					next := s.game.Position().PlayUnchecked(mv)
					if _, err := ParseMove(&next, ponder); err != nil {
						t.Errorf("after %q: ponder=%s: %v", l, ponder, err)
					}
				}
				answers = answers[1:]
				searches++
			}
			if len(answers) != 0 || searches < 10 {
				t.Errorf("%d searches, left over: %q", searches, answers)
			}
		})
	}
}

// Malformed lines are answered with an error and the session goes on (each
// is followed by ping, answered pong); unknown commands and arguments are
// ignored.
func TestErrorsAndIgnored(t *testing.T) {
	cases := []struct{ line, want string }{
		{`pos pos=Wxyz`, `error message="pos: position 'Wxyz': want 33 letters (the side to move, then one per square), found 4"`},
		{`pos pos=X` + startPos[1:], `error message="pos: position: the side to move 'X' is not W or B"`},
		{`pos pos=Wbbbbbbbbbbbbbeeeeeeewwwwwwwwwwww`, `error message="pos: position 'Wbbbbbbbbbbbbbeeeeeeewwwwwwwwwwww': FEN 'W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6,a5': 'a5': 13 black pieces, more than the 12 a side has in russian-draughts"`},
		{`pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwq`, `error message="pos: position: letter 33, 'q', is not w, b, W, B or e"`},
		{`pos pos=` + startPos + ` moves="9-13 33-29"`, `error message="pos: move 2: move '33-29': '33' is not a square number (1 to 32)"`},
		{`pos pos=` + startPos + ` moves="9-14"`, `error message="pos: move 1: move '9-14' is not legal here (legal: 9-13 10-13 10-14 11-14 11-15 12-15 12-16)"`},
		{`pos pos=` + startPos + ` moves="9x13"`, `error message="pos: move 1: move '9x13' is not legal here (legal: 9-13 10-13 10-14 11-14 11-15 12-15 12-16)"`},
		{`pos`, `error message="pos: want pos=<position> (or fen=<FEN>)"`},
		// docs/RULES.md section 9: the third time a1 (1) and h2 (8) are
		// seen the game is drawn, and no move follows.
		{`pos fen="W:WKa1:BKh2" moves="1-5 8-12 5-1 12-8 1-5 8-12 5-1 12-8 1-5"`, `error message="pos: move 9: the game is over: 1/2-1/2: draw by repetition"`},
		{`pos fen="W:WKa1:BKh2" moves="1-5 8-12 5-1 12-8 1-5 8-12 5-1 12-8"`, ""},
		{`pos fen="W:Wa2:Bc3"`, `error message="pos: FEN 'W:Wa2:Bc3': 'a2': a2 is a light square"`},
		{`pos pos="Wbbbb`, `error message="pos pos='Wbbbb: at byte 9: the value of pos: the quote is not closed"`},
		{`=x`, `error message="=x: at byte 1: want a command, found '='"`},
		{`level depth=abc`, `error message="level: depth: 'abc' is not a whole number"`},
		{`level depth=99999999999999999999999`, `error message="level: depth: 99999999999999999999999 is not from 1 to 64"`},
		{`level depth=0`, `error message="level: depth: 0 is not from 1 to 64"`},
		{`level move-time=-1`, `error message="level: move-time: -1 seconds is negative"`},
		{`level depth=-3`, `error message="level: depth: -3 is negative: want 1 to 64"`},
		{`level depth=1 depth=5`, `error message="level: depth is given twice"`},
		{`set-param name=threads name=hash value=2`, `error message="set-param: name is given twice"`},
		{`set-param name=tt-size value=15`, `error message="set-param: tt-size: 15 is not from 16 to 32"`},
		{`level move-time=1e3`, `error message="level: move-time: '1e3' is not a number of seconds"`},
		{`level move-time=NaN`, `error message="level: move-time: 'NaN' is not a number of seconds"`},
		{`level move-time=0`, `error message="level: move-time: 0 seconds is no time"`},
		{`level time=99999999999`, `error message="level: time: 99999999999 seconds is more than a year"`},
		{`level moves=40`, `error message="level: moves and inc need time=S"`},
		{`level`, `error message="level: want depth=N, move-time=S, time=S [inc=S] [moves=N] or infinite"`},
		{`level depth`, `error message="level: depth: the value is missing"`},
		// go without a search mode: TestGoWithoutSearchAnswersDone.
		{`set-param name=variant value=chess`, `error message="set-param: variant 'chess': not one of russian brazilian bashni international lasca ludii-bashni ludii-lasca, nor a ruleset such as 'lasca,rejump=any'"`},
		{`set-param name=threads value=0`, `error message="set-param: threads: 0 is not from 1 to 256"`},
		{`set-param name=hash value=1x`, `error message="set-param: hash: '1x' is not a whole number"`},
		{`set-param name=variant`, `error message="set-param: variant: the value is missing"`},
		// Ignored: unknown commands, parameters and arguments.
		{`frobnicate a=1 b="x y"`, ""},
		{`set-param name=book value=false`, ""}, // Scan's bool: no book
		{`set-param name=book value=true`, ""},  // Scan's bool: the book there is (none)
		{`level depth=3 colour=blue`, ""},
		{`pos pos=` + startPos + ` moves="" colour=blue`, ""},
		{`new-game`, ""},
		{"   \t", ""},
		{"ping extra=1", ""}, // answered pong, as ping
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			got := converse(t, c.line+"\nping\n")
			want := []string{"pong"}
			if c.want != "" {
				want = []string{c.want, "pong"}
			}
			if c.line == "ping extra=1" {
				want = []string{"pong", "pong"}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// An error line is one line of text whatever the line it answers holds:
// a carriage return, another control character or a byte that is not
// UTF-8 echoed from the input is written escaped, as Go writes it. (A raw
// carriage return split the error in two for a GUI that reads lines as
// Python's text mode does, as pydraughts does, and a byte that is not
// UTF-8 stopped such a reader with a decoding error.)
func TestErrorLinesAreOneLine(t *testing.T) {
	got := converse(t, "foo\rbar=\n\x01\nset-param name=tables value=\"x\ry\xff\"\nping\n")
	want := []string{
		`error message="foo\rbar=: at byte 9: want the value of bar, found the end of the line"`,
		`error message="\x01: at byte 1: want a command, found '\x01'"`,
		`error message="set-param: tables: x\ry\xff is not a directory"`,
		"pong",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A line longer than MaxLine is an error and skipped, without holding it
// in memory; the session goes on. A last line without a line break counts.
func TestLongLinesAndLastLine(t *testing.T) {
	long := "pos pos=" + strings.Repeat("e", MaxLine+10)
	got := converse(t, long+"\nping\nping")
	want := []string{`error message="a line longer than 1048576 bytes; it is ignored"`, "pong", "pong"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	got = converse(t, "ping\r\n"+long)
	if diff := cmp.Diff([]string{"pong", want[0]}, got); diff != "" {
		t.Errorf("CRLF, long last line (-want +got):\n%s", diff)
	}
}

// go think at a fixed depth: one info line per iteration with every field
// pydraughts reads, then done with the best move and the expected reply.
func TestThink(t *testing.T) {
	got := converseToEnd(t, "init\npos pos="+startPos+` moves="10-14 23-19"`+"\nlevel depth=3\ngo think\n")
	if len(got) < 3 || len(got) > 5 || got[0] != "ready" {
		t.Fatalf("answers %q, want ready, 1 to 3 info lines, done", got)
	}
	for i, l := range got[1 : len(got)-1] {
		m, err := ParseMessage(l)
		if err != nil || m.Command != "info" {
			t.Fatalf("%q: %v", l, err)
		}
		if d, _ := m.Get("depth"); d != string(rune('1'+i)) {
			t.Errorf("%q: depth %s, want %d", l, d, i+1)
		}
		for _, name := range []string{"mean-depth", "score", "nodes", "time", "nps", "pv"} {
			if v, ok := m.Get(name); !ok || v == "" {
				t.Errorf("%q has no %s", l, name)
			}
		}
	}
	m, _ := ParseMessage(got[len(got)-1])
	move, _ := m.Get("move")
	ponder, hasPonder := m.Get("ponder")
	pos := bashni.RussianDraughts().MustStart()
	for _, t2 := range []string{"c3-d4", "f6-e5"} {
		mv, _ := pos.ParseMove(t2)
		pos = pos.PlayUnchecked(mv)
	}
	if m.Command != "done" || move != "14x23x19" || !hasPonder {
		t.Errorf("%q: want done move=14x23x19 (d4:f6, the only capture) with a ponder move", got[len(got)-1])
	}
	mv, err := ParseMove(&pos, move)
	if err != nil {
		t.Fatal(err)
	}
	next := pos.PlayUnchecked(mv)
	if _, err := ParseMove(&next, ponder); err != nil {
		t.Errorf("ponder=%s: %v", ponder, err)
	}
}

// syncWriter is a writer whose lines a test can wait for.
type syncWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines chan string
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		line, err := w.buf.ReadString('\n')
		if err != nil {
			w.buf.WriteString(line)
			return len(p), nil
		}
		w.lines <- strings.TrimSuffix(line, "\n")
	}
}

// live runs a session fed line by line; send writes a line, expect waits
// for an answer that starts with prefix, skipping info lines.
type live struct {
	t   *testing.T
	in  *io.PipeWriter
	out *syncWriter
	end chan error
}

func startLive(t *testing.T) *live {
	r, w := io.Pipe()
	l := &live{t: t, in: w, out: &syncWriter{lines: make(chan string, 1000)}, end: make(chan error, 1)}
	go func() { l.end <- NewSession(l.out, Options{HashMB: 1}).Run(bufio.NewReader(r)) }()
	return l
}

func (l *live) send(line string) {
	if _, err := io.WriteString(l.in, line+"\n"); err != nil {
		l.t.Fatal(err)
	}
}

func (l *live) expect(prefix string) string {
	l.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case line := <-l.out.lines:
			if strings.HasPrefix(line, prefix) {
				return line
			}
			if !strings.HasPrefix(line, "info ") {
				l.t.Fatalf("got %q, want %q...", line, prefix)
			}
		case <-timeout:
			l.t.Fatalf("no %q line", prefix)
		}
	}
}

// A go that cannot search (the game is over, or no search mode) says why
// and still answers done, as Scan does (with no move): a GUI that waits
// for done after each go (lidraughts' analysis, pydraughts) must not wait
// for ever.
func TestGoWithoutSearchAnswersDone(t *testing.T) {
	for _, c := range []struct{ input, err string }{
		// White's man on a1 cannot take b2: c3 behind it is taken.
		{"pos fen=\"W:Wa1:Bb2,c3\"\nlevel depth=3\ngo think\n", `error message="go: the position has no legal move (the game is over)"`},
		{"pos fen=\"W:Wa1:Bb2,c3\"\nlevel infinite\ngo analyze\n", `error message="go: the position has no legal move (the game is over)"`},
		{"pos fen=\"W:Wa1:Bb2,c3\"\ngo ponder\n", `error message="go: the position has no legal move (the game is over)"`},
		{"go\n", `error message="go: want think, ponder or analyze"`},
	} {
		got := converse(t, c.input+"ping\n")
		if diff := cmp.Diff([]string{c.err, "done", "pong"}, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.input, diff)
		}
	}
	// So too for a go kept during a search, answered at its end.
	l := startLive(t)
	l.send("pos pos=" + startPos)
	l.send("level move-time=600")
	l.send("go think")
	l.send(`pos fen="W:Wa1:Bb2,c3"`)
	l.send("go think")
	l.send("stop")
	l.expect("done move=")
	l.expect(`error message="go: the position has no legal move (the game is over)"`)
	if got := l.expect("done"); got != "done" {
		t.Errorf("the kept go: %q, want done", got)
	}
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// go analyze with level infinite searches until stop; ping is answered
// during the search; other commands are refused until it ends.
func TestAnalyzeStopPing(t *testing.T) {
	l := startLive(t)
	l.send("pos pos=" + startPos)
	l.send("level infinite")
	l.send("go analyze")
	l.send("ping")
	l.expect("pong")
	l.send("pos pos=" + startPos)
	l.expect(`error message="pos: a search without a limit is under way (send stop first)"`)
	l.send("stop")
	l.expect("done move=")
	l.send("ping")
	l.expect("pong")
	l.send("quit")
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// go ponder does not end on its own clock (it is still searching when ping
// is answered); after ponder-hit the level's move time runs and the search
// ends by itself.
func TestPonderHit(t *testing.T) {
	l := startLive(t)
	l.send("pos pos=" + startPos + ` moves="11-15"`)
	l.send("level move-time=0.05")
	l.send("go ponder")
	l.send("ping")
	l.expect("pong") // fails on a done line first: the search must not end before ponder-hit
	l.send("ponder-hit")
	l.expect("done move=")
	l.in.Close()
	if err := <-l.end; err != nil {
		t.Fatal(err)
	}
}

// The end of the input stops a search under way, which still answers done.
func TestEndOfInputStopsSearch(t *testing.T) {
	got := converse(t, "pos pos="+startPos+"\nlevel infinite\ngo analyze\n")
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Errorf("answers %q, want a done line last", got)
	}
}

// Column checkers: "pos fen=" gives a position with towers (an extension
// old clients never send), and moves are in bashni's notation both ways.
func TestTowersExtension(t *testing.T) {
	got := converseToEnd(t, "set-param name=variant value=bashni\n"+
		`pos fen="W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" moves="c3-d4 f6-e5"`+"\nlevel depth=2\ngo think\n")
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=d4:f6 ponder=") {
		t.Fatalf("answers %q, want done move=d4:f6 (the only capture)", got)
	}
	// A tower in the FEN, and the reply to the capture written as bashni does.
	got = converseToEnd(t, "set-param name=variant value=bashni\n"+
		`pos fen="B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,f6b:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8"`+"\nlevel depth=2\ngo think\n")
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
		t.Fatalf("answers %q", got)
	}
	m, _ := ParseMessage(got[len(got)-1])
	move, _ := m.Get("move")
	pos, _ := bashni.ParseFEN(bashni.Russian(), "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,f6b:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8")
	if mv, err := pos.ParseMove(move); err != nil || mv.String() != move || !mv.IsCapture() {
		t.Errorf("done move=%s: %v %v, want a capture in bashni notation", move, mv, err)
	}
}

// Positions read from and written to the Hub's string agree, square by
// square, in the order b8, d8, ... g1.
func TestPositionString(t *testing.T) {
	q, _ := bashni.ParseFEN(bashni.RussianDraughts(), "B:Wg1,Kb8:Ba3")
	want := []byte("B" + strings.Repeat("e", 32))
	want[1], want[21], want[32] = 'W', 'b', 'w' // b8, a3, g1
	got, ok := FormatPosition(&q)
	if got != string(want) || !ok {
		t.Errorf("FormatPosition = %q %v, want %q", got, ok, want)
	}
	p, err := ParsePosition(bashni.RussianDraughts(), string(want))
	if err != nil || !p.Equal(&q) {
		t.Errorf("ParsePosition(%q) = %s %v, want %s", want, p, err, q)
	}
	tower, _ := bashni.ParseFEN(bashni.Russian(), "W:Wa1b:Bh8")
	if _, ok := FormatPosition(&tower); ok {
		t.Error("a tower of two written as a Hub position")
	}
}

// The zero Move is "-" in every ruleset, as Move.String writes it, where
// the numbered games wrote "1-1" (a1 to a1); it is no Hub move: ParseMove
// refuses it, and a session with no move answers done without one.
func TestFormatZeroMove(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.RussianDraughts(), bashni.Russian()} {
		p := v.MustStart()
		if got := FormatMove(&p, bashni.Move{}); got != "-" {
			t.Errorf("%s: FormatMove of the zero Move = %q, want %q", v.Name(), got, "-")
		}
		if m, err := ParseMove(&p, "-"); err == nil {
			t.Errorf("%s: ParseMove(%q) = %v, want an error", v.Name(), "-", m)
		}
	}
}

// Scores in men as Scan writes them and pydraughts reads them (a value over
// 90 is a win: pydraughts' plies = 10000 - 100*score).
func TestMenScore(t *testing.T) {
	for sc, want := range map[engine.Score]string{0: "0.00", 125: "1.25", -40: "-0.40", -7: "-0.07",
		engine.Win - 5: "99.95", -(engine.Win - 12): "-99.88"} {
		if got := menScore(sc); got != want {
			t.Errorf("menScore(%d) = %s, want %s", sc, got, want)
		}
	}
}

// A level line's clock is the engine's: the Hub adds inc before the move,
// so the clock holds time+inc now.
func TestLevelClock(t *testing.T) {
	m, _ := ParseMessage("level moves=40 time=60 inc=1.5")
	l, err := level{}.add(m)
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Limits{Clock: engine.Clock{Left: 61500 * time.Millisecond, Increment: 1500 * time.Millisecond, MovesToGo: 40}}
	if got := l.limits(); got != want {
		t.Errorf("limits %+v, want %+v", got, want)
	}
	m, _ = ParseMessage("level depth=5 move-time=2.25 nodes=1000")
	l, _ = level{}.add(m)
	if got, want := l.limits(), (engine.Limits{Depth: 5, Nodes: 1000, Time: 2250 * time.Millisecond}); got != want {
		t.Errorf("limits %+v, want %+v", got, want)
	}
}

type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// An output that cannot be written ends the session with the write error.
func TestWriteErrorEndsSession(t *testing.T) {
	err := NewSession(brokenPipe{}, Options{HashMB: 1}).Run(strings.NewReader("ping\nping\n"))
	if err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Errorf("Run: %v, want the write error", err)
	}
}

// Every variant value plays: from its start (given as pos= for the classic
// games, fen= for the others) the engine answers a legal move, written in
// the ruleset's Hub notation.
func TestEveryVariant(t *testing.T) {
	for _, name := range variantValues() {
		v, err := variantOf(name)
		if err != nil {
			t.Fatal(err)
		}
		start := v.MustStart()
		pos := `fen="` + start.FEN() + `"`
		if numbered(v) {
			text, _ := FormatPosition(&start)
			pos = "pos=" + text
		}
		got := converseToEnd(t, "set-param name=variant value="+name+"\npos "+pos+"\nlevel depth=2\ngo think\n")
		if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "done move=") {
			t.Fatalf("%s: answers %q", name, got)
		}
		m, _ := ParseMessage(got[len(got)-1])
		move, _ := m.Get("move")
		mv, err := ParseMove(&start, move)
		if err != nil || FormatMove(&start, mv) != move {
			t.Errorf("%s: done move=%s: %v", name, move, err)
		}
	}
}

// VariantValue names each preset so that the variant parameter reads it back.
func TestVariantValue(t *testing.T) {
	for _, name := range bashni.PresetNames() {
		v, err := bashni.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		back, err := variantOf(VariantValue(v))
		if err != nil || back != v {
			t.Errorf("%s: VariantValue %q reads back as %v, %v", name, VariantValue(v), back, err)
		}
	}
	if got := VariantValue(bashni.Russian()); got != "bashni" {
		t.Errorf("russian (column checkers) is %q, want bashni", got)
	}
}

// set-param name=multipv: each iteration writes a line for each of the
// best moves, numbered multipv=1 to 3 after the depth, each the line the
// engine found (its score in men and its moves) exactly as an engine of the
// session's table size searching the same position reports them; done
// plays the last iteration's first line's move.
func TestMultiPV(t *testing.T) {
	got := converseToEnd(t, "set-param name=multipv value=3\ninit\nlevel depth=2\ngo think\n")
	clock := regexp.MustCompile(` time=\S+ nps=\S+ `)
	for i := range got {
		got[i] = clock.ReplaceAllString(got[i], " time=T nps=N ")
	}

	v, err := variantOf(defaultVariant)
	if err != nil {
		t.Fatal(err)
	}
	start := v.MustStart()
	want := []string{"ready"}
	e := engine.MustNew(engine.Options{HashMB: 1, Progress: func(i engine.Info) {
		for k, l := range i.Lines {
			pos := start
			var pv []string
			for _, m := range l.PV {
				pv = append(pv, FormatMove(&pos, m))
				pos = pos.PlayUnchecked(m)
			}
			line := strings.Join(pv, " ")
			if len(pv) > 1 {
				line = `"` + line + `"` // a value with spaces is quoted
			}
			want = append(want, fmt.Sprintf(`info depth=%d multipv=%d mean-depth=%.1f score=%s nodes=%d time=T nps=N pv=%s`,
				i.Depth, k+1, i.MeanDepth, menScore(l.Score), i.Nodes, line))
		}
	}})
	r, err := e.Search(context.Background(), &start, engine.Limits{Depth: 2, Lines: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 7 || len(got) != 8 {
		t.Fatalf("the engine reported %d lines, the session answered %q; want ready, 2 iterations of 3 lines, done", len(want)-1, got)
	}
	if diff := cmp.Diff(want, got[:7]); diff != "" {
		t.Errorf("set-param name=multipv value=3 (-engine +session):\n%s", diff)
	}
	if done := "done move=" + FormatMove(&start, r.Move); got[7] != done && !strings.HasPrefix(got[7], done+" ") {
		t.Errorf("%q, want %q", got[7], done)
	}
	errs := converse(t, "set-param name=multipv value=0\nset-param name=multipv value=257\n")
	wantErrs := []string{
		`error message="set-param: multipv: 0 is not from 1 to 256"`,
		`error message="set-param: multipv: 257 is not from 1 to 256"`,
	}
	if diff := cmp.Diff(wantErrs, errs); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// inc without time is an error whatever its value: "level inc=0" set no
// limit at all, and the next go think searched until stop.
func TestIncWithoutTime(t *testing.T) {
	got := converse(t, "level inc=0\nping\n")
	want := []string{`error message="level: moves and inc need time=S"`, "pong"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A go ponder whose search has nothing more to search (the position's one
// legal move) answers done only after ponder-hit or stop, which a GUI takes
// for the end of the pondering: before them ping is answered and no done
// comes; after them done follows at once, and at the end of the input too.
func TestPonderOnlyMoveWaitsForPonderHit(t *testing.T) {
	for _, end := range []string{"ponder-hit", "stop", ""} {
		l := startLive(t)
		l.send(`pos fen="W:Wa1:Bh8"`) // a1-b2 is the only move
		l.send("level move-time=0.05")
		l.send("go ponder")
		// The info line of depth 1 is written when the search is done.
		select {
		case line := <-l.out.lines:
			if !strings.HasPrefix(line, "info depth=1 ") {
				t.Fatalf("%q: the first answer %q, want the info line of depth 1", end, line)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%q: no info line", end)
		}
		l.send("ping")
		l.expect("pong") // fails on a done line first
		if end != "" {
			l.send(end)
		}
		l.in.Close()
		if got := l.expect("done"); !strings.HasPrefix(got, "done move=") {
			t.Errorf("%q: %q, want done with the move", end, got)
		}
		if err := <-l.end; err != nil {
			t.Fatal(err)
		}
	}
}

// Under level infinite, go analyze (lidraughts' analysis) and go think are
// searches that only stop ends, and a GUI takes done for their end: with
// the position's one legal move, searched at once, done comes only after
// stop, quit or the end of the input. Before them ping is answered and a
// pos is refused (so nothing waits on the search); after them done
// follows at once.
func TestInfiniteOnlyMoveWaitsForStop(t *testing.T) {
	for _, mode := range []string{"analyze", "think"} {
		for _, end := range []string{"stop", "quit", ""} {
			l := startLive(t)
			l.send(`pos fen="W:Wa1:Bh8"`) // a1-b2 is the only move
			l.send("level infinite")
			l.send("go " + mode)
			// The info line of depth 1 is written when the search is done.
			select {
			case line := <-l.out.lines:
				if !strings.HasPrefix(line, "info depth=1 ") {
					t.Fatalf("go %s, %q: the first answer %q, want the info line of depth 1", mode, end, line)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("go %s, %q: no info line", mode, end)
			}
			l.send("ping")
			l.expect("pong") // fails on a done line first
			l.send(`pos fen="W:Wa1:Bh8"`)
			l.expect(`error message="pos: a search without a limit is under way (send stop first)"`)
			if end != "" {
				l.send(end)
			}
			l.in.Close()
			if got := l.expect("done"); !strings.HasPrefix(got, "done move=") {
				t.Errorf("go %s, %q: %q, want done with the move", mode, end, got)
			}
			if err := <-l.end; err != nil {
				t.Fatal(err)
			}
		}
	}
}
