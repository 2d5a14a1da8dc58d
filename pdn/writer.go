package pdn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bashni-dev/bashni"
)

// lineWidth is the widest line of movetext the writer emits (a single
// longer word stands on a line of its own).
const lineWidth = 80

// rosterTags are the tags written first, in this order (PGN's seven-tag
// roster; Result follows them).
var rosterTags = []string{"Event", "Site", "Date", "Round", "White", "Black"}

// Write writes the game as PDN with the zero Writer: square names, as
// Writer.Write describes.
func Write(w io.Writer, g *Game) error {
	return Writer{}.Write(w, g)
}

// Writer writes game records; its fields are the options. The zero Writer
// writes squares by name (c3).
type Writer struct {
	// Numbers writes the squares of moves and of the FEN tag as numbers
	// (1..32 on the 8x8 board) in the numbering Numbering, and says so in
	// the GameType tag of the classic presets ("25,W,8,8,N2,0"); a reader
	// of bashni's own rulesets must be told the numbering (Reader.Numbering)
	// unless it is the default, py-draughts' 1 = b8.
	Numbers   bool
	Numbering bashni.Numbering

	// Limits are those of the Reader the text is for: Write refuses a
	// game past them, which that Reader would refuse. Zero means the
	// default; a negative limit is an error.
	Limits Limits
}

// Write writes the game as PDN: the tags in a stable order (Event, Site,
// Date, Round, White, Black, Result, GameType, Variant, FEN, then the
// others as they are in Tags), a blank line, the movetext with its notes
// wrapped at 80 columns, the result, and a blank line. The Result,
// GameType, Variant and FEN tags come from the game itself. Reading the text
// back gives the same game.
//
// The classic presets (russian-draughts, brazilian-draughts) are written as
// PDN 3.0 and other programs write them: a GameType tag (25 Russian, 26
// Brazilian draughts, with the notation field), captures joined by 'x', and
// a Variant tag only for a ruleset that differs from the preset. bashni's own
// rulesets are named by the Variant tag and written with their separator.
//
// Comments are written in braces, or after ';' when they hold '}'; runs
// of white space in them become single spaces, as the reader makes them.
// Write fails, writing nothing, when a limit is negative, when Numbers is
// set and Numbering is not one of the four numberings, when a tag name is
// not letters, digits and '_' or a tag value holds a line break, which PDN
// cannot carry, when a note is not PDN (an unknown annotation, a NAG
// outside 0..255, a nil variation, a variation's move that is not legal
// where it is played, an annotation, NAG or variation in Notes[0], before
// the first move, where only comments are written), when a note that holds
// anything is at an index with no move (negative, or past the last move of
// its line), or when the game is past the Limits a Reader reads: what
// Write writes, a Reader with the same Limits reads.
func (wr Writer) Write(w io.Writer, g *Game) error {
	text, err := wr.Marshal(g)
	if err != nil {
		return err
	}
	_, err = w.Write(text)
	return err
}

// MarshalText returns the game as Write writes it.
func (g *Game) MarshalText() ([]byte, error) {
	return Writer{}.Marshal(g)
}

