package heapbytes

import "testing"

var sink []byte

func TestOf(t *testing.T) {
	if n := Of(func() { sink = make([]byte, 1<<20) }); n < 1<<20 || n > 2<<20 {
		t.Errorf("a 1 MiB slice: %d bytes", n)
	}
	if n := Of(func() {}); n > 16<<10 { // the runtime's own few KB
		t.Errorf("nothing: %d bytes", n)
	}
}
