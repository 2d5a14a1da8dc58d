package docs

import (
	"os"
	"strings"
	"testing"
)

// A table is a markdown table of a page: its header cells and its rows.
type table struct {
	line   int // the line of its header, from 1
	header []string
	rows   [][]string
}

// pageTables reads the markdown tables of a page.
func pageTables(t *testing.T, page string) []table {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var out []table
	var cur *table
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			cur = nil
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		switch {
		case cur == nil:
			out = append(out, table{line: i + 1, header: cells})
			cur = &out[len(out)-1]
		case strings.Trim(strings.Join(cells, ""), "-:") == "":
			// the line under the header
		default:
			cur.rows = append(cur.rows, cells)
		}
	}
	return out
}

// unquote returns the text inside backquotes, or s itself.
func unquote(s string) string {
	return strings.TrimSuffix(strings.TrimPrefix(s, "`"), "`")
}
