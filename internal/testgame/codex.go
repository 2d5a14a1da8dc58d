// Package testgame holds the games that the tests of several packages play,
// each written once: the Codex game of docs/RULES.md section 11, and issue
// #26's costly move.
package testgame

import (
	"strconv"
	"strings"
)

// CodexMoves is the Codex game of column checkers (docs/RULES.md section
// 11), a russian game, one ply per entry, as the source prints it.
var CodexMoves = []string{
	"c3-b4", "b6-c5", // 1
	"b4-a5", "a7-b6", // 2
	"b2-c3", "c5-b4", // 3
	"a3:c5:a7", "c7-b6", // 4
	"a5:c7:e5", "f6:d4:b2", // 5
	"a1:c3", "d8-c7", // 6
	"g3-f4", "e5:g3", // 7
	"h2:f4", "g3:e5", // 8
	"e3:g5", "h6:f4", // 9
	"d2-e3", "f4:d2:b4", // 10
	"b2:d4:f6:d8:a5:d2:h6", // 11
}

// CodexFinal is the position after the Codex game: White's king on h6 holds
// a white man and six black men (the FEN example of docs/RULES.md section
// 10), and Black is to move.
const CodexFinal = "B:Wc1,e1,g1,f2,b4ww,e5w,Kh6wbbbbbb,a7bb:Bg7,b8,f8,h8"

// CodexText returns the Codex game's moves separated by spaces, without
// move numbers: "c3-b4 b6-c5 b4-a5 ...".
func CodexText() string { return strings.Join(CodexMoves, " ") }

// CodexRecord returns the Codex game as a record writes it, with move
// numbers: "1. c3-b4 b6-c5 2. b4-a5 ...".
func CodexRecord() string {
	var sb strings.Builder
	for i, m := range CodexMoves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if i%2 == 0 {
			sb.WriteString(strconv.Itoa(i/2+1) + ". ")
		}
		sb.WriteString(m)
	}
	return sb.String()
}
