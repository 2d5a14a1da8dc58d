package pdn

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// tokenKind is the kind of a lexical token of PDN.
type tokenKind uint8

const (
	tokEOF      tokenKind = iota
	tokTagOpen            // [
	tokTagClose           // ]
	tokString             // "value", unescaped
	tokSymbol             // a move, move number, result, annotation or tag name
	tokNAG                // $12 (text "12")
	tokComment            // {...} or ; to end of line (text without the marks)
	tokOpen               // (
	tokClose              // )
	tokError              // text that cannot be read; err says why
)

// token is one lexical token and the line it starts on.
type token struct {
	kind tokenKind
	text string
	line int
	err  error // for tokError
}

// lexer splits a byte stream into tokens, reading one byte at a time so
// that memory stays bounded by the limits whatever the input.
type lexer struct {
	r          *bufio.Reader
	line       int
	lineStart  bool   // the next byte starts a line
	maxToken   int    // longest symbol, string or NAG kept
	maxComment int    // longest comment kept
	peeked     *token // a token put back by unread
	ioErr      error  // a read error other than io.EOF
	sb         strings.Builder
}

func newLexer(r io.Reader) *lexer {
	lx := &lexer{r: bufio.NewReaderSize(r, 64<<10), line: 1, lineStart: true}
	// A byte-order mark at the start is not text.
	if b, err := lx.r.Peek(3); err == nil && string(b) == "\xEF\xBB\xBF" {
		_, _ = lx.r.Discard(3)
	}
	return lx
}

// readByte returns the next byte, counting lines; ok is false at the end of
// the input or on a read error (kept in ioErr).
func (lx *lexer) readByte() (c byte, ok bool) {
	c, err := lx.r.ReadByte()
	if err != nil {
		if !errors.Is(err, io.EOF) {
			lx.ioErr = err
		}
		return 0, false
	}
	lx.lineStart = c == '\n'
	if c == '\n' {
		lx.line++
	}
	return c, true
}

func (lx *lexer) unreadByte(c byte) {
	_ = lx.r.UnreadByte()
	if c == '\n' {
		lx.line--
		lx.lineStart = false
	}
}

func (lx *lexer) unread(t token) { lx.peeked = &t }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isDelimiter reports whether c ends a symbol.
func isDelimiter(c byte) bool {
	return isSpace(c) || strings.IndexByte("[]{}();$\"", c) >= 0
}

// next returns the next token.
func (lx *lexer) next() token {
	if t := lx.peeked; t != nil {
		lx.peeked = nil
		return *t
	}
	for {
		atLineStart := lx.lineStart
		c, ok := lx.readByte()
		if !ok {
			return token{kind: tokEOF, line: lx.line}
		}
		line := lx.line
		switch {
		case isSpace(c):
			continue
		case c == '%' && atLineStart:
			lx.skipLine() // PGN's escape: the line is for other programs
			continue
		case c == '[':
			return token{kind: tokTagOpen, text: "[", line: line}
		case c == ']':
			return token{kind: tokTagClose, text: "]", line: line}
		case c == '(':
			return token{kind: tokOpen, text: "(", line: line}
		case c == ')':
			return token{kind: tokClose, text: ")", line: line}
		case c == '{':
			return lx.comment(line)
		case c == ';':
			return lx.lineComment(line)
		case c == '"':
			return lx.quoted(line)
		case c == '$':
			t := lx.symbol(line)
			if t.kind == tokSymbol {
				t.kind = tokNAG
			}
			return t
		case c == '}':
			return token{kind: tokError, text: "}", line: line, err: errors.New("'}' without an opening '{'")}
		default:
			lx.unreadByte(c)
			return lx.symbol(line)
		}
	}
}

func (lx *lexer) skipLine() {
	for {
		c, ok := lx.readByte()
		if !ok || c == '\n' {
			return
		}
	}
}

// tooLong returns the error token for text cut at limit bytes.
func tooLong(line int, what, kept string, limit int) token {
	return token{kind: tokError, text: kept, line: line,
		err: fmt.Errorf("%s longer than %d bytes", what, limit)}
}

