package endgame

import (
	"errors"
	"io/fs"
	"os"
	"sync"

	"github.com/bashni-dev/bashni"
)

// Library is a directory of tables, as bashni tables build writes them
// (each ruleset's under its name, see Dir), that opens a ruleset's tables
// the first time they are asked for and keeps them. A ruleset with no
// tables yet is looked for again at the next ask, so that tables built
// meanwhile are found. A program whose ruleset changes (the protocols'
// variant commands) asks it at each change. It is safe for use by several
// goroutines.
type Library struct {
	dir  string
	mu   sync.Mutex
	open map[string]*Tables
}

// NewLibrary returns the library of the directory dir.
func NewLibrary(dir string) *Library { return &Library{dir: dir, open: map[string]*Tables{}} }

// Dir returns the library's directory; "" for a nil *Library.
func (l *Library) Dir() string {
	if l == nil {
		return ""
	}
	return l.dir
}

// For returns the tables of the variant: nil when it has none (it is not a
// classic preset nor one with other draw-rule counts, see Ruleset, or no
// tables of it were built in the directory), and an error when they are
// there but cannot be read (a damaged file). The rulesets that differ only
// in their draw-rule counts share the preset's tables. A nil *Library has
// no tables.
func (l *Library) For(v bashni.Variant) (*Tables, error) {
	if l == nil {
		return nil, nil
	}
	v, err := checkVariant(v)
	if err != nil {
		return nil, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if t, ok := l.open[v.Name()]; ok {
		return t, nil
	}
	dir := Dir(l.dir, v)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil // not built yet (not kept, so that a later build is found)
	}
	t, err := Open(dir, v)
	if errors.Is(err, errNoTables) {
		// Not built, or a build under way or stopped before its first
		// complete size: none yet (not kept, so that a finished build is
		// found).
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	l.open[v.Name()] = t
	return t, nil
}
