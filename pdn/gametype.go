package pdn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/strictnum"
)

// GameType is PDN 3.0's GameType tag: the game's type number, and where
// given, the start colour, the board's size and the notation, as in
// [GameType "25,W,8,8,A0,0"] (https://pdn.fmjd.org/gametype.html).
type GameType struct {
	Number int // 25 Russian draughts, 26 Brazilian draughts, 20 international, ...
	// Full is set when the tag gives the fields after the number; the
	// rest of the fields are zero otherwise.
	Full   bool
	Start  bashni.Color // who starts, the start colour field
	Width  int
	Height int
	// Numeric is set for the numeric notation (N); off, algebraic (A).
	Numeric bool
	// Numbering is the numbering of numeric notation (from the corner
	// digit, seen from the starting side).
	Numbering bashni.Numbering
	// Invert is the invert flag: the bottom left corner is not a playing
	// square.
	Invert bool
}

// gameTypes names the game types of PDN 3.0's table, for errors.
var gameTypes = map[int]string{
	0: "chess", 1: "Chinese chess", 20: "international draughts (10x10)", 21: "English draughts",
	22: "Italian draughts", 23: "American pool checkers", 24: "Spanish draughts",
	25: "Russian draughts", 26: "Brazilian draughts", 27: "Canadian draughts (12x12)",
	28: "Portuguese draughts", 29: "Czech draughts", 30: "Turkish draughts", 31: "Thai draughts",
	40: "Frisian draughts (10x10)", 41: "Spantsiretti draughts (10x8)", 50: "Othello",
}

// The game types bashni plays, with the presets they are.
var playedTypes = map[int]func() bashni.Variant{
	25: bashni.RussianDraughts,
	26: bashni.BrazilianDraughts,
}

// ParseGameType reads a GameType tag's value: a type number, optionally
// followed by ",start colour,width,height,notation[,invert flag]". It
// checks the syntax only; GameType.Variant says whether bashni plays it.
func ParseGameType(text string) (GameType, error) {
	fail := func(format string, args ...any) (GameType, error) {
		return GameType{}, fmt.Errorf("GameType %q: %s", text, fmt.Sprintf(format, args...))
	}
	f := strings.Split(strings.TrimSpace(text), ",")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	num, ok := gameTypeNumber(f[0])
	if !ok {
		return fail("the game type %q is not a number", f[0])
	}
	gt := GameType{Number: num}
	if len(f) == 1 {
		return gt, nil
	}
	if len(f) != 5 && len(f) != 6 {
		return fail("want the type number alone, or it with start colour, width, height, notation and an optional invert flag (such as 25,W,8,8,A0,0)")
	}
	gt.Full = true
	switch f[1] {
	case "W":
		gt.Start = bashni.White
	case "B":
		gt.Start = bashni.Black
	default:
		return fail("the start colour %q is not W or B", f[1])
	}
	if gt.Width, ok = gameTypeNumber(f[2]); !ok {
		return fail("the board width %q is not a number", f[2])
	}
	if gt.Height, ok = gameTypeNumber(f[3]); !ok {
		return fail("the board height %q is not a number", f[3])
	}
	nt := f[4]
	if len(nt) != 2 || strings.IndexByte("ANS", nt[0]) < 0 || nt[1] < '0' || nt[1] > '3' {
		return fail("the notation %q is not A, N or S followed by a corner 0 to 3", nt)
	}
	if nt[0] == 'S' {
		return fail("the notation %q is chess's short algebraic notation, not draughts notation", nt)
	}
	corner := int(nt[1] - '0')
	if nt[0] == 'A' {
		if corner != 0 {
			return fail("algebraic notation with a1 in corner %d is not supported (only A0, a1 at the bottom left)", corner)
		}
	} else {
		gt.Numeric = true
		if gt.Start == bashni.Black {
			corner = 3 - corner // the same corner, seen from White's side
		}
		gt.Numbering = [4]bashni.Numbering{bashni.NumberingBottomLeft, bashni.NumberingBottomRight, bashni.NumberingTopLeft, bashni.NumberingTopRight}[corner]
	}
	if len(f) == 6 {
		switch f[5] {
		case "0":
		case "1":
			gt.Invert = true
		default:
			return fail("the invert flag %q is not 0 or 1", f[5])
		}
	}
	return gt, nil
}

