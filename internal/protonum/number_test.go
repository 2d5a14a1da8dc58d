package protonum

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Numbers are digits only, and too large is said so (issue 15, case 6:
// "hash 5 1 2" was 512; go wtime 9223372036854775807 overflowed).
func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		s    string
		max  uint64
		want uint64
		err  string
	}{
		{"0", 10, 0, ""},
		{"10", 10, 10, ""},
		{"007", 10, 7, ""},
		{"11", 10, 0, "11 is too large (at most 10)"},
		{"18446744073709551615", math.MaxUint64, math.MaxUint64, ""},
		{"18446744073709551616", math.MaxUint64, 0, "18446744073709551616 is too large (at most 18446744073709551615)"},
		{"99999999999999999999999", 5, 0, "99999999999999999999999 is too large (at most 5)"},
		{"99999999999999999999x", 5, 0, `"99999999999999999999x" is not a whole number (digits 0-9 only)`},
		{"", 5, 0, `"" is not a whole number (digits 0-9 only)`},
		{"+1", 5, 0, `"+1" is not a whole number (digits 0-9 only)`},
		{"-1", 5, 0, `"-1" is not a whole number (digits 0-9 only)`},
		{" 1", 5, 0, `" 1" is not a whole number (digits 0-9 only)`},
		{"1_0", 50, 0, `"1_0" is not a whole number (digits 0-9 only)`},
		{"0x1", 50, 0, `"0x1" is not a whole number (digits 0-9 only)`},
		{"５", 50, 0, `"５" is not a whole number (digits 0-9 only)`},
	} {
		got, err := Uint(c.s, c.max)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("Uint(%q, %d) = %d, %v; want %d, %q", c.s, c.max, got, err, c.want, c.err)
		}
	}
	if d, err := Millis("9223372036854"); err != nil || d != 9223372036854*time.Millisecond {
		t.Errorf("Millis(9223372036854) = %v, %v", d, err)
	}
	if d, err := Millis("9223372036855"); err == nil || d != 0 || err.Error() != "9223372036855 is too large (at most 9223372036854)" {
		t.Errorf("Millis(9223372036855) = %v, %v", d, err)
	}
	if _, err := Millis("9223372036854775807"); err == nil {
		t.Error("Millis(9223372036854775807) is no error")
	}
}

// FuzzUint checks Uint against its definition: digits only, at most max.
func FuzzUint(f *testing.F) {
	for _, s := range []string{"0", "512", "5 1 2", "-1", "+3", "18446744073709551616", "9223372036854775807", ""} {
		f.Add(s, uint64(1000))
	}
	f.Fuzz(func(t *testing.T, s string, max uint64) {
		n, err := Uint(s, max)
		digits := s != "" && strings.Trim(s, "0123456789") == ""
		var ne *NumberError
		switch {
		case err == nil:
			if !digits || n > max || strings.TrimLeft(s, "0") != strings.TrimLeft(fmtUint(n), "0") {
				t.Errorf("Uint(%q, %d) = %d", s, max, n)
			}
		case !errors.As(err, &ne) || ne.TooLarge != digits:
			t.Errorf("Uint(%q, %d): %v", s, max, err)
		}
	})
}

func fmtUint(n uint64) string { return strconv.FormatUint(n, 10) }
