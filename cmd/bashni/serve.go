package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/bashni-dev/bashni/web"
)

func init() {
	register(&command{name: "serve", summary: "serve a local web page to play in the browser", run: runServe})
}

// serveContext is the context that ends the server: Ctrl-C or SIGTERM. Tests
// replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// shutdownWait bounds the wait for the answers under way when the server
// stops; connections still open then are closed.
const shutdownWait = 3 * time.Second

// runServe is "bashni serve [flags]": it serves the page until interrupted.
// maxThink bounds serve's -think: longer than a player waits at a page.
const maxThink = time.Hour

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", "[flags]",
		"Serves a web page to play any ruleset with the mouse, against another person\n"+
			"or the engine. Open the address it prints; Ctrl-C stops it. The page uses\n"+
			"nothing but this server.", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	think := fs.Duration("think", time.Second, "time the engine takes per move; 0 serves the page without an engine")
	engines := fs.Int("engines", 2, "searches that may run at once (each engine has its own table)")
	hashMB := fs.Int("hash", engine.DefaultHashMB, "MiB of transposition table per engine")
	analyseTime := fs.Duration("analyse-time", web.DefaultAnalyseTime, "longest analysis of a position the page may ask for (GET /api/analyse)")
	maxConns := fs.Int("max-conns", 0, "connections open at once (0: half the files the process may open, at most 4096); past it the longest idle one is closed")
	allowHosts := fs.String("allow-host", "", "other names the page is reached by, comma-separated (host or host:port: a reverse proxy's)")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs(rest, 0, ""); err != nil {
		return err
	}
	switch {
	case *think < 0:
		return fmt.Errorf("-think %s is negative", *think)
	case *think > maxThink:
		// The page's bounds are sums of it, which must not wrap.
		return fmt.Errorf("-think %s: at most %s a move", *think, maxThink)
	case *engines < 1 || *engines > 64:
		return fmt.Errorf("-engines %d: want 1 to 64", *engines)
	case *hashMB < 1 || *hashMB > 4096:
		return fmt.Errorf("-hash %d: want 1 to 4096 MiB", *hashMB)
	case *analyseTime < time.Second || *analyseTime > 24*time.Hour:
		return fmt.Errorf("-analyse-time %s: want 1s to 24h", *analyseTime)
	case *maxConns < 0:
		return fmt.Errorf("-max-conns %d is negative", *maxConns)
	case *maxConns == 0:
		*maxConns = defaultConns(fileLimit())
	}
	if err := checkTables("-hash", *hashMB, *engines); err != nil {
		return err
	}
	extraHosts, err := parseHosts(*allowHosts)
	if err != nil {
		return err
	}
	opts := web.Options{MaxEngines: *engines, AnalyseTime: *analyseTime}
	if *think > 0 {
		pool, err := newEnginePool(*engines, *hashMB, engine.Limits{Time: *think})
		if err != nil {
			return err
		}
		opts.Opponent, opts.Analyst = pool, pool
		// The page's bound: the search, plus the wait for a free engine.
		opts.Think = 3**think + 2*time.Second
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	// Requests must name the server as the address it listens on, or as
	// -allow-host says (DNS rebinding, see web.Options.Hosts).
	if opts.Hosts, err = web.ListenHosts(ln.Addr()); err != nil {
		return err
	}
	opts.Hosts = append(opts.Hosts, extraHosts...)
	conns := web.NewConnLimit(*maxConns)
	srv := &http.Server{
		Handler:           web.New(opts),
		ConnState:         conns.ConnState,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      opts.Think + 15*time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(stderr, "bashni serve: ", 0),
	}
	ctx, stop := serveContext()
	defer stop()
	// Every request's context ends with ctx, so the work under way stops
	// at once on Ctrl-C or SIGTERM and Shutdown has only the answers to
	// wait for.
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	done := make(chan error, 1)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), shutdownWait)
		defer cancel()
		// Shutdown waits 5 s for a connection that has not begun a
		// request (a browser opens some ahead of need): close those.
		go func() {
			for tick := time.NewTicker(100 * time.Millisecond); ; {
				select {
				case <-shut.Done():
					tick.Stop()
					return
				case <-tick.C:
					conns.CloseFresh(250 * time.Millisecond)
				}
			}
		}()
		err := srv.Shutdown(shut)
		if err != nil {
			err = errors.Join(fmt.Errorf("stopping after %s: %w", shutdownWait, err), srv.Close())
		}
		done <- err
	}()
	fmt.Fprintf(stdout, "bashni: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := srv.Serve(conns.Listener(ln)); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return <-done
}

