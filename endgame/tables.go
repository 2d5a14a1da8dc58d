package endgame

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/bashni-dev/bashni"
)

// Tables is the endgame tables of one variant, in memory: every signature
// of up to Pieces pieces. It is safe for use by several goroutines.
type Tables struct {
	variant bashni.Variant
	pieces  int
	tables  *bySignature
}

// bySignature holds a table per signature, in an array rather than a map:
// the build looks a table up at every move and a search at every probe,
// and hashing a Signature for a map took a sixth of the build's time.
type bySignature [(maxPieces + 1) * (maxPieces + 1) * (maxPieces + 1) * (maxPieces + 1)][]byte

func (s Signature) slot() int {
	return ((s.WhiteMen*(maxPieces+1)+s.WhiteKings)*(maxPieces+1)+s.BlackMen)*(maxPieces+1) + s.BlackKings
}

// Variant returns the classic preset the tables are of. They serve every
// ruleset that differs from it only in its draw-rule counts (Ruleset). A nil
// *Tables is of none: the zero Variant.
func (t *Tables) Variant() bashni.Variant {
	if t == nil {
		return bashni.Variant{}
	}
	return t.variant
}

// Pieces returns the most pieces of a position the tables hold; 0 for a nil
// *Tables.
func (t *Tables) Pieces() int {
	if t == nil {
		return 0
	}
	return t.pieces
}

// Probe returns the value of the position for the side to move, and false
// when the tables do not hold it: another ruleset, more pieces than
// Pieces, or a side not to move with no piece (the game ended before it).
// A ruleset that differs from the tables' only in its draw-rule counts
// (Variant.Repetitions, Variant.KingsOnlyPlies) is theirs: the value is
// that of the game without draw rules in every one of them. A nil *Tables
// holds nothing. It neither allocates nor generates moves: a search may
// probe at every node.
func (t *Tables) Probe(p *bashni.Position) (Value, bool) {
	if t == nil || p.Occupied().Len() > t.pieces || !sameMoves(p.Variant(), t.variant) {
		return Value{}, false
	}
	s, i := locate(p)
	b, err := t.entry(s, i)
	return decode(b), err == nil
}

// entry returns the entry i of signature s's table. A side to move with no
// piece has lost; a side to move whose opponent has none is not in a table
// (the game ended before: a capture of the last piece is a move to a loss).
func (t *Tables) entry(s Signature, i uint64) (byte, error) {
	if s.WhiteMen+s.WhiteKings == 0 {
		return lostNow, nil
	}
	tab := t.tables[s.slot()]
	if tab == nil {
		return 0, fmt.Errorf("endgame: no table %s of %s", s, t.variant)
	}
	return tab[i], nil
}

// Progress reports one table solved (or read) by Build.
type Progress struct {
	Signature Signature
	// Done of Total tables are solved, this one included.
	Done, Total int
	Stats
	// Read is true for a table read from the directory rather than solved.
	Read bool
	// Elapsed is the time since the build started.
	Elapsed time.Duration
}

// Stats counts the positions of a table (its used entries) by value.
type Stats struct {
	Positions, Wins, Draws, Losses uint64
	// Longest is the longest distance of a win or a loss, in plies.
	Longest int
}

// BuildOptions configure Build.
type BuildOptions struct {
	// Dir, when set, is the directory of the variant's tables (Dir names
	// one in the cache directory): a table found in it, whole, is read
	// rather than solved again, and every table solved is written to it at
	// once, so that a build stopped half way goes on where it stopped.
	Dir string
	// Progress, when set, is called after each table.
	Progress func(Progress)
}

// Dir returns the directory of the variant's tables under a cache
// directory: base/<preset name>, the name of the classic preset whose
// tables serve v (Ruleset), else v's own (Variant.Name: base itself for a
// custom ruleset, which has no name and no tables).
func Dir(base string, v bashni.Variant) string {
	if p, ok := Ruleset(v); ok {
		v = p
	}
	return filepath.Join(base, v.Name())
}

// classic are the presets tables are built for.
var classic = [...]bashni.Variant{bashni.RussianDraughts(), bashni.BrazilianDraughts()}

// Ruleset returns the classic preset (russian-draughts or
// brazilian-draughts) whose tables serve v, and false when there is none:
// v is the preset itself, or the preset with other draw-rule counts
// (repetitions, kings-only: docs/RULES.md section 9), such as
// "russian-draughts,repetitions=0". The tables' values are those of the
// game without draw rules, so the counts change no entry and one set of
// tables serves them all. An invalid v has none.
func Ruleset(v bashni.Variant) (bashni.Variant, bool) {
	if v.Validate() != nil {
		return bashni.Variant{}, false
	}
	for _, p := range classic {
		if sameMoves(v, p) {
			return p, true
		}
	}
	return bashni.Variant{}, false
}

// sameMoves reports whether a and b differ at most in their draw-rule
// counts, which tables ignore.
func sameMoves(a, b bashni.Variant) bool {
	a.Repetitions, a.KingsOnlyPlies = b.Repetitions, b.KingsOnlyPlies
	return a == b
}

