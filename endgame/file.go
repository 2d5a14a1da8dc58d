package endgame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/atomicfile"
)

// The file of one table (docs/FORMATS.md, "Endgame tables"): a header of
// 64 bytes, then the table's entries, one byte each.
//
//	offset size
//	0      8    magic "BASHNIEG"
//	8      2    version, 1 (little-endian, as every number)
//	10     1    entry encoding, 1: a distance byte per entry (FORMATS.md)
//	11     1    0
//	12     24   variant name, zero-padded
//	36     16   signature (Signature.String), zero-padded
//	52     8    number of entries: the signature's Size
//	60     4    CRC-32C (Castagnoli) of the entries
const (
	magic        = "BASHNIEG"
	version      = 1
	encoding     = 1
	headerSize   = 64
	variantField = 24
	sigField     = 16
	// Ext is the file name extension of a table.
	Ext = ".bneg"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// fileName returns the name of signature s's table file.
func fileName(s Signature) string { return s.String() + Ext }

// header returns the header of signature s's table with entries tab.
func header(v bashni.Variant, s Signature, tab []byte) []byte {
	h := make([]byte, headerSize)
	copy(h, magic)
	binary.LittleEndian.PutUint16(h[8:], version)
	h[10] = encoding
	copy(h[12:12+variantField], v.Name())
	copy(h[36:36+sigField], s.String())
	binary.LittleEndian.PutUint64(h[52:], uint64(len(tab)))
	binary.LittleEndian.PutUint32(h[60:], crc32.Checksum(tab, castagnoli))
	return h
}

// writeTable writes signature s's table into dir, atomically: into a
// temporary file renamed over the table's name once whole, so that a
// reader never sees half a table.
func writeTable(dir string, v bashni.Variant, s Signature, tab []byte) error {
	return atomicfile.Write(filepath.Join(dir, fileName(s)), func(w io.Writer) error {
		if _, err := w.Write(header(v, s, tab)); err != nil {
			return err
		}
		_, err := w.Write(tab)
		return err
	})
}

// readTable reads the table file at path, which must hold signature s of
// variant v. A path that is there but is not a regular file (a directory,
// a named pipe, whose opening would wait for a writer) is a bad table.
func readTable(path string, v bashni.Variant, s Signature) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		what := "not a regular file"
		if st.IsDir() {
			what = "a directory"
		}
		return nil, fmt.Errorf("%s: %w: %s, not a table", path, ErrBadTable, what)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	tab, err := decodeTable(f, fi.Size(), v, s)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return tab, nil
}

// ErrBadTable is wrapped by every error of a table file that is not what
// its name and header say.
var ErrBadTable = errors.New("endgame: bad table file")

// decodeTable reads a table of size bytes from r, which must hold
// signature s of variant v. Its memory is bounded by the signature's Size,
// whatever the header says.
func decodeTable(r io.Reader, size int64, v bashni.Variant, s Signature) ([]byte, error) {
	bad := func(format string, args ...any) ([]byte, error) {
		return nil, fmt.Errorf("%w: %s", ErrBadTable, fmt.Sprintf(format, args...))
	}
	h := make([]byte, headerSize)
	if n, err := io.ReadFull(r, h); err != nil {
		if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return bad("reading the header: %v", err)
		}
		return bad("a header of %d bytes, found %d: truncated", headerSize, n)
	}
	if string(h[:8]) != magic {
		return bad("no magic %q at the start: not a table", magic)
	}
	if got := binary.LittleEndian.Uint16(h[8:]); got != version {
		return bad("version %d, this program reads %d", got, version)
	}
	if h[10] != encoding || h[11] != 0 {
		return bad("entry encoding %d.%d, this program reads %d.0", h[10], h[11], encoding)
	}
	if got := field(h[12 : 12+variantField]); got != v.Name() {
		return bad("a table of %q, not of %s", got, v.Name())
	}
	if got := field(h[36 : 36+sigField]); got != s.String() {
		return bad("the table of signature %q, not of %s", got, s)
	}
	entries := binary.LittleEndian.Uint64(h[52:])
	if entries != s.Size() {
		return bad("%d entries, signature %s has %d", entries, s, s.Size())
	}
	if want := int64(headerSize) + int64(entries); size != want {
		return bad("%d bytes, want %d (header and %d entries): truncated or padded", size, want, entries)
	}
	tab := make([]byte, entries)
	if _, err := io.ReadFull(r, tab); err != nil {
		return bad("entries: %v", err)
	}
	if got, want := crc32.Checksum(tab, castagnoli), binary.LittleEndian.Uint32(h[60:]); got != want {
		return bad("checksum %08x, the header says %08x: the file is damaged", got, want)
	}
	return tab, nil
}

// field returns a zero-padded text field of the header; a field with bytes
// after its padding is returned whole, so that it matches no name.
func field(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 && len(bytes.Trim(b[i:], "\x00")) == 0 {
		return string(b[:i])
	}
	return string(b)
}
