package bashni

import (
	"context"
	"maps"
	"slices"
)

// Sentinel errors of Game, for errors.Is.
var (
	// ErrGameOver: the game has an outcome, so no move, resignation or draw
	// agreement can follow.
	ErrGameOver = newError("the game is over")
	// ErrNothingToUndo: Undo was called on a game with no move and no
	// resignation or agreed draw to take back.
	ErrNothingToUndo = newError("nothing to undo")
)

// Result is who won a game, if anyone: the score of a game record.
type Result uint8

// The results. Ongoing is the zero value: the game goes on.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// WinFor returns the result in which c wins; Ongoing for a colour other
// than White or Black.
func WinFor(c Color) Result {
	switch c {
	case White:
		return WhiteWins
	case Black:
		return BlackWins
	}
	return Ongoing
}

// String returns the result as a game record writes it: "1-0", "0-1",
// "1/2-1/2", or "*" for an ongoing game.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Reason is how a game ended (docs/RULES.md section 9).
type Reason uint8

// The reasons. NotOver is the zero value, the reason of an ongoing game.
const (
	NotOver Reason = iota
	// NoLegalMoves: the side to move has no legal move and loses.
	NoLegalMoves
	// Repetition: the same position with the same side to move occurred for
	// the Variant's Repetitions-th time; a draw.
	Repetition
	// KingsOnly: the Variant's KingsOnlyPlies plies in a row went by with no
	// man moving and nothing captured; a draw.
	KingsOnly
	// Agreement: the players agreed to a draw.
	Agreement
	// Resignation: the losing side resigned.
	Resignation
)

// String returns a short name of the reason, such as "repetition".
func (r Reason) String() string {
	switch r {
	case NoLegalMoves:
		return "no legal move"
	case Repetition:
		return "repetition"
	case KingsOnly:
		return "kings only"
	case Agreement:
		return "agreement"
	case Resignation:
		return "resignation"
	}
	return "not over"
}

// Outcome is the state of a game: its result and, once it is over, the
// reason it ended. The zero Outcome is an ongoing game. Outcomes are
// comparable with ==.
type Outcome struct {
	Result Result
	Reason Reason
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Result != Ongoing }