// checkVariant returns the classic preset whose tables serve v (Ruleset),
// or an error for a ruleset they are not built for.
func checkVariant(v bashni.Variant) (bashni.Variant, error) {
	if err := v.Validate(); err != nil {
		return bashni.Variant{}, err
	}
	p, ok := Ruleset(v)
	if !ok {
		return bashni.Variant{}, fmt.Errorf("endgame: tables are for the classic presets (russian-draughts, brazilian-draughts, with any draw-rule counts), not %s", v)
	}
	return p, nil
}

// Build solves the tables of every signature of 2 to pieces pieces of the
// variant (a classic preset, or one with other draw-rule counts: the tables
// are the preset's, see Ruleset), smallest first. It stops with ctx's error
// when ctx ends.
func Build(ctx context.Context, v bashni.Variant, pieces int, opts BuildOptions) (*Tables, error) {
	v, err := checkVariant(v)
	if err != nil {
		return nil, err
	}
	if pieces < 2 || pieces > maxPieces {
		return nil, fmt.Errorf("endgame: %d pieces: tables hold 2 to %d", pieces, maxPieces)
	}
	if opts.Dir != "" {
		if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	t := &Tables{variant: v, pieces: pieces, tables: new(bySignature)}
	sigs := Signatures(pieces)
	done := 0
	for k := 0; k < len(sigs); k++ {
		s := sigs[k]
		if t.tables[s.slot()] != nil {
			continue // solved with its swap
		}
		group := []Signature{s}
		if w := s.Swapped(); w != s {
			group = append(group, w)
		}
		read, err := t.readGroup(opts.Dir, group)
		if err != nil {
			return nil, err
		}
		if !read {
			sv := &solver{v: v, sigs: group, lookup: t.entry}
			if err := sv.solve(ctx); err != nil {
				return nil, err
			}
			for j, g := range group {
				t.tables[g.slot()] = sv.vals[sv.offset[j] : sv.offset[j]+g.Size()]
				if opts.Dir != "" {
					if err := writeTable(opts.Dir, v, g, t.tables[g.slot()]); err != nil {
						return nil, err
					}
				}
			}
		}
		if opts.Progress != nil {
			for _, g := range group {
				done++
				opts.Progress(Progress{Signature: g, Done: done, Total: len(sigs),
					Stats: g.stats(t.tables[g.slot()]), Read: read, Elapsed: time.Since(start)})
			}
		}
	}
	return t, nil
}

// readGroup reads the group's tables from dir when all are there, and
// reports whether it did; a table that is there but bad is an error.
func (t *Tables) readGroup(dir string, group []Signature) (bool, error) {
	if dir == "" {
		return false, nil
	}
	tabs := make([][]byte, len(group))
	for j, g := range group {
		tab, err := readTable(filepath.Join(dir, fileName(g)), t.variant, g)
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		tabs[j] = tab
	}
	for j, g := range group {
		t.tables[g.slot()] = tabs[j]
	}
	return true, nil
}

// errNoTables is wrapped by Open's error for a directory without a
// complete set of tables of any size: no tables, for Library.For.
var errNoTables = errors.New("no complete tables")

// Open reads the tables of the variant (a classic preset, or one with
// other draw-rule counts: the tables are the preset's, see Ruleset) from
// its directory dir (see Dir): every signature of up to the most pieces for
// which all are there. A bad or truncated table is an error that names its
// file; a directory with no table is an error too.
func Open(dir string, v bashni.Variant) (*Tables, error) {
	v, err := checkVariant(v)
	if err != nil {
		return nil, err
	}
	t := &Tables{variant: v, tables: new(bySignature)}
	for n := 2; n <= maxPieces; n++ {
		var have []Signature
		for _, s := range Signatures(n) {
			if s.Pieces() == n {
				have = append(have, s)
			}
		}
		read := 0
		for _, s := range have {
			tab, err := readTable(filepath.Join(dir, fileName(s)), v, s)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, err
			}
			t.tables[s.slot()] = tab
			read++
		}
		if read < len(have) {
			break // a size not all there: probes of it would miss
		}
		t.pieces = n
	}
	if t.pieces == 0 {
		return nil, fmt.Errorf("endgame: %w of %s in %s (build them with bashni tables build)", errNoTables, v.Name(), dir)
	}
	for _, s := range Signatures(maxPieces) {
		if s.Pieces() > t.pieces {
			t.tables[s.slot()] = nil
		}
	}
	return t, nil
}

// Stats returns the counts of the table of signature s, false if the
// tables do not hold it (a nil *Tables holds none).
func (t *Tables) Stats(s Signature) (Stats, bool) {
	if t == nil || t.tables == nil || !s.Valid() || t.tables[s.slot()] == nil {
		return Stats{}, false
	}
	tab := t.tables[s.slot()]
	return s.stats(tab), true
}

// stats counts a table's used entries by value.
func (s Signature) stats(tab []byte) Stats {
	var st Stats
	for i, b := range tab {
		if _, ok := s.placementAt(uint64(i)); !ok {
			continue
		}
		st.Positions++
		switch {
		case b == drawByte:
			st.Draws++
		case isWin(b):
			st.Wins++
		default:
			st.Losses++
		}
		if b != drawByte {
			st.Longest = max(st.Longest, plies(b))
		}
	}
	return st
}
