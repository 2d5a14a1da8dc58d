package eval

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgen"
	"pgregory.net/rapid"
)

// networkGen draws a network of ruleset v as its file holds it (weights
// in steps of 1/128, output weights of 1/16), within the bounds.
func networkGen(v bashni.Variant) *rapid.Generator[*Network] {
	return rapid.Custom(func(t *rapid.T) *Network {
		n := NewNetwork(v)
		step := func(scale, bound float64, label string) float32 {
			m := int(bound * scale)
			return float32(float64(rapid.IntRange(-m, m).Draw(t, label)) / scale)
		}
		for i := range n.Input {
			for j := range n.Input[i] {
				n.Input[i][j] = step(netScale, NetworkMaxWeight, "input")
			}
		}
		for j := range n.Bias {
			n.Bias[j] = step(netScale, NetworkMaxWeight, "bias")
			n.Output[j] = step(netOut, NetworkMaxOutput, "output")
		}
		return n
	})
}

// networkWeightsGen draws a ruleset, with towers or without, and its
// weights with a network: its preset's, where it has one, or a random one.
func networkWeightsGen(t *rapid.T) (bashni.Variant, Weights) {
	v := testgen.Variant().Draw(t, "variant")
	w := For(v)
	if w.Network == nil || rapid.Bool().Draw(t, "random network") {
		w.Network = networkGen(v).Draw(t, "network")
	}
	return v, w
}

// The engine's integer sums give the network's value within a hundredth of
// a man (the division's truncation), with the shipped network and random
// ones: the sums never carry from one unit into the next.
func TestNetworkIntegerSums(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v, w := networkWeightsGen(t)
		pos := testgen.Playout(v, 150).Draw(t, "pos")
		with, without := New(v, w), w
		without.Network = nil
		plain := New(v, without)
		got := with.Evaluate(&pos) - plain.Evaluate(&pos)
		if pos.Turn() == bashni.Black {
			got = -got
		}
		if want := w.Network.Eval(&pos); math.Abs(float64(got)-want) >= 1 {
			t.Fatalf("%s: the network adds %d, its value is %.3f", pos.FEN(), got, want)
		}
	})
}

// Sums kept from move to move (Follow), through every move and pass of a
// random game, are the sums of each position anew: with towers too, where
// a jumped tower may keep a top of the same colour and rank over another
// piece, and a capture may end on the square it began (R5).
func TestNetworkFollow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v, w := networkWeightsGen(t)
		e := New(v, w)
		pos := testgen.Playout(v, 60).Draw(t, "start")
		var st [2]NetworkState
		for ply := range 40 {
			moves := pos.LegalMoves()
			var child bashni.Position
			if len(moves) == 0 || rapid.IntRange(0, 9).Draw(t, "pass") == 0 {
				child = pos.WithTurn(pos.Turn().Opponent())
			} else {
				child = pos.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
			}
			from, to := &st[ply%2], &st[1-ply%2]
			e.Follow(&pos, &child, from, to)
			var fresh NetworkState
			if got, want := e.EvaluateState(&child, to), e.EvaluateState(&child, &fresh); got != want || *to != fresh {
				t.Fatalf("%s after %s: %d from the parent's sums, %d anew", child.FEN(), pos.FEN(), got, want)
			}
			pos = child
		}
	})
}

// Evaluating with kept sums allocates nothing.
func TestEvaluateStateDoesNotAllocate(t *testing.T) {
	v := bashni.RussianDraughts()
	ev := New(v, For(v))
	if ev.net == nil {
		t.Fatal("russian-draughts has no network")
	}
	pos := mustFEN(t, v, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,h4:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8,f6")
	child := pos.PlayUnchecked(pos.LegalMoves()[0])
	var st [2]NetworkState
	sum := 0
	if n := testing.AllocsPerRun(100, func() {
		ev.Follow(&pos, &child, &st[0], &st[1])
		sum += ev.EvaluateState(&child, &st[1])
	}); n != 0 {
		t.Errorf("%v allocations per evaluation", n)
	}
}

func TestNetworkRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := networkGen(testgen.Variant().Draw(t, "variant")).Draw(t, "network")
		var buf bytes.Buffer
		if err := WriteNetwork(&buf, n); err != nil {
			t.Fatal(err)
		}
		got, err := ReadNetwork(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(n) {
			t.Fatal("the network read is not the network written")
		}
	})
}

