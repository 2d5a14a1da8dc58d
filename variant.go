package bashni

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Transfer says when captured pieces go under the capturing tower.
type Transfer uint8

const (
	// TransferImmediate moves each captured top under the capturing tower at
	// the moment of the jump; the jumped tower's new top is in play at once
	// (docs/RULES.md R1, L3).
	TransferImmediate Transfer = iota
	// TransferAtEnd leaves jumped towers standing as obstacles until the move
	// ends, then takes their tops in the order jumped (I1). It needs Rejump
	// RejumpNever or RejumpOnce (a tower cannot give up the same top twice).
	TransferAtEnd
)

// Rejump says what limits jumping a tower, or crossing its square, again in
// the same move.
type Rejump uint8

const (
	// RejumpNoReversal allows jumping a tower again, but no jump may go in the
	// direction exactly opposite to the jump just before (R2, R3).
	RejumpNoReversal Rejump = iota
	// RejumpNotLast forbids only jumping again the tower jumped just before
	// (the Ludii rules): a king may reverse when that square is now empty.
	RejumpNotLast
	// RejumpOnce lets a tower be jumped at most once in a move; the square of
	// an earlier jump may be crossed or landed on when it is empty (L4).
	RejumpOnce
	// RejumpNever is the Turkish strike: a square whose tower was jumped may
	// not be crossed, jumped or landed on again in the same move (I1).
	RejumpNever
	// RejumpAny sets no limit: a tower may be jumped again in any direction,
	// as long as each jump is legal at that moment.
	RejumpAny
)

// KingLanding says where a flying king may land after a jump.
type KingLanding uint8

const (
	// LandAnywhere lets a flying king land on any empty square beyond the
	// jumped tower (I5).
	LandAnywhere KingLanding = iota
	// LandToContinue makes a flying king land on a square from which it can
	// jump again, when there is one (R5).
	LandToContinue
)

// Crowning says what a man on top does when it lands on the far rank in the
// middle of a capture.
type Crowning uint8

const (
	// CrownAndContinue crowns it at once; it goes on capturing as a king (R6).
	CrownAndContinue Crowning = iota
	// CrownAtEnd keeps it a man while it can jump on; it is crowned only if the
	// move ends on the far rank (I3).
	CrownAtEnd
	// CrownAndStop crowns it and ends the move there (L6).
	CrownAndStop
)

// Variant is a ruleset: a set of switches, each a choice docs/RULES.md names. The
// presets (Russian, International, Lasca and the others below) are ready to
// use; copy one and change fields to play a custom ruleset:
//
//	v := bashni.Russian()
//	v.Majority = true
//	pos, err := v.Start()
//
// A combination the generator cannot honour is refused by Validate (and so by
// Start and ParseFEN) with an error. Variant values are comparable with ==.
type Variant struct {
	// Size is the board's width and height: 8 (russian, international) or 7
	// (lasca); 4 to 8 are allowed.
	Size int
	// Pieces is the number of men each side starts with, filling its squares
	// from its own back rank; 12 on 8x8, 11 in lasca. The start may fill at
	// most (Size-1)/2 ranks.
	Pieces int
	// Stacking makes captured pieces go under the capturing tower (column
	// checkers). Off, they leave the board at the end of the move: classic
	// draughts (docs/RULES.md section 12); this needs TransferAtEnd.
	Stacking bool
	// MenCaptureBackward lets men (men on top) capture backward as well as
	// forward (russian, international); off, forward only (lasca).
	MenCaptureBackward bool
	// FlyingKings makes kings move and capture along whole diagonals
	// (russian, international); off, one square in any direction (lasca).
	FlyingKings bool
	// Transfer says when captured tops go under the capturing tower.
	Transfer Transfer
	// Rejump limits jumping a tower again in the same move.
	Rejump Rejump
	// KingLanding says where a flying king lands after a jump.
	KingLanding KingLanding
	// Majority makes the mover take the largest number of pieces possible
	// (I2); off, any capture sequence may be chosen (R4, L5).
	Majority bool
	// Crowning says what a man does on reaching the far rank mid-capture.
	Crowning Crowning
	// DemoteCapturedKings turns a captured king into a man as it goes under
	// (I4); off, freed pieces keep their rank (R7, L7).
	DemoteCapturedKings bool
	// Repetitions is how many times the same position (same side to move)
	// must occur for a draw by repetition; 0 turns the rule off.
	Repetitions int
	// KingsOnlyPlies is how many plies in a row without a man moving and
	// without a capture make a draw; 0 turns the rule off.
	KingsOnlyPlies int
}