// Winner returns the winning colour; ok is false for a draw or an ongoing
// game.
func (o Outcome) Winner() (c Color, ok bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// String describes the outcome for people: the result, then why, such as
// "1-0: black has no legal move" or "1/2-1/2: draw by repetition".
func (o Outcome) String() string {
	loser := "?"
	if w, ok := o.Winner(); ok {
		loser = w.Opponent().String()
	}
	var why string
	switch o.Reason {
	case NoLegalMoves:
		why = loser + " has no legal move"
	case Resignation:
		why = loser + " resigned"
	case Repetition:
		why = "draw by repetition"
	case KingsOnly:
		why = "draw by the kings-only rule (no man moved and nothing was captured)"
	case Agreement:
		why = "draw by agreement"
	default:
		return o.Result.String() + ": the game goes on"
	}
	return o.Result.String() + ": " + why
}

// Game is a game in progress or finished: a start position, the moves played
// from it, and its outcome under the rules of docs/RULES.md section 9 (a side with
// no legal move loses; the Variant's Repetitions and KingsOnlyPlies switches
// draw), or by resignation or agreement.
//
// A Game keeps each move and a few bytes more per ply, not every position;
// Positions rebuilds them on demand. Create one with NewGame, NewGameFEN or
// NewGameFrom, and use it from one goroutine at a time. The zero Game is the
// game of the zero Position, as NewGameFrom(&Position{}) makes it: an empty
// russian board with White to move, so Black has won (White has no legal
// move).
type Game struct {
	// start and pos are never written through: a move makes a new pos, so
	// the pointers Start and Position hand out stay as they were.
	start *Position
	pos   *Position
	plies []ply
	// marks holds the position before every markEvery-th ply, so Undo
	// replays at most markEvery-1 moves.
	marks []Position
	// seen counts how often each position key occurred in the game (start
	// included), for the repetition rule.
	seen    map[uint64]uint32
	ended   Outcome // a resignation or agreed draw, when one ended the game
	outcome Outcome // the outcome as of the last change
	// notation is the notation of PlayText and PlayLine.
	notation Notation
}

// ply is one move of a game, the key of the position it was played in, and
// the kings-only count after it.
type ply struct {
	move Move
	key  uint64 // Key of the position before the move
	// kingsOnly counts the plies in a row, up to this one, in which no man
	// moved and nothing was captured.
	kingsOnly uint32
}

const markEvery = 64

// NewGame returns a game of the variant from its start position.
func NewGame(v Variant) (*Game, error) {
	p, err := v.Start()
	if err != nil {
		return nil, err
	}
	return NewGameFrom(&p), nil
}

// NewGameFEN returns a game of the variant from the position given in FEN
// (see ParseFEN).
func NewGameFEN(v Variant, fen string) (*Game, error) {
	p, err := ParseFEN(v, fen)
	if err != nil {
		return nil, err
	}
	return NewGameFrom(&p), nil
}

// NewGameFrom returns a game from a copy of the position p, under p's
// ruleset: later changes to *p do not reach the game. p must not be nil.
func NewGameFrom(p *Position) *Game {
	start := *p
	g := &Game{start: &start, pos: &start, seen: map[uint64]uint32{start.Key(): 1}}
	g.update()
	return g
}

// Clone returns a copy of the game that goes on independently: a move, an
// Undo or a resignation in one leaves the other as it was.
func (g *Game) Clone() *Game {
	g.ready()
	c := *g
	c.plies = slices.Clone(g.plies)
	c.marks = slices.Clone(g.marks)
	c.seen = maps.Clone(g.seen)
	return &c
}

// Notation returns the notation in which PlayText and PlayLine read moves:
// the ruleset's own (the zero Notation) unless SetNotation chose another.
func (g *Game) Notation() Notation { return g.notation }

// SetNotation sets the notation in which PlayText and PlayLine read moves,
// such as square numbers for a record that numbers them.
func (g *Game) SetNotation(n Notation) { g.notation = n }

// Variant returns the game's ruleset.
func (g *Game) Variant() Variant {
	g.ready()
	return g.start.Variant()
}

// Start returns the position the game started from. It is the game's own,
// not a copy: read it, copy it (*g.Start()) to change it, but do not write
// to it (as PlayUncheckedInto's dst).
func (g *Game) Start() *Position {
	g.ready()
	return g.start
}

// Position returns the current position. It is the game's own, not a copy,
// and it does not change as the game goes on (a move makes a new one), so
// the caller may keep it; like Start's, it is not to be written to.
func (g *Game) Position() *Position {
	g.ready()
	return g.pos
}

// Last returns the last move played; ok is false when none has been.
func (g *Game) Last() (m Move, ok bool) {
	if len(g.plies) == 0 {
		return Move{}, false
	}
	return g.plies[len(g.plies)-1].move, true
}

// Plies returns the number of moves played (each side's move is one ply).
func (g *Game) Plies() int { return len(g.plies) }

// Moves returns the moves played, in order.
func (g *Game) Moves() []Move {
	out := make([]Move, len(g.plies))
	for i, p := range g.plies {
		out[i] = p.move
	}
	return out
}

// Positions returns the start position and the position after each move:
// Plies()+1 positions, the last one Position().
func (g *Game) Positions() []Position {
	g.ready()
	out := make([]Position, 0, len(g.plies)+1)
	p := *g.start
	out = append(out, p)
	for _, pl := range g.plies {
		p = p.PlayUnchecked(pl.move)
		out = append(out, p)
	}
	return out
}

// LegalMoves returns the legal moves of the current position, or none when
// the game is over.
func (g *Game) LegalMoves() []Move {
	g.ready()
	if g.outcome.IsOver() {
		return nil
	}
	return g.pos.LegalMoves()
}

// Outcome returns the game's outcome: ongoing, or who won or drew and why.
func (g *Game) Outcome() Outcome {
	g.ready()
	return g.outcome
}

// Repetitions returns how many times the current position, with the same
// side to move, has occurred in the game, this time included.
func (g *Game) Repetitions() int {
	g.ready()
	return int(g.seen[g.pos.Key()])
}

// KingsOnlyPlies returns how many plies in a row, up to the last one, no man
// moved and nothing was captured (the count of the kings-only draw rule).
func (g *Game) KingsOnlyPlies() int {
	if len(g.plies) == 0 {
		return 0
	}
	return int(g.plies[len(g.plies)-1].kingsOnly)
}

// AppendReversibleKeys appends to dst the keys (Position.Key) of the
// positions before the current one since the last move that was not
// reversible (Position.IsReversible: a man's move or a capture), oldest
// first, and returns the extended slice: the earlier positions of the game
// that the current position or a later one can still repeat. There are
// KingsOnlyPlies of them. A search that knows them scores a return to one
// of them as the repetition it is.
func (g *Game) AppendReversibleKeys(dst []uint64) []uint64 {
	for _, pl := range g.plies[len(g.plies)-g.KingsOnlyPlies():] {
		dst = append(dst, pl.key)
	}
	return dst
}

// Play plays the move m, which must be legal in the current position (see
// Position.Play). It fails with an error wrapping ErrGameOver once the game
// has an outcome, or wrapping ErrIllegalMove; the game is unchanged then.
func (g *Game) Play(m Move) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	// The position's own move for m is kept: the one with canonical text
	// among the capture sequences with the same result (section 8).
	l, err := g.pos.legal(m)
	if err != nil {
		return err
	}
	g.push(l)
	return nil
}

