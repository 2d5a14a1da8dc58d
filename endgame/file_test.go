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
