package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A write replaces the file whole and keeps its permissions; a failed one
// leaves the old file and no temporary file behind; a directory is refused.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("after a write: %q, want new", b)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("permissions %v, want the old file's 0600", st.Mode().Perm())
	}
	boom := errors.New("boom")
	if err := Write(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Errorf("a failed write: %v, want %v", err, boom)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("after a failed write: %q, want the old new", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("files left in the directory: %v", es)
	}
	fresh := filepath.Join(dir, "g")
	if err := Write(fresh, func(w io.Writer) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o644 {
		t.Errorf("a new file's permissions %v, want 0644", st.Mode().Perm())
	}
	if err := Write(dir, func(w io.Writer) error { return nil }); err == nil {
		t.Error("writing over a directory: no error")
	}
}

// CanWrite finds a missing directory, naming it, and leaves nothing behind
// in one it can write to.
func TestCanWrite(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	if err := CanWrite(filepath.Join(missing, "f")); err == nil || !strings.Contains(err.Error(), "cannot create a file in "+missing+": ") {
		t.Errorf("CanWrite in a missing directory: %v, want an error naming it", err)
	}
	if err := CanWrite(filepath.Join(dir, "f")); err != nil {
		t.Errorf("CanWrite in a writable directory: %v", err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("CanWrite left %v", es)
	}
}
