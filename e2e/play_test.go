package e2e

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
	"github.com/chromedp/chromedp"
)

// A clock runs out: the side loses on time, the board takes no more
// moves, and the PDN says so. A resignation and an agreed draw end games
// too, and a custom ruleset from the ruleset box starts a game.
func TestClocksResignDraw(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	// A time control of 3 s plus 1 s, short enough to run out in a test.
	p.do("add a short time control", chromedp.Evaluate[chromedp.Void](`(() => {
		const o = document.createElement("option"); o.value = "0.05+1"; o.textContent = "3 s + 1 s";
		document.getElementById("clock").append(o); })()`))
	p.choose("clock", "0.05+1")
	p.waitFor("White's clock to run", `document.getElementById("clock-white").classList.contains("running")`)
	p.play("c3-d4")
	p.waitFor("Black's clock to run", `document.getElementById("clock-black").classList.contains("running")`)
	if got := p.eval(`document.getElementById("clock-white").textContent`); !strings.HasPrefix(got, "White 0:0") {
		t.Errorf("White's clock after the move and its increment: %q", got)
	}
	p.waitFor("Black to lose on time", `document.getElementById("status").textContent === "Game over, 1-0: black lost on time"`)
	if got := p.eval(`document.getElementById("clock-black").textContent`); got != "Black 0:00.0" {
		t.Errorf("Black's clock %q", got)
	}
	p.screenshot("clock")
	p.click("b6")
	if got := p.eval(`String(bashni.selection)`); got != "null" {
		t.Errorf("the board took a click after the loss on time: %s", got)
	}
	p.do("download", chromedp.Click(chromedp.CSS("#pdn-download")))
	p.waitFor("the PDN", `document.getElementById("pdn-text").value.includes("1-0")`)
	games, err := pdn.ReadAll(strings.NewReader(p.eval(`document.getElementById("pdn-text").value`)))
	if err != nil || len(games) != 1 || games[0].Game().Outcome().Result != bashni.WhiteWins {
		t.Errorf("the PDN of the game lost on time reads as %v, %v", games, err)
	}

	p.choose("clock", "")
	p.newGame("new game")
	p.waitFor("a new game", `document.getElementById("status").textContent === "White to move"`)
	p.do("resign", chromedp.Click(chromedp.CSS("#resign")))
	if got := p.status(); got != "Game over, 0-1: white resigned" {
		t.Errorf("status after resigning %q", got)
	}
	p.newGame("new game")
	p.waitFor("a new game", `document.getElementById("status").textContent === "White to move"`)
	p.play("c3-d4")
	p.do("offer a draw", chromedp.Click(chromedp.CSS("#offer-draw")))
	if got := p.eval(`document.getElementById("draw-offer-text").textContent`); got != "Black offers a draw. White: accept?" {
		t.Errorf("draw offer %q", got)
	}
	p.do("accept", chromedp.Click(chromedp.CSS("#draw-accept")))
	if got := p.status(); got != "Game over, 1/2-1/2: draw agreed" {
		t.Errorf("status after the draw %q", got)
	}

	// A custom ruleset from the ruleset box.
	v, err := bashni.ParseVariant("russian,majority=on")
	if err != nil {
		t.Fatal(err)
	}
	p.do("custom ruleset", chromedp.Click(chromedp.CSS("details summary")),
		chromedp.SetValue(chromedp.CSS("#ruleset-text"), "russian,majority=on"),
		chromedp.Click(chromedp.CSS("#ruleset-form button")))
	p.waitFor("the custom ruleset", `document.getElementById("variant").value === `+jsString(v.String()))
	p.waitFEN(fenAfter(t, v, ""))
}

func jsString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
