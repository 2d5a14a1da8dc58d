package e2e

import (
	"encoding/json"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/chromedp/chromedp"
)

// The engine's strength: the page offers the levels the server lists in
// /api/info, weakest first after "the server's time", and a level or a
// depth chosen goes with every move request; the engine answers at it.
func TestEngineStrength(t *testing.T) {
	p := open(t)
	p.waitFEN(fenAfter(t, bashni.Russian(), ""))
	p.waitFor("the levels", `document.querySelector("#level option[value='level:max']") !== null`)
	if got := p.eval(`String(document.getElementById("level").hidden || document.getElementById("level").offsetParent === null)`); got != "false" {
		t.Errorf("the strength choice is hidden")
	}
	want := `["","level:beginner","level:casual","level:club","level:strong","level:max","depth:2","depth:4","depth:8","movetime:500"]`
	if got := p.eval(`JSON.stringify([...document.getElementById("level").options].map(o => o.value))`); got != want {
		t.Errorf("strength options %s, want %s", got, want)
	}
	// Keep the bodies of the move requests the page sends.
	p.do("record the engine's requests", chromedp.Evaluate[chromedp.Void](`(() => {
		window.engineRequests = [];
		const fetch0 = window.fetch;
		window.fetch = (path, init) => {
			if (path === "/api/engine") window.engineRequests.push(JSON.parse(init.body));
			return fetch0(path, init);
		};
	})()`))

	p.choose("level", "level:beginner")
	p.choose("engine", "black")
	p.play("c3-d4")
	p.waitFor("the engine's reply", `document.querySelectorAll("#moves span.move").length === 2 && !document.getElementById("status").textContent.includes("thinking")`)
	p.choose("level", "depth:2")
	p.play(p.eval(`bashni.study.state.legal[0].text`))
	p.waitFor("the engine's second reply", `document.querySelectorAll("#moves span.move").length === 4 && !document.getElementById("status").textContent.includes("thinking")`)

	var reqs []struct {
		Level string   `json:"level"`
		Depth int      `json:"depth"`
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(p.eval(`JSON.stringify(window.engineRequests)`)), &reqs); err != nil {
		t.Fatal(err)
	}
	if len(reqs) != 2 || reqs[0].Level != "beginner" || reqs[0].Depth != 0 || reqs[1].Level != "" || reqs[1].Depth != 2 {
		t.Errorf("the engine's requests %+v, want one at level beginner, one at depth 2", reqs)
	}
	if status := p.status(); status != "White to move" && status != "White to move, and must capture" {
		t.Errorf("status after the engine's replies: %q", status)
	}
}
