package book

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"os"
	"unsafe"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/atomicfile"
)

// The file format (docs/FORMATS.md, "Opening books"), little-endian:
//
//	magic      8 bytes  "bashnibk"
//	version    1 byte   1
//	ruleset    2 bytes  length L (1 to MaxRulesetText), then L bytes: Variant.String()
//	positions  4 bytes  P
//	moves      4 bytes  M, the moves of all positions
//	P times, keys strictly increasing:
//	  key      8 bytes  Position.Key
//	  count    2 bytes  its moves, 1 to 65535
//	  count times:
//	    n      1 byte   squares of the move's path, 2 to 13
//	    path   n bytes  Move.Path: the start square, then each landing (a1 = 0, b1 = 1, ..., h8 = 63)
//	    score  2 bytes  signed, for the side to move, in hundredths of a man
//	    weight 4 bytes
//	crc        4 bytes  CRC-32 (IEEE) of every byte before it
const (
	magic   = "bashnibk"
	version = 1
	// MaxRulesetText is the longest ruleset text a book file may name, in
	// bytes.
	MaxRulesetText = 1024
	// maxCount is the most moves a position of a file may have.
	maxCount = math.MaxUint16
	// maxScore bounds a stored score: engine.Win.
	maxScore = 30000
)

// DefaultMaxBytes is a memory limit for Read that suits books of a few
// million moves: 64 MiB.
const DefaultMaxBytes = 64 << 20

// ErrTooBig is wrapped by the error of Read for a book that would take more
// memory than its limit, and by that of Build for a book it will not let
// take more than BuildOptions.MaxBytes.
var ErrTooBig = errors.New("the book is larger than its memory limit")

// ErrOtherRuleset is wrapped by the error of Book.Check for a book of
// another ruleset.
var ErrOtherRuleset = errors.New("a book of another ruleset")

// A FormatError is a book file that cannot be read: Offset is the byte of
// the file where reading failed, Reason says why.
type FormatError struct {
	Path   string // the file's path, when ReadFile read it
	Offset int64
	Reason string
	Err    error // what it wraps: ErrTooBig, io.ErrUnexpectedEOF, the reader's error, or nil
}

// Error returns the error text: the file, the byte and why.
func (e *FormatError) Error() string {
	if e.Path != "" {
		return fmt.Sprintf("book: %s: byte %d: %s", e.Path, e.Offset, e.Reason)
	}
	return fmt.Sprintf("book: byte %d: %s", e.Offset, e.Reason)
}

// Unwrap returns Err, for errors.Is (ErrTooBig, io.ErrUnexpectedEOF).
func (e *FormatError) Unwrap() error { return e.Err }

// MemoryBytes returns the bytes of memory a book of the given numbers of
// positions and moves takes once read, as Read counts them against its
// limit. The counts are 0 or more, as a book's Len and Moves are: a
// negative count counts as 0, and a total past the largest int64 is
// math.MaxInt64, so that the result is never below a book's and passes no
// limit it should not.
func MemoryBytes(positions, moves int) int64 {
	p, m := int64(max(positions, 0)), int64(max(moves, 0))
	base := memoryBytes(0, 0)
	perPosition, perMove := memoryBytes(1, 0)-base, memoryBytes(0, 1)-base
	if p > (math.MaxInt64-base)/perPosition || m > (math.MaxInt64-base-p*perPosition)/perMove {
		return math.MaxInt64
	}
	return memoryBytes(p, m)
}

// memoryBytes is MemoryBytes in int64s, for a header's uint32 counts that
// an int of 32 bits does not hold.
func memoryBytes(positions, moves int64) int64 {
	return positions*(8+4) + 4 + moves*int64(unsafe.Sizeof(record{}))
}

// Check returns nil when the book is for the ruleset v, and otherwise an
// error wrapping ErrOtherRuleset that names both. A nil *Book is for no
// ruleset.
func (b *Book) Check(v bashni.Variant) error {
	if b == nil {
		return fmt.Errorf("book: %w: no book (nil), not one for %s", ErrOtherRuleset, v)
	}
	if b.variant != v {
		return fmt.Errorf("book: %w: the book is for %s, not %s", ErrOtherRuleset, b.variant, v)
	}
	return nil
}

// reader reads a book file, counting its bytes and their checksum.
type reader struct {
	r   *bufio.Reader
	off int64
	crc hash.Hash32
	buf [8]byte
}

func (rd *reader) fail(reason string, err error) error {
	return &FormatError{Offset: rd.off, Reason: reason, Err: err}
}

