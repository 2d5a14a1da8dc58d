// Package strictnum reads the numbers of protocol lines and record tags
// strictly: digits only (no sign, space, underscore, exponent or hex), in
// a range, so that a typo is an error rather than another number, and no
// value overflows.
package strictnum

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Int reads a whole number from lo to hi (lo >= 0).
func Int(s string, lo, hi int) (int, error) {
	n, err := Int64(s, int64(lo), int64(hi))
	return int(n), err
}

// Int64 reads a whole number from lo to hi (lo >= 0) as Int does, for
// ranges wider than an int holds where an int has 32 bits (node counts,
// milliseconds).
func Int64(s string, lo, hi int64) (int64, error) {
	if s == "" {
		return 0, fmt.Errorf("the value is missing")
	}
	if negative(s, allDigits) {
		return 0, fmt.Errorf("%s is negative: want %d to %d", short(s), lo, hi)
	}
	if !allDigits(s) {
		return 0, fmt.Errorf("%q is not a whole number", short(s))
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s is not from %d to %d", short(s), lo, hi)
	}
	return n, nil
}

// maxSeconds bounds Seconds: a year, far from time.Duration's limit.
const maxSeconds = 366 * 24 * 3600

// Seconds reads a time in seconds: digits with an optional fraction ("5",
// "0.1", ".5", "2."), at most a year.
func Seconds(s string) (time.Duration, error) {
	if negative(s, isSeconds) {
		return 0, fmt.Errorf("%s seconds is negative", short(s))
	}
	if !isSeconds(s) {
		return 0, fmt.Errorf("%q is not a number of seconds", short(s))
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > maxSeconds {
		return 0, fmt.Errorf("%s seconds is more than a year", short(s))
	}
	return time.Duration(f * float64(time.Second)), nil
}

// negative reports whether s is '-' and then a number as valid reads it,
// so that the error can say what is wrong.
func negative(s string, valid func(string) bool) bool {
	return len(s) > 1 && s[0] == '-' && valid(s[1:])
}

// allDigits reports whether s is one or more digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isSeconds reports whether s is digits with at most one '.' among them.
func isSeconds(s string) bool {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// short cuts a long value for an error message.
func short(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// MaxMillis is the most milliseconds Millis reads: the longest
// time.Duration, some 292 years.
// It is an int64, not an int, so that the package builds where an int has
// 32 bits.
const MaxMillis = int64(math.MaxInt64 / int64(time.Millisecond))

// Millis reads a whole number of milliseconds (a protocol's clock), by
// Int64 from 0 to MaxMillis, so that no count wraps round to a negative
// duration, with 32-bit ints too.
func Millis(s string) (time.Duration, error) {
	n, err := Int64(s, 0, MaxMillis)
	return time.Duration(n) * time.Millisecond, err
}
