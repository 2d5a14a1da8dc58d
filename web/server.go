// Package web serves the analysis board: a page for studying and playing
// bashni in a browser, alone, against another person at the same screen or
// against an engine, with a move tree, share links, PDN in and out, the
// engine's lines, game review and a position editor (docs/BOARD.md). The
// page is native ES modules under static/js, one idea a module.
//
// The page holds no rules: it sends the server the ruleset, the start and the
// moves played, and the server answers with the position, its legal moves (each
// with its path and jumped squares, so the page can match clicks against them),
// the outcome and a picture of the board drawn by package svg. Because every
// request carries the whole game, the server keeps no state per player, and any
// number of pages can play at once.
//
// The API, all JSON except the picture and the analysis's stream of
// server-sent events:
//
//	GET  /api/info     rulesets and whether an engine is available
//	POST /api/state    {variant, fen, moves, flip, numbers} → the game's state
//	POST /api/engine   the same request → the engine's move and the state after it
//	GET  /api/svg      ?variant=&fen=&moves=&move=&flip=&size= → image/svg+xml
//	GET  /api/analyse  ?variant=&fen=&moves=&lines=&depth=&movetime= → text/event-stream
//	POST /api/pdn/read  {pdn, variant} → the record's games as trees of moves
//	POST /api/pdn/write {variant, fen, tags, line, result} → {pdn}
//
// Only the server's own page may use it: a POST must be sent as
// Content-Type: application/json (415 otherwise) and the Host header must
// name the server (Options.Hosts; 403 otherwise), so a page of another site
// can neither make it work without a CORS preflight nor read its answers
// through DNS rebinding. Bad requests get a 4xx status with
// {"error": "..."} saying what is wrong.
// A server too busy for a costly request, or a request whose work takes too
// long, gets 503 with Retry-After and the same kind of body (see Options for
// the limits).
package web

import (
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/bashni-dev/bashni/engine/match"
)

//go:embed static
var static embed.FS

// Options configure a Server. The zero value serves the page without an
// engine.
type Options struct {
	// Opponent, when set, lets the page ask for moves (the engine
	// opponent): it is asked for a move in the request's game, with no
	// clocks, and should answer within Think.
	Opponent match.Player
	// Analyst, when set, serves GET /api/analyse, the engine's analysis.
	// Its searches pass the engine's gate (MaxEngines) with the
	// Opponent's.
	Analyst Analyst
	// AnalyseTime bounds an analysis (0: DefaultAnalyseTime; longer than
	// 100 years: 100 years); it ends with a final event saying "time".
	AnalyseTime time.Duration
	// Think bounds the time the opponent may take per move (0: 2 seconds).
	Think time.Duration
	// MaxMoves bounds the moves a request may carry (0: 2000), counted in
	// plies (one side's move each) however the request splits them: a
	// "moves" element may hold several, separated by spaces.
	MaxMoves int

	// Hosts are the names the server answers to in a request's Host
	// header, each a host ("localhost", "192.0.2.7", "[::1]") or a
	// host:port; a host without a port matches any. A request naming
	// another is refused 403, so a foreign page cannot reach the server
	// under a name of its own made to resolve here (DNS rebinding). Nil
	// allows "localhost" and any IP address, names no other site can
	// have; ListenHosts gives the addresses a listener answers on.
	Hosts []string

	// Budget bounds the time of a request's work, its wait for a turn
	// included (0: DefaultBudget); the engine's requests have Think instead.
	// Work cut off by it is answered 503 with Retry-After.
	Budget time.Duration
	// MaxCostly bounds the requests of custom rulesets served at once (0:
	// half the processors, at least one). The presets' requests have no
	// such bound: they take microseconds.
	MaxCostly int
	// MaxEngines bounds the engine's requests served at once (0:
	// DefaultEngines): the searches the Opponent runs at once.
	MaxEngines int
	// MaxQueue bounds the requests of custom rulesets, and apart from them
	// the engine's, that wait for a turn (0: DefaultMaxQueue; negative:
	// none wait). Past it a request is answered 503 with Retry-After at
	// once.
	MaxQueue int
}

