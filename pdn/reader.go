package pdn

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bashni-dev/bashni"
)

// The default limits of a Reader, which Write keeps to.
const (
	DefaultMaxToken        = 4 << 10 // bytes in a move, tag name or tag value
	DefaultMaxComment      = 1 << 20 // bytes in one comment
	DefaultMaxCommentBytes = 4 << 20 // bytes in all the comments of one game
	DefaultMaxNotes        = 20000   // comments, NAGs and variations in one game
	DefaultMaxDepth        = 100     // variations inside variations
	DefaultMaxTags         = 1000    // tag pairs in one game
	DefaultMaxPlies        = 20000   // moves in one game, its variations' included
)

// Limits bound what a Reader reads of one game, against hostile input: a
// token, tag value or comment longer than its limit, more bytes of
// comments than MaxCommentBytes, more comments, NAGs and variations than
// MaxNotes, variations nested deeper than MaxDepth, more tag pairs than
// MaxTags or more moves than MaxPlies make the game an error (a *GameError
// at the token past the limit) instead of using memory and time without
// bound. Together they bound a game's memory: each of its parts is bounded
// in number and size. A Writer keeps to them, so that what it writes can be
// read. Zero means the default; a negative limit means nothing, and Next
// and Write refuse it.
type Limits struct {
	MaxToken        int // bytes in a move, tag name or tag value (DefaultMaxToken)
	MaxComment      int // bytes in one comment, as read: a run of white space one byte (DefaultMaxComment)
	MaxCommentBytes int // bytes in all the comments of one game, each counted as MaxComment counts it (DefaultMaxCommentBytes)
	MaxNotes        int // comments, NAGs and variations (empty ones too) in one game, together (DefaultMaxNotes)
	MaxDepth        int // variations inside variations (DefaultMaxDepth)
	MaxTags         int // tag pairs in one game, a repeated name counted once (DefaultMaxTags)
	MaxPlies        int // moves in one game, those of its variations included (DefaultMaxPlies)
}

// check reports a negative limit; who is the Reader or the Writer whose
// limits l are.
func (l Limits) check(who string) error {
	for _, f := range []struct {
		name string
		v    int
	}{
		{"MaxToken", l.MaxToken}, {"MaxComment", l.MaxComment}, {"MaxCommentBytes", l.MaxCommentBytes},
		{"MaxNotes", l.MaxNotes}, {"MaxDepth", l.MaxDepth}, {"MaxTags", l.MaxTags}, {"MaxPlies", l.MaxPlies},
	} {
		if f.v < 0 {
			return fmt.Errorf("pdn: %s.Limits.%s is %d, negative (0 means the default)", who, f.name, f.v)
		}
	}
	return nil
}

// withDefaults returns l with each zero limit set to its default.
func (l Limits) withDefaults() Limits {
	return Limits{
		MaxToken:        orDefault(l.MaxToken, DefaultMaxToken),
		MaxComment:      orDefault(l.MaxComment, DefaultMaxComment),
		MaxCommentBytes: orDefault(l.MaxCommentBytes, DefaultMaxCommentBytes),
		MaxNotes:        orDefault(l.MaxNotes, DefaultMaxNotes),
		MaxDepth:        orDefault(l.MaxDepth, DefaultMaxDepth),
		MaxTags:         orDefault(l.MaxTags, DefaultMaxTags),
		MaxPlies:        orDefault(l.MaxPlies, DefaultMaxPlies),
	}
}

// Reader reads game records from a stream, one game at a time, so that a
// file of any number of games is read in memory bounded by its largest game,
// which the Limits bound (set them before the first Next).
type Reader struct {
	Limits

	// Variant is the ruleset of games without a [Variant] or [GameType]
	// tag; the zero Variant means russian.
	Variant bashni.Variant

	// Numbering is the numbering of moves and FEN squares written as
	// numbers (23-19) in games whose GameType tag does not give one; the
	// zero value is py-draughts' (1 = b8, 32 = g1).
	Numbering bashni.Numbering

	// Strict makes a game's first warning (see Game.Warnings) its error:
	// a result that contradicts the game's end, an unreadable Result tag,
	// no blank line before the moves, no result at the end of the moves.
	Strict bool

	// Context, when set, bounds the reading of moves, which in a custom
	// ruleset can be costly: once it is done, the move being read fails
	// with its error, the game's *GameError wrapping it. Nil means
	// context.Background().
	Context context.Context

	lx    *lexer
	games int   // games begun so far
	err   error // a read error of the underlying reader, returned for ever
}

