// Package oneline makes text echoed from a line of input, in an answer of
// the line protocols (engine/hub, engine/protocol), one line of UTF-8: a
// line break or a control character copied raw would split the answer for
// a reader that reads lines, and a byte that is not UTF-8 would stop one
// that decodes them (pydraughts reads the Hub in Python's text mode).
package oneline

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with its control characters (line breaks included),
// the Unicode line and paragraph separators and its bytes that are not
// UTF-8 written as Go writes them in a quoted string: \r, \x01, \u2028,
// \xff. The rest, U+FFFD written as UTF-8 included, is kept.
func Escape(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
