package endgame

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
)

// TestWriteOpen builds tables into a directory, opens them, resumes a build
// from them, and checks that damaged files are refused with their name.
func TestWriteOpen(t *testing.T) {
	v := bashni.RussianDraughts()
	dir := Dir(t.TempDir(), v)
	solved := 0
	tb, err := Build(context.Background(), v, 3, BuildOptions{Dir: dir, Progress: func(p Progress) {
		if p.Read {
			t.Errorf("%s read from an empty directory", p.Signature)
		}
		solved++
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(Signatures(3)); solved != want {
		t.Errorf("%d tables reported, want %d", solved, want)
	}
	opened, err := Open(dir, v)
	if err != nil {
		t.Fatal(err)
	}
	if opened.Pieces() != 3 {
		t.Errorf("Open: %d pieces, want 3", opened.Pieces())
	}
	for _, s := range Signatures(3) {
		if !bytes.Equal(opened.tables[s.slot()], tb.tables[s.slot()]) {
			t.Errorf("%s reads back different", s)
		}
	}
	_, err = Build(context.Background(), v, 3, BuildOptions{Dir: dir, Progress: func(p Progress) {
		if !p.Read {
			t.Errorf("%s solved again rather than read", p.Signature)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, bashni.BrazilianDraughts()); err == nil || !strings.Contains(err.Error(), "russian-draughts") {
		t.Errorf("Open of russian tables as brazilian: %v", err)
	}
	if _, err := Open(t.TempDir(), v); err == nil || !strings.Contains(err.Error(), "no complete tables") {
		t.Errorf("Open of an empty directory: %v", err)
	}

	s := Signature{WhiteMen: 1, BlackKings: 1}
	path := filepath.Join(dir, fileName(s))
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", good[:len(good)-1], "truncated or padded"},
		{"header cut", good[:10], "truncated"},
		{"empty", nil, "truncated"},
		{"damaged", flip(good, headerSize+7), "checksum"},
		{"not a table", flip(good, 0), "no magic"},
		{"newer", flip(good, 8), "version"},
		{"another signature", flip(good, 37), "signature"},
	} {
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(dir, v)
		if err == nil || !errors.Is(err, ErrBadTable) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: Open says %v, want an ErrBadTable naming %s and saying %q", c.name, err, path, c.want)
		}
	}
}

// flip returns data with the byte at i changed.
func flip(data []byte, i int) []byte {
	out := bytes.Clone(data)
	out[i] ^= 0x20
	return out
}

// FuzzDecodeTable checks that no input makes the table reader panic or
// return a table of the wrong size.
func FuzzDecodeTable(f *testing.F) {
	v := bashni.RussianDraughts()
	s := Signature{WhiteKings: 1, BlackKings: 1}
	tab := make([]byte, s.Size())
	f.Add(append(header(v, s, tab), tab...))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decodeTable(bytes.NewReader(data), int64(len(data)), v, s)
		if err == nil && uint64(len(got)) != s.Size() {
			t.Fatalf("a table of %d entries, want %d", len(got), s.Size())
		}
		if err != nil && !errors.Is(err, ErrBadTable) {
			t.Fatalf("an error that is not ErrBadTable: %v", err)
		}
	})
}

// What stands at a table's name but is not a table file is refused with
// the name, by Open and by a Build that would go on from the directory: a
// directory is said to be one (it was "a header of 64 bytes, found 64:
// truncated"). A symbolic link is followed: to the table, it is read; to
// another table, refused; dangling, the table is missing. Other files in
// the directory (junk, a temporary file a stopped write left) are not
// read.
func TestOpenWhatIsNotATable(t *testing.T) {
	v := bashni.RussianDraughts()
	dir := Dir(t.TempDir(), v)
	if _, err := Build(context.Background(), v, 2, BuildOptions{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	s := Signature{WhiteKings: 1, BlackKings: 1}
	path := filepath.Join(dir, fileName(s))
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other, err := os.ReadFile(filepath.Join(dir, fileName(Signature{WhiteMen: 1, BlackKings: 1})))
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	link := func(data []byte) func() error {
		return func() error {
			target := filepath.Join(elsewhere, "t"+Ext)
			if err := os.WriteFile(target, data, 0o644); err != nil {
				return err
			}
			return os.Symlink(target, path)
		}
	}
	for _, c := range []struct {
		name   string
		make   func() error
		want   string // in Open's error; "" for none
		pieces int    // Open's pieces when it succeeds
	}{
		{"a directory", func() error { return os.Mkdir(path, 0o755) }, "a directory, not a table", 0},
		{"a link to the table", link(good), "", 2},
		{"a link to another table", link(other), "the table of signature", 0},
		{"a dangling link", func() error { return os.Symlink(filepath.Join(elsewhere, "none"), path) }, "no complete tables", 0},
	} {
		if err := os.RemoveAll(path); err != nil {
			t.Fatal(err)
		}
		if err := c.make(); err != nil {
			t.Fatal(err)
		}
		tb, err := Open(dir, v)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: Open: %v", c.name, err)
		case c.want == "" && tb.Pieces() != c.pieces:
			t.Errorf("%s: Open: %d pieces, want %d", c.name, tb.Pieces(), c.pieces)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: Open says %v, want %q", c.name, err, c.want)
		case c.want != "" && c.want != "no complete tables" && (!errors.Is(err, ErrBadTable) || !strings.Contains(err.Error(), path)):
			t.Errorf("%s: Open says %v, want an ErrBadTable naming %s", c.name, err, path)
		}
		if c.want != "" && c.want != "no complete tables" {
			if _, berr := Build(context.Background(), v, 2, BuildOptions{Dir: dir}); berr == nil || berr.Error() != err.Error() {
				t.Errorf("%s: Build says %v, want Open's %v", c.name, berr, err)
			}
		}
	}
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"junk" + Ext, fileName(s) + ".123.tmp", "w9m9k-b9m9k" + Ext} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("junk"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if tb, err := Open(dir, v); err != nil || tb.Pieces() != 2 {
		t.Errorf("Open with junk beside the tables: %v", err)
	}
}

// FuzzParseSignature: no text makes ParseSignature panic; a signature it
// reads is one a table is built for, and is written (String) as the text.
func FuzzParseSignature(f *testing.F) {
	for _, s := range []string{"w2m1k-b0m1k", "w0m0k-b1m0k", "w+1m1k-b0m1k", "w01m1k-b0m1k", "w1m1k-b0m1kx", "w9m0k-b0m1k", "w-1m3k-b0m1k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSignature(text)
		if err != nil {
			return
		}
		if !s.Valid() || s.String() != text {
			t.Fatalf("ParseSignature(%q) = %+v, written %q, valid %v", text, s, s, s.Valid())
		}
	})
}