// NewReader returns a Reader reading from r. A Reader with no input
// (NewReader(nil), or the zero Reader) has nothing to read: its Next is an
// error.
func NewReader(r io.Reader) *Reader {
	if r == nil {
		return &Reader{}
	}
	return &Reader{lx: newLexer(r)}
}

// GameError reports a game that cannot be read: which game, where, the
// offending token and why. The Reader has moved past the game, so Next
// returns the games after it.
type GameError struct {
	Game  int    // the game's number in the input, from 1
	Tags  []Tag  // its tags, as far as they were read
	Line  int    // the line of the input the offending token is on
	Move  string // the move number, such as "12." or "12..."; "" when the error is not at a move
	Depth int    // 0 on the main line, n inside n nested variations
	Token string // the offending token (cut short when long)
	Err   error  // why: a *bashni.MoveError for a move, and so on
}

// Error returns the error text: the game, where in it, the token and the
// reason.
func (e *GameError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "pdn: game %d", e.Game)
	for _, t := range e.Tags {
		switch t.Name {
		case "Event", "Date", "Round", "White", "Black":
			fmt.Fprintf(&b, " [%s %q]", t.Name, t.Value)
		}
	}
	fmt.Fprintf(&b, ", line %d", e.Line)
	if e.Move != "" {
		fmt.Fprintf(&b, ", move %s", e.Move)
		if e.Depth > 0 {
			b.WriteString(" in a variation")
		}
	}
	fmt.Fprintf(&b, ": %s", e.Reason())
	return b.String()
}

// Reason is the error without the game's coordinates: the token and why.
func (e *GameError) Reason() string {
	why := bashni.Message(e.Err)
	var me *bashni.MoveError
	if errors.As(e.Err, &me) {
		return why // it quotes the move itself
	}
	if e.Token == "" {
		return why
	}
	return fmt.Sprintf("%q: %s", shorten(e.Token), why)
}

// Unwrap returns the underlying error, such as a *bashni.MoveError.
func (e *GameError) Unwrap() error { return e.Err }

// shorten cuts long text for error messages.
func shorten(s string) string {
	if len(s) <= 40 {
		return s
	}
	cut := 40
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut-- // not inside a character
	}
	return s[:cut] + "..."
}

// Next reads the next game. It returns io.EOF after the last game, and a
// *GameError for a game that cannot be read, after which it goes on with
// the next game. Any other error comes from the underlying reader, and Next
// returns it from then on, or says that a limit is negative (then Next
// reads nothing until the limits are put right).
//
// The game's notation (bashni.Game.Notation) is the record's, whatever
// form its last move has: square numbers in the GameType's numbering, or
// Numbering, when the GameType's notation field says so or a move of the
// record is written in numbers; otherwise the ruleset's own (the zero
// bashni.Notation).
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.lx == nil {
		return nil, errors.New("pdn: the Reader has no input (NewReader gives it one)")
	}
	if err := r.Limits.check("Reader"); err != nil {
		return nil, err
	}
	lim := r.Limits.withDefaults()
	r.lx.maxToken = lim.MaxToken
	r.lx.maxComment = lim.MaxComment
	for {
		t := r.lx.next()
		if t.kind == tokEOF {
			if r.lx.ioErr != nil {
				r.err = r.lx.ioErr
				return nil, r.err
			}
			return nil, io.EOF
		}
		r.lx.unread(t)
		ctx := r.Context
		if ctx == nil {
			ctx = context.Background()
		}
		p := &parser{ctx: ctx, lx: r.lx, number: r.games + 1, game: &Game{}, lim: lim,
			variant: bashni.Russian(), numbering: r.Numbering, numbers: true, strict: r.Strict}
		if r.Variant != (bashni.Variant{}) {
			p.variant = r.Variant
		}
		err := p.parse()
		if r.lx.ioErr != nil {
			r.err = r.lx.ioErr
			return nil, r.err
		}
		if err == nil && p.empty() {
			continue // comments between or after games belong to no game
		}
		r.games++
		if err != nil {
			p.skip()
			return nil, err
		}
		return p.game, nil
	}
}

