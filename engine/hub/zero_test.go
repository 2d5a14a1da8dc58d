package hub

import (
	"strings"
	"testing"

	"github.com/bashni-dev/bashni/engine"
)

// A Session not made by NewSession, or made with a nil out, has nowhere to
// answer: Run says so before reading a line, where it panicked at the first
// answer.
func TestSessionWithoutOutput(t *testing.T) {
	for name, s := range map[string]*Session{"zero": {}, "NewSession(nil, ...)": NewSession(nil, Options{})} {
		if err := s.Run(strings.NewReader("hub\ninit\nquit\n")); err == nil {
			t.Errorf("Run of the %s Session: no error", name)
		}
	}
}

// Options out of their parameters' ranges, or with a book file and no book
// or a book and no file, are refused by Validate, and by Run before it
// writes a line, where the hub handshake advertised them (book-margin
// value=-7, its min 0; book value= a file not in use, or "" with a book in
// use) and init failed on the others.
func TestOptionsValidate(t *testing.T) {
	b := sample(t)
	for _, o := range []Options{{}, {HashMB: 1, Threads: 1}, {HashMB: 64, Threads: engine.MaxThreads, BookMargin: MaxBookMargin}, {Book: b, BookFile: sampleBook}} {
		if err := o.Validate(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{BookMargin: -7}, "hub: book-margin -7: want 0 to 10000"},
		{Options{BookMargin: MaxBookMargin + 1}, "hub: book-margin 10001: want 0 to 10000"},
		{Options{Threads: -1}, "hub: threads -1: want 1 to 256"},
		{Options{Threads: engine.MaxThreads + 1}, "hub: threads 257: want 1 to 256"},
		{Options{HashMB: -1}, "hub: hash -1: want 1 to 65536 MiB"},
		{Options{HashMB: maxHashMB + 1}, "hub: hash 65537: want 1 to 65536 MiB"},
		// The handshake's book parameter is BookFile: it would advertise
		// a book not in use, or hide the one in use.
		{Options{BookFile: sampleBook}, `hub: book file "` + sampleBook + `" with no Book: want both or neither`},
		{Options{Book: b}, "hub: a Book with no BookFile: want both or neither"},
	} {
		err := tc.o.Validate()
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: Validate() = %v, want %q", tc.o, err, tc.want)
		}
		var out strings.Builder
		if err := NewSession(&out, tc.o).Run(strings.NewReader("hub\ninit\nquit\n")); err == nil || err.Error() != tc.want || out.Len() != 0 {
			t.Errorf("%+v: Run: %v, output %q; want %q and no output", tc.o, err, out.String(), tc.want)
		}
	}
}