func TestWriteNetworkBounds(t *testing.T) {
	for _, c := range []struct {
		set  func(*Network)
		want string
	}{
		{func(n *Network) { n.Input[3][5] = 4.01 }, "input weight 101 is 4.01, not within ±4"},
		{func(n *Network) { n.Bias[2] = float32(math.NaN()) }, "bias 2 is NaN"},
		{func(n *Network) { n.Output[31] = -1000.5 }, "output weight 31 is -1000.5, not within ±1000"},
		{func(n *Network) { n.Input = n.Input[:129] }, "a network of 129 inputs: no ruleset's network has that many"},
	} {
		n := NewNetwork(bashni.RussianDraughts())
		c.set(n)
		var buf bytes.Buffer
		err := WriteNetwork(&buf, n)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("WriteNetwork: %v, want an error with %q", err, c.want)
		}
		if buf.Len() != 0 {
			t.Errorf("WriteNetwork wrote %d bytes of a network it refused", buf.Len())
		}
	}
}

func TestReadNetworkErrors(t *testing.T) {
	var good bytes.Buffer
	if err := WriteNetwork(&good, NewNetwork(bashni.RussianDraughts())); err != nil {
		t.Fatal(err)
	}
	body := good.Bytes()[bytes.IndexByte(good.Bytes(), '\n')+1:]
	header := "bashni-network 1 130 32\n"
	for _, c := range []struct {
		name, data, want string
	}{
		{"empty", "", "no header line"},
		{"other format", "bashni-patterns 3 men-4x2 8 98415 0\n", `header "bashni-patterns 3 men-4x2 8 98415 0", want "bashni-network 1 INPUTS 32" with INPUTS those of a ruleset`},
		{"other size", "bashni-network 1 130 64\n" + string(body), `header "bashni-network 1 130 64"`},
		{"no ruleset's inputs", "bashni-network 1 131 32\n" + string(body), `header "bashni-network 1 131 32"`},
		{"too many inputs", "bashni-network 1 99999999999999999999 32\n", `header "bashni-network 1 99999999999999999999 32"`},
		{"other spelling", "bashni-network 1 +130 32\n" + string(body), `header "bashni-network 1 +130 32"`},
		{"lasca's inputs, classic weights", "bashni-network 1 302 32\n" + string(body), "the file ends"},
		{"long header", "bashni-network " + strings.Repeat("9", 200) + "\n", "…"},
		{"short", header + string(body[:100]), "weight 100: the file ends"},
		{"long", header + string(body) + "\x00", "1 bytes after the last weight"},
		{"out of range", header + "\x82\x08", "weight 0 is 513, not within ±512"},
		{"bad varint", header + strings.Repeat("\xff", 11), "weight 0: the file ends or its varint does not read"},
		{"long varint", header + "\x80\x00", "weight 0: a varint of 2 bytes where 1 do"},
	} {
		_, err := ReadNetwork([]byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// The rulesets whose preset has none and the classic ones that are no
// preset have no network (TestFittedWeightsLoad checks the presets').
func TestNoNetworkElsewhere(t *testing.T) {
	for _, text := range []string{"russian", "international", "russian-draughts,majority=on"} {
		v, err := bashni.ParseVariant(text)
		if err != nil {
			t.Fatal(err)
		}
		if For(v).Network != nil {
			t.Errorf("%s has a network", v)
		}
	}
}

func FuzzReadNetwork(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteNetwork(&buf, NewNetwork(bashni.Lasca())); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("bashni-network 1 130 32\n\x01\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ReadNetwork(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteNetwork(&out, n); err != nil {
			t.Fatalf("a network read does not write: %v", err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("a network read writes other bytes: %q, read from %q", out.Bytes(), data)
		}
	})
}

// A top's inputs say its colour, its rank and, with towers, what is right
// under it, on its square numbered from each view's side
// (NetworkInputs): lasca's 25 squares, russian's 32.
func TestNetworkInputs(t *testing.T) {
	for _, c := range []struct {
		v            bashni.Variant
		fen          string
		square       string
		white, black int
	}{
		// A white man alone on a1: an own man on square 0 for White,
		// an enemy man on the last square for Black.
		{bashni.Lasca(), "W:Wa1:Bg7", "a1", 0, 2*25 + 24},
		// Over a prisoner (kind +8): for White an own man over a
		// prisoner, for Black an enemy man over one.
		{bashni.Lasca(), "W:Wa1b:Bg7", "a1", 8*25 + 0, 10*25 + 24},
		// A black king over a black man (kind 3+4) on c3, square 8 from
		// White's side, 16 from Black's, where it is an own king over an
		// own man (kind 1+4).
		{bashni.Lasca(), "W:Wa1:BKc3b", "c3", 7*25 + 8, 5*25 + 16},
		// A white king over a prisoner, over a white man deeper down
		// (unseen).
		{bashni.Russian(), "W:WKh8bw:Bc3", "h8", 9*32 + 31, 11*32 + 0},
		{bashni.RussianDraughts(), "W:WKd4:Bc3", "d4", 1*32 + 13, 3*32 + 18},
	} {
		pos := mustFEN(t, c.v, c.fen)
		s, err := bashni.ParseSquare(c.square)
		if err != nil {
			t.Fatal(err)
		}
		w, b := layoutOf(c.v).of(&pos, s)
		if w != c.white || b != c.black {
			t.Errorf("%s %s: inputs %d and %d, want %d and %d", c.v, c.fen, w, b, c.white, c.black)
		}
		if n := NetworkInputs(c.v); w >= n-2 || b >= n-2 {
			t.Errorf("%s: an input of %d beyond %d", c.v, max(w, b), n-2)
		}
	}
	for v, want := range map[bashni.Variant]int{bashni.RussianDraughts(): 130, bashni.Russian(): 386, bashni.Lasca(): 302} {
		if got := NetworkInputs(v); got != want {
			t.Errorf("%s: %d inputs, want %d", v, got, want)
		}
	}
}

// A network of one ruleset's inputs is refused for another's: For skips
// it and New panics.
func TestNetworkFits(t *testing.T) {
	n := NewNetwork(bashni.RussianDraughts())
	if err := n.Fits(bashni.BrazilianDraughts()); err != nil {
		t.Errorf("brazilian-draughts: %v", err)
	}
	err := n.Fits(bashni.Lasca())
	if want := "eval: a network of 130 inputs is not for lasca, whose networks have 302"; err == nil || err.Error() != want {
		t.Errorf("lasca: %v, want %q", err, want)
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("New took a network of another ruleset")
		}
	}()
	w := For(bashni.Lasca())
	w.Network = n
	New(bashni.Lasca(), w)
}

// The network's value is colour-blind in every ruleset: a position and
// its mirror (turned half round, the colours swapped) are worth the same
// to the side to move, so the views are each other's.
func TestNetworkIsColourBlind(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v, w := networkWeightsGen(t)
		pos := testgen.Playout(v, 100).Draw(t, "pos")
		m := mirror(t, pos)
		if a, b := w.Network.Eval(&pos), w.Network.Eval(&m); math.Abs(a+b) > 1e-9 {
			t.Fatalf("%s is worth %v to White, its mirror %s %v", pos.FEN(), a, m.FEN(), b)
		}
	})
}
