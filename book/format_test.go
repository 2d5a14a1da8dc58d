package book

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// smallBook is a book of a few positions, built once per test binary.
func smallBook(t testing.TB) (*Book, []byte) {
	t.Helper()
	b, err := Build(context.Background(), bashni.Russian(), BuildOptions{Positions: 4, Limits: engine.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return b, buf.Bytes()
}

// file writes a book file by hand: the header's fields, then body, then
// the checksum of it all.
func file(ruleset string, positions, moves uint32, body []byte) []byte {
	b := []byte(magic)
	b = append(b, version)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(ruleset)))
	b = append(b, ruleset...)
	b = binary.LittleEndian.AppendUint32(b, positions)
	b = binary.LittleEndian.AppendUint32(b, moves)
	b = append(b, body...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// position is one position's bytes in a file: key, count, then the moves
// (each: path squares, score, weight).
func position(key uint64, moves ...[]byte) []byte {
	b := binary.LittleEndian.AppendUint64(nil, key)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(moves)))
	for _, m := range moves {
		b = append(b, m...)
	}
	return b
}

func move(score int16, weight uint32, path ...bashni.Square) []byte {
	b := []byte{byte(len(path))}
	for _, s := range path {
		b = append(b, byte(s))
	}
	b = binary.LittleEndian.AppendUint16(b, uint16(score))
	return binary.LittleEndian.AppendUint32(b, weight)
}

func sq(name string) bashni.Square {
	s, err := bashni.ParseSquare(name)
	if err != nil {
		panic(err)
	}
	return s
}

func TestReadErrors(t *testing.T) {
	c3d4 := move(5, 1, sq("c3"), sq("d4"))
	for _, tc := range []struct {
		name, data, want string
	}{
		{"empty", "", "byte 0: not a bashni book"},
		{"not a book", "PK\x03\x04 zip", "byte 0: not a bashni book"},
		{"version", magic + "\x02", "byte 9: format version 2; this program reads version 1"},
		{"ruleset", string(file("chess", 0, 0, nil)), `byte 11: ruleset "chess"`},
		{"no ruleset", string(file("", 0, 0, nil)), "a ruleset text of 0 bytes"},
		{"moves short", string(file("russian", 1, 2, position(7, c3d4))), "the positions hold 1 moves, the header says 2"},
		{"moves over", string(file("russian", 1, 0, position(7, c3d4))), "position 1: more moves than the header's 0"},
		{"no moves", string(file("russian", 1, 0, position(7))), "position 1 has no moves"},
		{"unsorted", string(file("russian", 2, 2, append(position(9, c3d4), position(7, c3d4)...))), "position 2: key 0000000000000007 is not above the one before (0000000000000009)"},
		{"twice", string(file("russian", 2, 2, append(position(9, c3d4), position(9, c3d4)...))), "is not above the one before"},
		{"off board", string(file("russian", 1, 1, position(7, move(0, 1, sq("c3"), sq("d3"))))), "move 1 of position 1: square 19 is not a square of the board"},
		{"lasca square on 8x8", string(file("lasca", 1, 1, position(7, move(0, 1, sq("a1"), sq("h8"))))), "square 63 is not a square of the board"},
		{"short path", string(file("russian", 1, 1, position(7, move(0, 1, sq("c3"))))), "a path of 1 squares (want 2 to 13)"},
		{"score", string(file("russian", 1, 1, position(7, move(30001, 1, sq("c3"), sq("d4"))))), "score 30001 is beyond a win"},
		{"checksum", string(file("russian", 0, 0, nil)[:26]) + "\x00\x00\x00\x00", "checksum 00000000, but the bytes before it sum to"},
		{"trailing", string(file("russian", 0, 0, nil)) + "x", "bytes after the checksum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.data), DefaultMaxBytes)
			var fe *FormatError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want a *FormatError with %q", err, tc.want)
			}
		})
	}
}

// TestReadIOError: a read error is that error, wrapped in a *FormatError
// that says what was being read (at the byte where that began), from the
// first byte on: it is not taken for a file that is not a book (a
// directory given to ReadFile, a failing disk).
func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	_, data := smallBook(t)
	for _, n := range []int{0, 3, len(magic), len(magic) + 5, len(data) / 2} {
		_, err := Read(io.MultiReader(bytes.NewReader(data[:n]), iotest.ErrReader(boom)), DefaultMaxBytes)
		var fe *FormatError
		if !errors.As(err, &fe) || !errors.Is(err, boom) || fe.Offset > int64(n) || !strings.Contains(err.Error(), ": reading ") {
			t.Errorf("a read error after %d bytes: %v, want a *FormatError at a byte up to %d wrapping %q", n, err, n, boom)
		}
	}
	_, err := ReadFile(t.TempDir(), DefaultMaxBytes)
	if err == nil || strings.Contains(err.Error(), "not a bashni book") {
		t.Errorf("ReadFile of a directory: %v, want the read error", err)
	}
}

// TestReadTruncated: a file cut anywhere is an error that says it is
// truncated, at the byte where it ends.
func TestReadTruncated(t *testing.T) {
	_, data := smallBook(t)
	for n := len(magic) + 1; n < len(data); n++ {
		_, err := Read(bytes.NewReader(data[:n]), DefaultMaxBytes)
		var fe *FormatError
		if !errors.As(err, &fe) || !errors.Is(err, io.ErrUnexpectedEOF) || fe.Offset > int64(n) || !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("cut at %d of %d bytes: %v, want a truncation error at a byte up to %d", n, len(data), err, n)
		}
	}
}

