package svg

import (
	"fmt"
	"reflect"
)

// Colors are the colours of a picture, each a CSS colour such as "#b58863"
// or "rebeccapurple". An empty field keeps its default.
type Colors struct {
	Background  string // around the board
	Light       string // unused squares
	Dark        string // playable squares
	Frame       string // the board's edge
	Coordinates string // file letters and rank numbers
	WhitePiece  string
	WhiteEdge   string // outline of white pieces, and counts written on them
	BlackPiece  string
	BlackEdge   string // outline of black pieces, and counts written on them
	King        string // the band and crown that mark a king
	KingEdge    string // the crown's outline
	Path        string // tint of the squares a move stands on
	Captured    string // mark of the squares of jumped towers
	Arrow       string // the arrow along a move's path
}

// DefaultColors returns the colours used for fields Colors leaves empty: a
// copy, which a program may change without changing them for others.
func DefaultColors() Colors { return defaultColors }

var defaultColors = Colors{
	Background:  "#ffffff",
	Light:       "#f0d9b5",
	Dark:        "#b58863",
	Frame:       "#5c4033",
	Coordinates: "#5c4033",
	WhitePiece:  "#f6f1e4",
	WhiteEdge:   "#4a4a4a",
	BlackPiece:  "#2b2b2b",
	BlackEdge:   "#c8c8c8",
	King:        "#e0a800",
	KingEdge:    "#6b4e00",
	Path:        "#8fce5a",
	Captured:    "#d9342b",
	Arrow:       "#1f6fd1",
}

// withDefaults fills empty fields from DefaultColors() and checks that every
// colour is plain enough to be written into an attribute as it is.
func (c Colors) withDefaults() (Colors, error) {
	out := c
	v := reflect.ValueOf(&out).Elem()
	def := reflect.ValueOf(defaultColors)
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if f.String() == "" {
			f.SetString(def.Field(i).String())
		}
		if !plainColor(f.String()) {
			return Colors{}, fmt.Errorf("svg: colour %s %q is not a CSS colour (letters, digits, #, and rgb(...) punctuation only)", v.Type().Field(i).Name, f.String())
		}
	}
	return out, nil
}

// plainColor accepts the characters of CSS colour syntax ("#a0b1c2",
// "rgb(10, 20, 30)", "hsl(120 50% 50% / 0.5)", "teal") and nothing that could
// end an attribute or start markup.
func plainColor(s string) bool {
	if len(s) > 64 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case r == '#' || r == '(' || r == ')' || r == ',' || r == '.' || r == '%' || r == ' ' || r == '/' || r == '-':
		default:
			return false
		}
	}
	return true
}
