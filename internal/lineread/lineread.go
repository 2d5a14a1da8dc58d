// Package lineread reads the lines of a line protocol: lines of any length
// in bounded memory, "\n" or "\r\n" line breaks, and a last line without a
// line break.
package lineread

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// ErrTooLong is returned by Next for a line longer than the Reader's limit;
// the line has been read to its end and dropped, so the next call returns
// the line after it.
var ErrTooLong = errors.New("line too long")

// Reader reads lines, holding at most about Max bytes of one.
type Reader struct {
	r   *bufio.Reader
	max int
}

// New returns a Reader of r whose lines may be max bytes long (not
// counting the line break).
func New(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line without its line break; ErrTooLong for a line
// over the limit; io.EOF at the end of the input, or another read error.
func (lr *Reader) Next() (string, error) {
	var b strings.Builder
	long := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !long {
			if b.Len()+len(chunk) > lr.max+2 { // past the limit and a "\r\n": stop keeping it
				long = true
				b.Reset()
			} else {
				b.Write(chunk)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && (err != io.EOF || (b.Len() == 0 && !long)):
			return "", err
		}
		line := strings.TrimSuffix(b.String(), "\n")
		line = strings.TrimSuffix(line, "\r")
		if long || len(line) > lr.max {
			return "", ErrTooLong
		}
		return line, nil
	}
}
