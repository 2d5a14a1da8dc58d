package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/svg"
)

// gameRequest is what the page sends: the whole game so far.
type gameRequest struct {
	// Variant is a ruleset in ParseVariant's text form ("" means russian).
	Variant string `json:"variant"`
	// FEN is the start position ("" means the ruleset's start).
	FEN string `json:"fen"`
	// Moves are the moves played from the start, in any notation
	// ParseMove reads.
	Moves []string `json:"moves"`
	// Flip draws the board from Black's side.
	Flip bool `json:"flip"`
	// Numbers reads the moves in square numbers too (numberNotation), and
	// lists the legal moves in numbers in the error of one that is not.
	Numbers bool `json:"numbers"`
	// Level, Depth and MoveTime (milliseconds) are the engine's strength,
	// for /api/engine only (see strength); nil when the request leaves
	// them out (or gives null), so that 0 and "" are values, refused.
	Level    *string `json:"level"`
	Depth    *int    `json:"depth"`
	MoveTime *int64  `json:"movetime"`
}

// legalMove is one legal move, with the squares the page needs to match a
// player's clicks against it.
type legalMove struct {
	Text     string   `json:"text"`
	From     string   `json:"from"`
	To       string   `json:"to"`
	Path     []string `json:"path"`     // From, then every landing square
	Captured []string `json:"captured"` // jumped squares, in order
}

// gameState is the answer to a gameRequest.
type gameState struct {
	Variant   string      `json:"variant"`   // the ruleset's text form
	Start     string      `json:"start"`     // FEN of the start position
	StartTurn string      `json:"startTurn"` // "white" or "black"
	Moves     []string    `json:"moves"`     // the moves played, in canonical notation
	FEN       string      `json:"fen"`       // the current position
	Turn      string      `json:"turn"`      // side to move
	Legal     []legalMove `json:"legal"`     // empty once the game is over
	Over      bool        `json:"over"`
	Outcome   string      `json:"outcome"` // "1-0: black has no legal move"; "" while it goes on
	Status    string      `json:"status"`  // one line for people
	SVG       string      `json:"svg"`     // the board, last move highlighted
	// Numbering names the playable squares by number in numberNotation:
	// Numbering[0] is square 1, and so on.
	Numbering []string `json:"numbering"`
}

// numberNotation is the notation of the page's square numbers: the
// ruleset's squares numbered from 1 at the top left as White sees the
// board, along each rank (bashni.Notation's default numbering, PDN's N2,
// which pdn.Reader reads by default; the international game's own).
var numberNotation = bashni.Notation{Numbers: true}

// numbering returns v's playable squares in number order.
func numbering(v bashni.Variant) []string {
	out := make([]string, v.SquareCount())
	for i := range out {
		out[i] = numberNotation.Numbering.Square(v, i+1).String()
	}
	return out
}

// engineAnswer is the answer of /api/engine.
type engineAnswer struct {
	Move  string    `json:"move"`
	State gameState `json:"state"`
}

// infoAnswer is the answer of /api/info.
type infoAnswer struct {
	Variants []string `json:"variants"`
	Engine   bool     `json:"engine"`
	// Levels are the engine's named levels, weakest first; absent when
	// it plays at one strength (its Opponent is not a Strengthener).
	Levels []string `json:"levels,omitempty"`
}

