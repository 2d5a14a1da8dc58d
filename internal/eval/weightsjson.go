package eval

import (
	"fmt"
	"strconv"
)

// decodeWeights reads weights in the JSON that bashni-tune writes (an
// object of the Weights' json names, arrays of arrays of integers for the
// tables). It is not encoding/json because that package, with the
// reflection it needs, is 640 kB of the 4.5 MB WebAssembly build (js/):
// the format is the fixed one that Params names (and manyTowers). As with
// encoding/json, a parameter left out is zero (a file fitted before the
// lines terms were added has none); one set twice is an error.
func decodeWeights(data []byte) (Weights, error) {
	var w Weights
	ptrs := make(map[string]*int, NumParams+1)
	for _, p := range w.Params() {
		ptrs[p.Name] = p.Ptr
	}
	ptrs["manyTowers"] = &w.ManyTowers // not fitted, so not among Params
	d := weightsDecoder{data: data, ptrs: ptrs}
	if err := d.object(); err != nil {
		return Weights{}, err
	}
	if d.skipSpace(); d.pos != len(d.data) {
		return Weights{}, d.errorf("text after the object")
	}
	return w, nil
}

// weightsDecoder walks the JSON text; ptrs holds the parameters not yet
// set, by their Params name.
type weightsDecoder struct {
	data []byte
	pos  int
	ptrs map[string]*int
}

func (d *weightsDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", d.pos, fmt.Sprintf(format, args...))
}

func (d *weightsDecoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// next skips spaces and reports whether the next byte is c, taking it if so.
func (d *weightsDecoder) next(c byte) bool {
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == c {
		d.pos++
		return true
	}
	return false
}

// object reads the top-level object: "name": value pairs.
func (d *weightsDecoder) object() error {
	if !d.next('{') {
		return d.errorf("want {")
	}
	if d.next('}') {
		return nil
	}
	for {
		if !d.next('"') {
			return d.errorf("want a quoted name")
		}
		start := d.pos
		for d.pos < len(d.data) && d.data[d.pos] != '"' && d.data[d.pos] != '\\' {
			d.pos++
		}
		if d.pos == len(d.data) || d.data[d.pos] != '"' {
			return d.errorf("unterminated or escaped name")
		}
		name := string(d.data[start:d.pos])
		d.pos++
		if !d.next(':') {
			return d.errorf("want : after %q", name)
		}
		if err := d.value(name); err != nil {
			return err
		}
		if d.next('}') {
			return nil
		}
		if !d.next(',') {
			return d.errorf("want , or }")
		}
	}
}

// value reads the value of the parameter (or table) name: an integer, or
// an array whose i-th element is name[i].
func (d *weightsDecoder) value(name string) error {
	if d.next('[') {
		if d.next(']') {
			return d.errorf("%s: empty array", name)
		}
		for i := 0; ; i++ {
			if err := d.value(name + "[" + strconv.Itoa(i) + "]"); err != nil {
				return err
			}
			if d.next(']') {
				return nil
			}
			if !d.next(',') {
				return d.errorf("%s: want , or ]", name)
			}
		}
	}
	start := d.pos
	if d.pos < len(d.data) && d.data[d.pos] == '-' {
		d.pos++
	}
	for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
		d.pos++
	}
	n, err := strconv.Atoi(string(d.data[start:d.pos]))
	if err != nil {
		d.pos = start
		return d.errorf("%s: want an integer", name)
	}
	ptr, ok := d.ptrs[name]
	if !ok {
		return d.errorf("%s: no such parameter, or set twice", name)
	}
	*ptr = n
	delete(d.ptrs, name)
	return nil
}
