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

// WritePatterns writes p in the pattern weights format, version 3: the
// line "bashni-patterns 3 LAYOUT SIZE COUNT NONZERO", then for each of the
// NONZERO nonzero weights in order its step from the previous one (its
// index less the previous one's, the first's index plus one) as an
// unsigned varint, and then the NONZERO weights themselves as signed
// varints (encoding/binary's).
//
// Fitted weights are mostly zero, so only the nonzero ones are spelled
// (version 2, which wrote each step next to its weight, did so too); the
// steps and the weights are apart because each stream alone compresses
// better: the JavaScript package's compressed module is 4 kB smaller for
// the tower presets' files. No byte of the body is zero, as a run of zero
// bytes in an embedded file costs the WebAssembly build a data segment.
func WritePatterns(w io.Writer, p *Patterns) error {
	nonzero := 0
	for _, x := range p.W {
		if x != 0 {
			nonzero++
		}
	}
	b := fmt.Appendf(nil, "%s 3 %s %d %d %d\n", patternsMagic, p.Layout.Name, p.Size, len(p.W), nonzero)
	prev := -1
	for i, x := range p.W {
		if x != 0 {
			b = binary.AppendUvarint(b, uint64(i-prev))
			prev = i
		}
	}
	for _, x := range p.W {
		if x != 0 {
			b = binary.AppendVarint(b, int64(x))
		}
	}
	_, err := w.Write(b)
	return err
}

// ReadPatterns reads pattern weights in the format WritePatterns writes,
// or in an earlier version: 2, where each nonzero weight follows the count
// of zero weights before it, or 1, where COUNT 16-bit little-endian
// weights follow the header. The layout must be one of the named ones
// (PatternLayout), the board 7 or 8 ranks, COUNT the layout's number of
// weights on that board and the body exactly the weights the header
// announces, each varint in its shortest spelling (a file has one
// spelling); an error says which part is wrong.
func ReadPatterns(data []byte) (*Patterns, error) {
	const want = `want "` + patternsMagic + ` 3 LAYOUT SIZE COUNT NONZERO" (or version 1 or 2, with LAYOUT SIZE COUNT)`
	nl := bytes.IndexByte(data[:min(len(data), maxPatternsHeader)], '\n')
	if nl < 0 {
		return nil, fmt.Errorf("patterns: no header line in the first %d bytes: %s", maxPatternsHeader, want)
	}
	header, body := string(data[:nl]), data[nl+1:]
	f := strings.Fields(header)
	if len(f) < 2 || f[0] != patternsMagic {
		return nil, fmt.Errorf("patterns: header %q: %s", header, want)
	}
	version := f[1]
	switch {
	case version == "3" && len(f) == 6:
	case (version == "1" || version == "2") && len(f) == 5:
	default:
		return nil, fmt.Errorf("patterns: header %q: %s", header, want)
	}
	if joined := strings.Join(f, " "); header != joined {
		return nil, fmt.Errorf("patterns: header %q: want its fields one space apart, %q", header, joined)
	}
	l, err := LayoutNamed(f[2])
	if err != nil {
		return nil, fmt.Errorf("patterns: header: %v", err)
	}
	size, ok := decimal(f[3])
	if !ok || size < 7 || size > 8 {
		return nil, fmt.Errorf("patterns: header: board size %q: want 7 or 8", f[3])
	}
	count, ok := decimal(f[4])
	if want := l.Len(size); !ok || count != want {
		return nil, fmt.Errorf("patterns: header: count %q: layout %s has %d weights on %dx%d", f[4], l.Name, want, size, size)
	}
	p := NewPatterns(l, size)
	switch version {
	case "1":
		return p, readWeights16(p.W, body)
	case "2":
		return p, readWeightsSparse(p.W, body)
	}
	nonzero, ok := decimal(f[5])
	if !ok || nonzero < 0 || nonzero > count {
		return nil, fmt.Errorf("patterns: header: nonzero count %q: want 0 to %d", f[5], count)
	}
	return p, readWeightsSplit(p.W, nonzero, body)
}

// decimal reads a number of the header, which is spelt in decimal without
// a sign or leading zeros, so that a file has one spelling.
func decimal(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && s == strconv.Itoa(n)
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

// uvarint returns the unsigned varint that begins b and its length, or a
// length of 0 if b does not begin with one spelt in the fewest bytes.
func uvarint(b []byte) (uint64, int) {
	x, n := binary.Uvarint(b)
	if n <= 0 || n != len(binary.AppendUvarint(nil, x)) {
		return 0, 0
	}
	return x, n
}

// weight returns the nonzero 16-bit weight whose signed varint begins b and
// its length, or a length of 0 if b does not begin with one spelt in the
// fewest bytes.
func weight(b []byte) (int16, int) {
	x, n := binary.Varint(b)
	if n <= 0 || n != len(binary.AppendVarint(nil, x)) || x == 0 || x < math.MinInt16 || x > math.MaxInt16 {
		return 0, 0
	}
	return int16(x), n
}

// readWeightsSparse reads version 2's body: pairs of a count of zero
// weights and a nonzero weight.
func readWeightsSparse(w []int16, body []byte) error {
	at, i := 0, 0
	for at < len(body) {
		zeros, n := uvarint(body[at:])
		if n == 0 {
			return fmt.Errorf("patterns: byte %d after the header: not a count of zero weights (a shortest unsigned varint)", at)
		}
		if zeros >= uint64(len(w)-i) {
			return fmt.Errorf("patterns: byte %d after the header: %d zero weights from weight %d run past the last (%d)", at, zeros, i, len(w))
		}
		at += n
		i += int(zeros)
		x, n := weight(body[at:])
		if n == 0 {
			return fmt.Errorf("patterns: byte %d after the header: weight %d is not a nonzero 16-bit integer (a shortest signed varint)", at, i)
		}
		at += n
		w[i] = x
		i++
	}
	return nil
}

// readWeightsSplit reads version 3's body: the steps between the nonzero
// weights' indices, then the nonzero weights.
func readWeightsSplit(w []int16, nonzero int, body []byte) error {
	at, prev := 0, -1
	for k := range nonzero {
		step, n := uvarint(body[at:])
		if n == 0 || step == 0 {
			return fmt.Errorf("patterns: byte %d after the header: the step to nonzero weight %d of %d is not a positive count (a shortest unsigned varint)", at, k+1, nonzero)
		}
		if step >= uint64(len(w)-prev) {
			return fmt.Errorf("patterns: byte %d after the header: a step of %d from weight %d runs past the last (%d)", at, step, prev, len(w))
		}
		at += n
		prev += int(step)
		w[prev] = 1 // a mark, until its weight is read below
	}
	for i := range w {
		if w[i] == 0 {
			continue
		}
		x, n := weight(body[at:])
		if n == 0 {
			return fmt.Errorf("patterns: byte %d after the header: weight %d is not a nonzero 16-bit integer (a shortest signed varint)", at, i)
		}
		at += n
		w[i] = x
	}
	if at != len(body) {
		return fmt.Errorf("patterns: byte %d after the header: %d bytes more after the %d nonzero weights", at, len(body)-at, nonzero)
	}
	return nil
}
