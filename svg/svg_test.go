package svg

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCase is a picture whose exact text is kept in testdata/<name>.svg.
type goldenCase struct {
	name    string
	variant bashni.Variant
	fen     string // "" for the start position
	move    string // highlighted when set
	after   bool   // draw the position after the move (still highlighted)
	opts    Options
}

var goldenCases = []goldenCase{
	{name: "russian-start", variant: bashni.Russian()},
	{name: "russian-start-flipped-plain", variant: bashni.Russian(), opts: Options{Flip: true, NoCoordinates: true, SquareSize: 40}},
	{name: "russian-quiet-move", variant: bashni.Russian(), move: "c3-d4"},
	{name: "towers", variant: bashni.Russian(), fen: "W:WKh6wbbbbbb,a7bb,c3,e3bwbwbw:Bg5wwww"},
	// docs/RULES.md section 11: the 12-jump example; the path passes squares twice.
	{name: "twelve-jumps", variant: bashni.Russian(), fen: "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b", move: "c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1"},
	{name: "twelve-jumps-after", variant: bashni.Russian(), fen: "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b", move: "c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1", after: true},
	{name: "tall-runs-flipped", variant: bashni.Russian(), fen: "B:WKe3bbbbbbbbbbbwwwwwwwwwww:Bc5", opts: Options{Flip: true}},
	{name: "tall-alternating", variant: bashni.Russian(), fen: "B:We3bwbwbwbwbwbwbwbwbwbwb:Bb8"},
	{name: "top-row-tower", variant: bashni.Russian(), fen: "W:Wa7bbbbbbbbbb:Bh8wwwwwwwwww"},
	{name: "top-row-tower-fixed", variant: bashni.Russian(), fen: "W:Wa7bbbbbbbbbb:Bh8wwwwwwwwww", opts: Options{FixedSize: true}},
	{name: "lasca-start-colours", variant: bashni.Lasca(), opts: Options{SquareSize: 50, Colors: Colors{Dark: "#6b8e23", Light: "rgb(240, 240, 220)", BlackPiece: "#8b0000", BlackEdge: "#ffd0d0"}}},
}

// position returns the case's position and, when it names one, its move.
func (c goldenCase) position(t *testing.T) (bashni.Position, Options) {
	t.Helper()
	p, err := c.variant.Start()
	if c.fen != "" {
		p, err = bashni.ParseFEN(c.variant, c.fen)
	}
	if err != nil {
		t.Fatal(err)
	}
	o := c.opts
	if c.move != "" {
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		o.HighlightMove(m)
		if c.after {
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return p, o
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			p, o := c.position(t)
			got, err := String(&p, o)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("testdata", c.name+".svg")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./svg -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s differs from the golden file (-want +got; go test ./svg -update rewrites it):\n%s", file, diff)
			}
			// Every golden picture must also pass the structural checks.
			checkTowers(t, p, got, o.Colors)
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, c := range goldenCases {
		p, o := c.position(t)
		a, err1 := String(&p, o)
		b, err2 := String(&p, o)
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%s: two renderings differ (errors %v, %v)", c.name, err1, err2)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	p := bashni.Russian().MustStart()
	lasca := bashni.Lasca().MustStart()
	h8, _ := bashni.ParseSquare("h8")
	d5, _ := bashni.ParseSquare("d5")
	nan := 0.0
	nan /= nan
	cases := []struct {
		name string
		pos  bashni.Position
		opts Options
		want string
	}{
		{"negative size", p, Options{SquareSize: -3}, "square size -3"},
		{"NaN size", p, Options{SquareSize: nan}, "square size NaN"},
		{"light square in path", p, Options{Path: []bashni.Square{d5}}, "highlighted square d5 is not a square of the 8×8 board"},
		{"off the 7x7 board", lasca, Options{Captured: []bashni.Square{h8}}, "highlighted square h8 is not a square of the 7×7 board"},
		{"no square", p, Options{Path: []bashni.Square{bashni.NoSquare}}, "highlighted square -"},
		{"markup in colour", p, Options{Colors: Colors{Dark: `red"/><script>`}}, `colour Dark "red\"/><script>"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Render(&buf, &c.pos, c.opts)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Render error = %v, want one containing %q", err, c.want)
			}
			if buf.Len() != 0 {
				t.Errorf("Render wrote %d bytes before failing", buf.Len())
			}
		})
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRenderReportsWriteError(t *testing.T) {
	pos := bashni.Russian().MustStart()
	err := Render(failingWriter{}, &pos, Options{})
	if err == nil || err.Error() != "disk full" {
		t.Fatalf("Render error = %v, want the writer's error", err)
	}
}
