package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

// The page reads and writes game records through package pdn, so that what
// it saves `bashni replay` reads, and what other programs write it opens.
// A record's moves, notes and variations travel as a tree of lines
// (pdnLine), the shape of pdn.Game's Notes.

// Limits of the PDN requests, besides Options.MaxMoves.
const (
	maxPDNBody  = 1 << 20 // bytes of a POST /api/pdn/read body
	maxPDNGames = 100     // games answered from one text
	maxPDNDepth = 100     // variations inside variations, pdn.DefaultMaxDepth
)

// pdnLine is a line of moves: the main line of a game or a variation.
type pdnLine struct {
	Comments []string  `json:"comments"` // before the first move
	Moves    []pdnMove `json:"moves"`
}

// pdnMove is one move of a line with its notes.
type pdnMove struct {
	Move       string    `json:"move"`       // canonical text (written), any notation ParseMove reads (read)
	Annotation string    `json:"annotation"` // "!", "?", "!!", "??", "!?", "?!" or ""
	NAGs       []int     `json:"nags"`       // numeric annotation glyphs, 0 to 255
	Comments   []string  `json:"comments"`   // after the move
	Variations []pdnLine `json:"variations"` // played instead of this move, from the position before it
}

// pdnTag is a tag pair.
type pdnTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// pdnGame is one game of a record read.
type pdnGame struct {
	Game     int      `json:"game"`     // its number in the text, from 1
	Tags     []pdnTag `json:"tags"`     // as read, in order
	Variant  string   `json:"variant"`  // the ruleset, in its text form
	FEN      string   `json:"fen"`      // the start position
	Line     pdnLine  `json:"line"`     // the main line and its variations
	Result   string   `json:"result"`   // as the record wrote it ("2-0"), or "" for none
	Outcome  string   `json:"outcome"`  // how the game ended ("1-0: black resigned"), "" while it goes on
	Warnings []string `json:"warnings"` // what the record gets wrong without changing the game
}

// pdnGameError is a game of the text that could not be read.
type pdnGameError struct {
	Game  int    `json:"game"`
	Line  int    `json:"line"`
	Error string `json:"error"`
}

// pdnReadRequest is the body of POST /api/pdn/read.
type pdnReadRequest struct {
	PDN     string `json:"pdn"`     // the record: one game or many
	Variant string `json:"variant"` // ruleset of games without a Variant or GameType tag ("": russian)
}

// pdnReadAnswer is its answer.
type pdnReadAnswer struct {
	Games     []pdnGame      `json:"games"`     // the games read, in order
	Errors    []pdnGameError `json:"errors"`    // the games that could not be, in order
	Truncated bool           `json:"truncated"` // the text holds more than maxPDNGames games; the rest were not read
}

// pdnWriteRequest is the body of POST /api/pdn/write.
type pdnWriteRequest struct {
	Variant string   `json:"variant"` // "" means russian
	FEN     string   `json:"fen"`     // the start; "" means the ruleset's
	Tags    []pdnTag `json:"tags"`
	Line    pdnLine  `json:"line"`
	// Result ends a game the rules have not ended: "1-0" or "0-1" (the
	// loser resigned), "1/2-1/2" (a draw agreed); "" leaves it as the
	// rules have it.
	Result string `json:"result"`
}

// pdnWriteAnswer is its answer.
type pdnWriteAnswer struct {
	PDN string `json:"pdn"`
}

// decodeJSON decodes a POSTed JSON body into v, strictly: unknown fields,
// trailing data and bodies over limit bytes are errors. The body's
// Content-Type was checked by requireJSON.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, what string, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	// A read past limit bytes, in the object or after it, is 413; any
	// other fault of the body is 400, saying what it is.
	fault := func(err error, bad string) error {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than %d bytes", limit)}
		}
		return badRequest(bad)
	}
	if err := dec.Decode(v); err != nil {
		return fault(err, "request body is not "+what+" as JSON: "+err.Error())
	}
	// Token, not More: More reports false for a ']' or '}' after the
	// object, as it would at the end of an array.
	if _, err := dec.Token(); err != io.EOF {
		return fault(err, "request body has data after the JSON object")
	}
	return nil
}

