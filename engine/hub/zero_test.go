package hub

import (
	"strings"
	"testing"
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