// Server is the web application: an http.Handler for the page, its static
// files and the API. It is safe for concurrent use. Make one with New: a
// Server not made so (the zero Server) answers every request 500 with an
// error saying so.
type Server struct {
	opts    Options
	mux     *http.ServeMux
	costly  *gate // requests of custom rulesets
	engines *gate // the engine's requests
}

// maxBody bounds a request body: a game of MaxMoves moves fits easily.
const maxBody = 256 << 10

// New returns a Server configured by opts.
func New(opts Options) *Server {
	if opts.Think <= 0 {
		opts.Think = 2 * time.Second
	}
	if opts.AnalyseTime <= 0 {
		opts.AnalyseTime = DefaultAnalyseTime
	}
	// The stream's deadlines add seconds to it, which must not wrap.
	opts.AnalyseTime = min(opts.AnalyseTime, maxAnalyseTime)
	if opts.MaxMoves <= 0 {
		opts.MaxMoves = 2000
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.MaxCostly <= 0 {
		opts.MaxCostly = defaultCostly()
	}
	if opts.MaxEngines <= 0 {
		opts.MaxEngines = DefaultEngines
	}
	switch {
	case opts.MaxQueue == 0:
		opts.MaxQueue = DefaultMaxQueue
	case opts.MaxQueue < 0:
		opts.MaxQueue = 0
	}
	s := &Server{
		opts:    opts,
		mux:     http.NewServeMux(),
		costly:  newGate("requests of custom rulesets", opts.MaxCostly, opts.MaxQueue),
		engines: newGate("engine requests", opts.MaxEngines, opts.MaxQueue),
	}
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	page := http.FileServerFS(files)
	s.mux.Handle("GET /{$}", page)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", validPath(page)))
	routes := map[string]struct {
		method string
		h      http.HandlerFunc
	}{
		"/api/info":      {http.MethodGet, s.info},
		"/api/state":     {http.MethodPost, s.state},
		"/api/engine":    {http.MethodPost, s.engine},
		"/api/svg":       {http.MethodGet, s.picture},
		"/api/analyse":   {http.MethodGet, s.analyse},
		"/api/pdn/read":  {http.MethodPost, s.pdnRead},
		"/api/pdn/write": {http.MethodPost, s.pdnWrite},
	}
	for path, rt := range routes {
		h := rt.h
		if rt.method == http.MethodPost {
			h = requireJSON(h)
		}
		s.mux.HandleFunc(rt.method+" "+path, h)
	}
	// Anything else under /api/ gets a JSON answer too: 405 naming the
	// method an endpoint wants, or 404.
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if rt, ok := routes[r.URL.Path]; ok {
			w.Header().Set("Allow", rt.method)
			writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" wants "+rt.method+", not "+r.Method)
			return
		}
		writeError(w, http.StatusNotFound, "no API endpoint "+r.URL.Path)
	})
	return s
}

// ServeHTTP answers one request. Every answer forbids outside resources and
// content sniffing: the page needs nothing but this server.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if s.mux == nil {
		fail(w, errors.New("web: a Server not made by New serves nothing"))
		return
	}
	if err := s.checkHost(r); err != nil {
		fail(w, err)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// validPath answers 404 for a file path that cannot name a file ("..",
// bytes that are not UTF-8, as in /static/%c0%ae%c0%ae/x), which the file
// server would answer 500.
func validPath(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimSuffix(r.URL.Path, "/")
		if name == "" {
			name = "."
		}
		if !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// errorBody is the JSON of every error answer.
type errorBody struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // the client may be gone; nothing to do
}

// writeError answers msg as an error; a 503 says when to try again.
func writeError(w http.ResponseWriter, status int, msg string) {
	setRetryAfter(w, status)
	writeJSON(w, status, errorBody{Error: msg})
}

// httpError is an error with the status it should be answered with.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(msg string) error { return &httpError{http.StatusBadRequest, msg} }

// fail answers err: with its own status when it has one, 500 otherwise.
func fail(w http.ResponseWriter, err error) {
	var he *httpError
	if errors.As(err, &he) {
		writeError(w, he.status, he.msg)
		return
	}
	writeError(w, http.StatusInternalServerError, err.Error())
}
