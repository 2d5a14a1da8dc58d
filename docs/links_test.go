package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

var (
	// mdLink is a markdown link or image: [text](target).
	mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// heading is a markdown heading line.
	heading = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
)

// anchor returns GitHub's anchor for a heading: lower case, punctuation
// other than '-' and '_' dropped, spaces made '-'.
func anchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a page's headings, outside code blocks.
func anchors(t *testing.T, page string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(withoutCode(string(b)), -1) {
		out[anchor(m[1])] = true
	}
	return out
}

// withoutCode blanks the fenced code blocks of a page, keeping its lines.
func withoutCode(text string) string {
	lines := strings.Split(text, "\n")
	in := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			lines[i] = ""
			continue
		}
		if in {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// TestLinks checks every relative link of the pages: the file or directory
// it names exists, and so does the heading its #anchor names.
func TestLinks(t *testing.T) {
	checked := 0
	for _, page := range pages(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(withoutCode(string(b)), "\n") {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				file, frag, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), file)
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%s:%d: link %s: %v", page, i+1, target, err)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[frag] {
					t.Errorf("%s:%d: link %s: %s has no heading with the anchor #%s", page, i+1, target, path, frag)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no relative links found in the pages")
	}
}

// TestReadmeLength keeps README.md a page for users: the reference, the
// figures and the protocols go in docs/.
func TestReadmeLength(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > 350 {
		t.Errorf("README.md has %d lines, more than 350: move the detail to a page of docs/ and link it", n)
	}
}

// conflictMarker is a line a merge left unresolved: "<<<<<<< HEAD",
// ">>>>>>> 2665321 (…)".
var conflictMarker = regexp.MustCompile(`(?m)^(<{7}|>{7})( |$)`)

// TestNoConflictMarkers checks that no page, and no Go or JavaScript file,
// holds a merge's conflict markers (COMMAND.md's section on tables once
// kept both sides of one).
func TestNoConflictMarkers(t *testing.T) {
	keep := func(path string) bool {
		return strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".mjs") || strings.HasSuffix(path, ".ts")
	}
	n := 0
	eachRepoFile(t, func(path string) bool {
		return keep(path) && !strings.Contains(path, "node_modules")
	}, func(path, text string) {
		n++
		if loc := conflictMarker.FindStringIndex(text); loc != nil {
			t.Errorf("%s:%d: a merge's conflict marker %q", path, strings.Count(text[:loc[0]], "\n")+1, text[loc[0]:loc[1]])
		}
	})
	if n < 100 {
		t.Errorf("only %d files checked", n)
	}
}
