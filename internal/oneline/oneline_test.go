package oneline

import "testing"

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a plain line, é and ♛", "a plain line, é and ♛"},
		{"foo\rbar\nbaz\t", `foo\rbar\nbaz\t`},
		{"\x01\x7f", `\x01\x7f`},
		{"x\xffy\xc3", `x\xffy\xc3`},
		{"\uFFFD kept", "\uFFFD kept"},
		{"a\u2028b\u2029c\u0085", `a\u2028b\u2029c\u0085`},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