// presets is the table of the named variants, in the order Variant.String
// prefers them. It holds its own values: ParseVariant, Preset, Name and
// String read it, and the preset functions below return copies of it.
var presets = [...]struct {
	name string
	v    Variant
	sep  byte // the capture separator of its own notation (Notation)
}{
	{"russian", Variant{
		Size: 8, Pieces: 12, Stacking: true, MenCaptureBackward: true, FlyingKings: true,
		Transfer: TransferImmediate, Rejump: RejumpNoReversal, KingLanding: LandToContinue,
		Majority: false, Crowning: CrownAndContinue, DemoteCapturedKings: false,
		Repetitions: 3, KingsOnlyPlies: 30,
	}, ':'},
	{"international", Variant{
		Size: 8, Pieces: 12, Stacking: true, MenCaptureBackward: true, FlyingKings: true,
		Transfer: TransferAtEnd, Rejump: RejumpNever, KingLanding: LandAnywhere,
		Majority: true, Crowning: CrownAtEnd, DemoteCapturedKings: true,
		Repetitions: 3, KingsOnlyPlies: 30,
	}, ':'},
	{"lasca", Variant{
		Size: 7, Pieces: 11, Stacking: true, MenCaptureBackward: false, FlyingKings: false,
		Transfer: TransferImmediate, Rejump: RejumpOnce, KingLanding: LandAnywhere,
		Majority: false, Crowning: CrownAndStop, DemoteCapturedKings: false,
		Repetitions: 3, KingsOnlyPlies: 0,
	}, 'x'},
	{"russian-draughts", Variant{
		Size: 8, Pieces: 12, Stacking: false, MenCaptureBackward: true, FlyingKings: true,
		Transfer: TransferAtEnd, Rejump: RejumpNever, KingLanding: LandToContinue,
		Majority: false, Crowning: CrownAndContinue, DemoteCapturedKings: false,
		Repetitions: 3, KingsOnlyPlies: 30,
	}, ':'},
	{"brazilian-draughts", Variant{
		Size: 8, Pieces: 12, Stacking: false, MenCaptureBackward: true, FlyingKings: true,
		Transfer: TransferAtEnd, Rejump: RejumpNever, KingLanding: LandAnywhere,
		Majority: true, Crowning: CrownAtEnd, DemoteCapturedKings: true,
		Repetitions: 3, KingsOnlyPlies: 30,
	}, ':'},
	{"ludii-bashni", Variant{
		Size: 8, Pieces: 12, Stacking: true, MenCaptureBackward: false, FlyingKings: true,
		Transfer: TransferImmediate, Rejump: RejumpNotLast, KingLanding: LandAnywhere,
		Majority: false, Crowning: CrownAndStop, DemoteCapturedKings: false,
		Repetitions: 3, KingsOnlyPlies: 30,
	}, ':'},
	{"ludii-lasca", Variant{
		Size: 7, Pieces: 11, Stacking: true, MenCaptureBackward: false, FlyingKings: false,
		Transfer: TransferImmediate, Rejump: RejumpAny, KingLanding: LandAnywhere,
		Majority: false, Crowning: CrownAndStop, DemoteCapturedKings: false,
		Repetitions: 3, KingsOnlyPlies: 0,
	}, 'x'},
}

// The presets, ready to use: Russian().Start(), ParseFEN(Lasca(), ...). Each
// call returns a fresh copy of the package's own table, so no caller can
// change a preset for the rest of the program: to play a custom ruleset,
// change the copy (v := Russian(); v.Majority = true) or use ParseVariant.

// Russian is Bashni by Russian draughts rules (docs/RULES.md section 5), the
// default ruleset.
func Russian() Variant { return mustPreset("russian") }

// International is Bashni by 100-square draughts rules (section 6).
func International() Variant { return mustPreset("international") }

// Lasca is Emanuel Lasker's 7x7 column game (section 7).
func Lasca() Variant { return mustPreset("lasca") }

