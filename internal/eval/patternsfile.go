package eval

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// patternsMagic begins a pattern weights file (docs/FORMATS.md, "Pattern
// weights"); the format's version follows it.
const patternsMagic = "bashni-patterns"

// maxPatternsHeader bounds the header line, in bytes.
const maxPatternsHeader = 100

// WritePatterns writes p in the pattern weights format, version 2: the
// line "bashni-patterns 2 LAYOUT SIZE COUNT" and then, for each nonzero
// weight in order, the number of zero weights before it (since the
// previous nonzero one) as an unsigned varint and the weight as a signed
// varint (encoding/binary's).
//
// Version 2 replaced version 1's 16-bit weights because fitted weights are
// mostly zero, and runs of zero bytes in an embedded file cost the
// WebAssembly build a data segment each.
func WritePatterns(w io.Writer, p *Patterns) error {
	b := fmt.Appendf(nil, "%s 2 %s %d %d\n", patternsMagic, p.Layout.Name, p.Size, len(p.W))
	zeros := 0
	for _, x := range p.W {
		if x == 0 {
			zeros++
			continue
		}
		b = binary.AppendUvarint(b, uint64(zeros))
		b = binary.AppendVarint(b, int64(x))
		zeros = 0
	}
	_, err := w.Write(b)
	return err
}

// ReadPatterns reads pattern weights in the format WritePatterns writes,
// or in version 1, where COUNT 16-bit little-endian weights follow the
// header. The layout must be one of the named ones (PatternLayout), the
// board 7 or 8 ranks, COUNT the layout's number of weights on that board
// and the body exactly that many weights; an error says which part is
// wrong.
func ReadPatterns(data []byte) (*Patterns, error) {
	nl := bytes.IndexByte(data[:min(len(data), maxPatternsHeader)], '\n')
	if nl < 0 {
		return nil, fmt.Errorf("patterns: no header line %q in the first %d bytes", patternsMagic+" VERSION LAYOUT SIZE COUNT", maxPatternsHeader)
	}
	header, body := string(data[:nl]), data[nl+1:]
	f := strings.Fields(header)
	if len(f) != 5 || f[0] != patternsMagic || (f[1] != "1" && f[1] != "2") {
		return nil, fmt.Errorf("patterns: header %q: want %q or %q and LAYOUT SIZE COUNT", header, patternsMagic+" 1", patternsMagic+" 2")
	}
	if want := strings.Join(f, " "); header != want {
		return nil, fmt.Errorf("patterns: header %q: want its fields one space apart, %q", header, want)
	}
	var l PatternLayout
	for _, x := range patternLayouts {
		if x.Name == f[2] {
			l = x
		}
	}
	if l.Name == "" {
		return nil, fmt.Errorf("patterns: header: unknown layout %q", f[2])
	}
	size, err := strconv.Atoi(f[3])
	if err != nil || size < 7 || size > 8 {
		return nil, fmt.Errorf("patterns: header: board size %q: want 7 or 8", f[3])
	}
	count, err := strconv.Atoi(f[4])
	if want := l.Len(size); err != nil || count != want {
		return nil, fmt.Errorf("patterns: header: count %q: layout %s has %d weights on %dx%d", f[4], l.Name, want, size, size)
	}
	p := NewPatterns(l, size)
	if f[1] == "1" {
		return p, readWeights16(p.W, body)
	}
	return p, readWeightsSparse(p.W, body)
}

// readWeights16 reads version 1's body: len(w) 16-bit little-endian
// weights.
func readWeights16(w []int16, body []byte) error {
	if len(body) != 2*len(w) {
		return fmt.Errorf("patterns: %d bytes of weights after the header, want %d (%d weights of 2 bytes)", len(body), 2*len(w), len(w))
	}
	for i := range w {
		w[i] = int16(binary.LittleEndian.Uint16(body[2*i:]))
	}
	return nil
}

// readWeightsSparse reads version 2's body: pairs of a count of zero
// weights and a nonzero weight. Only the shortest encodings are accepted,
// so that a file has one spelling and reads back as it was written.
func readWeightsSparse(w []int16, body []byte) error {
	at, i := 0, 0
	for at < len(body) {
		zeros, n := binary.Uvarint(body[at:])
		if n <= 0 || n != len(binary.AppendUvarint(nil, zeros)) {
			return fmt.Errorf("patterns: byte %d after the header: not a count of zero weights (a shortest unsigned varint)", at)
		}
		if zeros >= uint64(len(w)-i) {
			return fmt.Errorf("patterns: byte %d after the header: %d zero weights from weight %d run past the last (%d)", at, zeros, i, len(w))
		}
		at += n
		i += int(zeros)
		x, n := binary.Varint(body[at:])
		if n <= 0 || n != len(binary.AppendVarint(nil, x)) || x == 0 || x < math.MinInt16 || x > math.MaxInt16 {
			return fmt.Errorf("patterns: byte %d after the header: weight %d is not a nonzero 16-bit integer (a shortest signed varint)", at, i)
		}
		at += n
		w[i] = int16(x)
		i++
	}
	return nil
}
