package wasmapi

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/bashni-dev/bashni"
)

// numbering is the numbering of numeric squares, FENs and moves: PDN's N2
// (1 = b8), the one py-draughts and the Hub protocol use.
const numbering = bashni.NumberingTopLeft

// variantArg reads a ruleset's text: a preset's name or a preset with
// switches, as bashni.ParseVariant reads them.
func (a args) variant(i int) (bashni.Variant, error) {
	text, err := a.str(i, "the ruleset")
	if err != nil {
		return bashni.Variant{}, err
	}
	return bashni.ParseVariant(text)
}

// pos reads the ruleset at i and the FEN at i+1: the start position when
// the FEN is undefined, null or empty; squares by name or by number.
func (a args) pos(i int) (bashni.Position, error) {
	v, err := a.variant(i)
	if err != nil {
		return bashni.Position{}, err
	}
	fen, err := a.optStr(i+1, "the FEN")
	if err != nil {
		return bashni.Position{}, err
	}
	return startOrFEN(v, fen)
}

func startOrFEN(v bashni.Variant, fen string) (bashni.Position, error) {
	if fen == "" {
		return v.Start()
	}
	return bashni.Notation{Numbers: true, Numbering: numbering}.ParseFEN(v, fen)
}

// parseMove reads a move in bashni's notation or, failing that, with
// numbered squares ("11-15", "22x15x6"); the error is the notation's.
func parseMove(p *bashni.Position, text string) (bashni.Move, error) {
	m, err := p.ParseMove(text)
	if err != nil && errors.Is(err, bashni.ErrBadMoveText) {
		if n, nerr := (bashni.Notation{Numbers: true, Numbering: numbering}).ParseMove(p, text); nerr == nil {
			return n, nil
		}
	}
	return m, err
}

// parseSquare reads a square's name ("c3") or number in the numbering.
func parseSquare(v bashni.Variant, text string) (bashni.Square, error) {
	if n, err := strconv.Atoi(text); err == nil {
		if s := numbering.Square(v, n); s != bashni.NoSquare {
			return s, nil
		}
		return bashni.NoSquare, errors.New("no square numbered " + text)
	}
	s, err := bashni.ParseSquare(text)
	if err == nil && !v.OnBoard(s) {
		err = errors.New(text + " is not a playable square")
	}
	return s, err
}

// position answers (ruleset, fen?) with the position's canonical ruleset
// text, its board's size (width and height), FEN and side to move.
func position(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	return describe(&p), nil
}

func describe(p *bashni.Position) Object {
	v := p.Variant()
	return Object{{"variant", v.String()}, {"size", float64(v.Size)}, {"fen", p.FEN()}, {"turn", p.Turn().String()}}
}

// legalMoves answers (ruleset, fen) with the legal moves' texts.
func legalMoves(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	return texts(bashni.Notation{}.MoveTexts(&p, p.LegalMoves())), nil
}

// moves answers (ruleset, fen) with the legal moves, each as an object,
// in the order of legalMoves (by text).
func moves(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	ms := p.LegalMoves()
	slices.SortFunc(ms, func(x, y bashni.Move) int { return strings.Compare(moveText(&p, x), moveText(&p, y)) })
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = moveObject(&p, m)
	}
	return out, nil
}

func moveObject(p *bashni.Position, m bashni.Move) Object {
	return Object{
		{"text", bashni.Notation{}.FormatMove(p, m)},
		{"numbers", bashni.Notation{Numbers: true, Numbering: numbering, Separator: 'x'}.FormatMove(p, m)},
		{"from", m.From().String()},
		{"to", m.To().String()},
		{"path", squares(m.Path())},
		{"captured", squares(m.JumpedSquares())},
		{"promotes", m.Promotes()}}
}

// play answers (ruleset, fen, move) with the position after the move and
// the move's canonical text.
func play(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	text, err := a.str(2, "the move")
	if err != nil {
		return nil, err
	}
	m, err := parseMove(&p, text)
	if err != nil {
		return nil, err
	}
	q, err := p.Play(m)
	if err != nil {
		return nil, err
	}
	out := describe(&q)
	out = append(out, Field{"move", moveText(&p, m)})
	return out, nil
}

// outcome answers (ruleset, start fen, moves) with null while the game
// goes on, else its result and why it ended; the moves played from the
// start count for repetitions and the kings-only rule. Position.play takes
// moves past a draw by those rules (a position knows no history): the game
// ended there, and outcome answers that draw.
func outcome(a args) (any, error) {
	g, err := a.game(0)
	if err != nil {
		return nil, err
	}
	o := g.Outcome()
	if !o.IsOver() {
		return nil, nil
	}
	return Object{{"result", o.Result.String()}, {"reason", o.Reason.String()}}, nil
}