func orDefault(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// ReadAll reads every game of r. The error joins the *GameError of every bad
// game (the good games are all returned) with any read error.
func ReadAll(r io.Reader) ([]*Game, error) {
	rd := NewReader(r)
	var games []*Game
	var errs []error
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games, errors.Join(errs...)
		}
		if err != nil {
			errs = append(errs, err)
			var ge *GameError
			if !errors.As(err, &ge) {
				return games, errors.Join(errs...)
			}
			continue
		}
		games = append(games, g)
	}
}

// parser reads one game from the lexer.
type parser struct {
	ctx      context.Context // Reader.Context
	lx       *lexer
	number   int
	lim      Limits         // with the defaults set
	plies    int            // moves read, in every line
	notes    int            // comments, NAGs and variations read
	comments int            // bytes of the comments read
	variant  bashni.Variant // the ruleset when there is no Variant tag
	game     *Game
	// numbering is the numbering of square numbers, and numbers is off when
	// the GameType tag says the notation is algebraic.
	numbering bashni.Numbering
	numbers   bool
	// typedNumbers is set when the GameType's notation field says square
	// numbers, and numericMoves once a move written in numbers is read:
	// either makes the game's notation numbers (recordNotation).
	typedNumbers, numericMoves bool
	strict                     bool
	// lastTag is the line the last tag pair ended on, and blankless the
	// first token after it when that is on the next line (no blank line).
	lastTag   int
	blankless *token
	// lastLine is the line of the last token of the movetext read so far.
	lastLine int
	// lines is the stack of lines being read: the main line at the bottom,
	// the innermost variation on top.
	lines []*lineState
	// depth counts open parentheses, also while skipping a bad game.
	depth int
	// inTags is set while the tag pairs are read.
	inTags bool
	// result is set when the movetext ended with a result.
	result bool
	// tagLines holds the line of each tag, for errors in their values, and
	// tagIndex its index in the game's Tags: a tag read again replaces the
	// value in place without a search of the tags (linear time in the
	// number of tags, where Game.SetTag for each was quadratic).
	tagLines map[string]int
	tagIndex map[string]int
}

// lineState is a line being read: where it stands and where it came from.
type lineState struct {
	line     *Line           // nil for the main line
	pos      bashni.Position // after the line's last move
	prev     bashni.Position // before it
	moves    int             // moves read in this line
	firstPly int             // the game ply index of the line's first move
}

// fail returns a *GameError at token t.
func (p *parser) fail(t token, move string, err error) error {
	return &GameError{Game: p.number, Tags: append([]Tag(nil), p.game.Tags...), Line: t.line,
		Move: move, Depth: max(len(p.lines)-1, 0), Token: t.text, Err: err}
}

// warn records a warning at token t: something the record gets wrong that
// does not change the game. In strict mode it is the game's error.
func (p *parser) warn(t token, err error) error {
	ge := p.fail(t, "", err).(*GameError)
	if p.strict {
		return ge
	}
	p.game.Warnings = append(p.game.Warnings, ge)
	return nil
}

func (p *parser) parse() error {
	p.inTags = true
	if err := p.tags(); err != nil {
		return err
	}
	p.inTags = false
	if err := p.movetext(); err != nil {
		return err
	}
	p.game.game.SetNotation(p.recordNotation())
	return nil
}

// recordNotation is the notation the record is written in, which the game
// keeps after reading (its moves were each read in their own): square
// numbers when the GameType says so or a move is written in them,
// otherwise the ruleset's own.
func (p *parser) recordNotation() bashni.Notation {
	return p.notation(p.typedNumbers || p.numericMoves)
}