func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	a := infoAnswer{Variants: bashni.PresetNames(), Engine: s.opts.Opponent != nil}
	if _, ok := s.opts.Opponent.(Strengthener); ok {
		a.Levels = LevelNames()
	}
	writeJSON(w, http.StatusOK, a)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	req, err := s.readRequest(w, r)
	if err != nil {
		fail(w, err)
		return
	}
	if req.askedStrength() {
		fail(w, badRequest("level, depth and movetime are the engine's: send them to /api/engine"))
		return
	}
	ctx, g, done, ok := s.admitGame(w, r, req, s.gateFor(req), s.opts.Budget)
	if !ok {
		return
	}
	defer done()
	st, err := describe(ctx, g, req.Flip)
	if err != nil {
		failWork(w, r, err, s.opts.Budget)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) engine(w http.ResponseWriter, r *http.Request) {
	if s.opts.Opponent == nil {
		writeError(w, http.StatusNotImplemented, "this server has no engine")
		return
	}
	req, err := s.readRequest(w, r)
	if err != nil {
		fail(w, err)
		return
	}
	opp, err := s.opponent(req)
	if err != nil {
		fail(w, err)
		return
	}
	// The wait for a turn, the replay and the search share Think.
	ctx, g, done, ok := s.admitEngineGame(w, r, req)
	if !ok {
		return
	}
	defer done()
	m, err := opp.Move(ctx, g, nil)
	if err != nil {
		if ctx.Err() != nil {
			// Out of time is the server's overload, not a failure.
			failWork(w, r, &httpError{http.StatusServiceUnavailable, fmt.Sprintf(
				"the engine found no move within %s; the server may be busy, try again in a moment", s.opts.Think)}, s.opts.Think)
			return
		}
		fail(w, fmt.Errorf("the engine failed: %w", err))
		return
	}
	// A move found as Think ran out is answered: checking and playing it
	// and describing the position after it have a budget of their own
	// (checking it lists the moves, which a custom ruleset can make long).
	dctx, cancel := context.WithTimeout(r.Context(), s.opts.Budget)
	defer cancel()
	if err := g.PlayContext(dctx, m); err != nil {
		if dctx.Err() != nil {
			failWork(w, r, err, s.opts.Budget)
			return
		}
		fail(w, fmt.Errorf("the engine chose %s, which cannot be played: %w", m, err))
		return
	}
	st, err := describe(dctx, g, req.Flip)
	if err != nil {
		failWork(w, r, err, s.opts.Budget)
		return
	}
	writeJSON(w, http.StatusOK, engineAnswer{Move: st.Moves[len(st.Moves)-1], State: st})
}

// gateFor returns the gate a request of the page passes: the custom
// rulesets', or none for a preset's (or a ruleset that does not parse,
// refused at once).
func (s *Server) gateFor(req gameRequest) *gate {
	if req.Variant == "" {
		return nil
	}
	v, err := bashni.ParseVariant(req.Variant)
	if err != nil || isPreset(v) {
		return nil
	}
	return s.costly
}

// admit gives a request its turn through g (nil: at once) and the context
// of its work, which ends after budget, and returns the function that ends
// both.
func (s *Server) admit(r *http.Request, g *gate, budget time.Duration) (context.Context, func(), error) {
	ctx, cancel := context.WithTimeout(r.Context(), budget)
	if g == nil {
		return ctx, cancel, nil
	}
	leave, err := g.enter(ctx)
	if err != nil {
		cancel()
		return nil, nil, err
	}
	return ctx, func() { leave(); cancel() }, nil
}

// admitGame admits a request through g (nil: no gate) under budget and
// replays its game. When it cannot, it has answered the request and ok is
// false; else done must be called once the request's work is over.
func (s *Server) admitGame(w http.ResponseWriter, r *http.Request, req gameRequest, g *gate, budget time.Duration) (ctx context.Context, game *bashni.Game, done func(), ok bool) {
	ctx, done, err := s.admit(r, g, budget)
	if err != nil {
		failWork(w, r, err, budget)
		return nil, nil, nil, false
	}
	game, err = s.replay(ctx, req)
	if err != nil {
		done()
		failWork(w, r, err, budget)
		return nil, nil, nil, false
	}
	return ctx, game, done, true
}

// admitEngineGame admits a request for the engine, as admitGame does
// through the engines' gate under Think, and answers 409 for a game that
// is over, where the engine has nothing to search.
func (s *Server) admitEngineGame(w http.ResponseWriter, r *http.Request, req gameRequest) (ctx context.Context, game *bashni.Game, done func(), ok bool) {
	ctx, game, done, ok = s.admitGame(w, r, req, s.engines, s.opts.Think)
	if !ok {
		return nil, nil, nil, false
	}
	if o := game.Outcome(); o.IsOver() {
		done()
		writeError(w, http.StatusConflict, "the game is over ("+o.String()+")")
		return nil, nil, nil, false
	}
	return ctx, game, done, true
}

