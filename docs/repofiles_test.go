package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// eachRepoFile calls f with the path (from this folder, so "../x.go") and
// text of every file of the repository that keep accepts, leaving out .git
// and testdata folders (fuzz corpora, records from other programs).
func eachRepoFile(t *testing.T, keep func(path string) bool, f func(path, text string)) {
	t.Helper()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !keep(path) {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f(path, string(text))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
