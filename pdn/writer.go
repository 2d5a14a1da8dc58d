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
// Write fails, writing nothing, when a tag name is not letters, digits and
// '_' or a tag value holds a line break, which PDN cannot carry, or when a
// note is not PDN (an unknown annotation, a NAG outside 0..255).
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
	if g.Game == nil {
		return nil, errors.New("pdn: the record has no game")
	}
	var b strings.Builder
	for _, t := range wr.outputTags(g) {
		if !validTagName(t.Name) {
			return nil, fmt.Errorf("pdn: tag name %q is not letters, digits and '_'", t.Name)
		}
		if strings.ContainsRune(t.Value, '\n') {
			return nil, fmt.Errorf("pdn: tag %s: the value %q holds a line break", t.Name, t.Value)
		}
		v := strings.ReplaceAll(t.Value, `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, v)
	}
	b.WriteString("\n")
	mt := movetext{blackFirst: g.Start().Turn() == bashni.Black, start: *g.Start(), wr: wr}
	if _, classic := gameTypeOf(g.Variant(), false, 0); classic {
		mt.sep = 'x'
	}
	if err := mt.line(g.Moves(), g.Notes, 0, false); err != nil {
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
	want := g.Outcome().Result
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
	v := g.Variant()
	out = append(out, Tag{"Result", g.resultText()})
	if gt, ok := gameTypeOf(v, wr.Numbers, wr.Numbering); ok {
		out = append(out, Tag{"GameType", gt.String()})
		if v.Name() == "" {
			out = append(out, Tag{"Variant", v.String()})
		}
	} else {
		out = append(out, Tag{"Variant", v.String()})
	}
	if start, err := v.Start(); err != nil || !start.Equal(*g.Start()) {
		fen := g.Start().FEN()
		if wr.Numbers {
			fen = g.Start().FENNumbers(wr.Numbering)
		}
		out = append(out, Tag{"FEN", fen})
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

// movetext collects the words of the movetext, to be wrapped.
type movetext struct {
	units      []string
	blackFirst bool
	start      bashni.Position // the game's start, for square numbers
	wr         Writer
	sep        byte // the capture separator when it is not the ruleset's
}

// text returns a move's text as the Writer writes it.
func (mt *movetext) text(m bashni.Move) string {
	switch {
	case mt.wr.Numbers:
		sep := mt.sep
		if sep == 0 {
			sep = mt.start.Variant().Separator
		}
		return mt.start.MoveNumbers(m, mt.wr.Numbering, sep)
	case mt.sep != 0 && m.IsCapture():
		return strings.ReplaceAll(m.String(), string(mt.start.Variant().Separator), string(mt.sep))
	}
	return m.String()
}

// line adds the moves of a line whose first move is the game's ply firstPly,
// with their notes; a variation is enclosed in parentheses.
func (mt *movetext) line(moves []bashni.Move, notes map[int]*Note, firstPly int, variation bool) error {
	start := len(mt.units)
	if n := notes[0]; n != nil {
		mt.comments(n.Comments)
	}
	needNumber := true
	for i, m := range moves {
		number := moveNumber(firstPly+i, mt.blackFirst)
		// The number and its move make one unit, so a line never ends
		// between them.
		prefix := ""
		if needNumber || !strings.HasSuffix(number, "...") {
			prefix = number + " "
		}
		needNumber = false
		n := notes[i+1]
		if n == nil {
			mt.units = append(mt.units, prefix+mt.text(m))
			continue
		}
		if n.Annotation != "" && !isAnnotation(n.Annotation) {
			return fmt.Errorf("pdn: move %s %s: %q is not an annotation (!, ?, !!, ??, !?, ?!)", number, mt.text(m), n.Annotation)
		}
		mt.units = append(mt.units, prefix+mt.text(m)+n.Annotation)
		for _, nag := range n.NAGs {
			if nag < 0 || nag > 255 {
				return fmt.Errorf("pdn: move %s %s: NAG %d is outside 0..255", number, mt.text(m), nag)
			}
			mt.units = append(mt.units, "$"+strconv.Itoa(nag))
		}
		mt.comments(n.Comments)
		for _, v := range n.Variations {
			if err := mt.line(v.Moves, v.Notes, firstPly+i, true); err != nil {
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

// comments adds each comment in braces, a word per unit so it can wrap. A
// comment holding '}' cannot go in braces; it becomes a ';' comment, which
// runs to the end of its line.
func (mt *movetext) comments(cs []string) {
	for _, c := range cs {
		// Split where the reader sees white space, and nowhere else.
		words := strings.FieldsFunc(c, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
		switch {
		case strings.ContainsRune(c, '}'):
			mt.units = append(mt.units, ";"+strings.Join(words, " "), lineBreak)
		case len(words) == 0:
			mt.units = append(mt.units, "{}")
		default:
			words[0] = "{" + words[0]
			words[len(words)-1] += "}"
			mt.units = append(mt.units, words...)
		}
	}
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
