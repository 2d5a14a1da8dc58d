package testgame

import (
	"strings"
	"testing"
)

// The record form numbers each of White's moves; without the numbers it is
// the plain text.
func TestCodexForms(t *testing.T) {
	if len(CodexMoves) != 21 {
		t.Fatalf("%d plies, want 21", len(CodexMoves))
	}
	rec := CodexRecord()
	if !strings.HasPrefix(rec, "1. c3-b4 b6-c5 2. b4-a5 ") || !strings.HasSuffix(rec, " 11. b2:d4:f6:d8:a5:d2:h6") {
		t.Errorf("CodexRecord() = %q", rec)
	}
	var plain []string
	for _, f := range strings.Fields(rec) {
		if !strings.HasSuffix(f, ".") {
			plain = append(plain, f)
		}
	}
	if got := strings.Join(plain, " "); got != CodexText() {
		t.Errorf("the record without numbers is %q, want %q", got, CodexText())
	}
}
