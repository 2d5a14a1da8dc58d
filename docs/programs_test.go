package docs

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goPrograms returns the ```go blocks of a page that are whole programs (they
// hold a "package main" line), by the line they start on.
func goPrograms(t *testing.T, page string) map[int]string {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	var block *strings.Builder
	start := 0
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case block == nil && strings.TrimSpace(line) == "```go":
			block, start = &strings.Builder{}, n+1
		case block != nil && strings.TrimSpace(line) == "```":
			if text := block.String(); strings.Contains(text, "\npackage main\n") || strings.HasPrefix(text, "package main\n") {
				out[start] = text
			}
			block = nil
		case block != nil:
			block.WriteString(line + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGoPrograms holds every whole Go program shown in README.md and
// docs/*.md to one of the example programs, byte for byte: those are
// compiled by go build ./... and vetted, and run by their own tests or the
// page's "$ go run ./examples/…" example, so a program on a page cannot
// stop compiling or print something else unnoticed.
func TestGoPrograms(t *testing.T) {
	files, err := filepath.Glob("../examples/*/main.go")
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		examples[string(b)] = f
	}
	found := 0
	for _, page := range pages(t) {
		for line, text := range goPrograms(t, page) {
			found++
			if _, ok := examples[text]; !ok {
				t.Errorf("%s:%d: this Go program is not the text of any of %v; make it one (examples/NAME/main.go) and show it as it is", page, line, files)
			}
		}
	}
	if found == 0 {
		t.Error("README.md shows no whole Go program (the API tour)")
	}
}
