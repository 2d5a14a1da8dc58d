package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// postToEach posts the JSON body to each of the API's paths and checks
// each answer with checkAnswer.
func postToEach(t *testing.T, s http.Handler, body string, paths ...string) {
	t.Helper()
	for _, path := range paths {
		req := newRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		checkAnswer(t, path+" "+body, rec, false)
	}
}

// checkAnswer checks an answer of the API to any request: a status the API
// gives, and JSON with an error message when it is not 200.
func checkAnswer(t *testing.T, what string, rec *httptest.ResponseRecorder, picture bool) {
	t.Helper()
	switch rec.Code {
	case http.StatusOK:
		if picture {
			if !strings.HasPrefix(rec.Body.String(), "<svg") {
				t.Errorf("%s: 200 but no picture: %.100s", what, rec.Body)
			}
			return
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Errorf("%s: 200 with a body that is not JSON: %.100s", what, rec.Body)
		}
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType,
		http.StatusConflict, http.StatusServiceUnavailable, http.StatusNotImplemented:
		var e errorBody
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" {
			t.Errorf("%s: %d without an error message: %.100s", what, rec.Code, rec.Body)
		}
		if rec.Code == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s: 503 without Retry-After", what)
		}
	default:
		t.Errorf("%s: status %d: %.200s", what, rec.Code, rec.Body)
	}
}

// FuzzStateRequest posts any body to /api/state and /api/engine: every
// answer is one the API gives, never a panic or a 500.
func FuzzStateRequest(f *testing.F) {
	for _, s := range []string{
		`{}`,
		`{"variant":"lasca","moves":["c3-d4"]}`,
		`{"variant":"russian,rejump=any,landing=any","fen":"W:WKe5:Bd4bbbbbbbbbbb"}`,
		`{"fen":"W:Wz9:B"}`,
		`{"moves":["c3-d4","c3-d4"],"flip":true}`,
		`{"moves":"c3-d4"}`,
		`{"variant":"international","fen":"B:Wc3:Bd4","moves":["d4:b2"]}`,
		`[1,2`,
		`{"moves":[]} {}`,
	} {
		f.Add(s)
	}
	s := New(Options{Opponent: firstMove{}, Budget: 50 * time.Millisecond, Think: 50 * time.Millisecond})
	f.Fuzz(func(t *testing.T, body string) { postToEach(t, s, body, "/api/state", "/api/engine") })
}

// FuzzPictureQuery asks /api/svg for any query.
func FuzzPictureQuery(f *testing.F) {
	for _, q := range []string{
		"", "variant=lasca&moves=c3-d4&move=e5xc3&flip=1&size=40", "size=9999", "flip=maybe",
		"fen=W:Wz9:B", "variant=russian,rejump=any,landing=any&fen=W:WKe5:Bd4bbbbbbbbbbb&move=e5:c3",
	} {
		f.Add(q)
	}
	s := New(Options{Budget: 50 * time.Millisecond})
	f.Fuzz(func(t *testing.T, query string) {
		if _, err := url.ParseQuery(query); err != nil {
			return // not a query the server would see
		}
		req := newRequest("GET", "/api/svg?"+url.PathEscape(query), nil)
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		checkAnswer(t, "/api/svg?"+query, rec, true)
	})
}
