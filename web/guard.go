package web

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// The server answers its own page only. A page of another site, open in
// the same browser, can send requests to it in two ways, and both are
// refused before any work:
//
//   - A "simple" cross-site POST (no Content-Type, or text/plain, a form)
//     needs no CORS preflight, so the browser sends it without asking: every
//     POST must say Content-Type: application/json, which a foreign page can
//     send only after a preflight this server never grants.
//   - DNS rebinding: the foreign site's own name, made to resolve to this
//     machine, is same-origin with the foreign page, which can then read the
//     answers. Its requests carry that name in Host, so the Host header must
//     name one of the addresses the server listens on (Options.Hosts).

// checkHost refuses a request whose Host header does not name the server
// (Options.Hosts): its error says why, with the status to answer; nil lets
// it through.
func (s *Server) checkHost(r *http.Request) error {
	if !s.hostAllowed(r.Host) {
		return &httpError{http.StatusForbidden, fmt.Sprintf(
			"Host %q is not an address this server answers to (a server behind a proxy must be told the proxy's name)", r.Host)}
	}
	return nil
}

// requireJSON is h for a POST endpoint: it refuses a body that does not
// say it is JSON before h sees it.
func requireJSON(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := checkJSON(r.Header.Get("Content-Type")); err != nil {
			fail(w, err)
			return
		}
		h(w, r)
	}
}

// checkJSON refuses a request body whose Content-Type is not JSON: the
// media type must be application/json (in any case), with no charset but
// UTF-8.
func checkJSON(ct string) error {
	if ct == "" {
		return &httpError{http.StatusUnsupportedMediaType, "send JSON with Content-Type: application/json (the request has no Content-Type)"}
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return &httpError{http.StatusUnsupportedMediaType, "send JSON with Content-Type: application/json, not " + strconv.Quote(ct)}
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return &httpError{http.StatusUnsupportedMediaType, "send JSON in UTF-8, not charset " + strconv.Quote(cs)}
	}
	return nil
}

// hostAllowed reports whether a Host header names the server: one of
// Options.Hosts, or with none given "localhost" or an IP address, names no
// other site can make resolve here.
func (s *Server) hostAllowed(hostport string) bool {
	host, port := splitHost(hostport)
	if host == "" {
		return false
	}
	if s.opts.Hosts == nil {
		return host == "localhost" || net.ParseIP(host) != nil
	}
	for _, allowed := range s.opts.Hosts {
		h, p := splitHost(allowed)
		if h == host && (p == "" || p == port) {
			return true
		}
	}
	return false
}

// splitHost splits "host:port", "host", "[::1]:80" or "[::1]" into the
// host, in lower case without brackets or a final dot, and the port ("" if
// none).
func splitHost(hostport string) (host, port string) {
	host = hostport
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		host, port = h, p
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	return strings.ToLower(host), port
}

// ListenHosts returns the Host header values of a server listening on
// addr, for Options.Hosts: "localhost" and the address itself with its
// port, or when addr is every address of the machine (0.0.0.0, ::), each
// address of its network interfaces.
func ListenHosts(addr net.Addr) ([]string, error) {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || tcp == nil {
		return nil, fmt.Errorf("web: %v is not a TCP address", addr)
	}
	port := strconv.Itoa(tcp.Port)
	ips := []net.IP{tcp.IP}
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		addrs, err := net.InterfaceAddrs()
		if err != nil {
			return nil, fmt.Errorf("web: listing the machine's addresses: %w", err)
		}
		ips = ips[:0]
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				ips = append(ips, n.IP)
			}
		}
	}
	hosts := []string{net.JoinHostPort("localhost", port)}
	for _, ip := range ips {
		hosts = append(hosts, net.JoinHostPort(ip.String(), port))
	}
	return hosts, nil
}
