package eval

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/bashni-dev/bashni"
)

// networkMagic begins a network file (docs/FORMATS.md, "Network weights"):
// "bashni-network 1 INPUTS HIDDEN".
const networkMagic = "bashni-network"

// WriteNetwork writes n in the network format, version 1: the line
// "bashni-network 1 INPUTS 32" (INPUTS: NetworkInputs of its ruleset, 130
// for a classic 8x8 one), then the input weights (input by input, each
// input's NetworkHidden weights), the biases and the output weights as
// signed varints (encoding/binary's) of the integers the engine adds: the
// input weights and biases times 128, the output weights times 16, each
// rounded to the nearest. It fails on a weight out of its bound
// (NetworkMaxWeight, NetworkMaxOutput) or not a number, and on a number
// of inputs no ruleset's network has.
func WriteNetwork(w io.Writer, n *Network) error {
	if !networkInputsOK(len(n.Input)) {
		return fmt.Errorf("eval: a network of %d inputs: no ruleset's network has that many", len(n.Input))
	}
	b := fmt.Appendf(nil, "%s 1 %d %d\n", networkMagic, len(n.Input), NetworkHidden)
	var err error
	put := func(x float32, scale, bound float64, what string, i int) {
		if err != nil {
			return
		}
		f := float64(x)
		if !(math.Abs(f) <= bound) { // NaN too
			err = fmt.Errorf("eval: network %s %d is %v, not within ±%v", what, i, x, bound)
			return
		}
		b = binary.AppendVarint(b, int64(math.Round(f*scale)))
	}
	for i := range n.Input {
		for j, x := range n.Input[i] {
			put(x, netScale, NetworkMaxWeight, "input weight", i*NetworkHidden+j)
		}
	}
	for j, x := range n.Bias {
		put(x, netScale, NetworkMaxWeight, "bias", j)
	}
	for j, x := range n.Output {
		put(x, netOut, NetworkMaxOutput, "output weight", j)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// networkInputsOK reports whether some ruleset's network has n inputs:
// those of the boards of 4x4 to 8x8, with towers and without.
func networkInputsOK(n int) bool {
	for size := 4; size <= 8; size++ {
		for _, towers := range []bool{false, true} {
			if NetworkInputs(bashni.Variant{Size: size, Stacking: towers}) == n {
				return true
			}
		}
	}
	return false
}

// ReadNetwork reads a network in the format WriteNetwork writes, and
// refuses any other bytes with an error that says which weight is wrong. Its
// weights are the integers of the file over 128 (over 16 for the output
// weights), so a network read evaluates exactly as the engine adds it.
func ReadNetwork(data []byte) (*Network, error) {
	line, body, ok := bytes.Cut(data, []byte("\n"))
	if !ok {
		return nil, fmt.Errorf("eval: network: no header line")
	}
	var inputs int
	// The header has one spelling: the one WriteNetwork writes.
	if _, err := fmt.Sscanf(string(line), networkMagic+" 1 %d", &inputs); err != nil || !networkInputsOK(inputs) ||
		string(line) != fmt.Sprintf("%s 1 %d %d", networkMagic, inputs, NetworkHidden) {
		if len(line) > 60 {
			line = append(line[:60:60], "…"...)
		}
		return nil, fmt.Errorf("eval: network: header %q, want %q with INPUTS those of a ruleset (130, 302, 386 …)", line, fmt.Sprintf("%s 1 INPUTS %d", networkMagic, NetworkHidden))
	}
	n := &Network{Input: make([][NetworkHidden]float32, inputs)}
	at := 0 // the weight being read, for errors
	get := func(scale, bound float64) (float32, error) {
		x, k := binary.Varint(body)
		if k <= 0 {
			return 0, fmt.Errorf("eval: network: weight %d: the file ends or its varint does not read", at)
		}
		if k != len(binary.AppendVarint(nil, x)) {
			return 0, fmt.Errorf("eval: network: weight %d: a varint of %d bytes where %d do (a file has one spelling)", at, k, len(binary.AppendVarint(nil, x)))
		}
		body = body[k:]
		f := float64(x) / scale
		if math.Abs(f) > bound {
			return 0, fmt.Errorf("eval: network: weight %d is %d, not within ±%v", at, x, bound*scale)
		}
		at++
		return float32(f), nil
	}
	var err error
	for i := range n.Input {
		for j := range n.Input[i] {
			if n.Input[i][j], err = get(netScale, NetworkMaxWeight); err != nil {
				return nil, err
			}
		}
	}
	for j := range n.Bias {
		if n.Bias[j], err = get(netScale, NetworkMaxWeight); err != nil {
			return nil, err
		}
	}
	for j := range n.Output {
		if n.Output[j], err = get(netOut, NetworkMaxOutput); err != nil {
			return nil, err
		}
	}
	if len(body) != 0 {
		return nil, fmt.Errorf("eval: network: %d bytes after the last weight", len(body))
	}
	return n, nil
}