// gameTypeNumber reads a number field of a GameType.
func gameTypeNumber(s string) (int, bool) {
	n, err := strictnum.Int(s, 0, 9999)
	return n, err == nil
}

// Variant returns the ruleset of the game type, or an error saying that
// bashni does not play it (which game it is, where PDN names it) or that
// its board is not the game's.
func (gt GameType) Variant() (bashni.Variant, error) {
	v, ok := playedTypes[gt.Number]
	if !ok {
		name := gameTypes[gt.Number]
		if name == "" {
			name = "a game type PDN 3.0 does not list"
		}
		return bashni.Variant{}, fmt.Errorf("GameType %d is %s, which bashni does not play (it plays 25 Russian draughts and 26 Brazilian draughts)", gt.Number, name)
	}
	if gt.Full && (gt.Width != 8 || gt.Height != 8) {
		return bashni.Variant{}, fmt.Errorf("GameType %d (%s) with a %dx%d board: bashni plays it on the 8x8 board", gt.Number, gameTypes[gt.Number], gt.Width, gt.Height)
	}
	if gt.Invert {
		return bashni.Variant{}, fmt.Errorf("GameType %d (%s) with the invert flag 1 (a light bottom left corner): bashni plays on a board with a1 dark", gt.Number, gameTypes[gt.Number])
	}
	return v(), nil
}

// String returns the tag's value in the full form: "25,W,8,8,A0,0".
func (gt GameType) String() string {
	if !gt.Full {
		return strconv.Itoa(gt.Number)
	}
	start := "W"
	if gt.Start == bashni.Black {
		start = "B"
	}
	notation := "A0"
	if gt.Numeric {
		notation = gt.Numbering.PDN()
		if gt.Start == bashni.Black {
			notation = "N" + string(rune('0'+3-int(notation[1]-'0')))
		}
	}
	invert := "0"
	if gt.Invert {
		invert = "1"
	}
	return fmt.Sprintf("%d,%s,%d,%d,%s,%s", gt.Number, start, gt.Width, gt.Height, notation, invert)
}

// gameTypeOf returns the GameType to write for a ruleset: the classic
// presets' numbers (a ruleset with overrides of them too: the Variant tag
// then says which), and ok false for bashni's own rulesets.
func gameTypeOf(v bashni.Variant, numbers bool, n bashni.Numbering) (GameType, bool) {
	base := strings.SplitN(v.String(), ",", 2)[0]
	for num, p := range playedTypes {
		if p().Name() == base && !v.Stacking && v.Size == 8 {
			return GameType{Number: num, Full: true, Start: bashni.White, Width: 8, Height: 8, Numeric: numbers, Numbering: n}, true
		}
	}
	return GameType{}, false
}

// otherVariantNames are the names other programs write in the Variant tag
// for the rulesets bashni plays (compared in lower case).
var otherVariantNames = map[string]func() bashni.Variant{
	"russian draughts":   bashni.RussianDraughts,
	"brazilian draughts": bashni.BrazilianDraughts,
	"shashki":            bashni.RussianDraughts,
}

// draughtsWorldNames are what "russian" and "brazilian" mean beside a
// GameType tag: the classic games, as the draughts world names them, not
// bashni's column checkers (bashni writes a Variant tag beside a GameType
// only for a classic ruleset with overrides, "russian-draughts,...").
var draughtsWorldNames = map[string]func() bashni.Variant{
	"russian":   bashni.RussianDraughts,
	"brazilian": bashni.BrazilianDraughts,
}

// parseVariantTag reads a Variant tag: bashni's text form, or a name other
// programs write ("Russian draughts", any case; beside a GameType tag also
// "Russian").
func parseVariantTag(text string, typed bool) (bashni.Variant, error) {
	name := strings.ToLower(strings.Join(strings.Fields(text), " "))
	if v, ok := otherVariantNames[name]; ok {
		return v(), nil
	}
	if v, ok := draughtsWorldNames[name]; ok && typed {
		return v(), nil
	}
	return bashni.ParseVariant(text)
}
