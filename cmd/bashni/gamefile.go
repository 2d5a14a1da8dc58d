package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/bashni-dev/bashni/pdn"
)

// A gameFile is a file of PDN games that loses none: each game is written
// whole as soon as it ends, so an interrupted run keeps every game finished
// before; an existing file is neither overwritten nor added to unless asked
// (-force, -append); and a write that fails (a full disk) is undone, so the
// file never ends in half a game. With -force over an existing file the
// games go to a temporary file beside it, which replaces the old one only
// when every write has succeeded.
type gameFile struct {
	path  string
	f     *os.File
	tmp   bool  // f is a temporary file, renamed to path by Close
	size  int64 // bytes written so far: where a failed write is cut back to
	games int
	err   error // the first write error; Close then leaves path as it was
}

// gameFileFlags are -force and -append, for a subcommand whose flag name
// names the file.
type gameFileFlags struct {
	name          string // the file's flag, for messages: "-pdn"
	force, append *bool
}

func addGameFileFlags(fs *flag.FlagSet, name string) *gameFileFlags {
	return &gameFileFlags{
		name:   name,
		force:  fs.Bool("force", false, "replace the "+name+" file if it exists (it is replaced only once the games are written)"),
		append: fs.Bool("append", false, "add the games to the end of the "+name+" file if it exists"),
	}
}

// open opens the file at path as the flags say. It is an error, before any
// game is played, when the file exists and neither flag is given, when both
// are, or when the file cannot be written.
func (gf *gameFileFlags) open(path string) (*gameFile, error) {
	if *gf.force && *gf.append {
		return nil, errors.New("-force and -append: give one (replace the file, or add to it)")
	}
	g := &gameFile{path: path}
	var err error
	switch {
	case *gf.append:
		g.f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err == nil {
			var st os.FileInfo
			if st, err = g.f.Stat(); err == nil {
				g.size = st.Size()
			}
		}
	case *gf.force:
		if _, serr := os.Stat(path); serr != nil {
			g.f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
			break
		}
		// Beside the file, so the rename stays on one file system.
		g.f, err = os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
		if err == nil {
			g.tmp = true
			err = g.f.Chmod(0o644)
		}
	default:
		g.f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s %s: the file exists; give -append to add the games to it or -force to replace it", gf.name, path)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", gf.name, err)
	}
	return g, nil
}

// Write writes one game record, whole, as w writes it. A failed write is
// cut back off the file, and every later Write fails with the same error.
func (g *gameFile) Write(w pdn.Writer, rec *pdn.Game) error {
	if g.err != nil {
		return g.err
	}
	text, err := w.Marshal(rec)
	if err != nil {
		return err
	}
	if g.games == 0 && g.size > 0 {
		text = append([]byte("\n"), text...) // after the games already there
	}
	n, err := g.f.Write(text)
	if err != nil {
		if n > 0 {
			_ = g.f.Truncate(g.size) // no half game at the end
		}
		g.err = fmt.Errorf("writing %s: %w", g.path, err)
		return g.err
	}
	g.size += int64(n)
	g.games++
	return nil
}

// Close closes the file; a temporary file replaces the old one unless a
// write failed, in which case it is removed and the old file stays.
func (g *gameFile) Close() error {
	err := g.f.Close()
	if !g.tmp {
		if err != nil && g.err == nil {
			return fmt.Errorf("writing %s: %w", g.path, err)
		}
		return g.err
	}
	if err == nil && g.err == nil {
		err = os.Rename(g.f.Name(), g.path)
	}
	if err != nil || g.err != nil {
		os.Remove(g.f.Name())
		if g.err != nil {
			return fmt.Errorf("%w (%s is as it was)", g.err, g.path)
		}
		return fmt.Errorf("writing %s: %w (the file is as it was)", g.path, err)
	}
	return nil
}

// saved says what the file holds, for messages: "3 games saved to x.pdn".
func (g *gameFile) saved() string {
	s := "s"
	if g.games == 1 {
		s = ""
	}
	return fmt.Sprintf("%d game%s saved to %s", g.games, s, g.path)
}