// empty reports whether what was read is no game at all: no tags, no moves,
// no result (only comments, say, after the last game of a file).
func (p *parser) empty() bool {
	return len(p.game.Tags) == 0 && p.game.game.Plies() == 0 && !p.result && p.game.ResultText == ""
}

// tags reads the tag pairs and sets up the game they describe.
func (p *parser) tags() error {
	// Comments before the first tag belong to the file, not the game;
	// comments among the tags, or before the moves of a game without tags,
	// are kept as comments before the first move.
	var comments []string
	p.tagLines = map[string]int{}
	p.tagIndex = map[string]int{}
	for {
		t := p.lx.next()
		if p.lastTag > 0 && p.blankless == nil && t.kind != tokTagOpen && t.kind != tokEOF && t.line <= p.lastTag+1 {
			tt := t
			p.blankless = &tt
		}
		if t.kind == tokComment {
			if err := p.countNote(t); err != nil {
				return err
			}
			comments = append(comments, t.text)
			continue
		}
		if t.kind != tokTagOpen {
			p.lx.unread(t)
			break
		}
		p.blankless = nil
		if len(p.game.Tags) == 0 {
			comments = nil // the file's: no longer counted
			p.notes, p.comments = 0, 0
		}
		name := p.lx.next()
		if name.kind == tokError {
			return p.fail(name, "", name.err)
		}
		if name.kind != tokSymbol || !validTagName(name.text) {
			return p.fail(name, "", errors.New("want a tag name (letters, digits, '_') after '['"))
		}
		value := p.lx.next()
		if value.kind == tokError {
			return p.fail(value, "", value.err)
		}
		if value.kind != tokString {
			return p.fail(value, "", fmt.Errorf("want the value of tag %s in quotes", name.text))
		}
		end := p.lx.next()
		if end.kind != tokTagClose {
			if end.kind == tokError {
				return p.fail(end, "", end.err)
			}
			return p.fail(end, "", fmt.Errorf("want ']' to close tag %s", name.text))
		}
		if i, ok := p.tagIndex[name.text]; ok {
			p.game.Tags[i].Value = value.text
		} else {
			if len(p.game.Tags) == p.lim.MaxTags {
				return p.fail(name, "", fmt.Errorf("more than %d tag pairs in one game (Reader.MaxTags)", p.lim.MaxTags))
			}
			p.tagIndex[name.text] = len(p.game.Tags)
			p.game.Tags = append(p.game.Tags, Tag{name.text, value.text})
		}
		p.tagLines[name.text] = t.line
		p.lastTag = end.line
	}
	if comments != nil {
		p.game.Note(0).Comments = comments
	}
	return p.setUp()
}

func validTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isTagNameByte(s[i]) {
			return false
		}
	}
	return s != ""
}

// isTagNameByte reports whether c may be part of a tag name: a letter, a
// digit or '_'.
func isTagNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// setUp starts the game from the GameType, Variant and FEN tags.
func (p *parser) setUp() error {
	tagErr := func(name string, err error) error {
		return &GameError{Game: p.number, Tags: append([]Tag(nil), p.game.Tags...), Line: p.tagLines[name],
			Token: fmt.Sprintf("[%s %q]", name, p.game.Tag(name)), Err: err}
	}
	v, err := p.ruleset(tagErr)
	if err != nil {
		return err
	}
	if fen := p.game.Tag("FEN"); fen != "" {
		start, err := p.notation(p.numbers).ParseFEN(v, fen)
		if err != nil {
			return tagErr("FEN", err)
		}
		p.game.game = bashni.NewGameFrom(&start)
	} else if p.game.game, err = bashni.NewGame(v); err != nil {
		return tagErr("Variant", err)
	}
	start := *p.game.game.Start()
	p.lines = []*lineState{{pos: start, prev: start}}
	if p.blankless != nil {
		t := token{line: p.blankless.line} // the line, not a token, is at fault
		if err := p.warn(t, errors.New("no blank line between the tags and the moves")); err != nil {
			return err
		}
	}
	if text := p.game.Tag("Result"); text != "" {
		if _, err := ParseResult(text); err != nil {
			t := token{line: p.tagLines["Result"], text: fmt.Sprintf("[Result %q]", text)}
			if err := p.warn(t, errors.New("not a result (1-0, 0-1, 1/2-1/2, *, 2-0, 0-2, 1-1); read as no result")); err != nil {
				return err
			}
		}
	}
	return nil
}