// symbol reads up to the next delimiter.
func (lx *lexer) symbol(line int) token {
	lx.sb.Reset()
	long := false
	for {
		c, ok := lx.readByte()
		if !ok {
			break
		}
		if isDelimiter(c) {
			lx.unreadByte(c)
			break
		}
		if lx.sb.Len() < lx.maxToken {
			lx.sb.WriteByte(c)
		} else {
			long = true
		}
	}
	if long {
		return tooLong(line, "token", lx.sb.String(), lx.maxToken)
	}
	return token{kind: tokSymbol, text: lx.sb.String(), line: line}
}

// quoted reads a tag value after its opening quote: \" and \\ are escapes,
// and the value must end on its line.
func (lx *lexer) quoted(line int) token {
	lx.sb.Reset()
	long := false
	for {
		c, ok := lx.readByte()
		if !ok || c == '\n' {
			if ok {
				lx.unreadByte(c)
			}
			return token{kind: tokError, text: `"` + lx.sb.String(), line: line,
				err: errors.New("tag value not closed with '\"' on its line")}
		}
		if c == '"' {
			break
		}
		if c == '\\' {
			if n, ok := lx.readByte(); ok && (n == '"' || n == '\\') {
				c = n
			} else if ok {
				lx.unreadByte(n)
			}
		}
		if lx.sb.Len() < lx.maxToken {
			lx.sb.WriteByte(c)
		} else {
			long = true
		}
	}
	if long {
		return tooLong(line, "tag value", lx.sb.String(), lx.maxToken)
	}
	return token{kind: tokString, text: lx.sb.String(), line: line}
}

// comment reads a {...} comment after its '{', turning runs of white space
// into single spaces.
func (lx *lexer) comment(line int) token {
	return lx.commentTo(line, "{", '}')
}

// lineComment reads a ; comment to the end of its line.
func (lx *lexer) lineComment(line int) token {
	return lx.commentTo(line, ";", '\n')
}

// commentTo reads a comment up to the byte end, turning runs of white space
// into single spaces. A '{' comment must be closed; a ';' comment also ends
// with the input.
//
// A '{' comment left open would swallow every game after it. So a line
// inside it that is a tag pair and nothing else, [Name "value"], ends it
// with an error, unread: the game with the comment fails, and the next game
// is read from its tags. (A comment that meant to quote a tag pair on a
// line of its own is read as that error.)
func (lx *lexer) commentTo(line int, opener string, end byte) token {
	lx.sb.Reset()
	long, space := false, false
	for {
		c, ok := lx.readByte()
		if !ok {
			if end == '\n' {
				break
			}
			return token{kind: tokError, text: opener, line: line,
				err: fmt.Errorf("comment opened on line %d is not closed with '%c'", line, end)}
		}
		if c == '\n' && end == '}' && lx.tagLineAhead() {
			return token{kind: tokError, text: opener, line: line,
				err: fmt.Errorf("comment opened on line %d is not closed with '}' before the tag pair on line %d", line, lx.line)}
		}
		if c == end {
			break
		}
		if isSpace(c) {
			space = true
			continue
		}
		gap := space && lx.sb.Len() > 0 // a space to write before c
		if lx.sb.Len()+1+boolInt(gap) > lx.maxComment {
			long = true
			continue
		}
		if gap {
			lx.sb.WriteByte(' ')
		}
		space = false
		lx.sb.WriteByte(c)
	}
	if long {
		return tooLong(line, "comment", opener, lx.maxComment)
	}
	return token{kind: tokComment, text: lx.sb.String(), line: line}
}

// tagLineAhead reports whether the next line, not read yet, is a tag pair
// and nothing else: '[', a name, white space, a quoted value and ']', with
// white space around.
func (lx *lexer) tagLineAhead() bool {
	n := min(lx.maxToken*2+64, lx.r.Size())
	b, _ := lx.r.Peek(n)
	i := bytes.IndexByte(b, '\n')
	if i < 0 && len(b) == n {
		return false // longer than a tag pair can be
	}
	if i >= 0 {
		b = b[:i]
	}
	b = trimSpace(b)
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return false
	}
	b = b[1 : len(b)-1]
	name := 0
	for name < len(b) && isTagNameByte(b[name]) {
		name++
	}
	if name == 0 || name == len(b) || !isSpace(b[name]) {
		return false
	}
	v := trimSpace(b[name:])
	return len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"'
}

// trimSpace returns b without the white space at its ends.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
