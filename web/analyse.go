package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
)

// Analyst searches positions for GET /api/analyse, reporting what it thinks
// as it deepens. As with Opponent, the server needs nothing more of an
// engine.
type Analyst interface {
	// Analyse searches the position of g, whose game is not over, under
	// lim, and calls report on the calling goroutine after each completed
	// iteration, until ctx is done or a limit of lim is reached. It returns
	// the analysis at its end (the last completed iteration, or a better
	// move the unfinished one found) and why it stopped: "depth", "time",
	// "win" (a forced result proved), "only move" or "cancelled" (ctx).
	Analyse(ctx context.Context, g *bashni.Game, lim AnalysisLimits, report func(Analysis)) (last Analysis, stop string, err error)
}

// AnalysisLimits are what an analysis is asked for.
type AnalysisLimits struct {
	Lines int           // the best moves to show, each with its score and line: 1 to MaxLines
	Depth int           // stop after this depth; 0: no limit
	Time  time.Duration // stop after this long; never 0 (the server's limit at most)
}

// Analysis is one completed iteration of an analysis.
type Analysis struct {
	Depth    int           // the iteration's depth, in plies
	SelDepth int           // the deepest ply it reached
	Nodes    uint64        // positions searched so far
	Time     time.Duration // since the analysis started
	Lines    []AnalysisLine
}

// AnalysisLine is one of the best moves of an Analysis.
type AnalysisLine struct {
	// Score is for the side to move, as the engine writes it: "+0.35",
	// "-1.20", "0.00", "win 7", "loss 4".
	Score string
	PV    []bashni.Move // the line, starting with the move it is about
}

// Limits of an analysis request.
const (
	// MaxLines is the most lines an analysis shows.
	MaxLines = 5
	// MaxDepth is the deepest depth= an analysis may ask for.
	MaxDepth = 64
	// DefaultAnalyseTime is the default of Options.AnalyseTime.
	DefaultAnalyseTime = 5 * time.Minute
	// maxAnalyseTime is the longest Options.AnalyseTime: far from the
	// largest Duration, so that deadlines past it do not wrap.
	maxAnalyseTime = 100 * 365 * 24 * time.Hour
)

// analysisEvent is the data of one server-sent event of /api/analyse
// (docs/BOARD.md documents every field).
type analysisEvent struct {
	Depth    int            `json:"depth"`
	SelDepth int            `json:"seldepth"`
	Nodes    uint64         `json:"nodes"`
	NPS      uint64         `json:"nps"`
	Time     int64          `json:"time"` // milliseconds
	Lines    []analysisLine `json:"lines"`
	Final    bool           `json:"final"`
	Stop     string         `json:"stop,omitempty"`
	Error    string         `json:"error,omitempty"`
}

type analysisLine struct {
	Score string   `json:"score"`
	PV    []string `json:"pv"`
}

func eventOf(a Analysis) analysisEvent {
	ev := analysisEvent{Depth: a.Depth, SelDepth: a.SelDepth, Nodes: a.Nodes, Time: a.Time.Milliseconds(), Lines: []analysisLine{}}
	if a.Time > 0 {
		ev.NPS = uint64(float64(a.Nodes) / a.Time.Seconds())
	}
	for _, l := range a.Lines {
		pv := make([]string, len(l.PV))
		for i, m := range l.PV {
			pv[i] = m.String()
		}
		ev.Lines = append(ev.Lines, analysisLine{Score: l.Score, PV: pv})
	}
	return ev
}

// analyse answers GET /api/analyse with a stream of server-sent events,
// one per completed iteration of the search, the last one marked final.
// Bad requests are answered with a JSON error before the stream starts.
func (s *Server) analyse(w http.ResponseWriter, r *http.Request) {
	if s.opts.Analyst == nil {
		writeError(w, http.StatusNotImplemented, "this server has no engine")
		return
	}
	q, err := readQuery(r, "variant", "fen", "moves", "lines", "depth", "movetime")
	if err != nil {
		fail(w, err)
		return
	}
	req := gameRequest{Variant: q.Get("variant"), FEN: q.Get("fen"), Moves: []string{q.Get("moves")}}
	if err := s.checkSizes(req); err != nil {
		fail(w, err)
		return
	}
	lim, err := s.analysisLimits(q)
	if err != nil {
		fail(w, err)
		return
	}
	// The wait for a turn and the replay have the engine's time; the
	// search has its own limit.
	_, g, done, ok := s.admitEngineGame(w, r, req)
	if !ok {
		return
	}
	defer done()
	// A second more than the search's own limit, which ends it first.
	ctx, cancel := context.WithTimeout(r.Context(), lim.Time+time.Second)
	defer cancel()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy in front must not hold events back
	rc := http.NewResponseController(w)
	// The stream outlives the server's write timeout, made for answers
	// of a few seconds.
	_ = rc.SetWriteDeadline(time.Now().Add(lim.Time + 15*time.Second))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		// The headers only: nobody would read the events, nor, keeping
		// the connection, end the search.
		return
	}
	send := func(ev analysisEvent) {
		b, err := json.Marshal(ev)
		if err == nil {
			_, err = fmt.Fprintf(w, "data: %s\n\n", b)
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			cancel() // the client is gone: stop the search
		}
	}
	if err := rc.Flush(); err != nil { // the headers, at once
		return
	}
	last, stop, err := s.opts.Analyst.Analyse(ctx, g, lim, func(a Analysis) { send(eventOf(a)) })
	ev := eventOf(last)
	if err != nil {
		ev = analysisEvent{Lines: []analysisLine{}, Error: "the analysis failed: " + err.Error()}
	}
	ev.Final, ev.Stop = true, stop
	send(ev)
}

// analysisLimits reads lines=, depth= and movetime= of an analysis request.
func (s *Server) analysisLimits(q url.Values) (AnalysisLimits, error) {
	lim := AnalysisLimits{Lines: 1, Time: s.opts.AnalyseTime}
	maxMS := int(min(s.opts.AnalyseTime.Milliseconds(), 1<<31))
	for _, p := range []struct {
		name     string
		min, max int
		what     string
		set      func(int)
	}{
		{"lines", 1, MaxLines, "lines", func(n int) { lim.Lines = n }},
		{"depth", 1, MaxDepth, "plies", func(n int) { lim.Depth = n }},
		{"movetime", 1, max(maxMS, 1), "milliseconds", func(n int) { lim.Time = time.Duration(n) * time.Millisecond }},
	} {
		text := q.Get(p.name)
		if text == "" {
			continue
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < p.min || n > p.max || strings.TrimLeft(text, "0123456789") != "" {
			return AnalysisLimits{}, badRequest(fmt.Sprintf("%s=%q: want %d to %d %s", p.name, text, p.min, p.max, p.what))
		}
		p.set(n)
	}
	return lim, nil
}