// ruleset returns the game's ruleset from its GameType and Variant tags, and
// sets the numbering of its square numbers. A GameType chooses a classic
// preset; a Variant tag in bashni's text form may refine it (such as
// "russian-draughts,repetitions=0") but not name another game.
func (p *parser) ruleset(tagErr func(string, error) error) (bashni.Variant, error) {
	v := p.variant
	gtText, vText := p.game.Tag("GameType"), p.game.Tag("Variant")
	typed := gtText != ""
	if typed {
		gt, err := ParseGameType(gtText)
		if err != nil {
			return v, tagErr("GameType", err)
		}
		if v, err = gt.Variant(); err != nil {
			return v, tagErr("GameType", err)
		}
		if gt.Full {
			p.numbers, p.typedNumbers = gt.Numeric, gt.Numeric
			if gt.Numeric {
				p.numbering = gt.Numbering
			}
		}
	}
	if vText == "" {
		return v, nil
	}
	tv, err := parseVariantTag(vText, typed)
	switch {
	case err != nil && !typed:
		return v, tagErr("Variant", err)
	case err != nil:
		t := token{line: p.tagLines["Variant"], text: fmt.Sprintf("[Variant %q]", vText)}
		return v, p.warn(t, fmt.Errorf("not a ruleset bashni knows; the game is read as the GameType's %s", v))
	case typed && strings.SplitN(tv.String(), ",", 2)[0] != v.Name():
		return v, tagErr("Variant", fmt.Errorf("[GameType %q] is %s, and this names another game (%s)", gtText, v, tv))
	}
	return tv, nil
}

// movetext reads the moves, notes and result, up to the game's end.
func (p *parser) movetext() error {
	for {
		t := p.lx.next()
		cur := p.lines[len(p.lines)-1]
		if t.kind != tokEOF && t.kind != tokTagOpen {
			p.lastLine = t.line
		}
		switch t.kind {
		case tokEOF, tokTagOpen:
			p.lx.unread(t)
			if len(p.lines) > 1 {
				return p.fail(t, "", fmt.Errorf("%d variation(s) not closed with ')' before the game's end", len(p.lines)-1))
			}
			return p.finish(t, "")
		case tokError:
			return p.fail(t, "", t.err)
		case tokTagClose, tokString:
			return p.fail(t, "", errors.New("unexpected outside a tag pair"))
		case tokComment:
			if err := p.countNote(t); err != nil {
				return err
			}
			n := p.note(cur, cur.moves) // after the last move, or before the first
			n.Comments = append(n.Comments, t.text)
		case tokNAG:
			nag, err := strconv.Atoi(t.text)
			if err != nil || nag < 0 || nag > 255 {
				return p.fail(t, "", errors.New("a NAG is '$' and a number from 0 to 255"))
			}
			if cur.moves == 0 {
				return p.fail(t, "", errors.New("a NAG before any move"))
			}
			if err := p.countNote(t); err != nil {
				return err
			}
			n := p.note(cur, cur.moves)
			n.NAGs = append(n.NAGs, nag)
		case tokOpen:
			if err := p.openVariation(t, cur); err != nil {
				return err
			}
		case tokClose:
			if len(p.lines) == 1 {
				return p.fail(t, "", errors.New("')' without an opening '('"))
			}
			p.lines = p.lines[:len(p.lines)-1]
			p.depth--
		case tokSymbol:
			done, err := p.symbol(t, cur)
			if err != nil || done {
				return err
			}
		}
	}
}

