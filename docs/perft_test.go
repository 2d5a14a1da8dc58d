package docs

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
)

// quickPerft is the largest count TestPerftPage checks without
// BASHNI_DOCS_SLOW=1: every table row up to it takes about two seconds in
// all.
const quickPerft = 30_000_000

// TestPerftPage counts the perft tables of PERFT.md again: each column is
// headed by a ruleset's text name, each row by a depth.
func TestPerftPage(t *testing.T) {
	slow := os.Getenv("BASHNI_DOCS_SLOW") == "1"
	columns := 0
	for _, tab := range pageTables(t, "PERFT.md") {
		if len(tab.header) < 2 || tab.header[0] != "depth" {
			continue
		}
		for c, head := range tab.header[1:] {
			name := unquote(head)
			v, err := bashni.ParseVariant(name)
			if err != nil {
				t.Errorf("PERFT.md:%d: column %q: %v", tab.line, head, err)
				continue
			}
			columns++
			start := v.MustStart()
			for _, row := range tab.rows {
				depth, err := strconv.Atoi(row[0])
				if err != nil || c+1 >= len(row) {
					t.Errorf("PERFT.md:%d: row %q is not a depth and counts", tab.line, row)
					continue
				}
				if row[c+1] == "" {
					continue
				}
				want, err := strconv.ParseUint(row[c+1], 10, 64)
				if err != nil {
					t.Errorf("PERFT.md:%d: %s depth %d: %q is not a count", tab.line, name, depth, row[c+1])
					continue
				}
				if want > quickPerft && !slow {
					continue
				}
				if got, err := bashni.Perft(&start, depth); got != want || err != nil {
					t.Errorf("PERFT.md:%d: %s perft %d = %d, %v; the page says %d", tab.line, name, depth, got, err, want)
				}
			}
		}
	}
	if columns != len(bashni.PresetNames()) {
		t.Errorf("PERFT.md has %d perft columns, want one for each of the %d presets %v", columns, len(bashni.PresetNames()), bashni.PresetNames())
	}
}

// TestPerftPageCommands checks that each deeper count's command counts that
// ruleset to that depth.
func TestPerftPageCommands(t *testing.T) {
	rows := 0
	for _, tab := range pageTables(t, "PERFT.md") {
		if len(tab.header) < 4 || tab.header[0] != "ruleset" || tab.header[3] != "command" {
			continue
		}
		for _, row := range tab.rows {
			rows++
			args := strings.Fields(unquote(row[3]))
			variant := "russian"
			for i, a := range args {
				if a == "-variant" && i+1 < len(args) {
					variant = args[i+1]
				}
			}
			if len(args) < 3 || args[0] != "bashni" || args[1] != "perft" || variant != row[0] || args[len(args)-1] != row[1] {
				t.Errorf("PERFT.md:%d: the command %s does not count %s to depth %s", tab.line, row[3], row[0], row[1])
			}
			if _, err := strconv.ParseUint(row[2], 10, 64); err != nil {
				t.Errorf("PERFT.md:%d: %s depth %s: %q is not a count", tab.line, row[0], row[1], row[2])
			}
		}
	}
	if rows == 0 {
		t.Error("PERFT.md has no table of deeper counts")
	}
}