// picture answers /api/svg with a standalone picture of a position, so a
// diagram can be linked or embedded as an image.
func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	q, err := readQuery(r, "variant", "fen", "moves", "move", "flip", "size")
	if err != nil {
		fail(w, err)
		return
	}
	req := gameRequest{Variant: q.Get("variant"), FEN: q.Get("fen"), Moves: []string{q.Get("moves")}}
	if err := s.checkSizes(req); err != nil {
		fail(w, err)
		return
	}
	ctx, g, done, ok := s.admitGame(w, r, req, s.gateFor(req), s.opts.Budget)
	if !ok {
		return
	}
	defer done()
	var o svg.Options
	if f := q.Get("flip"); f != "" {
		var err error
		if o.Flip, err = strconv.ParseBool(f); err != nil {
			fail(w, badRequest(fmt.Sprintf("flip=%q is not true or false", f)))
			return
		}
	}
	if size := q.Get("size"); size != "" {
		n, err := strconv.Atoi(size)
		if err != nil || n < 16 || n > 256 {
			fail(w, badRequest(fmt.Sprintf("size=%q is not a square size from 16 to 256 pixels", size)))
			return
		}
		o.SquareSize = float64(n)
	}
	pos := g.Position()
	if text := q.Get("move"); text != "" {
		m, err := bashni.Notation{}.ParseMoveContext(ctx, pos, text)
		if err != nil {
			if ctx.Err() != nil {
				failWork(w, r, err, s.opts.Budget)
				return
			}
			fail(w, badRequest("move="+strconv.Quote(text)+": "+bashni.Message(err)))
			return
		}
		o.HighlightMove(m)
	} else if ms := g.Moves(); len(ms) > 0 {
		o.Path, o.Captured = lastMove(g)
	}
	pic, err := svg.String(pos, o)
	if err != nil {
		fail(w, badRequest(err.Error()))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = io.WriteString(w, pic)
}

// readQuery reads a request's query string, strictly: text that is not
// URL-encoded, a key it does not know (keys lists them) and a key given
// twice are errors.
func readQuery(r *http.Request, keys ...string) (url.Values, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, badRequest("the query string is not URL-encoded: " + err.Error())
	}
	for k, vs := range q {
		switch {
		case !slices.Contains(keys, k):
			return nil, badRequest(fmt.Sprintf("unknown query key %q (%s takes %s)", k, r.URL.Path, strings.Join(keys, ", ")))
		case len(vs) > 1:
			return nil, badRequest(fmt.Sprintf("query key %q given %d times", k, len(vs)))
		}
	}
	return q, nil
}

// readRequest decodes a POSTed gameRequest, strictly: unknown fields,
// trailing data and oversized bodies are errors.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request) (gameRequest, error) {
	var req gameRequest // its Content-Type was checked by requireJSON
	if err := decodeJSON(w, r, maxBody, "a game", &req); err != nil {
		return req, err
	}
	return req, s.checkSizes(req)
}

// checkSizes refuses requests too large to be a game, before any work.
func (s *Server) checkSizes(req gameRequest) error {
	switch {
	case len(req.Moves) > s.opts.MaxMoves:
		return badRequest(fmt.Sprintf("%d moves, more than the %d a game may have here", len(req.Moves), s.opts.MaxMoves))
	case plies(req.Moves) > s.opts.MaxMoves:
		return badRequest(fmt.Sprintf("%d moves (plies), more than the %d a game may have here", plies(req.Moves), s.opts.MaxMoves))
	case len(req.Variant) > 500:
		return badRequest("variant text longer than 500 bytes")
	case len(req.FEN) > 2000:
		return badRequest("FEN longer than 2000 bytes")
	}
	return nil
}

// replay builds the game the request describes, checking every move. It
// gives up with ctx's error when ctx is done.
func (s *Server) replay(ctx context.Context, req gameRequest) (*bashni.Game, error) {
	text := req.Variant
	if text == "" {
		text = "russian"
	}
	v, err := bashni.ParseVariant(text)
	if err != nil {
		return nil, badRequest("variant: " + bashni.Message(err))
	}
	var g *bashni.Game
	if req.FEN != "" {
		g, err = bashni.NewGameFEN(v, req.FEN)
	} else {
		g, err = bashni.NewGame(v)
	}
	if err != nil {
		// A *FENError says "FEN" itself; the ruleset's own start cannot fail.
		return nil, badRequest(bashni.Message(err))
	}
	if req.Numbers {
		g.SetNotation(numberNotation)
	}
	// The error names the move's place, then its text and the reason (a
	// *bashni.MoveError): `move 2: "c3-d4": not a legal move here`.
	if err := g.PlayLineContext(ctx, strings.Join(req.Moves, " ")); err != nil {
		var le *bashni.LineError
		if !errors.As(err, &le) {
			return nil, err // ctx's
		}
		// The move by its number as a player counts, then its text and why
		// (the MoveError's parts), or the error of playing it.
		var me *bashni.MoveError
		if errors.As(le.Err, &me) {
			return nil, badRequest(fmt.Sprintf("%s: %q: %s", moveName(g.Start().Turn(), le.Index), me.Text, me.Detail()))
		}
		return nil, badRequest(fmt.Sprintf("%s: %s", moveName(g.Start().Turn(), le.Index), bashni.Message(le.Err)))
	}
	return g, nil
}

