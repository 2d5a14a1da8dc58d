// Package protonum reads the numbers of a line protocol, such as the engine
// protocol of "bashni engine" or the Hub protocol, strictly: decimal digits
// only, and a number too large for its bound is an error, never a value
// that wrapped round. (Package lineread reads the lines.)
package protonum

import (
	"fmt"
	"math"
	"time"
)

// NumberError is a number that Uint or Millis refuse: not decimal digits,
// or too large.
type NumberError struct {
	Text     string // the number as given
	Max      uint64 // the largest it may be
	TooLarge bool   // digits only, but more than Max
}

func (e *NumberError) Error() string {
	if e.TooLarge {
		return fmt.Sprintf("%s is too large (at most %d)", shorten(e.Text), e.Max)
	}
	return fmt.Sprintf("%q is not a whole number (digits 0-9 only)", shorten(e.Text))
}

// shorten cuts a long text for a message.
func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// Uint returns the whole number s from 0 to max, strictly: one or more
// decimal digits and nothing else (no sign, space, '_' or base prefix).
// Anything else is a *NumberError, saying whether the text is not a number
// or a number too large.
func Uint(s string, max uint64) (uint64, error) {
	if s == "" {
		return 0, &NumberError{Text: s, Max: max}
	}
	var n uint64
	tooLarge := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, &NumberError{Text: s, Max: max}
		}
		d := uint64(c - '0')
		if n > (math.MaxUint64-d)/10 {
			tooLarge = true // read on: a letter later makes it no number at all
			continue
		}
		n = n*10 + d
	}
	if tooLarge || n > max {
		return 0, &NumberError{Text: s, Max: max, TooLarge: true}
	}
	return n, nil
}

// MaxMillis is the most milliseconds Millis takes: the longest
// time.Duration, some 292 years.
const MaxMillis = uint64(math.MaxInt64 / int64(time.Millisecond))

// Millis returns the duration of s milliseconds, s read by Uint with the
// bound MaxMillis, so that no count wraps round to a negative duration.
func Millis(s string) (time.Duration, error) {
	n, err := Uint(s, MaxMillis)
	return time.Duration(n) * time.Millisecond, err
}
