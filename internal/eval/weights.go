package eval

import (
	"embed"
	"fmt"

	"github.com/bashni-dev/bashni"
)

// Weights are the evaluation's parameters, in hundredths of a man. Each
// term of a side is counted for White and Black and the difference taken,
// so a weight is what one such term is worth.
type Weights struct {
	Man          int `json:"man"`          // a man on top
	King         int `json:"king"`         // a king on top
	ReserveMan   int `json:"reserveMan"`   // own man in the run of own pieces under the top
	ReserveKing  int `json:"reserveKing"`  // own king there (it becomes the top when the tower is jumped)
	DeepOwn      int `json:"deepOwn"`      // own piece under an enemy prisoner
	PrisonerMan  int `json:"prisonerMan"`  // enemy man held prisoner
	PrisonerKing int `json:"prisonerKing"` // enemy king held prisoner (it comes back a king unless captured kings are demoted)
	Exposed      int `json:"exposed"`      // penalty: an enemy piece right under the top
	BackRank     int `json:"backRank"`     // own man on its back rank, while the enemy has men left
	Centre       int `json:"centre"`       // man on one of the central squares
	ManMobility  int `json:"manMobility"`  // per free forward step of a man
	KingMobility int `json:"kingMobility"` // per square a king can step or fly to
	ImmobileMan  int `json:"immobileMan"`  // penalty: a man on top with no free forward step
	// Balance is a penalty per man of difference between a side's men on
	// top on the two halves of the board (the files left of the middle
	// against those right of it; the middle file of a 7x7 board counts to
	// neither). A side whose men stand on one wing leaves the other to the
	// enemy, which the pattern weights, each seeing a few squares, do not
	// see.
	Balance int `json:"balance"`
	// Advance[r] is a man on rank r counted from its own side, early in
	// the game, LateAdvance[r] late in the game.
	Advance     [8]int `json:"advance"`
	LateAdvance [8]int `json:"lateAdvance"`
	// Towers[late][king][under][i] is a top (king 1 for a king) on square
	// i (SquareIndex, from the owner's side) with under (UnderNothing,
	// UnderOwn or UnderEnemy) right below it, early (late 0) or late in the
	// game (late 1).
	Towers [2][2][3][32]int `json:"towers"`
	// Lines[king][under][front][back] is a top (king 1 for a king, under
	// as in Towers) by what is on its two neighbours along one diagonal:
	// the one ahead of it, towards the enemy, and the one behind (each
	// OffBoard, Empty, Own, EnemyMan or EnemyKing). Each top counts once
	// for each of its two diagonals. So the table sees, for instance, an
	// enemy man ahead with the square behind empty (a jump the enemy may
	// make), or an own piece behind that blocks it, and what the jump would
	// free.
	Lines [2][3][5][5]int `json:"lines"`
	// ManyTowers is the number of towers at or below which the position
	// counts as late in the game. It is not fitted: the other weights
	// depend on it.
	ManyTowers int `json:"manyTowers"`
	// Patterns, if not nil, are pattern weights (PatternLayout) added to
	// the other terms. They are not among Params and not in the JSON:
	// they have their own file (ReadPatterns), and New shares them, never
	// changing them.
	Patterns *Patterns `json:"-"`
	// Network, if not nil, is a network (network.go) added to the other
	// terms, in the classic rulesets of 8x8 boards. Like Patterns it has
	// its own file (ReadNetwork) and is shared, never changed.
	Network *Network `json:"-"`
}

// hand are the weights set by hand before any were fitted, for a ruleset
// with flying kings. The classic presets play with them (and their pattern
// weights, which see men only); their king, 3 men, played better than
// 2.6 in matches, where 2.2, 3.4 and 3.8 did not (docs/ENGINE.md, "The
// classic presets' own weights"); their Balance, 5, won +18 (+3 to +34)
// over 1,000 games of russian-draughts at 50,000 nodes a move, and is
// level in brazilian-draughts (docs/ENGINE.md, "Terms the pattern weights
// do not see").
var hand = Weights{
	Man: 100, King: 300,
	ReserveMan: 45, ReserveKing: 80, DeepOwn: 20,
	PrisonerMan: 55, PrisonerKing: 90, Exposed: 12,
	BackRank: 8, Centre: 6,
	ManMobility: 6, KingMobility: 4, ImmobileMan: 8, Balance: 5,
	Advance:     [8]int{0, 0, 2, 4, 6, 9, 12, 0},
	LateAdvance: [8]int{0, 3, 7, 12, 18, 26, 36, 0},
	ManyTowers:  10,
}

// Hand returns the weights set by hand for ruleset v: a king that does not
// fly is worth less than one that does.
func Hand(v bashni.Variant) Weights {
	w := hand
	if !v.FlyingKings {
		w.King = w.King * 7 / 10
	}
	return w
}

