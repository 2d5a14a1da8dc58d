package eval

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// patternsMagic begins a pattern weights file (docs/FORMATS.md, "Pattern
// weights").
const patternsMagic = "bashni-patterns 1"

// maxPatternsHeader bounds the header line, in bytes.
const maxPatternsHeader = 100

// WritePatterns writes p in the pattern weights format: the line
// "bashni-patterns 1 LAYOUT SIZE COUNT" and then COUNT weights as 16-bit
// little-endian two's-complement integers.
func WritePatterns(w io.Writer, p *Patterns) error {
	if _, err := fmt.Fprintf(w, "%s %s %d %d\n", patternsMagic, p.Layout.Name, p.Size, len(p.W)); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, p.W)
}

// ReadPatterns reads pattern weights in the format WritePatterns writes.
// The layout must be one of the named ones (PatternLayout), the board 7 or
// 8 ranks, COUNT the layout's number of weights on that board and exactly
// the bytes that follow; an error says which part is wrong.
func ReadPatterns(data []byte) (*Patterns, error) {
	nl := bytes.IndexByte(data[:min(len(data), maxPatternsHeader)], '\n')
	if nl < 0 {
		return nil, fmt.Errorf("patterns: no header line %q in the first %d bytes", patternsMagic+" LAYOUT SIZE COUNT", maxPatternsHeader)
	}
	header, body := string(data[:nl]), data[nl+1:]
	rest, ok := strings.CutPrefix(header, patternsMagic+" ")
	if !ok {
		return nil, fmt.Errorf("patterns: header %q: want %q LAYOUT SIZE COUNT", header, patternsMagic)
	}
	f := strings.Fields(rest)
	if len(f) != 3 {
		return nil, fmt.Errorf("patterns: header %q: want %q LAYOUT SIZE COUNT", header, patternsMagic)
	}
	var l PatternLayout
	for _, x := range patternLayouts {
		if x.Name == f[0] {
			l = x
		}
	}
	if l.Name == "" {
		return nil, fmt.Errorf("patterns: header: unknown layout %q", f[0])
	}
	size, err := strconv.Atoi(f[1])
	if err != nil || size < 7 || size > 8 {
		return nil, fmt.Errorf("patterns: header: board size %q: want 7 or 8", f[1])
	}
	count, err := strconv.Atoi(f[2])
	if want := l.Len(size); err != nil || count != want {
		return nil, fmt.Errorf("patterns: header: count %q: layout %s has %d weights on %dx%d", f[2], l.Name, want, size, size)
	}
	if len(body) != 2*count {
		return nil, fmt.Errorf("patterns: %d bytes of weights after the header, want %d (%d weights of 2 bytes)", len(body), 2*count, count)
	}
	p := NewPatterns(l, size)
	for i := range p.W {
		p.W[i] = int16(binary.LittleEndian.Uint16(body[2*i:]))
	}
	return p, nil
}
