package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
	"github.com/google/go-cmp/cmp"
)

// postJSON posts body as JSON and decodes a 200 answer into v.
func postJSON(t *testing.T, s *Server, path string, body any, v any) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := do(t, s, "POST", path, string(b))
	if code != http.StatusOK {
		t.Fatalf("POST %s %s: %d %s", path, b, code, out)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("POST %s: %v in %s", path, err, out)
	}
}

// mv is a move without notes.
func mv(text string, variations ...pdnLine) pdnMove {
	if variations == nil {
		variations = []pdnLine{}
	}
	return pdnMove{Move: text, NAGs: []int{}, Comments: []string{}, Variations: variations}
}

func line(moves ...pdnMove) pdnLine { return pdnLine{Comments: []string{}, Moves: moves} }

// A record of two games and a bad one: the games come as trees, with
// their tags, start, notes and variations; the bad game is named with its
// line and reason.
func TestPDNRead(t *testing.T) {
	text := `[Event "club"]
[White "Ann"]
[GameType "25"]
[Result "2-0"]

{opening} 1. c3-d4 ! {good} $1 (1. g3-h4 f6-g5) f6-g5 2. d4-e5 2-0

[White "Bob"]

1. c3-d4 b6-c5 2. d4-e5 *

[Variant "lasca"]
[FEN "W:Wc3:Be5"]

1. c3-d4 e5xc3 0-1
`
	var got pdnReadAnswer
	postJSON(t, New(Options{}), "/api/pdn/read", pdnReadRequest{PDN: text}, &got)
	start := bashni.RussianDraughts().MustStart()
	first := line(mv("c3-d4", line(mv("g3-h4"), mv("f6-g5"))), mv("f6-g5"), mv("d4-e5"))
	first.Comments = []string{"opening"}
	first.Moves[0].Annotation = "!"
	first.Moves[0].NAGs = []int{1}
	first.Moves[0].Comments = []string{"good"}
	want := pdnReadAnswer{
		Games: []pdnGame{{
			Game:     1,
			Tags:     []pdnTag{{"Event", "club"}, {"White", "Ann"}, {"GameType", "25"}, {"Result", "2-0"}},
			Variant:  "russian-draughts",
			FEN:      start.FEN(),
			Line:     first,
			Result:   "2-0",
			Outcome:  "1-0: black resigned",
			Warnings: []string{},
		}, {
			Game:     3,
			Tags:     []pdnTag{{"Variant", "lasca"}, {"FEN", "W:Wc3:Be5"}},
			Variant:  "lasca",
			FEN:      "W:Wc3:Be5",
			Line:     line(mv("c3-d4"), mv("e5xc3")),
			Result:   "0-1",
			Outcome:  "0-1: white has no legal move",
			Warnings: []string{},
		}},
		Errors: []pdnGameError{{Game: 2, Line: 10, Error: `game 2 [White "Bob"], line 10, move 2.: move "d4-e5": a capture is compulsory (captures are written with ':' or 'x') (legal: d4:b6)`}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answer (-want +got):\n%s", diff)
	}
}

// What the page writes reads back, through package pdn, to the same tree;
// the classic rules get their GameType, and a result the rules have not
// reached ends the game as a resignation.
func TestPDNWriteReadsBack(t *testing.T) {
	s := New(Options{})
	tree := line(
		mv("c3-d4"),
		mv("f6-g5", line(mv("b6-c5", line(mv("h6-g5"))), mv("d4:b6")), line(mv("b6-a5"))),
		mv("g3-f4"),
	)
	tree.Comments = []string{"a study"}
	tree.Moves[2].Comments = []string{"quiet", "and solid"}
	tree.Moves[2].Annotation = "?!"
	tree.Moves[1].Variations[0].Comments = []string{"the capture line"}
	req := pdnWriteRequest{Variant: "russian-draughts", Tags: []pdnTag{{"White", "Ann"}, {"Black", "Bob"}}, Line: tree, Result: "0-1"}
	var out pdnWriteAnswer
	postJSON(t, s, "/api/pdn/write", req, &out)
	for _, want := range []string{`[GameType "25,W,8,8,A0,0"]`, `[White "Ann"]`, `[Result "0-1"]`, "{a study}", "(1... b6-a5)"} {
		if !strings.Contains(out.PDN, want) {
			t.Errorf("PDN lacks %q:\n%s", want, out.PDN)
		}
	}
	games, err := pdn.ReadAll(strings.NewReader(out.PDN))
	if err != nil || len(games) != 1 {
		t.Fatalf("pdn reads %d games, %v:\n%s", len(games), err, out.PDN)
	}
	if got := games[0].Game().Outcome().String(); got != "0-1: white resigned" {
		t.Errorf("outcome read back %q", got)
	}
	var back pdnReadAnswer
	postJSON(t, s, "/api/pdn/read", pdnReadRequest{PDN: out.PDN}, &back)
	if len(back.Games) != 1 {
		t.Fatalf("read back %d games, errors %v", len(back.Games), back.Errors)
	}
	// The tree has the canonical moves (d4:b6), the record PDN 3.0's (d4xb6).
	if diff := cmp.Diff(tree, back.Games[0].Line); diff != "" {
		t.Errorf("tree read back (-written +read):\n%s\n%s", diff, out.PDN)
	}
}

// Bad records and trees get 4xx answers that say what and where.
func TestPDNErrors(t *testing.T) {
	s := New(Options{MaxMoves: 4})
	for _, c := range []struct {
		path, body string
		code       int
		want       string
	}{
		{"/api/pdn/write", `{"line":{"moves":[{"move":"c3-d4"},{"move":"f6-g5","variations":[{"moves":[{"move":"b6-c5"},{"move":"d4-e5"}]}]}]}}`,
			400, `move 2, variation 1, move 2: "d4-e5": a capture is compulsory`},
		{"/api/pdn/write", `{"line":{"moves":[{"move":"c3-d4"},{"move":"f6-g5"},{"move":"g3-f4"},{"move":"g7-f6"},{"move":"f4-e5"}]}}`,
			400, "move 5: more moves than the 4 a game may have here, variations included"},
		{"/api/pdn/write", `{"line":{"moves":[{"move":"c3-d4","annotation":"!!!"}]}}`, 400, `"!!!"`},
		{"/api/pdn/write", `{"tags":[{"name":"Bad Name","value":"x"}],"line":{"moves":[]}}`, 400, `tag name "Bad Name"`},
		{"/api/pdn/write", `{"result":"2-1","line":{"moves":[]}}`, 400, `result "2-1" is not`},
		{"/api/pdn/write", `{"variant":"lasca","fen":"W:Wc3:Be5","line":{"moves":[{"move":"c3-d4"},{"move":"e5xc3"}]},"result":"1-0"}`,
			400, "result 1-0: the game ended otherwise (0-1: white has no legal move)"},
		{"/api/pdn/write", `{"fen":"W:Wz9:B","line":{"moves":[]}}`, 400, `"z9" is not a square`},
		{"/api/pdn/write", `{"line":{"moves":[]},"extra":1}`, 400, `unknown field "extra"`},
		{"/api/pdn/read", `{"pdn":"1. c3-d4","variant":"nonsense"}`, 400, "variant: "},
		{"/api/pdn/read", `{"pdn":1}`, 400, "request body is not a PDN request as JSON"},
		{"/api/pdn/read", `{"pdn":"` + strings.Repeat("x", maxPDNBody) + `"}`, 413, "larger than 1048576 bytes"},
		{"/api/pdn/write", `{"line":{"moves":[]}}{}`, 400, "data after the JSON object"},
	} {
		code, out, _ := do(t, s, "POST", c.path, c.body)
		var e errorBody
		if code != c.code || json.Unmarshal([]byte(out), &e) != nil || !strings.Contains(e.Error, c.want) {
			t.Errorf("POST %s %.80s: %d %s, want %d and %q", c.path, c.body, code, out, c.code, c.want)
		}
	}
	if code, out, _ := do(t, s, "GET", "/api/pdn/read", ""); code != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/pdn/read: %d %s", code, out)
	}
}

