package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// goTo opens the page at the address with the query.
func (p page) goTo(query string) {
	p.t.Helper()
	p.do("open ?"+query, chromedp.Navigate(shared.addr+"?"+query))
}

// goToLine opens the page on the line of moves from russian's start (a
// share link) and waits for the board to show its end.
func (p page) goToLine(moves ...string) {
	p.t.Helper()
	p.goTo(url.Values{"moves": {strings.Join(moves, " ")}}.Encode())
	p.waitFEN(fenAfter(p.t, bashni.Russian(), "", moves...))
}

// waitFor polls a JavaScript condition, failing with what the page shows.
func (p page) waitFor(what, cond string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if err := poll(ctx, cond); err != nil {
		p.t.Fatalf("waiting for %s (%s): %v; status %q", what, cond, err, p.status())
	}
}

// query returns the page's address's query, decoded.
func (p page) query() url.Values {
	p.t.Helper()
	q, err := url.ParseQuery(strings.TrimPrefix(p.eval(`location.search`), "?"))
	if err != nil {
		p.t.Fatal(err)
	}
	return q
}

// key presses a key with the focus on the page's body.
func (p page) key(k string) {
	p.t.Helper()
	p.do("press "+k, chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`), chromedp.KeyEvent(k))
}

// clickMove clicks a move of the move list by its text (the n-th such, from 0).
func (p page) clickMove(text string, n int) {
	p.t.Helper()
	p.do("click move "+text, chromedp.Click(chromedp.JSPath(fmt.Sprintf(
		`[...document.querySelectorAll("#moves .move[data-node]")].filter(s => s.textContent === %q)[%d]`, text, n))))
}

// lines returns the variations as the move list shows them, one a line.
func (p page) lines() string {
	return p.eval(`[...document.querySelectorAll("#moves > li > .line")].map(l => l.textContent).join("\n")`)
}

// A share link opens its game; the address follows the game as it is
// stepped through and played, and opening the address it shows restores
// the same line and position.
func TestShareLinkRoundTrip(t *testing.T) {
	p := open(t)
	moves := []string{"c3-d4", "e5xc3", "b2xd4", "d6-e5"}
	q := url.Values{"variant": {"lasca"}, "moves": {strings.Join(moves, " ")}}
	p.goTo(q.Encode())
	p.waitFEN(fenAfter(t, bashni.Lasca(), "", moves...))
	if got, want := strings.Join(p.moveList(), " | "), "c3-d4 e5xc3 | b2xd4 d6-e5"; got != want {
		t.Errorf("move list %q, want %q", got, want)
	}
	if got := p.eval(`document.getElementById("variant").value`); got != "lasca" {
		t.Errorf("ruleset shown %q, want lasca", got)
	}
	// Stepping back with the keyboard: the address keeps the line and says
	// where the page stands.
	p.key(kb.ArrowLeft)
	p.waitFEN(fenAfter(t, bashni.Lasca(), "", moves[:3]...))
	if got := p.query(); got.Get("moves") != strings.Join(moves, " ") || got.Get("at") != "3" || got.Get("variant") != "lasca" {
		t.Errorf("address after stepping back: %v", got)
	}
	p.clickMove("c3-d4", 0)
	p.waitFEN(fenAfter(t, bashni.Lasca(), "", moves[:1]...))
	link := p.eval(`location.href`)

	again := openAt(t, strings.TrimPrefix(link, shared.addr))
	again.waitFEN(fenAfter(t, bashni.Lasca(), "", moves[:1]...))
	if got, want := strings.Join(again.moveList(), " | "), "c3-d4 e5xc3 | b2xd4 d6-e5"; got != want {
		t.Errorf("reopened link's move list %q, want %q", got, want)
	}
	again.key(kb.End)
	again.waitFEN(fenAfter(t, bashni.Lasca(), "", moves...))
	if got := again.query(); got.Has("at") {
		t.Errorf("at the end of the line the address still says at=%s", got.Get("at"))
	}

	// A custom ruleset and a start position travel in the link too.
	fen := "W:Wc3,e3:Bd6,f6"
	p.goTo(url.Values{"variant": {"russian,majority=on"}, "fen": {fen}, "moves": {"c3-d4"}}.Encode())
	v, err := bashni.ParseVariant("russian,majority=on")
	if err != nil {
		t.Fatal(err)
	}
	p.waitFEN(fenAfter(t, v, fen, "c3-d4"))
	if got := p.query().Get("variant"); got != v.String() {
		t.Errorf("address names the ruleset %q, want %q", got, v.String())
	}
}

// A bad link says what is wrong with it, and the page opens what is good.
func TestBadShareLink(t *testing.T) {
	p := open(t)
	p.goTo(url.Values{"variant": {"no-such-rules"}, "moves": {"c3-d4 b6-c5 d4-e5 a7-b6"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5"))
	p.waitFor("the notice", `!document.getElementById("notice").hidden`)
	notice := p.eval(`document.getElementById("notice-text").textContent`)
	for _, want := range []string{"The link's ruleset cannot be used", "no-such-rules", "The link's moves cannot all be played: white's move 2: \"d4-e5\""} {
		if !strings.Contains(notice, want) {
			t.Errorf("notice %q does not say %q", notice, want)
		}
	}
	p.screenshot("bad-link")
	// The rest of the page works.
	p.click("d4")
	p.click("b6")
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5", "d4:b6"))

	p.goTo(url.Values{"fen": {"W:Wz9:B"}}.Encode())
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.waitFor("the notice", `document.getElementById("notice-text").textContent.includes("z9")`)
}

// Playing another move at an earlier position makes a variation; the
// variation can be gone through, commented on, promoted and deleted.
func TestMoveTree(t *testing.T) {
	p := open(t)
	p.branch()
	p.play("d4:b6")
	if got, want := strings.Join(p.moveList(), " | "), "c3-d4 f6-g5 | g3-f4"; got != want {
		t.Errorf("main line %q, want %q (unchanged by the variation)", got, want)
	}
	if got, want := p.lines(), "(1... b6-c5 2. d4:b6)"; got != want {
		t.Errorf("variations %q, want %q", got, want)
	}
	p.do("comment", chromedp.SetValue(chromedp.CSS("#comment"), "the capture"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("comment").dispatchEvent(new Event("change"))`))
	if got, want := p.lines(), "(1... b6-c5 2. d4:b6 the capture)"; got != want {
		t.Errorf("variations after the comment %q, want %q", got, want)
	}
	p.screenshot("tree")

	p.do("promote", chromedp.Click(chromedp.CSS("#promote")))
	if got, want := strings.Join(p.moveList(), " | "), "c3-d4 b6-c5 | d4:b6"; got != want {
		t.Errorf("main line after promoting %q, want %q", got, want)
	}
	if got, want := p.lines(), "(1... f6-g5 2. g3-f4)"; got != want {
		t.Errorf("variations after promoting %q, want %q", got, want)
	}
	p.clickMove("f6-g5", 0)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "f6-g5"))
	p.do("delete", chromedp.Click(chromedp.CSS("#delete")))
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
	if got := p.lines(); got != "" {
		t.Errorf("variations after deleting: %q", got)
	}
	p.key(kb.End)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4", "b6-c5", "d4:b6"))
	p.key(kb.Home)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.key(kb.ArrowRight)
	p.waitFEN(fenAfter(t, bashni.Russian(), "", "c3-d4"))
}

