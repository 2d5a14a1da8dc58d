// Package atomicfile writes a file whole or not at all: into a temporary
// file beside it, renamed over it once written and synced, so that a reader
// never sees half a file and a failed write leaves the old one as it was.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes the file at path with write. An existing file keeps its
// permissions (it must be a regular file); a new one gets 0644. On an
// error the file at path is as it was and the temporary file is removed.
func Write(path string, write func(io.Writer) error) (err error) {
	perm := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		perm = st.Mode().Perm()
	}
	f, err := createBeside(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// CanWrite reports whether Write could make its temporary file beside
// path, by making one and removing it, so that a command finds a
// directory that is missing or not writable before the work whose result
// goes there rather than after it. Its error names the directory.
func CanWrite(path string) error {
	f, err := createBeside(path)
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// createBeside creates the temporary file of path beside it, so that the
// rename stays on one file system. Its error names the directory, not the
// temporary file, whose name says nothing of use.
func createBeside(path string) (*os.File, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot create a file in %s: %w", dir, err)
	}
	return f, nil
}