// countNote counts the comment, NAG or variation t against MaxNotes, and a
// comment's bytes against MaxCommentBytes: an empty variation or comment
// costs memory too.
func (p *parser) countNote(t token) error {
	if p.notes == p.lim.MaxNotes {
		return p.fail(t, "", fmt.Errorf("more than %d comments, NAGs and variations in one game (Reader.MaxNotes)", p.lim.MaxNotes))
	}
	p.notes++
	if t.kind == tokComment {
		if p.comments += len(t.text); p.comments > p.lim.MaxCommentBytes {
			return p.fail(t, "", fmt.Errorf("more than %d bytes of comments in one game (Reader.MaxCommentBytes)", p.lim.MaxCommentBytes))
		}
	}
	return nil
}

// note returns the note at index i of the line being read.
func (p *parser) note(l *lineState, i int) *Note {
	if l.line == nil {
		return p.game.Note(i)
	}
	return l.line.Note(i)
}

// openVariation starts a variation: an alternative to the line's last move.
func (p *parser) openVariation(t token, cur *lineState) error {
	p.depth++
	if cur.moves == 0 {
		return p.fail(t, "", errors.New("a variation before any move it could replace"))
	}
	if len(p.lines) > p.lim.MaxDepth {
		return p.fail(t, "", fmt.Errorf("variations nested more than %d deep", p.lim.MaxDepth))
	}
	if err := p.countNote(t); err != nil {
		return err
	}
	l := &Line{}
	n := p.note(cur, cur.moves)
	n.Variations = append(n.Variations, l)
	p.lines = append(p.lines, &lineState{line: l, pos: cur.prev, prev: cur.prev, firstPly: cur.firstPly + cur.moves - 1})
	return nil
}

// symbol handles a move number, result, annotation or move; done reports the
// game's result, which ends it.
func (p *parser) symbol(t token, cur *lineState) (done bool, err error) {
	text := bashni.TrimMoveNumber(t.text)
	if text == "" {
		return false, nil // a move number alone
	}
	if _, err := ParseResult(text); err == nil {
		if len(p.lines) > 1 {
			return false, p.fail(t, "", errors.New("a result inside a variation (a ')' is missing)"))
		}
		p.result = true
		return true, p.finish(t, text)
	}
	if bashni.IsAnnotation(text) {
		if cur.moves == 0 {
			return false, p.fail(t, "", errors.New("an annotation before any move"))
		}
		n := p.note(cur, cur.moves)
		if n.Annotation != "" {
			return false, p.fail(t, "", fmt.Errorf("a second annotation on a move that has %q", n.Annotation))
		}
		n.Annotation = text
		return false, nil
	}
	return false, p.move(t, text, cur)
}

// notation is the notation of the game's FEN, and of a move written in
// square numbers (numeric): the numbers of the GameType (or of
// Reader.Numbering), and PDN's 'x' in the legal moves an error lists. A move
// written with square names is read, and its errors written, by name.
func (p *parser) notation(numeric bool) bashni.Notation {
	if !numeric || !p.numbers {
		return bashni.Notation{}
	}
	return bashni.Notation{Numbers: true, Numbering: p.numbering, Separator: 'x'}
}

// move reads and plays one move of the current line.
func (p *parser) move(t token, text string, cur *lineState) error {
	blackFirst := p.game.game.Start().Turn() == bashni.Black
	number := moveNumber(cur.firstPly+cur.moves, blackFirst)
	if p.plies == p.lim.MaxPlies {
		return p.fail(t, number, fmt.Errorf("more than %d moves in one game (Reader.MaxPlies)", p.lim.MaxPlies))
	}
	p.plies++
	numeric := isNumeric(text)
	if numeric && !p.numbers {
		return p.fail(t, number, fmt.Errorf("square numbers in a game whose GameType %q says the notation is algebraic", p.game.Tag("GameType")))
	}
	p.numericMoves = p.numericMoves || numeric
	var m bashni.Move
	var err error
	if cur.line != nil {
		m, err = p.notation(numeric).ParseMoveContext(p.ctx, &cur.pos, text)
	} else {
		p.game.game.SetNotation(p.notation(numeric))
		m, err = p.game.game.PlayTextContext(p.ctx, text)
	}
	if errors.Is(err, bashni.ErrGameOver) {
		err = gameOverError{err, p.game.game.Outcome()}
	}
	if err != nil {
		return p.fail(t, number, err)
	}
	cur.prev = cur.pos
	if cur.line == nil {
		cur.pos = *p.game.game.Position()
	} else {
		cur.pos = cur.pos.PlayUnchecked(m)
		cur.line.Moves = append(cur.line.Moves, m)
	}
	cur.moves++
	if _, ann, _, _ := bashni.CutMarks(text); ann != "" {
		p.note(cur, cur.moves).Annotation = ann
	}
	return nil
}