// plies counts the moves of a request's "moves", each element of which may
// hold several separated by spaces (and move numbers, not counted).
func plies(moves []string) int {
	n := 0
	for _, m := range moves {
		n += len(bashni.SplitLine(m))
	}
	return n
}

// moveName names the ply-th move (from 1) of a game whose first move is
// first's as a player counts: "black's move 2".
func moveName(first bashni.Color, ply int) string {
	side, n := first, (ply+1)/2
	if ply%2 == 0 {
		side = side.Opponent()
	}
	if first == bashni.Black && ply > 1 {
		n = ply/2 + 1
	}
	return fmt.Sprintf("%s's move %d", side, n)
}

// lastMove returns the path and jumped squares of the game's last move.
func lastMove(g *bashni.Game) (path, captured []bashni.Square) {
	ms := g.Moves()
	m := ms[len(ms)-1]
	return m.Path(), m.JumpedSquares()
}

// describe builds the answer for the game's current position, or gives up
// with ctx's error.
func describe(ctx context.Context, g *bashni.Game, flip bool) (gameState, error) {
	pos := g.Position()
	start := g.Start()
	st := gameState{
		Variant:   pos.Variant().String(),
		Start:     start.FEN(),
		StartTurn: start.Turn().String(),
		Moves:     []string{},
		FEN:       pos.FEN(),
		Turn:      pos.Turn().String(),
		Legal:     []legalMove{},
		Numbering: numbering(pos.Variant()),
	}
	// Moves in the ruleset's own notation: lasca's captures with 'x'.
	var nt bashni.Notation
	for _, m := range g.Moves() {
		st.Moves = append(st.Moves, nt.FormatMove(pos, m))
	}
	var legal []bashni.Move
	o := g.Outcome()
	if !o.IsOver() {
		var err error
		if legal, err = pos.LegalMovesContext(ctx); err != nil {
			return gameState{}, err
		}
	}
	// In text order, so the page lists choices the same way every time.
	texts := make(map[bashni.Move]string, len(legal))
	for _, m := range legal {
		texts[m] = nt.FormatMove(pos, m)
	}
	sort.Slice(legal, func(i, j int) bool { return texts[legal[i]] < texts[legal[j]] })
	for _, m := range legal {
		st.Legal = append(st.Legal, legalMove{
			Text:     texts[m],
			From:     m.From().String(),
			To:       m.To().String(),
			Path:     names(m.Path()),
			Captured: names(m.JumpedSquares()),
		})
	}
	st.Over = o.IsOver()
	switch {
	case st.Over:
		st.Outcome = o.String()
		st.Status = "Game over, " + o.String()
	case len(st.Legal) > 0 && len(st.Legal[0].Captured) > 0:
		st.Status = capital(st.Turn) + " to move, and must capture"
	default:
		st.Status = capital(st.Turn) + " to move"
	}
	opts := boardOptions(flip)
	if len(st.Moves) > 0 {
		opts.Path, opts.Captured = lastMove(g)
	}
	pic, err := svg.String(pos, opts)
	if err != nil {
		return gameState{}, err
	}
	st.SVG = pic
	return st, nil
}

// boardOptions are the options of the page's board: the same size after
// every move, on the page's own background.
func boardOptions(flip bool) svg.Options {
	return svg.Options{Flip: flip, FixedSize: true, Colors: svg.Colors{Background: "none"}}
}

func names(sqs []bashni.Square) []string {
	out := make([]string, len(sqs))
	for i, s := range sqs {
		out[i] = s.String()
	}
	return out
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
