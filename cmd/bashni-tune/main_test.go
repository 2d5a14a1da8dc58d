package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// The two steps from the command line: gen writes positions to a file,
// fit reads them (from several files) and writes weights that read back.
func TestGenThenFit(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	var errOut bytes.Buffer
	for i, name := range []string{a, b} {
		seed := []string{"1", "2"}[i]
		if err := run([]string{"gen", "-variant", "lasca", "-games", "4", "-depth", "2", "-seed", seed, "-o", name}, io.Discard, &errOut); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(errOut.String(), "lasca: 4 games at depth 2, ") {
		t.Errorf("gen's summary: %q", errOut.String())
	}
	var out bytes.Buffer
	if err := run([]string{"fit", "-variant", "lasca", "-iterations", "5", "-holdout", "2", a, b}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var w eval.Weights
	if err := json.Unmarshal(out.Bytes(), &w); err != nil || w.ManyTowers != eval.Hand(bashni.Lasca()).ManyTowers {
		t.Errorf("fit's output %q: %v", out.String()[:min(80, out.Len())], err)
	}
	for _, args := range [][]string{{}, {"tune"}, {"gen", "-games", "0"}, {"gen", "extra"}, {"fit"}, {"fit", "-params", "some", a}, {"fit", "-from", "x", a}, {"fit", filepath.Join(dir, "missing.txt")}} {
		if err := run(args, io.Discard, io.Discard); err == nil {
			t.Errorf("bashni-tune %q: no error", args)
		}
	}
}