// A text of many games answers the first maxPDNGames and says so.
func TestPDNReadTruncated(t *testing.T) {
	text := strings.Repeat("1. c3-d4 *\n\n", maxPDNGames+5)
	var got pdnReadAnswer
	postJSON(t, New(Options{}), "/api/pdn/read", pdnReadRequest{PDN: text}, &got)
	if len(got.Games) != maxPDNGames || !got.Truncated {
		t.Errorf("%d games, truncated %v; want %d and true", len(got.Games), got.Truncated, maxPDNGames)
	}
}

// FuzzPDNRequests posts any body to the PDN endpoints: every answer is one
// the API gives, never a panic or a 500.
func FuzzPDNRequests(f *testing.F) {
	for _, s := range []string{
		`{"pdn":"[GameType \"25\"]\n\n1. c3-d4 (1. a3-b4) f6-g5 *"}`,
		`{"line":{"comments":["x"],"moves":[{"move":"c3-d4","nags":[300]}]}}`,
		`{"variant":"lasca","line":{"moves":[{"move":"c3-d4","variations":[{"moves":[{"move":"e3-f4"}]}]}]},"result":"1/2-1/2"}`,
		`{"pdn":"1. c3-d4 {open","variant":"russian,majority=on"}`,
	} {
		f.Add(s)
	}
	s := New(Options{Budget: 50 * time.Millisecond})
	f.Fuzz(func(t *testing.T, body string) { postToEach(t, s, body, "/api/pdn/read", "/api/pdn/write") })
}

// Reading a record keeps to the request's budget: games of a custom
// ruleset whose moves each take a fifth of a second to read are cut off
// with 503, not read for seconds (one game and its variations, or many).
func TestPDNReadPastItsBudget(t *testing.T) {
	s := New(Options{Budget: 20 * time.Millisecond})
	const costly = `[FEN "W:WKe5:Bd4bbbbbbbbbbb"]` + "\n\n"
	var many, variations strings.Builder
	for i := 0; i < 10; i++ {
		many.WriteString(costly + "1. e5:a1 *\n\n")
	}
	variations.WriteString(costly + "1. e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5")
	for i := 0; i < 10; i++ {
		variations.WriteString(" (1. e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:e5:a1:f6)")
	}
	variations.WriteString(" *\n")
	for _, text := range []string{many.String(), variations.String()} {
		body, err := json.Marshal(pdnReadRequest{PDN: text, Variant: "russian,rejump=any,landing=any"})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		code, out, h := do(t, s, "POST", "/api/pdn/read", string(body))
		if took := time.Since(start); code != http.StatusServiceUnavailable || h.Get("Retry-After") != "1" ||
			!strings.Contains(out, "more than the 20ms of work this server gives one") || took > 2*time.Second {
			t.Errorf("POST /api/pdn/read of %.60q…: %d (Retry-After %q) after %v: %.150s", text, code, h.Get("Retry-After"), took, out)
		}
	}
	if !waitIdle(s.costly, time.Second) {
		t.Error("the costly requests' gate is still in use")
	}
}