// game reads (ruleset, start fen, moves) from i on and plays the moves up
// to the game's end: the moves after it are not played.
func (a args) game(i int) (*bashni.Game, error) {
	p, err := a.pos(i)
	if err != nil {
		return nil, err
	}
	line, err := a.strs(i+2, "the moves")
	if err != nil {
		return nil, err
	}
	g := bashni.NewGameFrom(&p)
	for j, text := range line {
		if g.Outcome().IsOver() {
			break
		}
		if err := playText(g, text); err != nil {
			return nil, a.errorf(i+2, "move %d (%s): %s", j+1, text, moveMessage(err))
		}
	}
	return g, nil
}

// game reads the game of an options object, as writePDN and search take
// it: variant (required), fen (the ruleset's start when empty) and the
// moves played from it, a bad one named by its number.
func (o options) game() (*bashni.Game, error) {
	vtext, err := o.str("variant")
	if err != nil {
		return nil, err
	}
	if vtext == "" {
		return nil, o.errorf("variant is missing")
	}
	fen, err := o.str("fen")
	if err != nil {
		return nil, err
	}
	line, err := o.strs("moves")
	if err != nil {
		return nil, err
	}
	v, err := bashni.ParseVariant(vtext)
	if err != nil {
		return nil, err
	}
	start, err := startOrFEN(v, fen)
	if err != nil {
		return nil, err
	}
	g := bashni.NewGameFrom(&start)
	for j, text := range line {
		if err := playText(g, text); err != nil {
			return nil, o.errorf("move %d (%s): %s", j+1, text, moveMessage(err))
		}
	}
	return g, nil
}

// moveMessage is the error of a move the caller names by its text: without
// the package's prefix, which the caller's error has, nor the text again.
func moveMessage(err error) string {
	var me *bashni.MoveError
	if errors.As(err, &me) {
		return me.Detail()
	}
	return bashni.Message(err)
}

func playText(g *bashni.Game, text string) error {
	m, err := parseMove(g.Position(), text)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// maxPerftDepth bounds perft's depth: deeper counts take longer than
// anyone waits in a browser, and the count must fit a JavaScript number.
const maxPerftDepth = 20

// perft answers (ruleset, fen, depth) with the number of move sequences.
func perft(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	depth, err := a.int(2, 0, maxPerftDepth, "the depth")
	if err != nil {
		return nil, err
	}
	n, err := bashni.Perft(&p, depth)
	if err != nil {
		return nil, err
	}
	if n > 1<<53 {
		return nil, errors.New("bashni: perft: the count is past 2^53, the largest whole number a JavaScript number holds")
	}
	return float64(n), nil
}

// matchPath answers (ruleset, fen, clicked squares) as Position.MatchPath.
func matchPath(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	names, err := a.strs(2, "the squares")
	if err != nil {
		return nil, err
	}
	clicked := make([]bashni.Square, len(names))
	for i, name := range names {
		if clicked[i], err = parseSquare(p.Variant(), name); err != nil {
			return nil, a.errorf(2, "square %d: %s", i+1, bashni.Message(err))
		}
	}
	pm := p.MatchPath(clicked)
	var move any
	if pm.Complete {
		move = moveText(&p, pm.Move)
	}
	return Object{
		{"moves", texts(bashni.Notation{}.MoveTexts(&p, pm.Moves))},
		{"next", squares(pm.Next)},
		{"complete", pm.Complete},
		{"move", move}}, nil
}

// numberedFEN answers (ruleset, fen) with the FEN with square numbers in
// the numbering, each side's squares in the order of their numbers.
func numberedFEN(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	return bashni.Notation{Numbers: true, Numbering: numbering}.FEN(&p), nil
}

// towers answers (ruleset, fen) with the occupied squares, a1 first, by
// name and number, and their pieces top first ("Wbb": a white king over
// two black men).
func towers(a args) (any, error) {
	p, err := a.pos(0)
	if err != nil {
		return nil, err
	}
	sq := p.Squares()
	out := make([]any, len(sq))
	for i, s := range sq {
		out[i] = Object{{"square", s.String()}, {"number", float64(numbering.Number(p.Variant(), s))}, {"pieces", p.Tower(s).String()}}
	}
	return out, nil
}

// presets answers the names of the preset rulesets.
func presets(args) (any, error) { return texts(bashni.PresetNames()), nil }

func texts(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// inOrder returns the texts of moves in the ruleset of p (whose own
// notation writes lasca's captures with x), in their order.
func inOrder(p *bashni.Position, ms []bashni.Move) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = moveText(p, m)
	}
	return out
}

// moveText is the text of m in the notation of p's ruleset.
func moveText(p *bashni.Position, m bashni.Move) string { return bashni.Notation{}.FormatMove(p, m) }

func squares(list []bashni.Square) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s.String()
	}
	return out
}