// read reads n bytes (at most 8) into rd.buf; at the end of the file the
// error says what was being read.
func (rd *reader) read(n int, what string) ([]byte, error) {
	b := rd.buf[:n]
	if _, err := io.ReadFull(rd.r, b); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, rd.fail("the file ends in "+what+" (truncated)", io.ErrUnexpectedEOF)
		}
		return nil, rd.fail("reading "+what+": "+err.Error(), err)
	}
	rd.crc.Write(b)
	rd.off += int64(n)
	return b, nil
}

func (rd *reader) u8(what string) (uint8, error) {
	b, err := rd.read(1, what)
	if err != nil {
		return 0, err
	}
	return b[0], nil
}

func (rd *reader) u16(what string) (uint16, error) {
	b, err := rd.read(2, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint16(b), nil
}

func (rd *reader) u32(what string) (uint32, error) {
	b, err := rd.read(4, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

func (rd *reader) u64(what string) (uint64, error) {
	b, err := rd.read(8, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b), nil
}

// Read reads a book file from r. The book may take at most maxBytes bytes
// of memory (MemoryBytes), which is checked from the file's header before
// anything is allocated: a larger book is an error wrapping ErrTooBig. A
// file that is not a book, is truncated, or breaks the format anywhere is
// a *FormatError with the byte where reading stopped, as is an error of r,
// which it wraps.
func Read(r io.Reader, maxBytes int64) (*Book, error) {
	rd := &reader{r: bufio.NewReader(r), crc: crc32.NewIEEE()}
	head, err := rd.read(len(magic), "the magic bytes")
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err // a read error, not a short file
	}
	if err != nil || string(head) != magic {
		return nil, &FormatError{Offset: 0, Reason: "not a bashni book (it does not start with " + magic + ")"}
	}
	if ver, err := rd.u8("the version"); err != nil {
		return nil, err
	} else if ver != version {
		return nil, rd.fail(fmt.Sprintf("format version %d; this program reads version %d", ver, version), nil)
	}
	b := &Book{}
	if b.variant, err = readRuleset(rd); err != nil {
		return nil, err
	}
	np, err := rd.u32("the number of positions")
	if err != nil {
		return nil, err
	}
	nm, err := rd.u32("the number of moves")
	if err != nil {
		return nil, err
	}
	// Where an int has 32 bits, no more than math.MaxInt bytes can be had
	// whatever maxBytes says.
	if need, limit := memoryBytes(int64(np), int64(nm)), min(maxBytes, math.MaxInt); need > limit {
		return nil, rd.fail(fmt.Sprintf("%d positions and %d moves take %d bytes, more than the limit of %d", np, nm, need, limit), ErrTooBig)
	}
	b.keys = make([]uint64, 0, np)
	b.first = make([]uint32, 0, np+1)
	b.moves = make([]record, 0, nm)
	for i := range np {
		if err := readPosition(rd, b, i, nm); err != nil {
			return nil, err
		}
	}
	b.first = append(b.first, uint32(len(b.moves)))
	if uint32(len(b.moves)) != nm {
		return nil, rd.fail(fmt.Sprintf("the positions hold %d moves, the header says %d", len(b.moves), nm), nil)
	}
	sum := rd.crc.Sum32()
	got, err := rd.u32("the checksum")
	if err != nil {
		return nil, err
	}
	if got != sum {
		return nil, rd.fail(fmt.Sprintf("checksum %08x, but the bytes before it sum to %08x (the file is damaged)", got, sum), nil)
	}
	if _, err := rd.r.ReadByte(); err == nil {
		return nil, rd.fail("bytes after the checksum", nil)
	}
	return b, nil
}

// readRuleset reads the ruleset's text and the Variant it names.
func readRuleset(rd *reader) (bashni.Variant, error) {
	n, err := rd.u16("the ruleset's length")
	if err != nil {
		return bashni.Variant{}, err
	}
	if n == 0 || n > MaxRulesetText {
		return bashni.Variant{}, rd.fail(fmt.Sprintf("a ruleset text of %d bytes (want 1 to %d)", n, MaxRulesetText), nil)
	}
	start := rd.off
	text := make([]byte, 0, n)
	for range n {
		c, err := rd.u8("the ruleset")
		if err != nil {
			return bashni.Variant{}, err
		}
		text = append(text, c)
	}
	v, err := bashni.ParseVariant(string(text))
	if err != nil {
		return bashni.Variant{}, &FormatError{Offset: start, Reason: fmt.Sprintf("ruleset %q: %s", text, bashni.Message(err))}
	}
	return v, nil
}

// readPosition reads the i-th position with its moves into b; nm is the
// header's number of moves, which the positions may not exceed.
func readPosition(rd *reader, b *Book, i, nm uint32) error {
	at := rd.off
	key, err := rd.u64(fmt.Sprintf("the key of position %d", i+1))
	if err != nil {
		return err
	}
	if n := len(b.keys); n > 0 && key <= b.keys[n-1] {
		return &FormatError{Offset: at, Reason: fmt.Sprintf("position %d: key %016x is not above the one before (%016x): the keys must be sorted, each once", i+1, key, b.keys[n-1])}
	}
	count, err := rd.u16(fmt.Sprintf("the move count of position %d", i+1))
	if err != nil {
		return err
	}
	if count == 0 {
		return rd.fail(fmt.Sprintf("position %d has no moves", i+1), nil)
	}
	if uint64(len(b.moves))+uint64(count) > uint64(nm) {
		return rd.fail(fmt.Sprintf("position %d: more moves than the header's %d", i+1, nm), nil)
	}
	b.keys = append(b.keys, key)
	b.first = append(b.first, uint32(len(b.moves)))
	for j := range count {
		r, err := readMove(rd, b.variant, fmt.Sprintf("move %d of position %d", j+1, i+1))
		if err != nil {
			return err
		}
		b.moves = append(b.moves, r)
	}
	return nil
}

// readMove reads one move; what names it in errors.
func readMove(rd *reader, v bashni.Variant, what string) (record, error) {
	var r record
	n, err := rd.u8(what)
	if err != nil {
		return r, err
	}
	if n < 2 || n > maxPath {
		return r, rd.fail(fmt.Sprintf("%s: a path of %d squares (want 2 to %d)", what, n, maxPath), nil)
	}
	r.n = n
	for k := range n {
		c, err := rd.u8(what)
		if err != nil {
			return r, err
		}
		if s := bashni.Square(c); !v.OnBoard(s) {
			return r, rd.fail(fmt.Sprintf("%s: square %d is not a square of the board", what, c), nil)
		}
		r.path[k] = bashni.Square(c)
	}
	sc, err := rd.u16(what)
	if err != nil {
		return r, err
	}
	if s := int16(sc); s > maxScore || s < -maxScore {
		return r, rd.fail(fmt.Sprintf("%s: score %d is beyond a win (%d)", what, s, maxScore), nil)
	}
	r.score = int16(sc)
	if r.weight, err = rd.u32(what); err != nil {
		return r, err
	}
	return r, nil
}

// ReadFile reads the book file at path, as Read does.
func ReadFile(path string, maxBytes int64) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	defer f.Close()
	b, err := Read(f, maxBytes)
	if fe := (*FormatError)(nil); errors.As(err, &fe) {
		fe.Path = path
	}
	return b, err
}

// Write writes the book to w in the file format that Read reads. A nil
// *Book, or a Book that neither Build nor Read made (its ruleset is one
// Validate refuses, which Read would refuse), is an error, and nothing is
// written.
func (b *Book) Write(w io.Writer) error {
	if b == nil {
		return errors.New("book: no book to write (a nil *Book)")
	}
	if err := b.variant.Validate(); err != nil {
		return fmt.Errorf("book: a book of no ruleset (not made by Build or Read): %w", err)
	}
	for i := range b.keys {
		if n := b.first[i+1] - b.first[i]; n == 0 || n > maxCount {
			return fmt.Errorf("book: position %016x has %d moves (a file holds 1 to %d)", b.keys[i], n, maxCount)
		}
	}
	bw := bufio.NewWriter(w)
	crc := crc32.NewIEEE()
	out := io.MultiWriter(bw, crc)
	text := b.variant.String()
	var buf []byte
	buf = append(buf, magic...)
	buf = append(buf, version)
	buf = binary.LittleEndian.AppendUint16(buf, uint16(len(text)))
	buf = append(buf, text...)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(b.keys)))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(b.moves)))
	if _, err := out.Write(buf); err != nil {
		return err
	}
	for i, key := range b.keys {
		ms := b.moves[b.first[i]:b.first[i+1]]
		buf = binary.LittleEndian.AppendUint64(buf[:0], key)
		buf = binary.LittleEndian.AppendUint16(buf, uint16(len(ms)))
		for _, r := range ms {
			buf = append(buf, r.n)
			for _, s := range r.path[:r.n] {
				buf = append(buf, byte(s))
			}
			buf = binary.LittleEndian.AppendUint16(buf, uint16(r.score))
			buf = binary.LittleEndian.AppendUint32(buf, r.weight)
		}
		if _, err := out.Write(buf); err != nil {
			return err
		}
	}
	if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteFile writes the book to the file at path, atomically: to a
// temporary file beside it, which then replaces the file (keeping its
// permissions; a new file gets 0644). When writing fails the file at path
// is as it was and the temporary file is removed.
func (b *Book) WriteFile(path string) error {
	if err := atomicfile.Write(path, b.Write); err != nil {
		return fmt.Errorf("book: writing %s: %w (the file is as it was)", path, err)
	}
	return nil
}