// PlayText reads a move in the game's notation (see Notation.ParseMove) and
// plays it, returning the move played. Errors are those of ParseMove (a
// *MoveError) and of Play.
func (g *Game) PlayText(text string) (Move, error) {
	return g.PlayTextContext(context.Background(), text)
}

// Resign ends the game with c resigning: the other side wins. A colour
// other than White or Black is an error, and the game goes on.
func (g *Game) Resign(c Color) error {
	if c != White && c != Black {
		return errorf("%v cannot resign: only White and Black play", c)
	}
	if err := g.checkOpen(); err != nil {
		return err
	}
	g.ended = Outcome{Result: WinFor(c.Opponent()), Reason: Resignation}
	g.outcome = g.ended
	return nil
}

// AgreeDraw ends the game in a draw by agreement.
func (g *Game) AgreeDraw() error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	g.ended = Outcome{Result: Draw, Reason: Agreement}
	g.outcome = g.ended
	return nil
}

// Undo takes back the last move and returns it. If a resignation or an
// agreed draw ended the game, Undo takes back that instead, and returns the
// zero Move. It fails with ErrNothingToUndo at the start of a game.
func (g *Game) Undo() (Move, error) {
	g.ready()
	if g.ended.IsOver() {
		g.ended = Outcome{}
		g.update()
		return Move{}, nil
	}
	n := len(g.plies)
	if n == 0 {
		return Move{}, ErrNothingToUndo
	}
	last := g.plies[n-1].move
	k := g.pos.Key()
	if g.seen[k] <= 1 {
		delete(g.seen, k)
	} else {
		g.seen[k]--
	}
	g.plies = g.plies[:n-1]
	n--
	// Replay from the last mark at or before the new end.
	mi := n / markEvery
	g.marks = g.marks[:mi+1]
	p := g.marks[mi]
	for _, pl := range g.plies[mi*markEvery:] {
		p = p.PlayUnchecked(pl.move)
	}
	if n%markEvery == 0 {
		g.marks = g.marks[:mi] // the mark is pushed again by the next move
	}
	g.pos = &p
	g.update()
	return last, nil
}

// ready makes the zero Game the game of the zero Position, keeping a
// notation set on it; a Game made by NewGameFrom is ready already.
func (g *Game) ready() {
	if g.start == nil {
		g.readyZero()
	}
}

func (g *Game) readyZero() {
	n := g.notation
	*g = *NewGameFrom(&Position{})
	g.notation = n
}

// checkOpen returns an error wrapping ErrGameOver when the game has ended.
func (g *Game) checkOpen() error {
	g.ready()
	if g.outcome.IsOver() {
		return wrapError(ErrGameOver, "the game is over: "+g.outcome.String())
	}
	return nil
}

// IsReversible reports whether m, a move of p, is a quiet move of a king:
// the only kind of move after which an earlier position can come back (a
// man never moves back, a capture never gives its pieces back), and the
// only kind the kings-only draw counts (docs/RULES.md section 9). Game's
// draw rules and the engine's search both ask it. It reads the kings' set,
// not Tower: a search asks at every node.
func (p *Position) IsReversible(m Move) bool {
	return m.n == 0 && p.kings&m.from.bit() != 0
}

// push plays m, a legal move of the current position, and updates the
// counts and the outcome.
func (g *Game) push(m Move) {
	n := len(g.plies)
	if n%markEvery == 0 {
		g.marks = append(g.marks, *g.pos)
	}
	var kingsOnly uint32
	if g.pos.IsReversible(m) {
		kingsOnly = 1
		if n > 0 && g.plies[n-1].kingsOnly < ^uint32(0) {
			kingsOnly += g.plies[n-1].kingsOnly
		}
	}
	next := g.pos.PlayUnchecked(m)
	g.plies = append(g.plies, ply{move: m, key: g.pos.Key(), kingsOnly: kingsOnly})
	g.pos = &next
	g.seen[g.pos.Key()]++
	g.update()
}

// update recomputes the outcome from the position and the counts. A side
// with no legal move loses even on a ply that also meets a draw rule.
func (g *Game) update() {
	v := g.pos.Variant()
	switch {
	case g.ended.IsOver():
		g.outcome = g.ended
	case !g.pos.HasLegalMoves():
		g.outcome = Outcome{Result: WinFor(g.pos.Turn().Opponent()), Reason: NoLegalMoves}
	case v.Repetitions > 0 && g.Repetitions() >= v.Repetitions:
		g.outcome = Outcome{Result: Draw, Reason: Repetition}
	case v.KingsOnlyPlies > 0 && g.KingsOnlyPlies() >= v.KingsOnlyPlies:
		g.outcome = Outcome{Result: Draw, Reason: KingsOnly}
	default:
		g.outcome = Outcome{}
	}
}
