package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var (
	// fuzzTarget is a fuzz test: "func FuzzParseFEN(f *testing.F)".
	fuzzTarget = regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	// testKnob is an environment variable or a flag that a test reads.
	testKnob = regexp.MustCompile(`(?:Getenv|envOr)\("(BASHNI_[A-Z0-9_]+)"|flag\.(?:Bool|Int|String|Duration)\("([a-z.]+)"`)
)

// internalKnobs are read by tests for their own plumbing, not set by people.
var internalKnobs = map[string]bool{
	"BASHNI_TEST_ENGINE": true, // engine/match: the test binary as an external engine
}

// TestContributingLists checks that CONTRIBUTING.md names every fuzz target
// and every environment variable or flag that switches on a test, so the
// checks behind a flag can be found.
func TestContributingLists(t *testing.T) {
	b, err := os.ReadFile("../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	seen := map[string]string{}
	keep := func(path string) bool {
		return strings.HasSuffix(path, "_test.go") && path != filepath.Join("..", "docs", "contributing_test.go")
	}
	eachRepoFile(t, keep, func(path, text string) {
		for _, m := range fuzzTarget.FindAllStringSubmatch(text, -1) {
			seen[m[1]] = path
		}
		for _, m := range testKnob.FindAllStringSubmatch(text, -1) {
			if name := m[1] + m[2]; !internalKnobs[name] {
				seen[name] = path
			}
		}
	})
	var names []string
	for name := range seen {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatal("no fuzz targets or test flags found")
	}
	for _, name := range names {
		if !strings.Contains(page, name) {
			t.Errorf("CONTRIBUTING.md does not name %s (%s)", name, seen[name])
		}
	}
}
