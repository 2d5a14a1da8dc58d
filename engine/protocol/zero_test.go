package protocol

import (
	"strings"
	"testing"
)

// A Session not made by NewSession has no engine and no output: Run says
// so, where it panicked at the first command. NewSession refuses a nil out,
// which it took and then panicked writing to.
func TestSessionNotMadeByNewSession(t *testing.T) {
	var s Session
	if err := s.Run(strings.NewReader("bashni\ngo depth 1\nquit\n")); err == nil {
		t.Error("Run of the zero Session: no error")
	}
	if s, err := NewSession(nil, 1); err == nil {
		t.Errorf("NewSession(nil, 1) = %v, nil error", s)
	}
}