// fitted holds the weights files: the fitted weights and the presets'
// networks in weights/, the tower presets' pattern weights in
// weights/towers/. (The classic presets' pattern weights, which the network
// replaced, were weights/NAME.patterns.)
//
//go:embed weights/*.json weights/towers/*.patterns weights/*.network
var fitted embed.FS

// For returns the weights the engine uses in ruleset v: those fitted to
// games of the preset v is (internal/eval/weights/NAME.json, made by
// cmd/bashni-tune), or, for a ruleset that is no fitted preset, those of
// the fitted preset it plays most like (lasca for 7x7 boards, international
// with the largest capture compulsory, russian otherwise); classic draughts,
// without towers, keep the hand-set weights unless their preset has fitted
// ones. A network (NAME.network) comes with them where the preset has one,
// and pattern weights (NAME.patterns) where it has those and no network.
func For(v bashni.Variant) Weights {
	name := "russian"
	switch {
	case v == bashni.RussianDraughts(), v == bashni.BrazilianDraughts():
		name = v.String()
	case !v.Stacking:
		return Hand(v)
	case v == bashni.Russian(), v == bashni.International(), v == bashni.Lasca():
		name = v.String()
	case v.Size == 7:
		name = "lasca"
	case v.Majority:
		name = "international"
	}
	w, err := Fitted(name)
	if err != nil {
		w = Hand(v)
	}
	if n, err := FittedNetwork(name); err == nil && n.Fits(v) == nil {
		// The network replaces the pattern weights: it played better
		// without them (docs/ENGINE.md, "Network").
		w.Network = n
		return w
	}
	if p, err := FittedPatterns(name); err == nil && p.Size == v.Size && p.Layout.Towers == v.Stacking {
		w.Patterns = p
	}
	return w
}

// FittedNetwork returns the network of the preset name
// (internal/eval/weights/NAME.network), or an error if it has none or it
// does not read.
func FittedNetwork(name string) (*Network, error) {
	file := "weights/" + name + ".network"
	data, err := fitted.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("eval: no network for %q", name)
	}
	n, err := ReadNetwork(data)
	if err != nil {
		return nil, fmt.Errorf("eval: %s: %v", file, err)
	}
	return n, nil
}

// FittedPatterns returns the pattern weights of the tower preset name
// (internal/eval/weights/towers/NAME.patterns), or an error if it has none
// or they do not read.
func FittedPatterns(name string) (*Patterns, error) {
	file := "weights/towers/" + name + ".patterns"
	data, err := fitted.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("eval: no pattern weights for %q", name)
	}
	p, err := ReadPatterns(data)
	if err != nil {
		return nil, fmt.Errorf("eval: %s: %v", file, err)
	}
	return p, nil
}

// Fitted returns the fitted weights of the preset name, or an error if
// there are none.
func Fitted(name string) (Weights, error) {
	data, err := fitted.ReadFile("weights/" + name + ".json")
	if err != nil {
		return Weights{}, fmt.Errorf("eval: no fitted weights for %q", name)
	}
	w, err := decodeWeights(data)
	if err != nil {
		return Weights{}, fmt.Errorf("eval: weights/%s.json: %v", name, err)
	}
	return w, nil
}

// Param is one fitted weight: its name and where it is in a Weights.
type Param struct {
	Name string
	Ptr  *int
}

// NumParams is the number of fitted weights: all but ManyTowers.
const NumParams = 14 + 8 + 8 + 2*2*3*32 + 2*3*5*5

// Params lists the weights a fit changes, in a fixed order, the order of
// Features: all but ManyTowers.
func (w *Weights) Params() []Param {
	ps := []Param{
		{"man", &w.Man}, {"king", &w.King}, {"reserveMan", &w.ReserveMan}, {"reserveKing", &w.ReserveKing},
		{"deepOwn", &w.DeepOwn}, {"prisonerMan", &w.PrisonerMan}, {"prisonerKing", &w.PrisonerKing},
		{"exposed", &w.Exposed}, {"backRank", &w.BackRank}, {"centre", &w.Centre},
		{"manMobility", &w.ManMobility}, {"kingMobility", &w.KingMobility}, {"immobileMan", &w.ImmobileMan},
		{"balance", &w.Balance},
	}
	for r := range w.Advance {
		ps = append(ps, Param{fmt.Sprintf("advance[%d]", r), &w.Advance[r]})
	}
	for r := range w.LateAdvance {
		ps = append(ps, Param{fmt.Sprintf("lateAdvance[%d]", r), &w.LateAdvance[r]})
	}
	for late := range 2 {
		for king := range 2 {
			for u := range 3 {
				for i := range 32 {
					ps = append(ps, Param{fmt.Sprintf("towers[%d][%d][%d][%d]", late, king, u, i), &w.Towers[late][king][u][i]})
				}
			}
		}
	}
	for king := range 2 {
		for u := range 3 {
			for f := range 5 {
				for b := range 5 {
					ps = append(ps, Param{fmt.Sprintf("lines[%d][%d][%d][%d]", king, u, f, b), &w.Lines[king][u][f][b]})
				}
			}
		}
	}
	return ps
}