// RussianDraughts is classic Russian draughts (shashki): the russian
// switches with stacking off (section 12).
func RussianDraughts() Variant { return mustPreset("russian-draughts") }

// BrazilianDraughts is classic Brazilian draughts: the international
// switches with stacking off (section 12).
func BrazilianDraughts() Variant { return mustPreset("brazilian-draughts") }

// LudiiBashni is the Bashni of the Ludii game system (docs/PERFT.md): russian,
// but men capture forward only, a man crowned by a jump stops, a flying
// king lands anywhere, and only the tower jumped just before may not be
// jumped next.
func LudiiBashni() Variant { return mustPreset("ludii-bashni") }

// LudiiLasca is the Lasca of the Ludii game system (docs/PERFT.md): lasca
// with no limit on jumping a tower again (no L4), in any direction.
func LudiiLasca() Variant { return mustPreset("ludii-lasca") }

// mustPreset returns the preset named name from the table; the names are
// the package's own, so a missing one is a bug found at init.
func mustPreset(name string) Variant {
	v, ok := Preset(name)
	if !ok {
		panic("bashni: no preset " + name)
	}
	return v
}

// Preset returns the preset named name (one of PresetNames), a fresh copy
// as Russian and the other preset functions return, and false when there is
// no such preset. ParseVariant reads the same names with overrides.
func Preset(name string) (Variant, bool) {
	for _, p := range presets {
		if p.name == name {
			return p.v, true
		}
	}
	return Variant{}, false
}

// PresetNames returns the names ParseVariant knows, in a fixed order.
func PresetNames() []string {
	out := make([]string, len(presets))
	for i, p := range presets {
		out[i] = p.name
	}
	return out
}

// Validate reports whether the generator can honour the combination of
// switches, and if not, why.
func (v Variant) Validate() error {
	bad := func(format string, args ...any) error {
		return &VariantError{Reason: fmt.Sprintf(format, args...)}
	}
	if v.Size < 4 || v.Size > 8 {
		return bad("size %d is outside 4..8", v.Size)
	}
	if v.Pieces < 1 {
		return bad("pieces %d: each side needs at least one piece", v.Pieces)
	}
	if max := startCapacity(v.Size); v.Pieces > max {
		return bad("pieces %d do not fit in the %d ranks a %dx%d start may fill (at most %d)", v.Pieces, (v.Size-1)/2, v.Size, v.Size, max)
	}
	if v.Transfer > TransferAtEnd {
		return bad("unknown transfer %d", v.Transfer)
	}
	if v.Rejump > RejumpAny {
		return bad("unknown rejump %d", v.Rejump)
	}
	if v.KingLanding > LandToContinue {
		return bad("unknown king-landing %d", v.KingLanding)
	}
	if v.Crowning > CrownAndStop {
		return bad("unknown crowning %d", v.Crowning)
	}
	if v.Transfer == TransferAtEnd && v.Rejump != RejumpNever && v.Rejump != RejumpOnce {
		return bad("transfer=end keeps jumped towers whole until the move ends, so a tower cannot be jumped twice: it needs rejump=never or rejump=once, not %s", rejumpNames[v.Rejump])
	}
	if !v.Stacking && v.Transfer != TransferAtEnd {
		return bad("stacking=off removes captured pieces when the move ends: it needs transfer=end")
	}
	if v.Repetitions < 0 || v.Repetitions == 1 {
		return bad("repetitions %d: use 0 (off) or 2 and more", v.Repetitions)
	}
	if v.KingsOnlyPlies < 0 {
		return bad("kings-only-plies %d is negative", v.KingsOnlyPlies)
	}
	return nil
}

// startCapacity is how many squares the first (size-1)/2 ranks hold.
func startCapacity(size int) int {
	n := 0
	for r := 0; r < (size-1)/2; r++ {
		n += (size + 1 - r%2) / 2
	}
	return n
}

// OnBoard reports whether s is a playable (dark) square of the variant's
// board. A Size outside 1..8 has no board (Validate refuses it), so no
// square is on it, as SquareCount, Board and the numberings agree.
func (v Variant) OnBoard(s Square) bool {
	if s > 63 || v.Size < 1 || v.Size > 8 {
		return false
	}
	f, r := s.File(), s.Rank()
	return f < v.Size && r < v.Size && (f+r)%2 == 0
}

