package web

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawGet sends GET path on conn and reads the answer, leaving the
// connection open (keep-alive).
func rawGet(t *testing.T, conn net.Conn, r *bufio.Reader, path string) (*http.Response, string) {
	t.Helper()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, string(b)
}

// At the cap a new connection closes the one idle the longest, so idle
// keep-alive connections cannot lock other clients out (issue 26, item 8);
// when every connection is busy, it is answered 503 with a JSON error.
func TestConnLimit(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 10)
	mux := http.NewServeMux()
	mux.HandleFunc("/idle", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") })
	mux.HandleFunc("/busy", func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-release
	})
	lim := NewConnLimit(3)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ConnState: lim.ConnState}
	go func() { _ = srv.Serve(lim.Listener(ln)) }()
	defer srv.Close()
	addr := ln.Addr().String()

	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	dial := func() (net.Conn, *bufio.Reader) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		return c, bufio.NewReader(c)
	}
	// Ten idle keep-alive connections, one after the other: each past the
	// third closes the oldest.
	for i := 0; i < 10; i++ {
		c, r := dial()
		if res, body := rawGet(t, c, r, "/idle"); res.StatusCode != 200 || body != "ok" {
			t.Fatalf("connection %d: %s %q", i, res.Status, body)
		}
		if n := lim.Open(); n > 3 {
			t.Fatalf("%d connections open, more than the cap of 3", n)
		}
	}
	// The oldest were closed: reading from the first finds the end.
	_ = conns[0].SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := conns[0].Read(make([]byte, 1)); err == nil {
		t.Errorf("the oldest idle connection is still open (read %d bytes)", n)
	}

	// Three busy connections: a fourth is refused at once. (The server
	// marks a connection idle just after its answer is sent: wait for it.)
	for end := time.Now().Add(10 * time.Second); lim.idleCount() < 3; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%d idle connections after 10 s, want 3", lim.idleCount())
		}
	}
	for i := 0; i < 3; i++ {
		c, _ := dial()
		if _, err := io.WriteString(c, "GET /busy HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case <-started:
		case <-time.After(10 * time.Second):
			t.Fatalf("busy request %d did not start (%d open, %d idle)", i, lim.Open(), lim.idleCount())
		}
	}
	c, r := dial()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("a connection past the cap: %v", err)
	}
	b, _ := io.ReadAll(res.Body)
	var e errorBody
	if res.StatusCode != 503 || res.Header.Get("Retry-After") != "1" || json.Unmarshal(b, &e) != nil ||
		!strings.Contains(e.Error, "the server has its 3 connections open, each busy") {
		t.Errorf("a connection past the cap of busy ones: %s %q", res.Status, b)
	}
	close(release)
}
