package web

import (
	"container/list"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// ConnLimit caps the connections an http.Server keeps open, so that clients
// holding connections open cannot use up the process's file descriptors and
// lock every other client out (250 idle keep-alive connections under a
// limit of 256 descriptors did). At the cap a new connection closes the
// connection idle the longest (a keep-alive connection between requests);
// when none is idle it is answered 503 with Retry-After and closed.
//
// Use it on both sides of the server:
//
//	lim := web.NewConnLimit(n)
//	srv := &http.Server{Handler: web.New(opts), ConnState: lim.ConnState}
//	srv.Serve(lim.Listener(ln))
//
// The zero ConnLimit caps at one connection, as NewConnLimit(0) does.
type ConnLimit struct {
	max int

	mu    sync.Mutex
	open  int
	idle  *list.List                 // of *limitedConn, the longest idle first
	at    map[net.Conn]*list.Element // where each idle connection is in idle
	fresh map[net.Conn]time.Time     // connections yet to begin a request, since when
}

// NewConnLimit returns a ConnLimit of max connections open at once (at
// least 1).
func NewConnLimit(max int) *ConnLimit {
	return &ConnLimit{max: max, idle: list.New(), at: map[net.Conn]*list.Element{}, fresh: map[net.Conn]time.Time{}}
}

// Open returns the connections open now.
func (c *ConnLimit) Open() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.open
}

// idleCount returns the connections idle now.
func (c *ConnLimit) idleCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ready()
	return c.idle.Len()
}

// ready makes the zero ConnLimit's list and maps; c.mu is held.
func (c *ConnLimit) ready() {
	if c.idle == nil {
		c.idle, c.at, c.fresh = list.New(), map[net.Conn]*list.Element{}, map[net.Conn]time.Time{}
	}
}

// Listener returns ln with its connections counted against the cap.
func (c *ConnLimit) Listener(ln net.Listener) net.Listener {
	return &limitedListener{Listener: ln, c: c}
}

// ConnState is the http.Server's ConnState hook: it tells which
// connections are idle.
func (c *ConnLimit) ConnState(conn net.Conn, state http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ready()
	if e, ok := c.at[conn]; ok {
		c.idle.Remove(e)
		delete(c.at, conn)
	}
	delete(c.fresh, conn)
	switch state {
	case http.StateIdle:
		c.at[conn] = c.idle.PushBack(conn)
	case http.StateNew:
		c.fresh[conn] = time.Now()
	}
}

// CloseFresh closes the connections that have been open longer than d
// without beginning a request, such as a browser's speculative
// connections, and returns how many it closed. At shutdown, after a
// moment for requests on their way, it spares http.Server.Shutdown the 5 s
// it waits for such connections.
func (c *ConnLimit) CloseFresh(d time.Duration) int {
	c.mu.Lock()
	var old []net.Conn
	for conn, since := range c.fresh {
		if time.Since(since) > d {
			old = append(old, conn)
			delete(c.fresh, conn)
		}
	}
	c.mu.Unlock()
	for _, conn := range old {
		_ = conn.Close()
	}
	return len(old)
}

// admit counts a new connection in, closing the longest idle one to make
// room at the cap; it reports false when every connection is busy.
func (c *ConnLimit) admit() bool {
	c.mu.Lock()
	c.ready()
	if c.open < max(c.max, 1) {
		c.open++
		c.mu.Unlock()
		return true
	}
	e := c.idle.Front()
	if e == nil {
		c.mu.Unlock()
		return false
	}
	victim := c.idle.Remove(e).(net.Conn)
	delete(c.at, victim)
	c.open++ // the victim's room, handed over: its Close counts it out
	c.mu.Unlock()
	_ = victim.Close()
	return true
}

func (c *ConnLimit) release() {
	c.mu.Lock()
	c.open--
	c.mu.Unlock()
}

type limitedListener struct {
	net.Listener
	c *ConnLimit
}

// Accept returns the next connection admitted; those that cannot be are
// answered 503 and closed.
func (l *limitedListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.c.admit() {
			return &limitedConn{Conn: conn, c: l.c}, nil
		}
		refuse(conn, max(l.c.max, 1))
	}
}

// refuse answers a connection past the cap with a 503 and closes it,
// without waiting for a slow client.
func refuse(conn net.Conn, max int) {
	body := fmt.Sprintf(`{"error":"the server has its %d connections open, each busy; try again in a moment"}`+"\n", max)
	_ = conn.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	_, _ = fmt.Fprintf(conn, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"+
		"Retry-After: %d\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", retryAfter, len(body), body)
	_ = conn.Close()
}

// limitedConn is a connection counted against the cap until it is closed.
type limitedConn struct {
	net.Conn
	c    *ConnLimit
	once sync.Once
}

func (lc *limitedConn) Close() error {
	err := lc.Conn.Close()
	lc.once.Do(lc.c.release)
	return err
}
