package main

import (
	"strings"
	"testing"
)

// The engine plays both sides of a lasca game to its end.
func TestPlayEngineBoth(t *testing.T) {
	out, errOut, status := playScript(t, "", "-variant", "lasca", "-engine", "both", "-time", "5ms")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if !strings.Contains(out, "1. ") || !strings.Contains(out, " (engine)\n") || !strings.Contains(out, "Game over: ") {
		t.Errorf("want engine moves and an outcome; output ends:\n%s", out[max(0, len(out)-400):])
	}
}

// A person plays White against the engine; the engine answers each move.
func TestPlayAgainstEngine(t *testing.T) {
	out, errOut, status := playScript(t, "c3-d4\nresign\n", "-engine", "black", "-time", "20ms")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if !strings.Contains(out, "1... ") || !strings.HasSuffix(out, "Game over: 0-1: white resigned\n") {
		t.Errorf("want the engine's reply and White's resignation; output:\n%s", out)
	}
}
