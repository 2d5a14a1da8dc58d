package web

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A Server not made by New has no routes and no limits: it answers every
// request 500 with a JSON error saying so, where it dereferenced its
// missing mux and panicked (a panic net/http recovers from by dropping the
// connection, with nothing said).
func TestZeroServer(t *testing.T) {
	code, body, _ := do(t, &Server{}, "GET", "/api/info", "")
	if code != http.StatusInternalServerError || !strings.Contains(body, `"error"`) {
		t.Errorf("the zero Server: %d %s", code, body)
	}
}

// The zero ConnLimit caps at one connection, as NewConnLimit(0) does: at
// the cap a new connection closes the idle one. Its ConnState and Accept
// wrote to its nil map and list and panicked.
func TestZeroConnLimit(t *testing.T) {
	var c ConnLimit
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	l := c.Listener(ln)
	accept := func() (client, server net.Conn) {
		t.Helper()
		client, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		server, err = l.Accept()
		if err != nil {
			t.Fatal(err)
		}
		return client, server
	}
	a, as := accept()
	defer a.Close()
	c.ConnState(as, http.StateNew)
	c.ConnState(as, http.StateIdle)
	if n := c.Open(); n != 1 {
		t.Fatalf("Open = %d, want 1", n)
	}
	b, bs := accept()
	defer b.Close()
	defer bs.Close()
	if n := c.Open(); n != 1 {
		t.Errorf("Open after a second connection = %d, want 1 (the idle one closed)", n)
	}
	_ = a.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := a.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("the idle connection: read %v, want io.EOF (closed)", err)
	}
	if n := c.CloseFresh(0); n != 0 {
		t.Errorf("CloseFresh = %d", n)
	}
}

// ListenHosts of an address that is not a TCP address, nil among them,
// says so; a nil *net.TCPAddr panicked, and a nil net.Addr was written
// "%!s(<nil>)".
func TestListenHostsOfNoAddress(t *testing.T) {
	for _, addr := range []net.Addr{nil, (*net.TCPAddr)(nil)} {
		hosts, err := ListenHosts(addr)
		if err == nil || strings.Contains(err.Error(), "%!") {
			t.Errorf("ListenHosts(%#v) = %v, %v", addr, hosts, err)
		}
	}
}