// pdnRead answers POST /api/pdn/read: the games of a record as trees.
// Reading passes the gate of the custom rulesets, whose moves a record may
// use.
func (s *Server) pdnRead(w http.ResponseWriter, r *http.Request) {
	var req pdnReadRequest
	if err := decodeJSON(w, r, maxPDNBody, "a PDN request", &req); err != nil {
		fail(w, err)
		return
	}
	rd := pdn.NewReader(strings.NewReader(req.PDN))
	rd.MaxPlies = s.opts.MaxMoves
	rd.MaxDepth = maxPDNDepth
	if req.Variant != "" {
		v, err := bashni.ParseVariant(req.Variant)
		if err != nil {
			fail(w, badRequest("variant: "+bashni.Message(err)))
			return
		}
		rd.Variant = v
	}
	ctx, done, err := s.admit(r, s.costly, s.opts.Budget)
	if err != nil {
		failWork(w, r, err, s.opts.Budget)
		return
	}
	defer done()
	rd.Context = ctx // the moves of a custom ruleset can be costly to read
	ans := pdnReadAnswer{Games: []pdnGame{}, Errors: []pdnGameError{}}
	for n := 0; ; n++ {
		g, err := rd.Next()
		if ctx.Err() != nil {
			failWork(w, r, ctx.Err(), s.opts.Budget)
			return
		}
		if err == io.EOF {
			break
		}
		if n == maxPDNGames {
			ans.Truncated = true
			break
		}
		var ge *pdn.GameError
		if errors.As(err, &ge) {
			ans.Errors = append(ans.Errors, pdnGameError{Game: ge.Game, Line: ge.Line, Error: strings.TrimPrefix(ge.Error(), "pdn: ")})
			continue
		}
		if err != nil {
			fail(w, badRequest("reading the PDN: "+err.Error()))
			return
		}
		ans.Games = append(ans.Games, gameJSON(n+1, g))
	}
	writeJSON(w, http.StatusOK, ans)
}

// gameJSON describes a game read.
func gameJSON(n int, g *pdn.Game) pdnGame {
	out := pdnGame{
		Game:     n,
		Tags:     []pdnTag{},
		Variant:  g.Game().Variant().String(),
		FEN:      g.Game().Start().FEN(),
		Line:     lineJSON(g.Game().Start(), g.Game().Moves(), g.Notes),
		Result:   g.ResultText,
		Warnings: []string{},
	}
	for _, t := range g.Tags {
		out.Tags = append(out.Tags, pdnTag(t))
	}
	if o := g.Game().Outcome(); o.IsOver() {
		out.Outcome = o.String()
	}
	for _, w := range g.Warnings {
		out.Warnings = append(out.Warnings, strings.TrimPrefix(w.Error(), "pdn: "))
	}
	return out
}

// lineJSON describes moves and their notes (notes[i] on the i-th move,
// notes[0] before the first), the moves in the notation of the ruleset of
// the game's start position.
func lineJSON(start *bashni.Position, moves []bashni.Move, notes map[int]*pdn.Note) pdnLine {
	l := pdnLine{Comments: []string{}, Moves: make([]pdnMove, 0, len(moves))}
	if n := notes[0]; n != nil {
		l.Comments = append(l.Comments, n.Comments...)
	}
	for i, m := range moves {
		pm := pdnMove{Move: bashni.Notation{}.FormatMove(start, m), NAGs: []int{}, Comments: []string{}, Variations: []pdnLine{}}
		if n := notes[i+1]; n != nil {
			pm.Annotation = n.Annotation
			pm.NAGs = append(pm.NAGs, n.NAGs...)
			pm.Comments = append(pm.Comments, n.Comments...)
			for _, v := range n.Variations {
				pm.Variations = append(pm.Variations, lineJSON(start, v.Moves, v.Notes))
			}
		}
		l.Moves = append(l.Moves, pm)
	}
	return l
}