// branch plays c3-d4 f6-g5 g3-f4 from the start, steps back two moves by
// keyboard and plays b6-c5 there: a variation of f6-g5.
func (p page) branch() {
	p.t.Helper()
	p.waitFEN(fenAfter(p.t, bashni.Russian(), ""))
	for _, m := range []string{"c3-d4", "f6-g5", "g3-f4"} {
		p.play(m)
	}
	p.key(kb.ArrowLeft)
	p.key(kb.ArrowLeft)
	p.waitFEN(fenAfter(p.t, bashni.Russian(), "", "c3-d4"))
	p.play("b6-c5")
}

// play types a move into the move box.
func (p page) play(move string) {
	p.t.Helper()
	before := p.eval(`document.getElementById("board").dataset.fen`)
	p.do("type "+move, chromedp.SetValue(chromedp.CSS("#move-text"), move), chromedp.Click(chromedp.CSS("#move-form button")))
	p.waitFor("the move "+move, fmt.Sprintf(`document.getElementById("board").dataset.fen !== %q`, before))
}

// A variation made on the board is downloaded as PDN, which package pdn
// reads back with its variation and comment; a pasted record of two games
// offers both, and picking one opens it.
func TestPDNOutAndIn(t *testing.T) {
	p := open(t)
	p.branch()
	p.do("comment", chromedp.SetValue(chromedp.CSS("#comment"), "the other way"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("comment").dispatchEvent(new Event("change"))`))
	p.do("download", chromedp.Click(chromedp.CSS("#pdn-download")))
	p.waitFor("the PDN", `document.getElementById("pdn-text").value.includes("1-0") || document.getElementById("pdn-text").value.includes("*")`)
	text := p.eval(`document.getElementById("pdn-text").value`)
	games, err := pdn.ReadAll(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("package pdn reads %d games, %v, from the page's PDN:\n%s", len(games), err, text)
	}
	g := games[0]
	if got := moveTexts(g.Game().Moves()); got != "c3-d4 f6-g5 g3-f4" {
		t.Errorf("main line read back %q\n%s", got, text)
	}
	n := g.Notes[2]
	if n == nil || len(n.Variations) != 1 || moveTexts(n.Variations[0].Moves) != "b6-c5" {
		t.Fatalf("the variation of move 2 is not read back:\n%s", text)
	}
	if v := n.Variations[0].Notes[1]; v == nil || strings.Join(v.Comments, "|") != "the other way" {
		t.Errorf("the variation's comment is not read back:\n%s", text)
	}

	record := "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. c3-d4 f6-g5 *\n\n[White \"Cid\"]\n[Black \"Dee\"]\n[GameType \"25\"]\n\n1. e3-f4 (1. a3-b4) b6-a5 *\n"
	p.do("paste a record", chromedp.SetValue(chromedp.CSS("#pdn-text"), record), chromedp.Click(chromedp.CSS("#pdn-open")))
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.waitFor("the list of games", `!document.getElementById("pdn-pick").hidden`)
	if got := p.eval(`[...document.querySelectorAll("#pdn-games option")].map(o => o.textContent).join(" | ")`); got != "1. Ann – Bob * | 2. Cid – Dee *" {
		t.Errorf("games offered: %q", got)
	}
	p.choose("pdn-games", "1")
	p.waitFor("the second game", `document.getElementById("variant").value === "russian-draughts"`)
	p.waitFEN(fenAfter(t, bashni.RussianDraughts(), ""))
	if got, want := strings.Join(p.moveList(), " | "), "e3-f4 b6-a5"; got != want {
		t.Errorf("move list of the second game %q, want %q", got, want)
	}
	if got, want := p.lines(), "(1. a3-b4)"; got != want {
		t.Errorf("variations of the second game %q, want %q", got, want)
	}
	p.screenshot("pdn")
}

func moveTexts(ms []bashni.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// Where the browser gives the page no clipboard (a page opened by the
// machine's address on the network is no secure context, and has none),
// Copy link and Copy FEN select what they copy in a box, with the focus,
// for Ctrl+C: the link, not the FEN box beside the button. The link's box
// fits a 320 px screen.
func TestCopyWithoutClipboard(t *testing.T) {
	p := open(t)
	p.do("a 320 px screen", chromedp.EmulateViewport(320, 640))
	p.goToLine("c3-d4", "f6-g5")
	p.run("take the clipboard away", `Object.defineProperty(navigator, "clipboard", { value: undefined })`)
	selected := `(() => { const a = document.activeElement; return a && a.value !== undefined ? a.value.slice(a.selectionStart, a.selectionEnd) : "nothing"; })()`
	p.do("copy the link", chromedp.Click(chromedp.CSS("#copy-link")))
	p.waitFor("the answer", `document.getElementById("status").textContent.startsWith("Link")`)
	if got, want := p.eval(selected), p.eval(`location.href`); got != want {
		t.Errorf("Copy link without a clipboard selects %q, want the link %q (status %q)", got, want, p.status())
	}
	if got := p.pageWidth(); got != "320" {
		t.Errorf("with the link shown the page is %s px wide on a 320 px screen", got)
	}
	p.screenshot("copy-link-by-hand")
	p.do("copy the FEN", chromedp.Click(chromedp.CSS("#copy-fen")))
	p.waitFor("the answer", `document.getElementById("status").textContent.startsWith("FEN")`)
	if got, want := p.eval(selected), fenAfter(t, bashni.Russian(), "", "c3-d4", "f6-g5"); got != want {
		t.Errorf("Copy FEN without a clipboard selects %q, want the FEN %q (status %q)", got, want, p.status())
	}
}
