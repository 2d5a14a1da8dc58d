package web

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// statusOf sends one request with a Host and a Content-Type ("" for none)
// and returns the status and the error message of the answer.
func statusOf(t *testing.T, s *Server, method, target, host, ct, body string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host = host
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var e errorBody
	if rec.Code != http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
			t.Errorf("%s %s: %d with a body that is not JSON: %q", method, target, rec.Code, rec.Body)
		}
	}
	return rec.Code, e.Error
}

// A POST must say it is JSON (issue 26, item 9): a foreign page can send
// the other types, or none, without a CORS preflight. The media type is
// parsed, not prefix-matched (item 8).
func TestPostMustBeJSON(t *testing.T) {
	s := New(Options{})
	for _, c := range []struct {
		ct     string
		status int
		msg    string
	}{
		{"", 415, "the request has no Content-Type"},
		{"text/plain", 415, `not "text/plain"`},
		{"text/plain; charset=utf-8", 415, `not "text/plain; charset=utf-8"`},
		{"application/x-www-form-urlencoded", 415, "send JSON"},
		{"multipart/form-data; boundary=x", 415, "send JSON"},
		{"application/jsonp", 415, `not "application/jsonp"`},
		{"application/json-seq", 415, "send JSON"},
		{"application/json; charset=latin1", 415, `not charset "latin1"`},
		{"application/json;;", 415, "send JSON"},
		{"application/json", 200, ""},
		{"APPLICATION/JSON", 200, ""},
		{"Application/Json; Charset=UTF-8", 200, ""},
		{"application/json; charset=\"utf-8\"", 200, ""},
	} {
		code, msg := statusOf(t, s, "POST", "/api/state", "127.0.0.1:8080", c.ct, `{"moves":["c3-d4"]}`)
		if code != c.status || !strings.Contains(msg, c.msg) {
			t.Errorf("POST with Content-Type %q: %d %q, want %d and %q", c.ct, code, msg, c.status, c.msg)
		}
	}
	// GETs carry no body and need none.
	if code, msg := statusOf(t, s, "GET", "/api/info", "127.0.0.1:8080", "", ""); code != 200 {
		t.Errorf("GET /api/info without a Content-Type: %d %s", code, msg)
	}
}

// The Host header must name the server (issue 26, item 9): a foreign name
// made to resolve to this machine (DNS rebinding) is refused.
func TestHostChecked(t *testing.T) {
	byDefault := New(Options{})
	proxied := New(Options{Hosts: []string{"127.0.0.1:8080", "localhost:8080", "Play.Example.org"}})
	for _, c := range []struct {
		s      *Server
		host   string
		status int
	}{
		{byDefault, "127.0.0.1:8080", 200},
		{byDefault, "localhost:1234", 200},
		{byDefault, "LOCALHOST", 200},
		{byDefault, "[::1]:8080", 200},
		{byDefault, "192.168.1.20", 200},
		{byDefault, "rebind.example.com:8080", 403},
		{byDefault, "localhost.example.com", 403},
		{byDefault, "", 403},
		{proxied, "127.0.0.1:8080", 200},
		{proxied, "localhost:8080", 200},
		{proxied, "play.example.org", 200},
		{proxied, "play.example.org.:443", 200},
		{proxied, "127.0.0.1:8081", 403},
		{proxied, "[::1]:8080", 403},
		{proxied, "192.168.1.20:8080", 403},
		{proxied, "evil.example.org", 403},
	} {
		for _, target := range []string{"/", "/api/info", "/static/style.css"} {
			code, msg := statusOf(t, c.s, "GET", target, c.host, "", "")
			if code != c.status || (code == 403 && !strings.Contains(msg, "is not an address this server answers to")) {
				t.Errorf("GET %s with Host %q: %d %q, want %d", target, c.host, code, msg, c.status)
			}
		}
		code, _ := statusOf(t, c.s, "POST", "/api/state", c.host, "application/json", `{}`)
		if code != c.status {
			t.Errorf("POST /api/state with Host %q: %d, want %d", c.host, code, c.status)
		}
	}
}

// ListenHosts names a listener's address and localhost, with its port; a
// listener on every address, each of the machine's.
func TestListenHosts(t *testing.T) {
	got, err := ListenHosts(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"localhost:8080", "127.0.0.1:8080"}, got); diff != "" {
		t.Errorf("ListenHosts(127.0.0.1:8080) (-want +got):\n%s", diff)
	}
	got, err = ListenHosts(&net.TCPAddr{IP: net.IPv6unspecified, Port: 80})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(got, "127.0.0.1:80") || !slices.Contains(got, "localhost:80") || slices.Contains(got, "[::]:80") {
		t.Errorf("ListenHosts([::]:80) = %v, want the loopback address among the machine's and not [::] itself", got)
	}
	if _, err := ListenHosts(&net.UnixAddr{Name: "/tmp/x", Net: "unix"}); err == nil {
		t.Error("ListenHosts of a Unix socket: no error")
	}
}

// A path that cannot name a file is 404, not the file server's 500 (issue
// 26, item 8).
func TestStaticPathsThatNameNoFile(t *testing.T) {
	s := New(Options{})
	for _, target := range []string{"/static/%c0%ae%c0%ae/x", "/static/%ff", "/static/nothing.js"} {
		code, _, _ := do(t, s, "GET", target, "")
		if code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", target, code)
		}
	}
	if code, _, _ := do(t, s, "GET", "/static/style.css", ""); code != 200 {
		t.Errorf("GET /static/style.css: %d", code)
	}
}
