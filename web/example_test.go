package web_test

import (
	"log"
	"net"
	"net/http"
	"time"

	"github.com/bashni-dev/bashni/web"
)

// Serving the page as bashni serve does: the Host header checked against
// the addresses listened on, and the connections capped.
func Example() {
	ln, err := net.Listen("tcp", "127.0.0.1:8080")
	if err != nil {
		log.Fatal(err)
	}
	hosts, err := web.ListenHosts(ln.Addr())
	if err != nil {
		log.Fatal(err)
	}
	conns := web.NewConnLimit(256)
	srv := &http.Server{
		Handler:           web.New(web.Options{Hosts: hosts}),
		ConnState:         conns.ConnState,
		ReadHeaderTimeout: 5 * time.Second,
	}
	log.Fatal(srv.Serve(conns.Listener(ln)))
}
