package hub

import (
	"errors"
	"fmt"
	"strings"
)

// Message is one line of the Hub protocol: a command and its arguments,
// "<command> <name>=<value> <name>=<value> ...". An argument may be a flag
// with no value ("go think", "level infinite").
type Message struct {
	Command string
	Args    []Arg
}

// Arg is one argument of a Message. HasValue tells "name=" (an empty value)
// from the flag "name".
type Arg struct {
	Name, Value string
	HasValue    bool
}

// Get returns the value of the first argument named name and whether there
// is one.
func (m Message) Get(name string) (string, bool) {
	for _, a := range m.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Repeated returns the name of the first argument given more than once,
// and whether there is one: a key given twice is an error, as nothing
// says which of its values counts.
func (m Message) Repeated() (string, bool) {
	for i, a := range m.Args {
		for _, b := range m.Args[:i] {
			if a.Name == b.Name {
				return a.Name, true
			}
		}
	}
	return "", false
}

// Has reports whether there is an argument (a flag or a pair) named name.
func (m Message) Has(name string) bool {
	_, ok := m.Get(name)
	return ok
}

// ErrEmpty is returned by ParseMessage for a line of only white space, which
// the protocol ignores.
var ErrEmpty = errors.New("hub: empty line")

// ParseMessage reads one line of the protocol as the Hub protocol version 2
// defines it: names are runs of characters other than white space, control
// characters, '=' and '"'; a value is any text but '"' between double
// quotes (there is no escape), or without them a run of characters other
// than white space, control characters and '"' (so "value=lasca,rejump=any"
// needs no quotes, although Scan quotes a value holding '='); white space
// may surround '='. The errors say what is wrong and where (the byte offset
// from 1).
func ParseMessage(line string) (Message, error) {
	sc := scanner{s: line}
	sc.skipBlank()
	if sc.end() {
		return Message{}, ErrEmpty
	}
	cmd, err := sc.name("a command")
	if err != nil {
		return Message{}, err
	}
	m := Message{Command: cmd}
	for {
		sc.skipBlank()
		if sc.end() {
			return m, nil
		}
		name, err := sc.name("an argument name")
		if err != nil {
			return Message{}, err
		}
		a := Arg{Name: name}
		sc.skipBlank()
		if sc.peek() == '=' {
			sc.pos++
			sc.skipBlank()
			if a.Value, err = sc.value(name); err != nil {
				return Message{}, err
			}
			a.HasValue = true
		}
		m.Args = append(m.Args, a)
	}
}

// String returns the message as a protocol line, quoting values that need
// it (empty ones, or ones holding a space, '=' or other non-word
// characters); ParseMessage reads it back to the same message when no
// value holds '"', which the protocol cannot carry.
func (m Message) String() string {
	var b strings.Builder
	b.WriteString(m.Command)
	for _, a := range m.Args {
		b.WriteByte(' ')
		b.WriteString(a.Name)
		if a.HasValue {
			b.WriteByte('=')
			b.WriteString(quote(a.Value))
		}
	}
	return b.String()
}

// quote returns v as a word when it is one, else in double quotes.
func quote(v string) string {
	if isWord(v) {
		return v
	}
	return `"` + v + `"`
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return false
		}
	}
	return true
}

// isWordByte reports whether c may be part of a name or unquoted value.
// Bytes of UTF-8 sequences (0x80 and up) are word bytes.
func isWordByte(c byte) bool {
	return c > ' ' && c != 0x7f && c != '=' && c != '"'
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// scanner walks a line.
type scanner struct {
	s   string
	pos int
}

func (sc *scanner) end() bool { return sc.pos >= len(sc.s) }

func (sc *scanner) peek() byte {
	if sc.end() {
		return 0
	}
	return sc.s[sc.pos]
}

func (sc *scanner) skipBlank() {
	for !sc.end() && isBlank(sc.s[sc.pos]) {
		sc.pos++
	}
}

// name reads a word; what says what was wanted, for the error.
func (sc *scanner) name(what string) (string, error) {
	start := sc.pos
	for !sc.end() && isWordByte(sc.s[sc.pos]) {
		sc.pos++
	}
	if sc.pos == start {
		return "", sc.errorf("want %s, found %s", what, sc.found())
	}
	return sc.s[start:sc.pos], nil
}

// value reads the value of the argument name: a quoted text, or a run of
// word bytes and '='.
func (sc *scanner) value(name string) (string, error) {
	if sc.peek() != '"' {
		start := sc.pos
		for !sc.end() && (isWordByte(sc.s[sc.pos]) || sc.s[sc.pos] == '=') {
			sc.pos++
		}
		if sc.pos == start {
			return "", sc.errorf("want the value of %s, found %s", name, sc.found())
		}
		return sc.s[start:sc.pos], nil
	}
	open := sc.pos
	sc.pos++
	end := strings.IndexByte(sc.s[sc.pos:], '"')
	if end < 0 {
		sc.pos = open
		return "", sc.errorf("the value of %s: the quote is not closed", name)
	}
	v := sc.s[sc.pos : sc.pos+end]
	sc.pos += end + 1
	return v, nil
}

// found describes what is at the scanner's position, for errors.
func (sc *scanner) found() string {
	if sc.end() {
		return "the end of the line"
	}
	return fmt.Sprintf("%q", sc.s[sc.pos])
}

func (sc *scanner) errorf(format string, args ...any) error {
	return fmt.Errorf("hub: at byte %d: %s", sc.pos+1, fmt.Sprintf(format, args...))
}
