package lineread

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

type result struct {
	Line string
	Err  string
}

func readAll(r io.Reader, max int) []result {
	lr := New(r, max)
	var out []result
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return out
		}
		e := ""
		if err != nil {
			e = err.Error()
		}
		out = append(out, result{line, e})
		if err != nil && !errors.Is(err, ErrTooLong) {
			return out
		}
	}
}

// Lines of any length: up to the limit they are returned, past it each is
// one ErrTooLong and the reader goes on; CRLF and a last line without a
// break are lines too.
func TestReader(t *testing.T) {
	long := strings.Repeat("x", 200000) // longer than the bufio buffer
	cases := []struct {
		in   string
		max  int
		want []result
	}{
		{"a\nb\r\n\nc", 10, []result{{"a", ""}, {"b", ""}, {"", ""}, {"c", ""}}},
		{"0123456789\n01234567890\nok\n", 10, []result{{"0123456789", ""}, {"", "line too long"}, {"ok", ""}}},
		{long + "\n" + long + "\nend", 1000, []result{{"", "line too long"}, {"", "line too long"}, {"end", ""}}},
		{long + "\n", len(long), []result{{long, ""}}},
		{long, 10, []result{{"", "line too long"}}},
		{"", 10, nil},
	}
	for i, c := range cases {
		if diff := cmp.Diff(c.want, readAll(strings.NewReader(c.in), c.max)); diff != "" {
			t.Errorf("case %d (-want +got):\n%s", i, diff)
		}
	}
}

type failing struct{ n int }

func (f *failing) Read(p []byte) (int, error) {
	if f.n == 0 {
		return 0, errors.New("disk on fire")
	}
	f.n--
	return copy(p, "a\n"), nil
}

// A read error other than the end is returned as it is.
func TestReadError(t *testing.T) {
	got := readAll(&failing{n: 1}, 10)
	want := []result{{"a", ""}, {"", "disk on fire"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// FuzzReader: the reader returns the lines of any input as splitting it at
// each "\n" does, without a "\r" before the break, a line longer than the
// limit as one ErrTooLong, and nothing for the empty text after a last
// line break; read a byte at a time or all at once, alike. A repeat
// count makes lines longer than the reader's buffer.
func FuzzReader(f *testing.F) {
	f.Add(uint16(10), uint16(1), "a\nb\r\n\nc")
	f.Add(uint16(10), uint16(1), "0123456789\n01234567890\nok\n")
	f.Add(uint16(10), uint16(1), "012345678\r\r\n0123456789\r\n\r")
	f.Add(uint16(0), uint16(1), "\n\r\n\r\r\n")
	f.Add(uint16(1000), uint16(40000), "xy\n")
	f.Fuzz(func(t *testing.T, max, repeat uint16, in string) {
		if len(in)*int(repeat) > 1<<20 {
			return
		}
		in = strings.Repeat(in, int(repeat))
		var want []result
		for _, l := range strings.SplitAfter(in, "\n") {
			if l == "" {
				continue
			}
			l = strings.TrimSuffix(l, "\n")
			l = strings.TrimSuffix(l, "\r")
			if len(l) > int(max) {
				want = append(want, result{"", ErrTooLong.Error()})
			} else {
				want = append(want, result{l, ""})
			}
		}
		if diff := cmp.Diff(want, readAll(strings.NewReader(in), int(max))); diff != "" {
			t.Fatalf("max %d, %q (-want +got):\n%s", max, in, diff)
		}
		if diff := cmp.Diff(want, readAll(iotest.OneByteReader(strings.NewReader(in)), int(max))); diff != "" {
			t.Fatalf("max %d, %q a byte at a time (-want +got):\n%s", max, in, diff)
		}
	})
}
