package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"

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
}

func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, infoAnswer{Variants: bashni.PresetNames(), Engine: s.opts.Opponent != nil})
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	req, g, err := s.postedGame(w, r)
	if err != nil {
		fail(w, err)
		return
	}
	st, err := describe(g, req.Flip)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) engine(w http.ResponseWriter, r *http.Request) {
	if s.opts.Opponent == nil {
		writeError(w, http.StatusNotImplemented, "this server has no engine")
		return
	}
	req, g, err := s.postedGame(w, r)
	if err != nil {
		fail(w, err)
		return
	}
	if o := g.Outcome(); o.IsOver() {
		writeError(w, http.StatusConflict, "the game is over ("+o.String()+")")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Think)
	defer cancel()
	m, err := s.opts.Opponent.Move(ctx, g.Start(), g.Moves())
	if err != nil {
		if r.Context().Err() != nil {
			return // the page went away; nobody to answer
		}
		fail(w, fmt.Errorf("the engine failed: %w", err))
		return
	}
	if err := g.Play(m); err != nil {
		fail(w, fmt.Errorf("the engine chose %s, which cannot be played: %w", m, err))
		return
	}
	st, err := describe(g, req.Flip)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, engineAnswer{Move: m.String(), State: st})
}

// picture answers /api/svg with a standalone picture of a position, so a
// diagram can be linked or embedded as an image.
func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	req := gameRequest{Variant: q.Get("variant"), FEN: q.Get("fen"), Moves: strings.Fields(q.Get("moves"))}
	if err := s.checkSizes(req); err != nil {
		fail(w, err)
		return
	}
	g, err := s.replay(req)
	if err != nil {
		fail(w, err)
		return
	}
	var o svg.Options
	if f := q.Get("flip"); f != "" {
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
		m, err := pos.ParseMove(text)
		if err != nil {
			fail(w, badRequest("move="+strconv.Quote(text)+": "+strings.TrimPrefix(err.Error(), "bashni: ")))
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

// postedGame reads a POSTed gameRequest and replays the game it describes.
func (s *Server) postedGame(w http.ResponseWriter, r *http.Request) (gameRequest, *bashni.Game, error) {
	req, err := s.readRequest(w, r)
	if err != nil {
		return req, nil, err
	}
	g, err := s.replay(req)
	return req, g, err
}

// readRequest decodes a POSTed gameRequest, strictly: unknown fields,
// trailing data and oversized bodies are errors.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request) (gameRequest, error) {
	var req gameRequest
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return req, &httpError{http.StatusUnsupportedMediaType, "send JSON (Content-Type: application/json), not " + ct}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return req, &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than %d bytes", maxBody)}
		}
		return req, badRequest("request body is not a game as JSON: " + err.Error())
	}
	if dec.More() {
		return req, badRequest("request body has data after the JSON object")
	}
	return req, s.checkSizes(req)
}

// checkSizes refuses requests too large to be a game, before any work.
func (s *Server) checkSizes(req gameRequest) error {
	switch {
	case len(req.Moves) > s.opts.MaxMoves:
		return badRequest(fmt.Sprintf("%d moves, more than the %d a game may have here", len(req.Moves), s.opts.MaxMoves))
	case len(req.Variant) > 500:
		return badRequest("variant text longer than 500 bytes")
	case len(req.FEN) > 2000:
		return badRequest("FEN longer than 2000 bytes")
	}
	return nil
}

// replay builds the game the request describes, checking every move.
func (s *Server) replay(req gameRequest) (*bashni.Game, error) {
	text := req.Variant
	if text == "" {
		text = "russian"
	}
	v, err := bashni.ParseVariant(text)
	if err != nil {
		return nil, badRequest("variant: " + trim(err))
	}
	var g *bashni.Game
	if req.FEN != "" {
		g, err = bashni.NewGameFEN(v, req.FEN)
	} else {
		g, err = bashni.NewGame(v)
	}
	if err != nil {
		return nil, badRequest("fen: " + trim(err))
	}
	for i, text := range req.Moves {
		// The error names the text and the reason (a *MoveError).
		if _, err := g.PlayText(text); err != nil {
			return nil, badRequest(fmt.Sprintf("move %d: %s", i+1, trim(err)))
		}
	}
	return g, nil
}

// trim drops the library's "bashni: " prefix, which means nothing to a
// player.
func trim(err error) string { return strings.TrimPrefix(err.Error(), "bashni: ") }

// lastMove returns the path and jumped squares of the game's last move.
func lastMove(g *bashni.Game) (path, captured []bashni.Square) {
	ms := g.Moves()
	m := ms[len(ms)-1]
	return m.Path(), m.JumpedSquares()
}

// describe builds the answer for the game's current position.
func describe(g *bashni.Game, flip bool) (gameState, error) {
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
	}
	for _, m := range g.Moves() {
		st.Moves = append(st.Moves, m.String())
	}
	legal := g.LegalMoves()
	// In text order, so the page lists choices the same way every time.
	sort.Slice(legal, func(i, j int) bool { return legal[i].String() < legal[j].String() })
	for _, m := range legal {
		st.Legal = append(st.Legal, legalMove{
			Text:     m.String(),
			From:     m.From().String(),
			To:       m.To().String(),
			Path:     names(m.Path()),
			Captured: names(m.JumpedSquares()),
		})
	}
	o := g.Outcome()
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
