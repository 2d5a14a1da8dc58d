package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/hub"
	"github.com/bashni-dev/bashni/engine/protocol"
	"github.com/google/go-cmp/cmp"
)

// The test binary is its own external engine: run with BASHNI_TEST_ENGINE
// set, it speaks the protocol ("real"), or misbehaves as the value says.
func TestMain(m *testing.M) {
	switch os.Getenv("BASHNI_TEST_ENGINE") {
	case "":
		os.Exit(m.Run())
	case "real":
		s, err := protocol.NewSession(os.Stdout, 1)
		if err == nil {
			err = s.Run(os.Stdin)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "hub": // bashni hub
		if err := hub.NewSession(os.Stdout, hub.Options{HashMB: 1}).Run(os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "illegal": // answers the handshake, then plays a move that is not legal
		fakeEngine("bestmove a1-h8")
	case "silent": // answers the handshake (but knows no threads), then never moves
		fakeEngine("")
	case "crash": // answers the handshake, then dies
		fakeEngine("crash")
	case "hub-script": // a Hub engine whose first two searches end late (fakeHub)
		fakeHub()
	}
	os.Exit(0)
}

// fakeHub speaks the Hub protocol as a script says: its first search ends
// only at "stop" or when the next line other than "ping" comes (which it
// then answers, as bashni hub answers a line kept during a search), with
// done move=10-14 (c3-d4); its second answers an error line first, and then
// ends so too with done move=24-20 (h6-g5); the others answer done
// move=23-19 (f6-e5) at once.
func fakeHub() {
	answers := []string{"10-14", "24-20", "23-19"}
	searches := 0
	held := "" // the done line of the search under way; "" when none
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		word, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if held != "" && word != "ping" {
			fmt.Println(held)
			held = ""
			if word == "stop" {
				continue
			}
		}
		switch word {
		case "hub":
			fmt.Println("id name=fake-hub\nwait")
		case "init":
			fmt.Println("ready")
		case "ping":
			fmt.Println("pong")
		case "quit":
			return
		case "go":
			searches++
			done := "done move=" + answers[min(searches, len(answers))-1]
			switch searches {
			case 1:
				held = done
			case 2:
				fmt.Println(`error message="fake: busy"`)
				held = done
			default:
				fmt.Println(done)
			}
		}
	}
}

func fakeEngine(answer string) {
	buf := make([]byte, 1)
	var line strings.Builder
	for {
		if n, _ := os.Stdin.Read(buf); n == 0 {
			return
		}
		if buf[0] != '\n' {
			line.WriteByte(buf[0])
			continue
		}
		cmd := line.String()
		line.Reset()
		switch {
		case cmd == "bashni":
			fmt.Println("id name fake\nbashniok")
		case cmd == "isready":
			fmt.Println("readyok")
		case strings.HasPrefix(cmd, "threads"):
			fmt.Println(`error unknown command "threads" (try help)`)
		case strings.HasPrefix(cmd, "go") && answer == "crash":
			fmt.Fprintln(os.Stderr, "fake engine: crashed on purpose")
			os.Exit(3)
		case strings.HasPrefix(cmd, "go") && answer != "":
			fmt.Println(answer)
		}
	}
}

func external(t *testing.T, mode string, v bashni.Variant, lim engine.Limits) *External {
	t.Helper()
	t.Setenv("BASHNI_TEST_ENGINE", mode)
	p, err := StartExternal(context.Background(), []string{os.Args[0]}, v, lim, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// An external engine plays whole games against the engine in its own
// process: every move legal (PlayGame checks), in each ruleset, from the
// start and from a position given by FEN, and at a fixed depth it plays as
// the engine in its own process does.
func TestExternalPlaysGames(t *testing.T) {
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.Lasca(), bashni.International()} {
		start := v.MustStart()
		ext := external(t, "real", v, engine.Limits{Depth: 3})
		if ext.Name() != "bashni engine" {
			t.Errorf("name %q, want the one in its id name line", ext.Name())
		}
		opening := Opening(&start, 4, 1, 0)
		in := Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 3}}
		g, err := PlayGame(context.Background(), &start, opening, [2]Player{ext, in}, 200)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		// The same engine in both processes: the same game with the
		// colours of one process each.
		in2 := Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 3}}
		in3 := Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 3}}
		want, err := PlayGame(context.Background(), &start, opening, [2]Player{in2, in3}, 200)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := bashni.LineText(g.Game.Moves()), bashni.LineText(want.Game.Moves()); a != b {
			t.Errorf("%s: the external engine played\n%s\nthe engine in this process\n%s", v, a, b)
		}
	}
	// A game that does not begin at the start goes as "position fen".
	pos, err := bashni.ParseFEN(bashni.Russian(), "W:Wc7:Bg7")
	if err != nil {
		t.Fatal(err)
	}
	ext := external(t, "real", bashni.Russian(), engine.Limits{Depth: 6})
	m, err := ext.Move(context.Background(), bashni.NewGameFrom(&pos), nil)
	if err != nil || m.String() != "c7-d8" {
		t.Errorf("from %s: %s, %v; want c7-d8", pos.FEN(), m, err)
	}
}

