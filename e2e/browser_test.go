// Package e2e plays the bashni web page in a real headless Chromium: it
// builds the bashni command, starts "bashni serve", and clicks through games.
//
// It lives in its own module so the library's go.mod stays free of chromedp.
// Without a Chromium binary the tests skip, unless BASHNI_E2E=1 is set (as
// in CI), when they fail. BASHNI_CHROMIUM names the binary explicitly;
// BASHNI_E2E_SHOTS names a directory to keep screenshots in.
package e2e

import (
	"bufio"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// chromium finds the browser, or skips (fails under BASHNI_E2E=1).
func chromium(t *testing.T) string {
	t.Helper()
	candidates := []string{os.Getenv("BASHNI_CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "headless_shell"}
	for _, name := range candidates {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("BASHNI_E2E") == "1" {
		t.Fatal("BASHNI_E2E=1 but no Chromium found (install Debian's chromium, or set BASHNI_CHROMIUM)")
	}
	t.Skip("no Chromium found; install Debian's chromium or set BASHNI_CHROMIUM (BASHNI_E2E=1 makes this a failure)")
	return ""
}

// shared is the server and browser that every test's tab uses: started once,
// by the first test that needs them, and stopped by TestMain.
var shared struct {
	once    sync.Once
	err     error
	addr    string          // the page's address
	browser context.Context // the browser's first tab
	stop    []func() error  // run in reverse order at the end
}

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(shared.stop) - 1; i >= 0; i-- {
		if err := shared.stop[i](); err != nil {
			fmt.Fprintln(os.Stderr, "e2e:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// open returns a new tab of the shared browser showing the page, starting
// the server and the browser first if this is the first test.
func open(t *testing.T) page {
	t.Helper()
	return openAt(t, "")
}

// openAt is open with the page's address followed by rest ("?fen=...").
func openAt(t *testing.T, rest string) page {
	t.Helper()
	path := chromium(t)
	shared.once.Do(func() {
		if shared.addr, shared.err = serve(); shared.err == nil {
			shared.browser, shared.err = startBrowser(path)
		}
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	ctx, cancel := chromedp.NewContext(shared.browser)
	t.Cleanup(cancel)
	// The first Run opens the tab, which lives as long as that Run's
	// context: so no timeout here.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	p := page{t, ctx}
	p.do("open the page", chromedp.Navigate(shared.addr+rest))
	return p
}

// serve builds the bashni command and starts "bashni serve" on a free port
// with a quick engine; it returns the page's address. At the end the server
// must stop cleanly on an interrupt.
func serve() (string, error) {
	dir, err := os.MkdirTemp("", "bashni-e2e-")
	if err != nil {
		return "", err
	}
	shared.stop = append(shared.stop, func() error { return os.RemoveAll(dir) })
	bin := filepath.Join(dir, "bashni")
	build := exec.Command("go", "build", "-o", bin, "./cmd/bashni")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/bashni: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-think", "200ms", "-engines", "1", "-hash", "4")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", err
	}
	shared.stop = append(shared.stop, func() error {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("bashni serve did not stop cleanly on interrupt: %v", err)
			}
			return nil
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			return fmt.Errorf("bashni serve did not stop within 10s of an interrupt")
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("reading the address from bashni serve: %v", err)
	}
	const prefix = "bashni: serving on "
	addr, _, _ := strings.Cut(strings.TrimPrefix(line, prefix), " ")
	if !strings.HasPrefix(line, prefix) || !strings.HasPrefix(addr, "http://") {
		return "", fmt.Errorf("bashni serve said %q, want %q and an address", line, prefix)
	}
	return addr, nil
}

// startBrowser starts headless Chromium; the machine notes' flags keep it
// off the network and out of any user profile.
func startBrowser(path string) (context.Context, error) {
	profile, err := os.MkdirTemp("", "bashni-e2e-chromium-")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1100, 800),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	shared.stop = append(shared.stop, func() error {
		cancel()
		cancelAlloc()
		return os.RemoveAll(profile)
	})
	// The first Run starts the browser; it must not carry a timeout.
	if err := chromedp.Do(ctx); err != nil {
		return nil, fmt.Errorf("starting Chromium (%s): %v", path, err)
	}
	return ctx, nil
}

// page drives one tab, failing the test on any error with the step's name.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func (p page) eval(expr string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// click clicks the square's playable square on the board (a tower standing
// there takes the click for it, as it carries the same name).
//
// chromedp finds the node, then clicks it; when the page has just replaced
// the board, the node found may already be gone ("Could not find node with
// given id") before any mouse event is sent, so that error is retried.
func (p page) click(sq string) {
	p.t.Helper()
	sel := chromedp.CSS(fmt.Sprintf(`#board rect.sq[data-square=%q]`, sq))
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
		err := chromedp.Do(ctx, chromedp.Click(sel))
		cancel()
		if err == nil {
			return
		}
		if try == 5 || !strings.Contains(err.Error(), "Could not find node") {
			p.t.Fatalf("click %s: %v", sq, err)
		}
		p.t.Logf("click %s: %v; trying again", sq, err)
		time.Sleep(50 * time.Millisecond)
	}
}

// waitFEN waits until the board shows the position.
func (p page) waitFEN(fen string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	expr := fmt.Sprintf(`(document.querySelector("#board") || {dataset: {}}).dataset.fen === %q`, fen)
	if err := poll(ctx, expr); err != nil {
		p.t.Fatalf("waiting for the board to show %s (it shows %s; status %q): %v",
			fen, p.eval(`document.querySelector("#board").dataset.fen || ""`), p.eval(`document.querySelector("#status").textContent`), err)
	}
}

// poll waits until the JavaScript condition holds or ctx ends. A page
// being replaced (a navigation just made) drops the context the condition
// runs in ("Cannot find context with specified id"): then it asks again in
// the new page.
func poll(ctx context.Context, cond string) error {
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond))
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") || ctx.Err() != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// moveList returns the move list as the page shows it, one line per
// numbered pair.
func (p page) moveList() []string {
	p.t.Helper()
	s := p.eval(`[...document.querySelectorAll("#moves > li")].map(li => [...li.querySelectorAll(":scope > span.move")].map(s => s.textContent).join(" ")).join("\n")`)
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func (p page) status() string { return p.eval(`document.querySelector("#status").textContent`) }

// towerTitle returns the tooltip of the tower on sq, which spells it out.
func (p page) towerTitle(sq string) string {
	return p.eval(fmt.Sprintf(`(document.querySelector('#board g.tower[data-square=%q] title') || {textContent: ""}).textContent`, sq))
}

// screenshot keeps a picture of the page when BASHNI_E2E_SHOTS names a
// directory.
func (p page) screenshot(name string) {
	p.t.Helper()
	dir := os.Getenv("BASHNI_E2E_SHOTS")
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// fenAfter plays moves from the start of v and returns the FEN.
func fenAfter(t *testing.T, v bashni.Variant, fen string, moves ...string) string {
	t.Helper()
	p := v.MustStart()
	if fen != "" {
		var err error
		if p, err = bashni.ParseFEN(v, fen); err != nil {
			t.Fatal(err)
		}
	}
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		p = p.PlayUnchecked(m)
	}
	return p.FEN()
}

// choose picks an option of a select as a person does, change event and all.
func (p page) choose(id, value string) {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change")); return s.value; })()`, id, value)
	if got := p.eval(js); got != value {
		p.t.Fatalf("select #%s has no option %q", id, value)
	}
}

// newGame clicks "New game" and waits until the page shows the new game's
// start. Waiting for the start's FEN alone is not enough when the page
// already shows that FEN (a new game of the ruleset whose start is on the
// board): the answer of the new game's request may then come after the
// test's next clicks and draw the board anew under them, dropping a
// selected tower, as it did once in TestFullGameEveryRuleset ("the page did
// not play e3-d4"). The new game's root is a new node of the move tree,
// in place as soon as the click is handled; each answer shown is a new
// state object: so the page has shown the new game when the node is that
// root and the state is not the one shown before the click.
func (p page) newGame(what string) {
	p.t.Helper()
	p.eval(`(window.stateBeforeNew = bashni.study.state, "")`)
	p.do(what, chromedp.Click(chromedp.CSS("#new")))
	p.waitFor(what, `bashni.study.cur === bashni.study.root && bashni.study.state !== window.stateBeforeNew`)
}

func setUp(p page, fen string) {
	p.t.Helper()
	p.do("set up "+fen,
		chromedp.SetValue(chromedp.CSS("#fen-text"), fen),
		chromedp.Click(chromedp.CSS("#fen-form button")),
	)
}

// A person plays quiet moves and a capture with the mouse; the board, the
// tower left on the capturing square, the move list and the FEN follow, and
// undo takes the capture back.
func TestPlayCaptureByClicking(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	if got := p.status(); got != "White to move" {
		t.Errorf("status at the start: %q", got)
	}

	p.click("c3")
	if got := p.eval(`[...document.querySelectorAll("#board rect.dest")].map(e => e.dataset.square).sort().join(" ")`); got != "b4 d4" {
		t.Errorf("after clicking c3 the page marks %q as targets, want \"b4 d4\"", got)
	}
	p.click("d4")
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	p.click("b6")
	p.click("c5")
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5"))
	if got := p.status(); got != "White to move, and must capture" {
		t.Errorf("status before the capture: %q", got)
	}
	p.click("d4")
	p.click("b6")
	after := fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5", "d4:b6")
	p.waitFEN(after)
	p.screenshot("capture")

	if got, want := strings.Join(p.moveList(), " | "), "c3-d4 b6-c5 | d4:b6"; got != want {
		t.Errorf("move list %q, want %q", got, want)
	}
	if got, want := p.eval(`document.querySelector("#fen").value`), after; got != want {
		t.Errorf("FEN box %q, want %q", got, want)
	}
	// The white man now stands over the black man it took (docs/RULES.md section 4).
	if got, want := p.towerTitle("b6"), "b6: wb — white man, black man (top to bottom)"; got != want {
		t.Errorf("tower on b6: %q, want %q", got, want)
	}
	if got := p.towerTitle("c5"); got != "" {
		t.Errorf("c5 should be empty after the capture, has %q", got)
	}
	// The capture is highlighted: its path squares tinted, the jumped one marked.
	if got := p.eval(`String(document.querySelectorAll("#board .highlight rect").length)`); got != "3" {
		t.Errorf("highlight has %s rects, want 3 (d4, b6 and the jumped c5)", got)
	}

	p.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5"))
	if got := strings.Join(p.moveList(), " | "); got != "c3-d4 b6-c5" {
		t.Errorf("move list after undo %q", got)
	}
}

// twelve is docs/RULES.md section 11's position of the twelve-jump capture
// (c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1).
const twelve = "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b"

// loop is a position where two captures go round the same four towers
// in opposite directions and end where they began, c1:a3:c5:e3:c1 and
// c1:e3:c5:a3:c1: the towers they build differ, so both are moves, and
// clicking c1 twice fits both (the list of captures that fit the clicks).
const loop = "W:Wc1:BKb2,b4,d4,d2"

// setUpLoop sets up loop and waits for the board to show it.
func (p page) setUpLoop() {
	p.t.Helper()
	setUp(p, loop)
	p.waitFEN(fenAfter(p.t, bashni.Russian(), loop))
}

// docs/RULES.md section 11: the twelve-jump example, played with two clicks, and a
// capture that returns to its start, chosen from the list the page offers.
func TestLongAndAmbiguousCaptures(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))

	setUp(p, twelve)
	p.waitFEN(fenAfter(t, bashni.Russian(), twelve))
	p.click("c1")
	p.click("e1")
	p.waitFEN(fenAfter(t, bashni.Russian(), twelve, "c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1"))
	if got, want := p.towerTitle("e1"), "e1: Wbbbbbbbbbbbb — white king, 12 black men (top to bottom)"; got != want {
		t.Errorf("tower on e1: %q, want %q", got, want)
	}
	if got := p.status(); got != "Game over, 1-0: black has no legal move" {
		t.Errorf("status after the twelve jumps: %q", got)
	}
	p.screenshot("twelve")

	// Two captures end where they began (loop): both are offered.
	p.setUpLoop()
	p.click("c1")
	p.click("c1")
	if got := p.eval(`[...document.querySelectorAll("#choice-buttons button")].map(b => b.textContent).join(" ")`); got != "c1:a3:c5:e3:c1 c1:e3:c5:a3:c1" {
		t.Fatalf("choices offered: %q", got)
	}
	p.screenshot("choices")
	p.do("choose", chromedp.Click(chromedp.CSS(`#choice-buttons button:nth-child(2)`)))
	p.waitFEN(fenAfter(t, bashni.Russian(), loop, "c1:e3:c5:a3:c1"))

	// Clicking the landings one by one picks the route without a question.
	p.setUpLoop()
	p.click("c1")
	p.click("a3")
	p.waitFEN(fenAfter(t, bashni.Russian(), loop, "c1:a3:c5:e3:c1"))
}

// The engine answers a move, and a new game of another ruleset starts from
// its own start position.
func TestEngineAndNewGame(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.choose("engine", "black")
	p.click("c3")
	p.click("d4")
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := poll(ctx, `document.querySelectorAll("#moves span.move").length === 2 && !document.querySelector("#status").textContent.includes("thinking")`); err != nil {
		t.Fatalf("the engine did not answer c3-d4: %v (status %q)", err, p.status())
	}
	if got := p.status(); got != "White to move" && got != "White to move, and must capture" {
		t.Errorf("status after the engine's move: %q", got)
	}
	// Undo against the engine takes back its reply and the player's move.
	p.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))

	p.choose("engine", "")
	p.choose("variant", "lasca")
	p.newGame("new game")
	p.waitFEN(fenAfter(t, bashni.Lasca(), ""))
	p.click("c3")
	p.click("d4")
	p.waitFEN(fenAfter(t, bashni.Lasca(), "", "c3-d4"))
	if got := p.eval(`String(document.querySelectorAll("#board rect.sq").length)`); got != "25" {
		t.Errorf("lasca board has %s playable squares, want 25", got)
	}
	p.screenshot("lasca")
}

// A picture from /api/svg, opened on its own, shows every tower.
func TestPictureInBrowser(t *testing.T) {
	p := open(t)
	fen := "W:WKh6wbbbbbb,a7bb,c3,e3bwbwbw:Bg5wwww"
	q := url.Values{"fen": {fen}, "size": {"64"}}
	p.do("open the picture", chromedp.Navigate(shared.addr+"api/svg?"+q.Encode()))
	if got := p.eval(`[...document.querySelectorAll("g.tower")].map(g => g.dataset.square).sort().join(" ")`); got != "a7 c3 e3 g5 h6" {
		t.Errorf("towers in the picture: %q", got)
	}
	if got := p.eval(`document.querySelector("g.tower[data-square=h6] title").textContent`); got != "h6: Wwbbbbbb — white king, white man, 6 black men (top to bottom)" {
		t.Errorf("h6 title: %q", got)
	}
	p.screenshot("picture")
}
