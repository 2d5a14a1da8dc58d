package tune

import (
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
)

// mirrorFiles returns pos with its files turned round (a to the last file,
// the last to a), the same side to move: on a board of odd size the dark
// squares go to dark squares, and the rules, which know no left or right,
// make the mirror a position of the same worth. A fit that learns from
// both learns the board's symmetry and has twice the positions to learn
// it from (NetworkConfig.Mirror). On a board of even size a1's mirror is a
// light square, and there is no such mirror: an error.
func mirrorFiles(pos *bashni.Position) (bashni.Position, error) {
	v := pos.Variant()
	if !HasMirror(v) {
		return bashni.Position{}, errNoMirror(v)
	}
	// FEN: turn:Wsquare,square…:Bsquare,…, each square an optional K,
	// its file's letter, its rank and the pieces under its top.
	parts := strings.Split(pos.FEN(), ":")
	for i := 1; i < len(parts); i++ {
		toks := strings.Split(parts[i][1:], ",")
		for j, t := range toks {
			k := 0
			if strings.HasPrefix(t, "K") {
				k = 1
			}
			if k >= len(t) {
				continue // an empty side
			}
			f := t[k]
			b := []byte(t)
			b[k] = byte('a' + v.Size - 1 - int(f-'a'))
			toks[j] = string(b)
		}
		parts[i] = parts[i][:1] + strings.Join(toks, ",")
	}
	m, err := bashni.ParseFEN(v, strings.Join(parts, ":"))
	if err != nil {
		return bashni.Position{}, fmt.Errorf("fit: the mirror of %s: %w", pos.FEN(), err)
	}
	return m, nil
}

// HasMirror reports whether ruleset v's board has a mirror of its files
// (mirrorFiles, NetworkConfig.Mirror): a board of odd size, as lasca's,
// whose dark squares the mirror takes to dark squares.
func HasMirror(v bashni.Variant) bool { return v.Size%2 == 1 }

// errNoMirror is the error of a mirror asked for on ruleset v's board of
// even size.
func errNoMirror(v bashni.Variant) error {
	return fmt.Errorf("fit: %s: a board of even size has no mirror of its files", v)
}