// A misbehaving program is an error that says what it did, never a hang or
// a move that is not legal.
func TestExternalErrors(t *testing.T) {
	v := bashni.Russian()
	pos := v.MustStart()
	defer func(d time.Duration) { searchSlack = d }(searchSlack)
	searchSlack = 100 * time.Millisecond // the silent engine is given up on this long after its millisecond
	defer func(d time.Duration) { moveTimeout = d }(moveTimeout)
	moveTimeout = 200 * time.Millisecond
	for _, tc := range []struct {
		mode, want string
		lim        engine.Limits
	}{
		{"illegal", `"bestmove a1-h8"`, engine.Limits{Depth: 2}},
		{"silent", `no "bestmove" within`, engine.Limits{Time: time.Millisecond}},
		{"silent", `no "bestmove" within 200ms`, engine.Limits{Depth: 2}}, // issue 26, item 11: it waited for ever
		{"silent", `no "bestmove" within 200ms`, engine.Limits{Nodes: 100}},
		{"crash", "crashed on purpose", engine.Limits{Depth: 2}},
	} {
		ext := external(t, tc.mode, v, tc.lim)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err := ext.Move(ctx, bashni.NewGameFrom(&pos), nil)
		cancel()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.mode, err, tc.want)
		}
	}
	// A program that writes endless bytes without a line break (cat
	// /dev/zero) is said to, not to have ended its output (issue 26,
	// item 14).
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := StartExternal(context.Background(), []string{"/bin/cat", "/dev/zero"}, v, engine.Limits{}, 0, 0)
		if err == nil || !strings.Contains(err.Error(), "wrote a line longer than 1048576 bytes") {
			t.Errorf("cat /dev/zero: error %v, want one about a line too long", err)
		}
	}
	if _, err := StartExternal(context.Background(), []string{"/nonexistent/engine"}, v, engine.Limits{}, 0, 0); err == nil {
		t.Error("a program that does not exist: no error")
	}
	// A ruleset Validate refuses is the error, before anything starts
	// (its first move would have panicked in MustStart).
	bad := v
	bad.Size = 5
	var ve *bashni.VariantError
	if _, err := StartExternal(context.Background(), []string{"/nonexistent/engine"}, bad, engine.Limits{}, 0, 0); !errors.As(err, &ve) {
		t.Errorf("an invalid ruleset: error %v, want a *bashni.VariantError", err)
	}
	// An engine that does not know a command it is sent says so.
	t.Setenv("BASHNI_TEST_ENGINE", "silent")
	if _, err := StartExternal(context.Background(), []string{os.Args[0]}, v, engine.Limits{}, 0, 2); err == nil || !strings.Contains(err.Error(), "threads") {
		t.Errorf("threads sent to an engine without them: error %v", err)
	}
}

