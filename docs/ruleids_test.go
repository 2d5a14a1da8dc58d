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
	// ruleDefinition is how RULES.md defines a rule id: "- **R3** No reversal".
	ruleDefinition = regexp.MustCompile(`(?m)^- \*\*([RIL][0-9]+)\*\* `)
	// ruleCitation is a rule id in code or prose: R3, I2, L6.
	ruleCitation = regexp.MustCompile(`\b[RIL][0-9]{1,2}\b`)
)

// TestRuleIDs checks that every rule id the repository's Go files and pages
// cite is defined in RULES.md, and that the tests cite every rule it
// defines.
func TestRuleIDs(t *testing.T) {
	b, err := os.ReadFile("RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range ruleDefinition.FindAllStringSubmatch(string(b), -1) {
		defined[m[1]] = true
	}
	if len(defined) != 19 {
		t.Errorf("RULES.md defines %d rule ids, want the 19 of R1-R7, I1-I5, L1-L7", len(defined))
	}
	inTests := map[string]bool{}
	keep := func(path string) bool {
		return strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md")
	}
	eachRepoFile(t, keep, func(path, text string) {
		for _, id := range ruleCitation.FindAllString(text, -1) {
			if !defined[id] {
				t.Errorf("%s cites rule %s, which docs/RULES.md does not define", path, id)
			}
			if strings.HasSuffix(path, "_test.go") && path != filepath.Join("..", "docs", "ruleids_test.go") {
				inTests[id] = true
			}
		}
	})
	var untested []string
	for id := range defined {
		if !inTests[id] {
			untested = append(untested, id)
		}
	}
	sort.Strings(untested)
	if len(untested) > 0 {
		t.Errorf("no test cites the rules %v of docs/RULES.md", untested)
	}
}
