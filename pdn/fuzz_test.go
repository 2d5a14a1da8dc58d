package pdn

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzReader feeds the reader arbitrary bytes. It must never panic or hang;
// every game it returns must write without error, read back to the same
// game, and write again to the same text. The seed corpus is the test files
// and the corpus under testdata/fuzz/FuzzReader (kept from fuzzing runs).
func FuzzReader(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.pdn")
	others, _ := filepath.Glob("testdata/interop/*.pdn") // other programs' records
	for _, name := range append(files, others...) {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"1. c3-d4 (1. c3-b4 (1... b6-a5)) b6-a5 $1 {c} ; d\n*",
		"[Variant \"lasca\"]\n[FEN \"B:Wd4:Bc5\"]\n1... c5xe3 0-1",
		"[Variant \"russian,repetitions=0\"]\n[FEN \"W:WKa1:BKa7\"]\n1. a1-b2 a7-b8 2. b2-a1 1/2-1/2",
		"((((((((((",
		"{{{{}}}}",
		"[Event \"\\\"\\\\\"]\n% escape\n1.c3-d4!? 1...b6-a5?? 2-0",
		"\xEF\xBB\xBF[A \"b\"] {x} [C \"d\"] 1. c3-d4 1-1 [E \"f\"]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := readerWithSmallLimits(bytes.NewReader(data))
		for i := 0; i < 1000; i++ { // a game takes at least a byte, so this ends
			g, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if _, ok := err.(*GameError); !ok {
					t.Fatalf("Next: %v (not a *GameError)", err)
				}
				continue
			}
			text, err := g.MarshalText()
			if err != nil {
				t.Fatalf("writing a game the reader returned: %v", err)
			}
			back, err := readerWithSmallLimits(bytes.NewReader(text)).Next()
			if err != nil {
				t.Fatalf("reading back what was written: %v\n%s", err, text)
			}
			want := viewOf(g)
			want.Tags = Writer{}.outputTags(g)
			want.ResultText = g.resultText()
			if got := viewOf(back); !reflect.DeepEqual(want, got) {
				t.Fatalf("read back differs (-first +again):\n%s\ntext:\n%s", cmp.Diff(want, got), text)
			}
			again, err := back.MarshalText()
			if err != nil || !bytes.Equal(again, text) {
				t.Fatalf("writing again (%v):\n%s\nfirst:\n%s", err, again, text)
			}
			// In square numbers too: the same moves and positions.
			numbered, err := Writer{Numbers: true}.Marshal(g)
			if err != nil {
				t.Fatalf("writing in numbers: %v", err)
			}
			nb, err := readerWithSmallLimits(bytes.NewReader(numbered)).Next()
			if err != nil {
				t.Fatalf("reading back what was written in numbers: %v\n%s", err, numbered)
			}
			if diff := cmp.Diff(viewOf(g).Moves, viewOf(nb).Moves); diff != "" || !nb.Game().Position().Equal(g.Game().Position()) {
				t.Fatalf("numbers read back differ (-first +again):\n%s\ntext:\n%s", diff, numbered)
			}
		}
	})
}

func readerWithSmallLimits(r io.Reader) *Reader {
	rd := NewReader(r)
	rd.MaxToken, rd.MaxComment, rd.MaxDepth = 256, 1024, 8
	return rd
}