// The switch names and values of the text form.
var (
	transferNames = []string{"immediate", "end"}
	rejumpNames   = []string{"no-reversal", "not-last", "once", "never", "any"}
	landingNames  = []string{"any", "continue"}
	crowningNames = []string{"continue", "at-end", "stop"}
)

// A switchDef is one named switch of the text form.
type switchDef struct {
	name string
	doc  string
	get  func(v *Variant) string
	set  func(v *Variant, value string) error
}

func boolText(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func parseBool(s string) (bool, error) {
	switch s {
	case "on", "yes", "true", "1":
		return true, nil
	case "off", "no", "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q is not on or off", s)
}

func parseEnum(names []string, s string) (uint8, error) {
	for i, n := range names {
		if n == s {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not one of %s", s, strings.Join(names, ", "))
}

func parseInt(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return n, nil
}

func boolSwitch(name, doc string, f func(v *Variant) *bool) switchDef {
	return switchDef{name, doc,
		func(v *Variant) string { return boolText(*f(v)) },
		func(v *Variant, s string) error {
			b, err := parseBool(s)
			*f(v) = b
			return err
		}}
}

func intSwitch(name, doc string, f func(v *Variant) *int) switchDef {
	return switchDef{name, doc,
		func(v *Variant) string { return strconv.Itoa(*f(v)) },
		func(v *Variant, s string) error {
			n, err := parseInt(s)
			*f(v) = n
			return err
		}}
}

func enumSwitch[T ~uint8](name, doc string, names []string, f func(v *Variant) *T) switchDef {
	return switchDef{name, doc,
		func(v *Variant) string {
			if int(*f(v)) < len(names) {
				return names[*f(v)]
			}
			return strconv.Itoa(int(*f(v)))
		},
		func(v *Variant, s string) error {
			n, err := parseEnum(names, s)
			*f(v) = T(n)
			return err
		}}
}

// switches lists the switches of the text form, in the order String writes
// them.
var switches = []switchDef{
	intSwitch("size", "board width and height, 4..8", func(v *Variant) *int { return &v.Size }),
	intSwitch("pieces", "men per side at the start", func(v *Variant) *int { return &v.Pieces }),
	boolSwitch("stacking", "captured pieces go under the capturer (off: classic draughts)", func(v *Variant) *bool { return &v.Stacking }),
	boolSwitch("backward", "men capture backward too", func(v *Variant) *bool { return &v.MenCaptureBackward }),
	boolSwitch("flying", "kings fly along diagonals", func(v *Variant) *bool { return &v.FlyingKings }),
	enumSwitch("transfer", "when captured tops go under: immediate, end", transferNames, func(v *Variant) *Transfer { return &v.Transfer }),
	enumSwitch("rejump", "jumping a tower again: no-reversal, not-last, once, never, any", rejumpNames, func(v *Variant) *Rejump { return &v.Rejump }),
	enumSwitch("landing", "flying king landing: any, continue", landingNames, func(v *Variant) *KingLanding { return &v.KingLanding }),
	boolSwitch("majority", "the largest capture is compulsory", func(v *Variant) *bool { return &v.Majority }),
	enumSwitch("crowning", "man on the far rank mid-capture: continue, at-end, stop", crowningNames, func(v *Variant) *Crowning { return &v.Crowning }),
	boolSwitch("demote", "captured kings become men", func(v *Variant) *bool { return &v.DemoteCapturedKings }),
	intSwitch("repetitions", "occurrences of a position that draw (0: off)", func(v *Variant) *int { return &v.Repetitions }),
	intSwitch("kings-only", "plies without a man move or capture that draw (0: off)", func(v *Variant) *int { return &v.KingsOnlyPlies }),
}

// SwitchHelp returns one line per switch of the text form: its name and what
// its values mean.
func SwitchHelp() []string {
	out := make([]string, len(switches))
	for i, s := range switches {
		out[i] = s.name + ": " + s.doc
	}
	return out
}

// ParseVariant reads a variant's text form: a preset name, optionally followed
// by comma-separated overrides of named switches, such as
//
//	russian
//	lasca,rejump=no-reversal
//	russian,backward=off,crowning=stop,landing=any,rejump=not-last
//
// Names and values are case-insensitive; spaces around items are ignored. The
// switches and their values are:
//
//	size=4..8              board width and height
//	pieces=N               men per side at the start
//	stacking=on|off        captured pieces go under the capturer (off: classic draughts)
//	backward=on|off        men capture backward too
//	flying=on|off          kings fly along diagonals
//	transfer=immediate|end when captured tops go under the capturer
//	rejump=no-reversal|not-last|once|never|any
//	landing=any|continue   where a flying king lands after a jump
//	majority=on|off        the largest capture is compulsory
//	crowning=continue|at-end|stop
//	demote=on|off          captured kings become men
//	repetitions=N          occurrences of a position that draw (0: off)
//	kings-only=N           plies without a man move or capture that draw (0: off)
//
// The result is validated. The switch separator=colon|x of texts written
// before v0.2.0 is read and changes nothing: how captures are written is a
// Notation's choice.
func ParseVariant(text string) (Variant, error) {
	items := strings.Split(strings.ToLower(strings.TrimSpace(text)), ",")
	name := strings.TrimSpace(items[0])
	v, found := Preset(name)
	if !found {
		return Variant{}, &VariantError{Text: text, Reason: fmt.Sprintf("unknown ruleset %q (known: %s)", name, strings.Join(PresetNames(), ", "))}
	}
	seen := map[string]bool{}
	for _, item := range items[1:] {
		item = strings.TrimSpace(item)
		key, value, ok := strings.Cut(item, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" || value == "" {
			return Variant{}, &VariantError{Text: text, Reason: fmt.Sprintf("override %q is not name=value", item)}
		}
		if seen[key] {
			return Variant{}, &VariantError{Text: text, Reason: fmt.Sprintf("switch %q given twice", key)}
		}
		seen[key] = true
		if key == "separator" {
			// Texts written before v0.2.0 may carry it: it is read and
			// changes nothing, as how moves are written is a Notation's.
			if value != "x" && value != "colon" && value != ":" {
				return Variant{}, &VariantError{Text: text, Reason: fmt.Sprintf("switch separator: %q is not colon or x", value)}
			}
			continue
		}
		sw := findSwitch(key)
		if sw == nil {
			return Variant{}, &VariantError{Text: text, Reason: fmt.Sprintf("unknown switch %q (known: %s)", key, strings.Join(switchNames(), ", "))}
		}
		if err := sw.set(&v, value); err != nil {
			return Variant{}, &VariantError{Text: text, Reason: fmt.Sprintf("switch %s: %v", key, err)}
		}
	}
	if err := v.Validate(); err != nil {
		var ve *VariantError
		if e, ok := err.(*VariantError); ok {
			ve = &VariantError{Text: text, Reason: e.Reason}
			return Variant{}, ve
		}
		return Variant{}, err
	}
	return v, nil
}

func findSwitch(name string) *switchDef {
	for i := range switches {
		if switches[i].name == name {
			return &switches[i]
		}
	}
	return nil
}

func switchNames() []string {
	out := make([]string, len(switches))
	for i, s := range switches {
		out[i] = s.name
	}
	sort.Strings(out)
	return out
}

// String returns the variant's text form: the name of the preset it differs
// least from, followed by the overrides of the switches that differ. The
// text of a valid Variant (Validate) reads back with ParseVariant to the
// same Variant; that of an invalid one, such as the zero Variant
// ("lasca,size=0,..."), lists its switches but does not read back.
func (v Variant) String() string {
	i, diff := nearestPreset(v)
	if len(diff) == 0 {
		return presets[i].name
	}
	return presets[i].name + "," + strings.Join(diff, ",")
}

// nearestPreset returns the index of the preset v differs least from (the
// first of those, in the table's order) and the overrides that make v of it.
func nearestPreset(v Variant) (int, []string) {
	best, bestDiff := -1, []string(nil)
	for i, p := range presets {
		var diff []string
		for _, sw := range switches {
			if a := sw.get(&v); a != sw.get(&p.v) {
				diff = append(diff, sw.name+"="+a)
			}
		}
		if best < 0 || len(diff) < len(bestDiff) {
			best, bestDiff = i, diff
		}
	}
	return best, bestDiff
}

// Name returns the preset name when the variant is exactly a preset, and ""
// otherwise.
func (v Variant) Name() string {
	for _, p := range presets {
		if p.v == v {
			return p.name
		}
	}
	return ""
}