// A Hub engine (bashni hub in the test binary) plays whole games: in the
// classic games with square numbers, in column checkers with bashni's
// notation, at a fixed depth as the engine in this process does, and under
// a clock.
func TestHubPlaysGames(t *testing.T) {
	t.Setenv("BASHNI_TEST_ENGINE", "hub")
	ctx := context.Background()
	for _, v := range []bashni.Variant{bashni.RussianDraughts(), bashni.Russian(), bashni.Lasca()} {
		start := v.MustStart()
		h, err := StartHub(ctx, []string{os.Args[0]}, v, engine.Limits{Depth: 3}, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		if h.Name() != "bashni" {
			t.Errorf("name %q, want the one in its id line", h.Name())
		}
		opening := Opening(&start, 4, 1, 0)
		g, err := PlayGame(ctx, &start, opening, [2]Player{h, Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 3}}}, 120)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		want, err := PlayGame(ctx, &start, opening, [2]Player{
			Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 3}},
			Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{Depth: 3}}}, 120)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := bashni.LineText(g.Game.Moves()), bashni.LineText(want.Game.Moves()); a != b {
			t.Errorf("%s: the Hub engine played\n%s\nthe engine in this process\n%s", v, a, b)
		}
	}
	h, err := StartHub(ctx, []string{os.Args[0]}, bashni.Russian(), engine.Limits{}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	start := bashni.Russian().MustStart()
	g, err := PlayTimedGame(ctx, &start, nil, [2]Player{h, Engine{engine.MustNew(engine.Options{HashMB: 1}), engine.Limits{}}}, 8, TimeControl{Base: 5 * time.Second, Increment: 100 * time.Millisecond})
	if err != nil || g.TimeLoss {
		t.Errorf("under a 5s clock: %v, %s", err, g.Reason())
	}
}

// A move that failed before its search's done line came (its context
// cancelled; an error line) leaves that line to come: the next move sends
// stop and reads up to it, and plays its own search's move, never the
// earlier one's (a scripted Hub engine, fakeHub, whose searches end late).
func TestHubResyncsAfterAFailedMove(t *testing.T) {
	t.Setenv("BASHNI_TEST_ENGINE", "hub-script")
	ctx := context.Background()
	v := bashni.RussianDraughts()
	h, err := StartHub(ctx, []string{os.Args[0]}, v, engine.Limits{Depth: 3}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g, err := bashni.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if m, err := h.Move(cancelled, g, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a move with its context cancelled: %s, %v; want the context's error", m, err)
	}
	if _, err := g.PlayText("c3-d4"); err != nil {
		t.Fatal(err)
	}
	// The first search's done move=10-14 comes first, not this move's.
	if m, err := h.Move(ctx, g, nil); err == nil || !strings.Contains(err.Error(), "fake: busy") {
		t.Fatalf("the second move: %s, %v; want the error line of its search", m, err)
	}
	// The second search's done move=24-20 comes first, not this move's.
	m, err := h.Move(ctx, g, nil)
	if err != nil || m.String() != "f6-e5" {
		t.Errorf("the third move: %s, %v; want f6-e5, its search's move", m, err)
	}
}

// Limits and clocks past a year, which the Hub protocol's times need not
// hold (bashni hub refuses them), are sent as a year: the games are
// played, rather than failing at the first "level" line.
func TestHubHugeLimits(t *testing.T) {
	t.Setenv("BASHNI_TEST_ENGINE", "hub")
	ctx := context.Background()
	start := bashni.Russian().MustStart()
	h, err := StartHub(ctx, []string{os.Args[0]}, bashni.Russian(), engine.Limits{Depth: 1, Time: 20000 * time.Hour}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g, err := PlayGame(ctx, &start, nil, [2]Player{h, Random{rand.New(rand.NewPCG(1, 2))}}, 6)
	if err != nil || g.Game.Plies() != 6 {
		t.Errorf("move time 20000h: %v after %d plies", err, g.Game.Plies())
	}
	// Under a clock the Hub engine shares out its time (a year's would
	// take days), so the line alone is checked.
	huge := &Clocks{Left: [2]time.Duration{20000 * time.Hour, time.Second}, Increment: 20000 * time.Hour, MovesToGo: 3}
	got := []string{h.level(huge, bashni.White), h.level(huge, bashni.Black)}
	want := []string{"level time=31536000.000 inc=31536000.000 moves=3", "level time=1.000 inc=31536000.000 moves=3"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("level lines under a clock of 20000h (-want +got):\n%s", diff)
	}
}
