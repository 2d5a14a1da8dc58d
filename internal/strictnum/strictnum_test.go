package strictnum

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestInt(t *testing.T) {
	for s, want := range map[string]int{"0": 0, "7": 7, "0012": 12, "64": 64} {
		if n, err := Int(s, 0, 64); err != nil || n != want {
			t.Errorf("Int(%q) = %d, %v; want %d", s, n, err, want)
		}
	}
	for s, want := range map[string]string{
		"": "missing", "+1": "not a whole number", "-1": "-1 is negative: want 0 to 64", "--1": "not a whole number", "-": "not a whole number", " 1": "not a whole number",
		"1_0": "not a whole number", "0x10": "not a whole number", "1e2": "not a whole number",
		"65": "65 is not from 0 to 64", "99999999999999999999999": "is not from 0 to 64",
		strings.Repeat("9", 100): "999...",
	} {
		if _, err := Int(s, 0, 64); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Int(%q): error %v, want one with %q", s, err, want)
		}
	}
}

func TestSeconds(t *testing.T) {
	for s, want := range map[string]time.Duration{"5": 5 * time.Second, "0.1": 100 * time.Millisecond, ".5": 500 * time.Millisecond, "2.": 2 * time.Second, "0": 0} {
		if d, err := Seconds(s); err != nil || d != want {
			t.Errorf("Seconds(%q) = %v, %v; want %v", s, d, err, want)
		}
	}
	for s, want := range map[string]string{
		"": "not a number", ".": "not a number", "1.2.3": "not a number", "-1": "-1 seconds is negative", "-.5": "-.5 seconds is negative", "-x": "not a number", "1e3": "not a number",
		"NaN": "not a number", "Inf": "not a number", "0x1p3": "not a number", "99999999999": "more than a year",
	} {
		if _, err := Seconds(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Seconds(%q): error %v, want one with %q", s, err, want)
		}
	}
}

// A clock in milliseconds too large for a time.Duration is an error, not a
// negative duration (issue 15, case 6: go wtime 9223372036854775807).
func TestMillis(t *testing.T) {
	if d, err := Millis("9223372036854"); err != nil || d != 9223372036854*time.Millisecond {
		t.Errorf("Millis(9223372036854) = %v, %v", d, err)
	}
	for _, s := range []string{"9223372036855", "9223372036854775807", "99999999999999999999999"} {
		if d, err := Millis(s); err == nil || d != 0 || !strings.Contains(err.Error(), "is not from 0 to 9223372036854") {
			t.Errorf("Millis(%s) = %v, %v", s, d, err)
		}
	}
}

// Int64 reads the ranges an int of 32 bits does not hold (a node count up
// to 2^63-1), the same on every platform, as Int reads its own.
func TestInt64(t *testing.T) {
	for s, want := range map[string]int64{"0": 0, "4294967296": 1 << 32, "9223372036854775807": math.MaxInt64} {
		if n, err := Int64(s, 0, math.MaxInt64); err != nil || n != want {
			t.Errorf("Int64(%q) = %d, %v; want %d", s, n, err, want)
		}
	}
	for s, want := range map[string]string{
		"": "missing", "-1": "-1 is negative: want 1 to 9223372036854775807", "0": "0 is not from 1 to 9223372036854775807",
		"9223372036854775808": "is not from 1 to 9223372036854775807", "1e9": "not a whole number",
	} {
		if _, err := Int64(s, 1, math.MaxInt64); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Int64(%q): error %v, want one with %q", s, err, want)
		}
	}
}
