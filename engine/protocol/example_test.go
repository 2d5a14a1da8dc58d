package protocol_test

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni/engine/protocol"
)

func ExampleSession_Run() {
	// A conversation as a GUI holds it over "bashni engine"'s standard
	// input and output: the handshake, a position and a search.
	in := strings.NewReader(strings.Join([]string{
		"bashni",
		"variant lasca",
		"position startpos moves c3-d4",
		"fen",
		"go depth 4",
	}, "\n"))
	var out strings.Builder
	s, err := protocol.NewSession(&out, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := s.Run(in); err != nil {
		fmt.Println(err)
		return
	}
	// The info lines of the search carry times and speeds, which vary:
	// print the others.
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "info ") {
			fmt.Println(sc.Text())
		}
	}
	// Output:
	// id name bashni engine
	// id protocol 1
	// variants russian international lasca russian-draughts brazilian-draughts ludii-bashni ludii-lasca
	// bashniok
	// fen B:Wa1,c1,e1,g1,b2,d2,f2,a3,e3,g3,d4:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7
	// bestmove e5xc3
}
