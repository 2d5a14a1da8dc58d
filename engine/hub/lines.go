package hub

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// errLongLine is returned for a line longer than the reader's limit; the
// reader has skipped it and goes on with the next.
var errLongLine = errors.New("hub: line too long")

// lineReader reads lines of any length in bounded memory: a line longer
// than max bytes is read to its end and dropped.
type lineReader struct {
	r   *bufio.Reader
	max int
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its line break ("\n" or "\r\n");
// errLongLine for a line over the limit; io.EOF at the end (a last line
// without a line break is still returned first).
func (lr *lineReader) next() (string, error) {
	var b strings.Builder
	long := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !long {
			if b.Len()+len(chunk) > lr.max+2 { // the limit, and a line break
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
		if long {
			return "", errLongLine
		}
		line := strings.TrimSuffix(b.String(), "\n")
		return strings.TrimSuffix(line, "\r"), nil
	}
}