// defaultConns is the default of -max-conns for a process that may open
// files files (0: unknown): half of them, leaving the rest to the
// listener, the engines and the program itself, and at most 4096.
func defaultConns(files uint64) int {
	if files == 0 {
		return 512
	}
	return int(max(1, min(files/2, 4096)))
}

// parseHosts reads -allow-host: names separated by commas, each a host or
// host:port as a Host header gives it.
func parseHosts(list string) ([]string, error) {
	if list == "" {
		return nil, nil
	}
	var hosts []string
	for _, h := range strings.Split(list, ",") {
		u, err := url.Parse("http://" + h)
		if h == "" || err != nil || u.Host != h || u.User != nil {
			return nil, fmt.Errorf("-allow-host %q: %q is not a host or host:port", list, h)
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}

// enginePool is the page's opponent and analyst: a few engines, each
// searching one game at a time, so several players are served at once and
// the rest wait their turn (or give up when their request ends).
type enginePool struct {
	free   chan *pooledEngine
	limits engine.Limits
}

// pooledEngine is an engine of the pool with the receiver of its progress:
// an engine serves one search at a time, and report is set for the search
// under way, to the analysis's (nil for a move's).
type pooledEngine struct {
	*engine.Engine
	report func(engine.Info)
}

func newEnginePool(n, hashMB int, lim engine.Limits) (*enginePool, error) {
	p := &enginePool{free: make(chan *pooledEngine, n), limits: lim}
	for i := 0; i < n; i++ {
		pe := new(pooledEngine)
		e, err := engine.New(engine.Options{HashMB: hashMB, Progress: func(i engine.Info) {
			if pe.report != nil {
				pe.report(i)
			}
		}})
		if err != nil {
			return nil, err
		}
		pe.Engine = e
		p.free <- pe
	}
	return p, nil
}

// WithStrength returns the pool searching as hard as st says, never longer
// than its own time: a view sharing the same engines. It makes the pool a
// web.Strengthener, so the page may ask for the engine's levels.
func (p *enginePool) WithStrength(st web.Strength) match.Player {
	q := &enginePool{free: p.free, limits: p.limits}
	if st.Depth > 0 {
		q.limits.Depth = st.Depth
	}
	if st.Time > 0 && (q.limits.Time == 0 || st.Time < q.limits.Time) {
		q.limits.Time = st.Time
	}
	return q
}

// take waits for a free engine until ctx is done; put gives it back.
func (p *enginePool) take(ctx context.Context) (*pooledEngine, error) {
	select {
	case e := <-p.free:
		return e, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (p *enginePool) put(e *pooledEngine) {
	e.report = nil
	p.free <- e
}

// Move searches the game's position with the first free engine; it is the
// page's match.Player. The engine sees the whole game, so it knows which
// moves would repeat a position.
func (p *enginePool) Move(ctx context.Context, g *bashni.Game, clocks *match.Clocks) (bashni.Move, error) {
	e, err := p.take(ctx)
	if err != nil {
		return bashni.Move{}, err
	}
	defer p.put(e)
	return match.Engine{Engine: e.Engine, Limits: p.limits}.Move(ctx, g, clocks)
}
