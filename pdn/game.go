package pdn

import (
	"errors"
	"fmt"

	"github.com/bashni-dev/bashni"
)

// Tag is one tag pair of a game record: [Name "Value"].
type Tag struct {
	Name, Value string
}

// Game is one game record: its tags, the game itself (Game: start, moves,
// outcome), and the notes people attach to moves. Moves are played and taken
// back through the record (Play, PlayText, Undo), which keeps the notes in
// step with them.
type Game struct {
	game *bashni.Game

	// Tags holds the tag pairs in the order read. The writer derives the
	// Result, Variant and FEN tags from the game, whatever Tags says.
	Tags []Tag

	// Notes holds the annotations, comments and variations of the main
	// line: Notes[i] belongs to the i-th move (from 1), Notes[0] to the text
	// before the first move (comments only). Moves without notes have no
	// entry; the map may be nil. Write refuses, rather than drops, a note
	// it cannot place: more than comments in Notes[0], or a note at an
	// index with no move.
	Notes map[int]*Note

	// ResultText is the result as the record wrote it, such as "2-0";
	// empty when it wrote none. The writer keeps it when it agrees with the
	// game's outcome and writes the outcome's own form otherwise.
	ResultText string

	// Warnings lists what the record gets wrong without changing the game,
	// in the order found: a result that contradicts how the rules ended the
	// game (ResultText keeps it as written; Outcome is the rules'), a
	// Result tag that is not a result (py-draughts' "-"), no blank line
	// between the tags and the moves, no result after the moves, a Variant
	// tag bashni does not know beside a GameType it plays. A Reader with
	// Strict set returns the first as the game's error instead.
	Warnings []*GameError
}

// Note is what a record says about one move besides the move itself.
type Note struct {
	// Annotation is the mark written after the move: "!", "?", "!!", "??",
	// "!?" or "?!"; empty for none.
	Annotation string
	// NAGs are the numeric annotation glyphs ($1 is 1), in order.
	NAGs []int
	// Comments are the comments after the move, in order, each with its
	// runs of white space turned into single spaces and trimmed.
	Comments []string
	// Variations are alternatives to the move, each played from the
	// position before it.
	Variations []*Line
}

// Line is a variation: moves from a position, with their own notes.
type Line struct {
	Moves []bashni.Move
	// Notes is as in Game: Notes[i] on the i-th move, Notes[0] the comments
	// before the first one.
	Notes map[int]*Note
}

// NewGame returns a record of g with the given tags: the form to write a
// game that was played rather than read. The record holds g itself, not a
// copy: a move played in g is the record's too.
func NewGame(g *bashni.Game, tags ...Tag) *Game {
	return &Game{game: g, Tags: append([]Tag(nil), tags...)}
}

// Game returns the game the record holds (nil for a zero Game): its start,
// moves, positions and outcome, to read, and to end by Resign or
// AgreeDraw. Play and take back its moves through the record rather than
// on it, so that Notes stay in step.
func (g *Game) Game() *bashni.Game { return g.game }

// errNoGame is the error of a record that holds no game (the zero Game).
var errNoGame = errors.New("pdn: the record has no game")

// Play plays m in the game (see bashni.Game.Play). A record with no game
// (the zero Game) is an error.
func (g *Game) Play(m bashni.Move) error {
	if g.game == nil {
		return errNoGame
	}
	return g.game.Play(m)
}

// PlayText reads a move and plays it in the game (see
// bashni.Game.PlayText). A record with no game is an error.
func (g *Game) PlayText(text string) (bashni.Move, error) {
	if g.game == nil {
		return bashni.Move{}, errNoGame
	}
	return g.game.PlayText(text)
}

// Undo takes back the game's last move, and its note, and returns it (see
// bashni.Game.Undo: a resignation or agreed draw that ended the game is
// taken back first, and the zero Move returned). A result the record
// wrote, in ResultText, is written again only if it agrees with the game's
// outcome after the Undo. A record with no game is an error.
func (g *Game) Undo() (bashni.Move, error) {
	if g.game == nil {
		return bashni.Move{}, errNoGame
	}
	n := g.game.Plies()
	m, err := g.game.Undo()
	if err == nil && g.game.Plies() < n {
		delete(g.Notes, n)
	}
	return m, err
}

// Tag returns the value of the tag named name, or "" when it is missing.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the tag's value, replacing an existing one of that name or
// adding it at the end.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Note returns the note of the i-th move (Notes[i]), adding an empty one
// when there is none.
func (g *Game) Note(i int) *Note {
	return noteAt(&g.Notes, i)
}

// Note returns the note of the line's i-th move, adding an empty one when
// there is none.
func (l *Line) Note(i int) *Note {
	return noteAt(&l.Notes, i)
}

func noteAt(notes *map[int]*Note, i int) *Note {
	if *notes == nil {
		*notes = map[int]*Note{}
	}
	n := (*notes)[i]
	if n == nil {
		n = &Note{}
		(*notes)[i] = n
	}
	return n
}

// ParseResult reads a game result: "1-0", "0-1", "1/2-1/2", "*", and PDN's
// "2-0", "0-2", "1-1".
func ParseResult(text string) (bashni.Result, error) {
	switch text {
	case "1-0", "2-0":
		return bashni.WhiteWins, nil
	case "0-1", "0-2":
		return bashni.BlackWins, nil
	case "1/2-1/2", "1-1":
		return bashni.Draw, nil
	case "*":
		return bashni.Ongoing, nil
	}
	return bashni.Ongoing, fmt.Errorf("pdn: %q is not a result (1-0, 0-1, 1/2-1/2, *, 2-0, 0-2 or 1-1)", text)
}

// ApplyResult ends g as a record's result r says when the rules have not
// ended it: a win is the loser's resignation, a draw an agreed one. A game
// the rules ended, or r Ongoing, is left as it is: whether r contradicts
// that end is for the caller to judge against g.Outcome(). The Reader
// applies a record's result so. A nil g is an error, as a record with no
// game is Write's.
func ApplyResult(g *bashni.Game, r bashni.Result) error {
	if g == nil {
		return errors.New("pdn: no game to apply the result to (a nil *bashni.Game)")
	}
	if g.Outcome().IsOver() {
		return nil
	}
	switch r {
	case bashni.WhiteWins:
		return g.Resign(bashni.Black)
	case bashni.BlackWins:
		return g.Resign(bashni.White)
	case bashni.Draw:
		return g.AgreeDraw()
	}
	return nil
}

// moveNumber returns the move number of the game's ply with 0-based index
// ply, as a record writes it before the move: "12." for White's move,
// "12..." for Black's. blackFirst says the game's start has Black to move.
func moveNumber(ply int, blackFirst bool) string {
	if blackFirst {
		ply++
	}
	if ply%2 == 1 {
		return fmt.Sprintf("%d...", ply/2+1)
	}
	return fmt.Sprintf("%d.", ply/2+1)
}