// TestReadDamaged: a file with any one byte changed is refused (the
// checksum catches what the structure does not).
func TestReadDamaged(t *testing.T) {
	_, data := smallBook(t)
	for i := range data {
		bad := bytes.Clone(data)
		bad[i] ^= 0x10
		if _, err := Read(bytes.NewReader(bad), DefaultMaxBytes); err == nil {
			t.Fatalf("byte %d changed: no error", i)
		}
	}
}

// MemoryBytes is defined for any counts: a negative count counts as 0, and
// a total past the largest int64 is the largest int64, where -5 positions
// took -56 bytes and a count near math.MaxInt wrapped round to a negative
// number (either passed any limit).
func TestMemoryBytesOfAnyCounts(t *testing.T) {
	empty := MemoryBytes(0, 0)
	for _, c := range []struct {
		positions, moves int
		want             int64
	}{
		{-5, 0, empty},
		{0, -5, empty},
		{-1, 3, MemoryBytes(0, 3)},
		{3, math.MinInt, MemoryBytes(3, 0)},
	} {
		if got := MemoryBytes(c.positions, c.moves); got != c.want || got < empty {
			t.Errorf("MemoryBytes(%d, %d) = %d, want %d", c.positions, c.moves, got, c.want)
		}
	}
	if math.MaxInt == math.MaxInt64 {
		for _, c := range [][2]int{{math.MaxInt, 0}, {0, math.MaxInt}, {math.MaxInt, math.MaxInt}, {math.MaxInt / 12, math.MaxInt / 20}} {
			if got := MemoryBytes(c[0], c[1]); got != math.MaxInt64 {
				t.Errorf("MemoryBytes(%d, %d) = %d, want math.MaxInt64", c[0], c[1], got)
			}
		}
		// The most positions that fit count exactly; one more saturates.
		per := MemoryBytes(1, 0) - empty
		most := int((math.MaxInt64 - empty) / per)
		if got := MemoryBytes(most, 0); got != int64(most)*per+empty {
			t.Errorf("MemoryBytes(%d, 0) = %d, want %d", most, got, int64(most)*per+empty)
		}
		if got := MemoryBytes(most+1, 0); got != math.MaxInt64 {
			t.Errorf("MemoryBytes(%d, 0) = %d, want math.MaxInt64", most+1, got)
		}
		// 2^40 as a variable: the constant does not compile where int
		// has 32 bits (GOARCH=386), which never gets here.
		var big64 int64 = 1 << 40
		big := int(big64)
		if a, b := MemoryBytes(big, big), MemoryBytes(big+1, big); b-a != MemoryBytes(1, 0)-empty {
			t.Errorf("a position more adds %d bytes at 2^40, want %d", b-a, MemoryBytes(1, 0)-empty)
		}
	}
}

// TestReadMemoryLimit: the limit is checked from the header, counted in
// bytes as MemoryBytes counts them, before anything is allocated; a book
// of exactly the limit reads.
func TestReadMemoryLimit(t *testing.T) {
	b, data := smallBook(t)
	need := MemoryBytes(b.Len(), b.Moves())
	if _, err := Read(bytes.NewReader(data), need); err != nil {
		t.Fatalf("a limit of exactly %d bytes: %v", need, err)
	}
	_, err := Read(bytes.NewReader(data), need-1)
	if !errors.Is(err, ErrTooBig) {
		t.Fatalf("a limit of %d bytes: %v, want ErrTooBig", need-1, err)
	}
	// A header that claims billions of moves is refused at once, not
	// allocated, also where an int has 32 bits (GOARCH=386), in which
	// these counts are negative.
	for _, n := range []uint32{1 << 31, math.MaxUint32} {
		huge := file("russian", n, n, nil)
		if _, err := Read(bytes.NewReader(huge), DefaultMaxBytes); !errors.Is(err, ErrTooBig) {
			t.Fatalf("a header of %d positions: %v, want ErrTooBig", n, err)
		}
	}
}

func TestCheckOtherRuleset(t *testing.T) {
	b, _ := smallBook(t)
	if err := b.Check(bashni.Russian()); err != nil {
		t.Fatal(err)
	}
	err := b.Check(bashni.RussianDraughts())
	if !errors.Is(err, ErrOtherRuleset) || err.Error() != "book: a book of another ruleset: the book is for russian, not russian-draughts" {
		t.Fatalf("%v", err)
	}
	// Lookup answers nothing for the other ruleset's start, whose key is
	// the same.
	start := bashni.RussianDraughts().MustStart()
	if es := b.Lookup(&start); es != nil {
		t.Fatalf("a russian-draughts start: %v", es)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	b, data := smallBook(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "r.book")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("the file holds %d bytes (%v), want the book's %d", len(got), err, len(data))
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want the old file's 0600", st.Mode())
	}
	// Into a directory where the rename fails: the target is a directory.
	if err := b.WriteFile(dir); err == nil {
		t.Fatal("writing over a directory: no error")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("the directory holds %d files, want only r.book (no temporary file left)", len(ents))
	}
	if back, err := ReadFile(path, DefaultMaxBytes); err != nil || back.Len() != b.Len() {
		t.Fatalf("ReadFile: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none"), DefaultMaxBytes); err == nil {
		t.Fatal("a missing file: no error")
	}
}