// isNumeric reports whether s looks like a move in PDN's square numbers,
// such as "22-18", "9x18" or "21:14:5!" (marks after the move allowed).
func isNumeric(s string) bool {
	s, _, _, _ = bashni.CutMarks(s)
	digits, seps := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '-' || c == 'x' || c == ':':
			seps++
		default:
			return false
		}
	}
	return digits > 0 && seps > 0
}

// gameOverError explains a move after the game's end, and for a draw rule
// how to turn it off.
type gameOverError struct {
	err     error
	outcome bashni.Outcome
}

func (e gameOverError) Error() string {
	s := "a move after the game's end (" + e.outcome.String() + ")"
	switch e.outcome.Reason {
	case bashni.Repetition:
		s += `; to play on, turn the rule off with a variant such as "russian,repetitions=0"`
	case bashni.KingsOnly:
		s += `; to play on, turn the rule off with a variant such as "russian,kings-only=0"`
	}
	return s
}

func (e gameOverError) Unwrap() error { return e.err }

// finish applies the result: a result given for a game the rules have not
// ended is a resignation (a win) or an agreed draw; one that contradicts
// how the rules ended it is kept as written, with a warning. A result token
// wins over the Result tag.
func (p *parser) finish(t token, text string) error {
	tagText := p.game.Tag("Result")
	tagRes, tagErr := ParseResult(tagText)
	if text == "" {
		end := token{line: p.lastLine} // where the result should have been
		if end.line == 0 {
			end.line = t.line
		}
		if err := p.warn(end, errors.New("the moves end without a result (1-0, 0-1, 1/2-1/2 or *)")); err != nil {
			return err
		}
		text = tagText
	} else if tagText != "" && tagErr == nil {
		if res, _ := ParseResult(text); res != tagRes {
			if err := p.warn(t, fmt.Errorf("the result %s contradicts [Result %q]; the result at the end of the moves counts", text, tagText)); err != nil {
				return err
			}
		}
	}
	res, err := ParseResult(text)
	if text == "" || err != nil {
		return nil // no result, or a tag that says nothing usable (warned about)
	}
	g := p.game
	g.ResultText = text
	if o := g.game.Outcome(); o.IsOver() && res != bashni.Ongoing && res != o.Result {
		return p.warn(t, fmt.Errorf("the result %s contradicts the game's end: %s; kept as written", text, o))
	}
	return ApplyResult(g.game, res)
}

// skip reads past the rest of a bad game: to a result outside variations, or
// the next game's tags, or the end of the input.
func (p *parser) skip() {
	if p.inTags {
		p.skipTags()
	}
	for {
		t := p.lx.next()
		switch t.kind {
		case tokEOF:
			return
		case tokTagOpen:
			p.lx.unread(t)
			return
		case tokOpen:
			p.depth++
		case tokClose:
			p.depth = max(p.depth-1, 0)
		case tokSymbol:
			if _, err := ParseResult(bashni.TrimMoveNumber(t.text)); err == nil && p.depth == 0 {
				return
			}
		}
	}
}

// skipTags reads past the rest of a bad game's tag pairs, so that they do
// not start another game.
func (p *parser) skipTags() {
	afterOpen := false
	for {
		t := p.lx.next()
		switch t.kind {
		case tokTagOpen:
			afterOpen = true
			continue
		case tokString, tokTagClose, tokError:
		case tokSymbol:
			if !afterOpen {
				p.lx.unread(t)
				return
			}
		default:
			p.lx.unread(t)
			return
		}
		afterOpen = false
	}
}
