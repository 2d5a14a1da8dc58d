package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
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
// games go to a temporary file beside it, named on stderr at the start, which
// replaces the old one (keeping its permissions) only when every write has
// succeeded. -force replaces only a regular file: a directory, a named pipe,
// a device or a symbolic link to nothing is an error before the first game;
// a symbolic link to a regular file stays, and the file it names is
// replaced.
type gameFile struct {
	path  string // the path given, for messages
	f     *os.File
	dest  string // when f is a temporary file: the file Close renames it to
	size  int64  // bytes written so far: where a failed write is cut back to
	games int
	err   error // the first write error; Close then leaves path as it was
}

// gameFileFlags are -force and -append, for a subcommand whose flag name
// names the file.
type gameFileFlags struct {
	cmd           string // the subcommand, for messages: "bashni match"
	name          string // the file's flag, for messages: "-pdn"
	force, append *bool
}

func addGameFileFlags(fs *flag.FlagSet, name string) *gameFileFlags {
	return &gameFileFlags{
		cmd:    fs.Name(),
		name:   name,
		force:  fs.Bool("force", false, "replace the "+name+" file if it exists (a regular file only; it is replaced only once the games are written)"),
		append: fs.Bool("append", false, "add the games to the end of the "+name+" file if it exists"),
	}
}

// open opens the file at path as the flags say. It is an error, before any
// game is played, when the file exists and neither flag is given, when both
// are, when -force would replace something other than a regular file, or
// when the file cannot be written. A temporary file for -force is named on
// stderr.
func (gf *gameFileFlags) open(path string, stderr io.Writer) (*gameFile, error) {
	if *gf.force && *gf.append {
		return nil, errors.New("-force and -append: give one (replace the file, or add to it)")
	}
	g := &gameFile{path: path}
	target, st, err := existing(path)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", gf.name, path, err)
	}
	switch {
	case st != nil && st.IsDir():
		return nil, fmt.Errorf("%s %s: is a directory; give the path of a file", gf.name, path)
	case *gf.append:
		g.f, err = os.OpenFile(target, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err == nil {
			var st os.FileInfo
			if st, err = g.f.Stat(); err == nil && st.Mode().IsRegular() {
				g.size = st.Size()
			}
		}
	case st != nil && !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s %s: is %s, not a regular file; -append writes to it, and -force replaces only a regular file", gf.name, path, kind(st.Mode()))
	case st != nil && *gf.force:
		// Beside the file, so the rename stays on one file system.
		g.f, err = os.CreateTemp(filepath.Dir(target), filepath.Base(target)+".*.tmp")
		if err == nil {
			g.dest = target
			if err = g.f.Chmod(st.Mode().Perm()); err != nil {
				g.f.Close()
				os.Remove(g.f.Name())
			} else {
				fmt.Fprintf(stderr, "%s: the games go to %s, which replaces %s once they are all written\n", gf.cmd, g.f.Name(), path)
			}
		}
	case st != nil:
		return nil, fmt.Errorf("%s %s: the file exists; give -append to add the games to it or -force to replace it", gf.name, path)
	default:
		g.f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", gf.name, err)
	}
	return g, nil
}

// existing returns what is at path, following symbolic links: the path of
// the file itself and its FileInfo, or a nil FileInfo when there is
// nothing. A symbolic link to nothing is an error: writing through it would
// create a file wherever it points.
func existing(path string) (target string, st os.FileInfo, err error) {
	lst, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return path, nil, nil
	case err != nil:
		return "", nil, err
	case lst.Mode()&fs.ModeSymlink == 0:
		return path, lst, nil
	}
	link, _ := os.Readlink(path)
	if target, err = filepath.EvalSymlinks(path); err != nil {
		return "", nil, fmt.Errorf("is a symbolic link to %s, which does not exist; give the path of the file to write", link)
	}
	st, err = os.Stat(target)
	return target, st, err
}

// kind names what a file that is not a regular file is, for messages.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
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
// write failed, in which case it is removed and the old file stays. When
// the temporary file cannot replace the old one, it is kept, and the error
// says where.
func (g *gameFile) Close() error {
	err := g.f.Close()
	if g.dest == "" {
		if err != nil && g.err == nil {
			return fmt.Errorf("writing %s: %w", g.path, err)
		}
		return g.err
	}
	if g.err != nil || err != nil {
		os.Remove(g.f.Name())
		if g.err != nil {
			return fmt.Errorf("%w (%s is as it was)", g.err, g.path)
		}
		return fmt.Errorf("writing %s: %w (the file is as it was)", g.path, err)
	}
	if err := os.Rename(g.f.Name(), g.dest); err != nil {
		return fmt.Errorf("replacing %s: %w (the games are kept in %s)", g.path, err, g.f.Name())
	}
	return nil
}

// closeAfter closes the file once the games have ended, all played (err
// nil) or cut short by err, and returns what to tell: err with where the
// games are (the games saved; the old file as it was when -force's
// temporary file is dropped after a failed write), or Close's error.
func (g *gameFile) closeAfter(err error) error {
	cerr := g.Close()
	switch {
	case cerr == nil && err == nil:
		return nil
	case cerr == nil:
		return fmt.Errorf("%w (%s)", err, g.saved())
	case err == nil:
		return cerr
	case g.err != nil && g.dest == "":
		// err is the failed write, cut off the file; the games before it
		// stay.
		return fmt.Errorf("%w (%s)", err, g.saved())
	case g.err != nil:
		// err is the failed write; Close dropped the temporary file.
		return fmt.Errorf("%w (%s is as it was)", err, g.path)
	}
	return fmt.Errorf("%w; %w", err, cerr)
}

// saved says what the file holds, for messages: "3 games saved to x.pdn".
func (g *gameFile) saved() string {
	s := "s"
	if g.games == 1 {
		s = ""
	}
	return fmt.Sprintf("%d game%s saved to %s", g.games, s, g.path)
}