// Marshal returns the game as wr.Write writes it.
func (wr Writer) Marshal(g *Game) ([]byte, error) {
	if g == nil {
		return nil, errors.New("pdn: no record to write (a nil *Game)")
	}
	if g.game == nil {
		return nil, errNoGame
	}
	if err := wr.Limits.check("Writer"); err != nil {
		return nil, err
	}
	if wr.Numbers && wr.Numbering > bashni.NumberingBottomRight {
		return nil, fmt.Errorf("pdn: Writer.Numbering %v is not a numbering (bashni.NumberingTopLeft to NumberingBottomRight)", wr.Numbering)
	}
	var b strings.Builder
	lim := wr.Limits.withDefaults()
	tags := wr.outputTags(g)
	if len(tags) > lim.MaxTags {
		return nil, fmt.Errorf("pdn: %d tags, more than the %d a Reader reads (Limits.MaxTags)", len(tags), lim.MaxTags)
	}
	for _, t := range tags {
		if !validTagName(t.Name) {
			return nil, fmt.Errorf("pdn: tag name %q is not letters, digits and '_'", t.Name)
		}
		if strings.ContainsRune(t.Value, '\n') {
			return nil, fmt.Errorf("pdn: tag %s: the value %q holds a line break", t.Name, t.Value)
		}
		if len(t.Name) > lim.MaxToken || len(t.Value) > lim.MaxToken {
			return nil, fmt.Errorf("pdn: tag %s: name or value longer than the %d bytes a Reader reads (Limits.MaxToken)", shorten(t.Name), lim.MaxToken)
		}
		v := strings.ReplaceAll(t.Value, `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, v)
	}
	b.WriteString("\n")
	mt := movetext{blackFirst: g.game.Start().Turn() == bashni.Black, start: *g.game.Start(), wr: wr, lim: lim}
	if _, classic := gameTypeOf(g.game.Variant(), false, 0); classic {
		mt.sep = 'x'
	}
	if err := mt.line("", g.game.Moves(), g.Notes, 0, 0, *g.game.Start()); err != nil {
		return nil, err
	}
	mt.units = append(mt.units, g.resultText())
	wrap(&b, mt.units)
	b.WriteString("\n")
	return []byte(b.String()), nil
}

// resultText is the result to write: the record's own text when it agrees
// with the outcome, otherwise the outcome's.
func (g *Game) resultText() string {
	want := g.game.Outcome().Result
	if r, err := ParseResult(g.ResultText); err == nil && r == want {
		return g.ResultText
	}
	return want.String()
}

// outputTags returns the tags to write, in order.
func (wr Writer) outputTags(g *Game) []Tag {
	derived := map[string]bool{"Result": true, "GameType": true, "Variant": true, "FEN": true}
	var out []Tag
	for _, name := range rosterTags {
		for _, t := range g.Tags {
			if t.Name == name {
				out = append(out, t)
				break
			}
		}
	}
	v := g.game.Variant()
	out = append(out, Tag{"Result", g.resultText()})
	if gt, ok := gameTypeOf(v, wr.Numbers, wr.Numbering); ok {
		out = append(out, Tag{"GameType", gt.String()})
		if v.Name() == "" {
			out = append(out, Tag{"Variant", v.String()})
		}
	} else {
		out = append(out, Tag{"Variant", v.String()})
	}
	if start, err := v.Start(); err != nil || !start.Equal(g.game.Start()) {
		out = append(out, Tag{"FEN", wr.notation(0).FEN(g.game.Start())})
	}
	seen := map[string]bool{}
	for _, name := range rosterTags {
		seen[name] = true
	}
	for _, t := range g.Tags {
		if !seen[t.Name] && !derived[t.Name] {
			seen[t.Name] = true
			out = append(out, t)
		}
	}
	return out
}

// movetext collects the words of the movetext, to be wrapped, and counts
// what a Reader counts against its limits, so that what is written can be
// read.
type movetext struct {
	units      []string
	blackFirst bool
	start      bashni.Position // the game's start, for square numbers
	wr         Writer
	sep        byte // the capture separator when it is not the ruleset's

	lim                        Limits // with the defaults set
	plies, notes, commentBytes int
}

// notation is the notation the Writer writes in, captures joined by sep
// (0: the ruleset's own separator).
func (wr Writer) notation(sep byte) bashni.Notation {
	return bashni.Notation{Numbers: wr.Numbers, Numbering: wr.Numbering, Separator: sep}
}

// text returns a move's text as the Writer writes it.
func (mt *movetext) text(m bashni.Move) string {
	return mt.wr.notation(mt.sep).FormatMove(&mt.start, m)
}

// line adds the moves of a line whose first move is the game's ply firstPly,
// played from pos, with their notes; a variation (depth > 0, the number of
// variations it is inside, itself included) is enclosed in parentheses.
// A variation's moves must be legal where they are played; the main line's
// are the game's own. what names a variation in errors ("" for the main
// line).
func (mt *movetext) line(what string, moves []bashni.Move, notes map[int]*Note, firstPly, depth int, pos bashni.Position) error {
	variation := depth > 0
	if err := checkNotes(what, len(moves), notes); err != nil {
		return err
	}
	start := len(mt.units)
	if n := notes[0]; n != nil {
		if err := mt.comments("", n.Comments); err != nil {
			return err
		}
	}
	needNumber := true
	var none Note // the note of a move without one
	for i, m := range moves {
		number := moveNumber(firstPly+i, mt.blackFirst)
		if mt.plies++; mt.plies > mt.lim.MaxPlies {
			return fmt.Errorf("pdn: more than the %d moves, variations' included, a Reader reads (Limits.MaxPlies)", mt.lim.MaxPlies)
		}
		before := pos
		if variation {
			var err error
			if pos, err = pos.Play(m); err != nil {
				return fmt.Errorf("pdn: move %s of a variation: %w", number, err)
			}
		} else {
			pos = pos.PlayUnchecked(m)
		}
		// The number and its move make one unit, so a line never ends
		// between them.
		prefix := ""
		if needNumber || !strings.HasSuffix(number, "...") {
			prefix = number + " "
		}
		needNumber = false
		text := mt.text(m)
		where := "move " + number + " " + text
		n := notes[i+1]
		if n == nil {
			n = &none
		}
		if n.Annotation != "" && !bashni.IsAnnotation(n.Annotation) {
			return fmt.Errorf("pdn: %s: %q is not an annotation (!, ?, !!, ??, !?, ?!)", where, n.Annotation)
		}
		if len(text)+len(n.Annotation) > mt.lim.MaxToken {
			return fmt.Errorf("pdn: %s: longer than the %d bytes a Reader reads in a move (Limits.MaxToken)", where, mt.lim.MaxToken)
		}
		mt.units = append(mt.units, prefix+text+n.Annotation)
		for _, nag := range n.NAGs {
			if nag < 0 || nag > 255 {
				return fmt.Errorf("pdn: %s: NAG %d is outside 0..255", where, nag)
			}
			if err := mt.countNote(where); err != nil {
				return err
			}
			mt.units = append(mt.units, "$"+strconv.Itoa(nag))
		}
		if err := mt.comments(where, n.Comments); err != nil {
			return err
		}
		for k, v := range n.Variations {
			switch {
			case v == nil:
				return fmt.Errorf("pdn: %s: a nil variation", where)
			case depth+1 > mt.lim.MaxDepth:
				return fmt.Errorf("pdn: %s: variations nested more than the %d deep a Reader reads (Limits.MaxDepth)", where, mt.lim.MaxDepth)
			}
			if err := mt.countNote(where); err != nil {
				return err
			}
			if err := mt.line(fmt.Sprintf("%s: variation %d", where, k+1), v.Moves, v.Notes, firstPly+i, depth+1, before); err != nil {
				return err
			}
		}
		// After a comment or a variation, Black's move needs its number.
		needNumber = len(n.Comments) > 0 || len(n.Variations) > 0
	}
	if variation {
		if len(mt.units) == start {
			mt.units = append(mt.units, "()")
		} else {
			mt.units[start] = "(" + mt.units[start]
			if last := len(mt.units) - 1; mt.units[last] == lineBreak {
				mt.units = append(mt.units, ")")
			} else {
				mt.units[last] += ")"
			}
		}
	}
	return nil
}

// checkNotes reports a note of a line of n moves that Write cannot place,
// rather than drop it: one at a negative index or past the last move, or
// one before the first move (Notes[0]) that holds more than comments. An
// empty note holds nothing to lose and is let be. Of several, the one at
// the lowest index is reported, so that the error does not depend on the
// map's order. what names a variation ("" for the main line).
func checkNotes(what string, n int, notes map[int]*Note) error {
	bad, found := 0, false
	for i, note := range notes {
		switch {
		case i > 0 && i <= n, note == nil, note.empty():
			continue // a move's note, or nothing
		case i == 0 && note.Annotation == "" && len(note.NAGs) == 0 && len(note.Variations) == 0:
			continue // comments before the first move
		}
		if !found || i < bad {
			bad, found = i, true
		}
	}
	if !found {
		return nil
	}
	prefix, line := "pdn: ", "game"
	if what != "" {
		prefix, line = "pdn: "+what+": ", "line"
	}
	switch {
	case bad == 0:
		return fmt.Errorf("%sbefore the first move (Notes[0]): an annotation, NAG or variation, which PDN writes only after a move (Notes[0] holds comments only)", prefix)
	case bad < 0:
		return fmt.Errorf("%sNotes[%d]: a note at a negative index, which belongs to no move", prefix, bad)
	}
	moves := "moves"
	if n == 1 {
		moves = "move"
	}
	return fmt.Errorf("%sNotes[%d]: a note past the last move (the %s has %d %s), which belongs to no move", prefix, bad, line, n, moves)
}

// empty reports whether the note holds nothing.
func (n *Note) empty() bool {
	return n.Annotation == "" && len(n.NAGs) == 0 && len(n.Comments) == 0 && len(n.Variations) == 0
}

// countNote counts a comment, NAG or variation against MaxNotes.
func (mt *movetext) countNote(where string) error {
	if mt.notes++; mt.notes > mt.lim.MaxNotes {
		return fmt.Errorf("pdn: %s: more than the %d comments, NAGs and variations a Reader reads in one game (Limits.MaxNotes)", where, mt.lim.MaxNotes)
	}
	return nil
}

// comments adds each comment in braces, a word per unit so it can wrap. A
// comment holding '}' cannot go in braces; it becomes a ';' comment, which
// runs to the end of its line. A comment, or all of them, longer than a
// Reader reads is an error.
func (mt *movetext) comments(where string, cs []string) error {
	if where == "" {
		where = "before the first move"
	}
	for _, c := range cs {
		if err := mt.countNote(where); err != nil {
			return err
		}
		// Split where the reader sees white space, and nowhere else.
		words := strings.FieldsFunc(c, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
		read := len(words) - 1 // the bytes the reader keeps: a space between words
		for _, w := range words {
			read += len(w)
		}
		read = max(read, 0)
		if read > mt.lim.MaxComment {
			return fmt.Errorf("pdn: %s: a comment of %d bytes, more than the %d a Reader reads (Limits.MaxComment)", where, read, mt.lim.MaxComment)
		}
		if mt.commentBytes += read; mt.commentBytes > mt.lim.MaxCommentBytes {
			return fmt.Errorf("pdn: %s: more than the %d bytes of comments a Reader reads in one game (Limits.MaxCommentBytes)", where, mt.lim.MaxCommentBytes)
		}
		switch {
		case strings.ContainsRune(c, '}'):
			mt.units = append(mt.units, ";"+strings.Join(words, " "), lineBreak)
		case len(words) == 0:
			mt.units = append(mt.units, "{}")
		default:
			words[0] = "{" + words[0]
			words[len(words)-1] += "}"
			for i, w := range words {
				// A line inside the comment that begins with '[' could be
				// a tag pair on its own, which the reader takes for the
				// next game's tags: such a word stays on its line with the
				// word before it.
				if i > 0 && w[0] == '[' {
					mt.units[len(mt.units)-1] += " " + w
					continue
				}
				mt.units = append(mt.units, w)
			}
		}
	}
	return nil
}

// lineBreak is the unit that ends a line (after a ';' comment).
const lineBreak = "\n"

// wrap writes the units separated by spaces in lines of at most lineWidth
// columns.
func wrap(b *strings.Builder, units []string) {
	col := 0
	for _, u := range units {
		switch {
		case u == lineBreak:
			b.WriteString("\n")
			col = 0
			continue
		case col == 0:
		case col+1+len(u) > lineWidth:
			b.WriteString("\n")
			col = 0
		default:
			b.WriteString(" ")
			col++
		}
		b.WriteString(u)
		col += len(u)
	}
	b.WriteString("\n")
}