// pdnWrite answers POST /api/pdn/write: the tree as a PDN record.
func (s *Server) pdnWrite(w http.ResponseWriter, r *http.Request) {
	var req pdnWriteRequest
	if err := decodeJSON(w, r, maxBody, "a game to write", &req); err != nil {
		fail(w, err)
		return
	}
	game := gameRequest{Variant: req.Variant, FEN: req.FEN}
	if err := s.checkSizes(game); err != nil {
		fail(w, err)
		return
	}
	ctx, g, done, ok := s.admitGame(w, r, game, s.gateFor(game), s.opts.Budget)
	if !ok {
		return
	}
	defer done()
	b := treeBuilder{ctx: ctx, max: s.opts.MaxMoves}
	moves, notes, err := b.line(*g.Position(), req.Line, "", 0)
	if err != nil {
		failWork(w, r, err, s.opts.Budget)
		return
	}
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			fail(w, badRequest(fmt.Sprintf("move %d: %q: %s", i+1, m.String(), bashni.Message(err))))
			return
		}
	}
	if err := end(g, req.Result); err != nil {
		fail(w, err)
		return
	}
	rec := pdn.NewGame(g)
	for _, t := range req.Tags {
		rec.Tags = append(rec.Tags, pdn.Tag(t))
	}
	rec.Notes = notes
	text, err := rec.MarshalText()
	if err != nil {
		fail(w, badRequest(strings.TrimPrefix(err.Error(), "pdn: ")))
		return
	}
	writeJSON(w, http.StatusOK, pdnWriteAnswer{PDN: string(text)})
}

// end ends the game as result says, when the rules have not.
func end(g *bashni.Game, result string) error {
	if result == "" {
		return nil
	}
	want, err := pdn.ParseResult(result)
	if err != nil || want == bashni.Ongoing {
		return badRequest(fmt.Sprintf("result %q is not 1-0, 0-1, 1/2-1/2 or empty", result))
	}
	if o := g.Outcome(); o.IsOver() && o.Result != want {
		return badRequest(fmt.Sprintf("result %s: the game ended otherwise (%s)", result, o))
	}
	return pdn.ApplyResult(g, want)
}

// treeBuilder turns a tree of lines into moves and pdn notes, checking
// every move in its position.
type treeBuilder struct {
	ctx   context.Context
	max   int // moves the tree may have, variations included (Options.MaxMoves)
	moves int // moves read so far
}

// line reads the line l played from start; where names it in errors (""
// for the main line, "move 3, variation 1" for a variation).
func (b *treeBuilder) line(start bashni.Position, l pdnLine, where string, depth int) ([]bashni.Move, map[int]*pdn.Note, error) {
	if depth > maxPDNDepth {
		return nil, nil, badRequest(fmt.Sprintf("%s: variations nested more than %d deep", where, maxPDNDepth))
	}
	var notes map[int]*pdn.Note
	note := func(i int) *pdn.Note {
		if notes == nil {
			notes = map[int]*pdn.Note{}
		}
		if notes[i] == nil {
			notes[i] = &pdn.Note{}
		}
		return notes[i]
	}
	if len(l.Comments) > 0 {
		note(0).Comments = append([]string(nil), l.Comments...)
	}
	pos := start
	moves := make([]bashni.Move, 0, len(l.Moves))
	for i, pm := range l.Moves {
		at := fmt.Sprintf("move %d", i+1)
		if where != "" {
			at = where + ", " + at
		}
		if b.moves++; b.moves > b.max {
			return nil, nil, badRequest(fmt.Sprintf("%s: more moves than the %d a game may have here, variations included", at, b.max))
		}
		m, err := bashni.Notation{}.ParseMoveContext(b.ctx, &pos, pm.Move)
		if err != nil {
			if b.ctx.Err() != nil {
				return nil, nil, b.ctx.Err()
			}
			return nil, nil, badRequest(fmt.Sprintf("%s: %s", at, strings.TrimPrefix(bashni.Message(err), "move ")))
		}
		if pm.Annotation != "" || len(pm.NAGs) > 0 || len(pm.Comments) > 0 {
			n := note(i + 1)
			n.Annotation, n.NAGs, n.Comments = pm.Annotation, pm.NAGs, pm.Comments
		}
		for j, v := range pm.Variations {
			vm, vn, err := b.line(pos, v, fmt.Sprintf("%s, variation %d", at, j+1), depth+1)
			if err != nil {
				return nil, nil, err
			}
			note(i + 1).Variations = append(note(i+1).Variations, &pdn.Line{Moves: vm, Notes: vn})
		}
		moves = append(moves, m)
		pos = pos.PlayUnchecked(m)
	}
	return moves, notes, nil
}
