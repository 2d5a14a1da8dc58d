package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/bashni-dev/bashni/svg"
	"github.com/google/go-cmp/cmp"
)

// newRequest is httptest.NewRequest sent to the server's own address: the
// server refuses httptest's Host, example.com, a name that could be a
// foreign site's.
func newRequest(method, target string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, target, body)
	req.Host = "127.0.0.1:8080"
	return req
}

// do sends one request to a Server and returns the status and body.
func do(t *testing.T, s *Server, method, target, body string) (int, string, http.Header) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := newRequest(method, target, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String(), rec.Header()
}

// postState posts a game and decodes the state, failing unless it is 200.
func postState(t *testing.T, s *Server, body string) gameState {
	t.Helper()
	code, out, _ := do(t, s, "POST", "/api/state", body)
	if code != http.StatusOK {
		t.Fatalf("POST /api/state %s: %d %s", body, code, out)
	}
	var st gameState
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestPageAndStaticFiles(t *testing.T) {
	s := New(Options{})
	for _, c := range []struct {
		path, ctype, contains string
	}{
		{"/", "text/html", `<script type="module" src="/static/js/main.js">`},
		{"/static/js/study.js", "text/javascript", "/api/state"},
		{"/static/style.css", "text/css", "#board"},
	} {
		code, body, h := do(t, s, "GET", c.path, "")
		if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), c.ctype) || !strings.Contains(body, c.contains) {
			t.Errorf("GET %s: %d %q, body has %q: %v", c.path, code, h.Get("Content-Type"), c.contains, strings.Contains(body, c.contains))
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q does not keep the page to this server", c.path, csp)
		}
	}
	// Nothing the page loads may come from elsewhere, and every module it
	// imports is there.
	imports := regexp.MustCompile(`(?m)^import .* from "\./([a-z]+\.js)";$`)
	err := fs.WalkDir(static, "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(name)
		if err != nil {
			return err
		}
		for _, bad := range []string{"http://", "https://", "//cdn", "@import"} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s refers to an outside resource (%q)", name, bad)
			}
		}
		for _, m := range imports.FindAllStringSubmatch(string(b), -1) {
			if _, err := static.ReadFile(path.Join(path.Dir(name), m[1])); err != nil {
				t.Errorf("%s imports %s: %v", name, m[1], err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if code, _, _ := do(t, s, "GET", "/nothing-here", ""); code != http.StatusNotFound {
		t.Errorf("GET /nothing-here: %d, want 404", code)
	}
}

func TestInfo(t *testing.T) {
	for _, c := range []struct {
		opp    match.Player
		want   bool
		levels []string
	}{
		{nil, false, nil},
		{firstMove{}, true, nil},
		{strengthRecorder{}, true, []string{"beginner", "casual", "club", "strong", "max"}},
	} {
		code, body, _ := do(t, New(Options{Opponent: c.opp}), "GET", "/api/info", "")
		var got infoAnswer
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != 200 {
			t.Fatalf("GET /api/info: %d %s %v", code, body, err)
		}
		want := infoAnswer{Variants: bashni.PresetNames(), Engine: c.want, Levels: c.levels}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("/api/info (-want +got):\n%s", diff)
		}
	}
}

func TestStateStart(t *testing.T) {
	st := postState(t, New(Options{}), `{"variant":"lasca"}`)
	start := bashni.Lasca().MustStart()
	if st.Variant != "lasca" || st.FEN != start.FEN() || st.Start != start.FEN() || st.Turn != "white" ||
		st.StartTurn != "white" || st.Over || st.Outcome != "" || st.Status != "White to move" || len(st.Moves) != 0 {
		t.Errorf("lasca start state: %+v", st)
	}
	var texts []string
	for _, m := range st.Legal {
		texts = append(texts, m.Text)
	}
	if diff := cmp.Diff(bashni.MoveTexts(start.LegalMoves()), texts); diff != "" {
		t.Errorf("legal moves (-want +got):\n%s", diff)
	}
	want, err := svg.String(&start, boardOptions(false))
	if err != nil {
		t.Fatal(err)
	}
	if st.SVG != want {
		t.Errorf("state's picture is not svg.String of the position")
	}
}

// A capture: every legal move carries its path and jumped squares, the
// moves come back canonical, and the picture highlights the last move.
func TestStateCaptureAndHighlight(t *testing.T) {
	s := New(Options{})
	st := postState(t, s, `{"moves":["c3-d4","b6-c5"]}`)
	if st.Status != "White to move, and must capture" {
		t.Errorf("status %q", st.Status)
	}
	want := []legalMove{{Text: "d4:b6", From: "d4", To: "b6", Path: []string{"d4", "b6"}, Captured: []string{"c5"}}}
	if diff := cmp.Diff(want, st.Legal); diff != "" {
		t.Errorf("legal moves (-want +got):\n%s", diff)
	}
	// A short or upper-case text is accepted and comes back canonical.
	st = postState(t, s, `{"moves":["C3-D4","b6-c5","d4:b6"],"flip":true}`)
	if diff := cmp.Diff([]string{"c3-d4", "b6-c5", "d4:b6"}, st.Moves); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	pos := postStatePosition(t, "c3-d4 b6-c5 d4:b6")
	if st.FEN != pos.FEN() {
		t.Errorf("FEN after d4:b6: %s, want %s", st.FEN, pos.FEN())
	}
	before := postStatePosition(t, "c3-d4 b6-c5")
	m, _ := before.ParseMove("d4:b6")
	o := boardOptions(true)
	o.HighlightMove(m)
	pic, _ := svg.String(&pos, o)
	if st.SVG != pic {
		t.Errorf("picture after d4:b6 is not the flipped board with the capture highlighted")
	}
}

// postStatePosition plays moves from the russian start.
func postStatePosition(t *testing.T, moves string) bashni.Position {
	t.Helper()
	p := bashni.Russian().MustStart()
	for _, text := range strings.Fields(moves) {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		p, _ = p.Play(m)
	}
	return p
}

// docs/RULES.md section 9: a side with no legal move has lost.
func TestStateGameOver(t *testing.T) {
	st := postState(t, New(Options{}), `{"fen":"W:Wc3:Bd4","moves":["c3:e5"]}`)
	if !st.Over || st.Outcome != "1-0: black has no legal move" || len(st.Legal) != 0 ||
		st.Status != "Game over, 1-0: black has no legal move" {
		t.Errorf("after the last black piece is taken: %+v", st)
	}
	// Black to move first: the move list starts with Black.
	st = postState(t, New(Options{}), `{"fen":"B:Wc3:Bf6"}`)
	if st.StartTurn != "black" || st.Turn != "black" {
		t.Errorf("black-first game: %+v", st)
	}
}

func TestBadRequests(t *testing.T) {
	s := New(Options{MaxMoves: 3})
	long := `{"moves":["c3-d4","b6-c5","d4:b6","a7:c5"]}`
	cases := []struct {
		method, path, body string
		status             int
		msg                string
	}{
		{"POST", "/api/state", `{"variant":"chess"}`, 400, "variant: "},
		{"POST", "/api/state", `{"fen":"W:Wa2:Bb8"}`, 400, `FEN "W:Wa2:Bb8": "a2": a2 is a light square`},
		// Each thing once (issue 15, case 8: "fen: FEN "W:Wz9:B": "z9": "z9" is not a square").
		{"POST", "/api/state", `{"fen":"W:Wz9:B"}`, 400, `FEN "W:Wz9:B": "z9" is not a square`},
		// A move is named as players count (issue 26, item 14: "move 4").
		{"POST", "/api/state", `{"moves":["c3-d4","c3-d4"]}`, 400, `black's move 1: "c3-d4": not a legal move here (legal: b6-a5`},
		{"POST", "/api/state", `{"moves":["zz"]}`, 400, `white's move 1: "zz"`},
		{"POST", "/api/state", `{"moves":["c3-d4","b6-a5","a5-b4"]}`, 400, `white's move 2: "a5-b4": not a legal move here`},
		{"POST", "/api/state", `{"moves":["1. c3-d4 b6-a5", "2. a5-b4"]}`, 400, `white's move 2: "a5-b4"`},
		{"POST", "/api/state", `{"fen":"B:Wc3:Bf6,h6","moves":["f6-e5","zz"]}`, 400, `white's move 2: "zz"`},
		{"POST", "/api/state", `{"fen":"B:Wc3,e3:Bf6,h6","moves":["f6-e5","e3-f4","zz"]}`, 400, `black's move 2: "zz"`},
		{"POST", "/api/state", `{"moves":"c3-d4"}`, 400, "not a game as JSON"},
		{"POST", "/api/state", `{"move":["c3-d4"]}`, 400, `unknown field "move"`},
		{"POST", "/api/state", `{"moves":[]} {}`, 400, "data after the JSON object"},
		{"POST", "/api/state", `[1,2`, 400, "not a game as JSON"},
		{"POST", "/api/state", `{"variant":` + strings.Repeat(" ", maxBody) + `"x"}`, 413, "larger than"},
		{"POST", "/api/state", long, 400, "4 moves, more than the 3"},
		// Plies are counted, however the request splits them (issue 26,
		// item 8: one element of 40,000 plies was served).
		{"POST", "/api/state", `{"moves":["c3-d4 b6-c5 d4:b6 a7:c5"]}`, 400, "4 moves (plies), more than the 3"},
		{"POST", "/api/state", `{"moves":["1. c3-d4 b6-c5 2. d4:b6", ""]}`, 200, ""},
		{"GET", "/api/svg?moves=c3-d4+b6-c5+d4:b6+a7:c5", "", 400, "4 moves (plies), more than the 3"},
		{"POST", "/api/state", `{"variant":"` + strings.Repeat("a", 600) + `"}`, 400, "variant text longer"},
		{"GET", "/api/state", "", 405, "/api/state wants POST, not GET"},
		{"DELETE", "/api/info", "", 405, "/api/info wants GET"},
		{"GET", "/api/nothing", "", 404, "no API endpoint /api/nothing"},
		{"POST", "/api/engine", `{}`, 501, "this server has no engine"},
		{"GET", "/api/svg?size=9999", "", 400, "size="},
		{"GET", "/api/svg?flip=maybe", "", 400, "flip="},
		{"GET", "/api/svg?move=c3-c4", "", 400, `move="c3-c4"`},
		{"GET", "/api/svg?variant=lasca&fen=W:Wh8:Ba1", "", 400, `FEN "W:Wh8:Ba1"`},
		// A query string is read strictly (issue 26, item 8: fen=%zz drew
		// the start).
		{"GET", "/api/svg?fen=%zz", "", 400, "the query string is not URL-encoded"},
		{"GET", "/api/svg?fen=W:Wc3:Bf6&fen=W:Wc3:Bh6", "", 400, `query key "fen" given 2 times`},
		{"GET", "/api/svg?fne=W:Wc3:Bf6", "", 400, `unknown query key "fne"`},
	}
	for _, c := range cases {
		code, body, h := do(t, s, c.method, c.path, c.body)
		var e errorBody
		err := json.Unmarshal([]byte(body), &e)
		if code == 200 && c.status == 200 {
			continue
		}
		if code != c.status || err != nil || !strings.Contains(e.Error, c.msg) {
			short := c.body
			if len(short) > 60 {
				short = short[:60] + "…"
			}
			t.Errorf("%s %s %s: %d %s, want %d and an error containing %q", c.method, c.path, short, code, body, c.status, c.msg)
		}
		if code == 405 && h.Get("Allow") == "" {
			t.Errorf("%s %s: 405 without Allow", c.method, c.path)
		}
	}
	// A body that is not JSON at all.
	req := newRequest("POST", "/api/state", strings.NewReader("moves=c3-d4"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("form-encoded body: %d %s, want 415", rec.Code, rec.Body)
	}
}

func TestPicture(t *testing.T) {
	s := New(Options{})
	q := url.Values{"variant": {"russian"}, "moves": {"c3-d4 b6-c5"}, "move": {"d4:b6"}, "flip": {"1"}, "size": {"40"}}
	code, body, h := do(t, s, "GET", "/api/svg?"+q.Encode(), "")
	if code != 200 || h.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("GET /api/svg: %d %q %s", code, h.Get("Content-Type"), body)
	}
	pos := postStatePosition(t, "c3-d4 b6-c5")
	m, _ := pos.ParseMove("d4:b6")
	o := svg.Options{Flip: true, SquareSize: 40}
	o.HighlightMove(m)
	want, _ := svg.String(&pos, o)
	if body != want {
		t.Errorf("GET /api/svg is not the flipped 40px board with d4:b6 highlighted")
	}
	// Without move=, the last of moves= is highlighted on the position after it.
	_, body, _ = do(t, s, "GET", "/api/svg?moves=c3-d4", "")
	after := postStatePosition(t, "c3-d4")
	start := bashni.Russian().MustStart()
	m, _ = start.ParseMove("c3-d4")
	o = svg.Options{}
	o.HighlightMove(m)
	want, _ = svg.String(&after, o)
	if body != want {
		t.Errorf("GET /api/svg?moves=c3-d4 does not highlight c3-d4")
	}
}

// firstMove is a stand-in engine: it plays the first legal move in text order.
type firstMove struct{}

func (firstMove) Move(_ context.Context, g *bashni.Game, _ *match.Clocks) (bashni.Move, error) {
	p := g.Position()
	ms := p.LegalMoves()
	if len(ms) == 0 {
		return bashni.Move{}, errors.New("no moves")
	}
	texts := bashni.MoveTexts(ms)
	return p.ParseMove(texts[0])
}

// badEngine returns a move of another position.
type badEngine struct{}

func (badEngine) Move(context.Context, *bashni.Game, *match.Clocks) (bashni.Move, error) {
	p, _ := bashni.ParseFEN(bashni.Russian(), "W:Wa1:Bh8")
	return p.LegalMoves()[0], nil
}

// slowEngine waits for its deadline, then fails.
type slowEngine struct{}

func (slowEngine) Move(ctx context.Context, _ *bashni.Game, _ *match.Clocks) (bashni.Move, error) {
	<-ctx.Done()
	return bashni.Move{}, ctx.Err()
}

func TestEngine(t *testing.T) {
	s := New(Options{Opponent: firstMove{}})
	code, body, _ := do(t, s, "POST", "/api/engine", `{"moves":["c3-d4"]}`)
	var ans engineAnswer
	if err := json.Unmarshal([]byte(body), &ans); err != nil || code != 200 {
		t.Fatalf("POST /api/engine: %d %s", code, body)
	}
	if ans.Move != "b6-a5" || cmp.Diff([]string{"c3-d4", "b6-a5"}, ans.State.Moves) != "" || ans.State.Turn != "white" {
		t.Errorf("engine answer: move %q, moves %q, turn %s", ans.Move, ans.State.Moves, ans.State.Turn)
	}
	// A finished game has nothing to search.
	code, body, _ = do(t, s, "POST", "/api/engine", `{"fen":"W:Wc3:Bd4","moves":["c3:e5"]}`)
	if code != http.StatusConflict || !strings.Contains(body, "the game is over (1-0") {
		t.Errorf("engine on a finished game: %d %s", code, body)
	}
	// An engine that misbehaves is the server's fault, not the page's.
	code, body, _ = do(t, New(Options{Opponent: badEngine{}}), "POST", "/api/engine", `{}`)
	if code != http.StatusInternalServerError || !strings.Contains(body, "cannot be played") {
		t.Errorf("engine with an illegal move: %d %s", code, body)
	}
	// An engine out of time is the server's overload (issue 15, case 2).
	start := time.Now()
	code, body, h := do(t, New(Options{Opponent: slowEngine{}, Think: 50 * time.Millisecond}), "POST", "/api/engine", `{}`)
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || !strings.Contains(body, "the engine found no move within 50ms") || time.Since(start) > 5*time.Second {
		t.Errorf("engine past its time: %d %s (Retry-After %q) after %v", code, body, h.Get("Retry-After"), time.Since(start))
	}
}

// Many clients at once, good and bad requests mixed, against a real HTTP
// server: every answer is the right one and the server keeps serving. The
// queue has room for every client, so that no engine request is shed
// whatever the machine's load (shedding has tests of its own); with the
// default queue of 8, a loaded machine let more than 10 of the 40 clients'
// engine requests pile up, and the test failed on 503s that were right.
func TestManyClients(t *testing.T) {
	const clients = 40
	ts := httptest.NewServer(New(Options{Opponent: firstMove{}, MaxQueue: clients}))
	defer ts.Close()
	bodies := []struct {
		path, body string
		status     int
	}{
		{"/api/state", `{"moves":["c3-d4","b6-c5"]}`, 200},
		{"/api/state", `{"variant":"lasca","moves":["c3-d4"]}`, 200},
		{"/api/state", `{"moves":["c3-d4","b6-c5","c1-d2"]}`, 400},
		{"/api/state", `{"moves":`, 400},
		{"/api/state", "\x00\xff garbage", 400},
		{"/api/engine", `{"variant":"international"}`, 200},
	}
	var wg sync.WaitGroup
	errs := make(chan string, 400)
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 10; j++ {
				b := bodies[(i+j)%len(bodies)]
				res, err := http.Post(ts.URL+b.path, "application/json", strings.NewReader(b.body))
				if err != nil {
					errs <- err.Error()
					return
				}
				out, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != b.status || !json.Valid(out) {
					errs <- res.Status + " " + string(out)
				}
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Data after the JSON object is an error, a closing bracket or brace too
// (json.Decoder.More reports false for them, as it would inside an array).
func TestDataAfterTheObject(t *testing.T) {
	s := New(Options{})
	for _, path := range []string{"/api/state", "/api/pdn/read", "/api/pdn/write"} {
		for _, body := range []string{`{}]`, `{}}`, `{} ]]`, `{} x`} {
			code, out, _ := do(t, s, "POST", path, body)
			if code != http.StatusBadRequest || !strings.Contains(out, "data after the JSON object") {
				t.Errorf("POST %s %s: %d %.100s, want 400 saying there is data after the JSON object", path, body, code, out)
			}
		}
	}
}
