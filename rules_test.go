package bashni_test

// Hand-built positions, one or more per rule of docs/RULES.md sections 3-8 and 12.
// Each case pins the exact list of legal moves (canonical texts) and the FEN
// each one leads to. The expectations were worked out by hand from docs/RULES.md,
// not from the generator; the comment on each case gives the reasoning.
//
// Square colours: a square (file, rank), both counted from 0, is dark when
// file+rank is even (a1, c3, b6, h8 are dark; b7, a8 are not). White men move
// up. Emitted FENs list White then Black, each rank by rank from rank 1 and
// file by file within a rank (so g3 comes before b4).
//
// Where two capture sequences give the same position (section 8) the move
// keeps the sequence whose landing squares come first in square order
// (a1 < c1 < ... < h1 < b2 < ... ; rank first, then file), as Move documents.

import (
	"sort"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// ruleCase is one position under one ruleset with all its legal moves.
type ruleCase struct {
	name string // the rule id first
	v    bashni.Variant
	fen  string
	want map[string]string // canonical move text -> FEN after the move
}

// ruleVariant returns a copy of the preset v with change applied: a custom
// ruleset that differs from a preset in one or two switches.
func ruleVariant(v bashni.Variant, change func(*bashni.Variant)) bashni.Variant {
	change(&v)
	return v
}

// Positions used under several rulesets.
const (
	// A white man on c3 inside a diamond of four black men b4, d4, b6, d6:
	// it can run round the diamond in either direction and come back to c3.
	ruleDiamond = "W:Wc3:Bb4,d4,b6,d6"
	// The same with a king on d4, so the two directions take the prisoners
	// in different orders.
	ruleDiamondKing = "W:Wc3:Bb4,Kd4,b6,d6"
	// The same with two black men on d4, so d4 can be jumped twice.
	ruleDiamondTower = "W:Wc3:Bb4,d4b,b6,d6"
	// A white king on a1 whose long capture crosses d4, the square of its
	// first jump, on its last jump (over c5 from f2).
	ruleKingCross = "W:WKa1:Bd4,g5,g3,c5"
	// As ruleKingCross, but the last jump is over e3 from f2, so the king
	// may land on d4 itself.
	ruleKingLand = "W:WKa1:Bd4,g5,g3,e3"
	// A white king on c3 between black men on b2 and d4.
	ruleKingReverse = "W:WKc3:Bb2,d4"
	// A white man on c3 that can take one king (b4) or two men (d4, f6).
	ruleChoice = "W:Wc3:Bd4,f6,Kb4"
	// A white king on a1: over c3 it may land on d4..h8; only from e5 can it
	// jump again (f4).
	ruleLanding = "W:WKa1:Bc3,f4"
	// A white man on b6 that is crowned on d8 by its jump over c7 and, as a
	// man or a king, can jump on over e7.
	ruleCrown = "W:Wb6:Bc7,e7"
	// ruleCrown with a black man on f4 for a king on g5 to take.
	ruleCrownLong = "W:Wb6:Bc7,e7,f4"
	// A white man on c3 that takes the black man on top of d4 and frees the
	// white king under it.
	ruleFreedKing = "W:Wc3:Bd4W"
	// A white man on c3 that takes a black king.
	ruleTakeKing = "W:Wc3:BKd4"
	// A black man on d4 over a white man: after c3:e5 its new top is black.
	ruleNewTopBlack = "W:Wc3:Bd4bw"
	// A white man on d4 with black men in front (c5) and behind (e3).
	ruleBothWays = "W:Wd4:Bc5,e3"
	// lasca: a white king on c3 in a diamond whose d4 holds two black men.
	ruleLascaDiamond = "W:WKc3:Bb4,d4b,b6,d6"
	// lasca: a white man on a5 crowned on c7 by its jump over b6, with d6
	// behind c7 for a king to jump.
	ruleLascaCrown = "W:Wa5:Bb6,d6"
)

var ruleCases = []ruleCase{
	// ---- Section 3: quiet moves ----

	// Men step one square diagonally forward onto an empty square: a3 is
	// blocked by b4; b4 goes to a5 or c5 (not back to c3); the tower g3 goes
	// to f4 or h4 whole, its prisoners with it.
	{"3/man-forward", bashni.Russian(), "W:Wa3,b4,g3bb:Bh8", map[string]string{
		"b4-a5": "B:Wa3,g3bb,a5:Bh8",
		"b4-c5": "B:Wa3,g3bb,c5:Bh8",
		"g3-f4": "B:Wa3,b4,f4bb:Bh8",
		"g3-h4": "B:Wa3,b4,h4bb:Bh8",
	}},
	// Black men step down the board.
	{"3/man-forward-black", bashni.Russian(), "B:Wa1:Bd6,h6", map[string]string{
		"d6-c5": "W:Wa1:Bc5,h6",
		"d6-e5": "W:Wa1:Be5,h6",
		"h6-g5": "W:Wa1:Bg5,d6",
	}},
	// A flying king goes any distance over empty squares and stops before
	// the first occupied one (h8, which it cannot jump: nothing beyond).
	{"3/flying-king", bashni.Russian(), "W:WKc3:Bh8", map[string]string{
		"c3-d4": "B:WKd4:Bh8", "c3-e5": "B:WKe5:Bh8", "c3-f6": "B:WKf6:Bh8", "c3-g7": "B:WKg7:Bh8",
		"c3-b4": "B:WKb4:Bh8", "c3-a5": "B:WKa5:Bh8",
		"c3-d2": "B:WKd2:Bh8", "c3-e1": "B:WKe1:Bh8",
		"c3-b2": "B:WKb2:Bh8", "c3-a1": "B:WKa1:Bh8",
	}},
	// L1, L2: on the 7x7 board a king steps one square in any direction; the
	// man on g3 has only f4 (h4 is off the board).
	{"L1/lasca-king-one-step", bashni.Lasca(), "W:WKd4,g3:Bg7", map[string]string{
		"d4-c3": "B:WKc3,g3:Bg7",
		"d4-e3": "B:WKe3,g3:Bg7",
		"d4-c5": "B:Wg3,Kc5:Bg7",
		"d4-e5": "B:Wg3,Ke5:Bg7",
		"g3-f4": "B:WKd4,f4:Bg7",
	}},
	// A man ending a quiet move on the far rank becomes a king; only the top
	// changes, the prisoners (a man and a king) stay as they were.
	{"3/promotion-on-quiet-move-changes-only-top", bashni.Russian(), "W:Wc7bB:B", map[string]string{
		"c7-b8": "B:WKb8bB:B",
		"c7-d8": "B:WKd8bB:B",
	}},

	// ---- Section 4: captures, shared by all rulesets ----

	// a1 has a quiet move, but c3 can capture d4, so c3:e5 is the only move.
	// The taken man goes under the white man.
	{"4/compulsory-capture", bashni.Russian(), "W:Wa1,c3:Bd4", map[string]string{
		"c3:e5": "B:Wa1,e5b:B",
	}},
	// A man jumps forward (c5) and backward (e3); after either jump the
	// other black man is not adjacent, so each takes one.
	{"4/man-jumps-forward-and-backward", bashni.Russian(), ruleBothWays, map[string]string{
		"d4:b6": "B:Wb6b:Be3",
		"d4:f2": "B:Wf2b:Bc5",
	}},
	// A flying king goes over b2, c3 to d4, jumps it, and may land on e5 or
	// f6, not on or past its own man on g7. Neither landing jumps on.
	{"4/flying-king-jump", bashni.Russian(), "W:WKa1,g7:Bd4", map[string]string{
		"a1:e5": "B:WKe5b,g7:B",
		"a1:f6": "B:WKf6b,g7:B",
	}},
	// A lasca king jumps an adjacent tower in any direction (c5 forward, c3
	// backward), but not f6 two squares away: it does not fly.
	{"4/lasca-king-jump", bashni.Lasca(), "W:WKd4:Bc3,c5,f6", map[string]string{
		"d4xb2": "B:WKb2b:Bc5,f6",
		"d4xb6": "B:WKb6b:Bc3,f6",
	}},
	// Only the top of d4 (a black man) is taken; the white man under it is
	// freed and now owns d4. From e5 nothing is left to jump.
	{"4/only-the-top-is-taken", bashni.Russian(), "W:Wc3:Bd4wb", map[string]string{
		"c3:e5": "B:Wd4b,e5b:B",
	}},
	// a1:c3 over b2, then c3:e5 over the king on d4: the king, taken last,
	// is at the very bottom of the new tower (w, b, B).
	{"4/last-taken-at-the-bottom", bashni.Russian(), "W:Wa1:Bb2,Kd4", map[string]string{
		"a1:c3:e5": "B:We5bB:B",
	}},
	// c3 is a white tower over a black man: the king on a1 stops before it
	// and the man may not jump it (it is White's own), so there is no
	// capture at all, only the quiet moves.
	{"4/never-jump-own-colour", bashni.Russian(), "W:WKa1,c3b:Be5", map[string]string{
		"a1-b2": "B:WKb2,c3b:Be5",
		"c3-b4": "B:WKa1,b4b:Be5",
		"c3-d4": "B:WKa1,d4b:Be5",
	}},
	// After a1:c3 over b2 the man must jump again, over d4 or over b4:
	// stopping on c3 is not a move.
	{"4/sequence-completed", bashni.Russian(), "W:Wa1:Bb2,b4,d4", map[string]string{
		"a1:c3:a5": "B:Wa5bb:Bd4",
		"a1:c3:e5": "B:We5bb:Bb4",
	}},
	// The man runs round the diamond and lands on c3, the square it started
	// from, which counts as empty. Both directions take the same four men:
	// one move (section 8), written with the smaller first landing (a5).
	// Were c3 occupied, the runs would stop on a5 and e5: two moves.
	{"4/start-square-counts-as-empty", bashni.Russian(), ruleDiamond, map[string]string{
		"c3:a5:c7:e5:c3": "B:Wc3bbbb:B",
	}},

	// The king's start square counts as empty when it flies across it too:
	// c3:e1 over d2, e1:g3 over f2 (g3, not h4, jumps on: R5), g3:e5 over
	// f4 (e5 jumps on), then from e5 south-west across d4 and c3 (its own
	// start) over b2 to a1. Or just c3:a1 over b2.
	{"4/start-square-crossed-by-king", bashni.Russian(), "W:WKc3:Bb2,d2,f2,f4", map[string]string{
		"c3:a1":          "B:WKa1b:Bd2,f2,f4",
		"c3:e1:g3:e5:a1": "B:WKa1bbbb:B",
	}},

	// ---- Section 5: russian ----

	// R1, R2: after c3:e5 over d4 the second man on d4 is its new top, in
	// play at once, and d4 may be jumped again. Clockwise
	// (c3:e5:c7:a5:c3) the last jump went south-east, so the man may go on
	// north-east over d4 again: five men. Anticlockwise (c3:a5:c7:e5:c3)
	// the last jump over d4 went south-west and jumping it again would go
	// north-east, the exact reverse (R3): four men, one left on d4.
	{"R1-R2/new-top-jumped-again", bashni.Russian(), ruleDiamondTower, map[string]string{
		"c3:a5:c7:e5:c3":    "B:Wc3bbbb:Bd4",
		"c3:e5:c7:a5:c3:e5": "B:We5bbbbb:B",
	}},
	// R1: the king takes d4 (landing e5 or f6, the two that jump on, R5).
	// From e5 it takes g3 and ends on h2. From f6 it takes g5 to h4, then
	// g3: of f2 and e1 only f2 jumps on, north-west across d4, which the
	// first jump emptied, over c5 to b6 or a7.
	{"R1/king-crosses-emptied-square", bashni.Russian(), ruleKingCross, map[string]string{
		"a1:e5:h2":       "B:WKh2bb:Bc5,g5",
		"a1:f6:h4:f2:a7": "B:WKa7bbbb:B",
		"a1:f6:h4:f2:b6": "B:WKb6bbbb:B",
	}},
	// R2: as above, but the last jump is over e3 from f2, and d4 (jumped
	// first, empty now) is the first of its landing squares. None of d4,
	// c5, b6, a7 jumps on, so all four are moves.
	{"R2/king-lands-on-earlier-jumped-square", bashni.Russian(), ruleKingLand, map[string]string{
		"a1:e5:h2":       "B:WKh2bb:Be3,g5",
		"a1:f6:h4:f2:a7": "B:WKa7bbbb:B",
		"a1:f6:h4:f2:b6": "B:WKb6bbbb:B",
		"a1:f6:h4:f2:c5": "B:WKc5bbbb:B",
		"a1:f6:h4:f2:d4": "B:WKd4bbbb:B",
	}},
	// R3: after c3:e5 over d4 (north-east) d4 still has a black top, and c3
	// is empty, but jumping it back south-west is a reversal.
	{"R3/no-reversal-man", bashni.Russian(), ruleNewTopBlack, map[string]string{
		"c3:e5": "B:We5b:Bd4w",
	}},
	// R3 for a flying king: after c3 takes d4 north-east, the line back
	// south-west reaches b2, a different tower, with a1 empty beyond; the
	// reversal is still forbidden. So each of the five single jumps is a
	// move (no landing beyond d4 jumps on).
	{"R3/no-reversal-flying-king", bashni.Russian(), ruleKingReverse, map[string]string{
		"c3:a1": "B:WKa1b:Bd4",
		"c3:e5": "B:WKe5b:Bb2",
		"c3:f6": "B:WKf6b:Bb2",
		"c3:g7": "B:WKg7b:Bb2",
		"c3:h8": "B:WKh8b:Bb2",
	}},
	// R4: the mover may take the king on b4 (one piece) or the two men d4,
	// f6; both are moves.
	{"R4/free-choice", bashni.Russian(), ruleChoice, map[string]string{
		"c3:a5":    "B:Wa5B:Bd4,f6",
		"c3:e5:g7": "B:Wg7bb:BKb4",
	}},
	// R5: of the landing squares d4..h8 beyond c3 only e5 lets the king jump
	// on (over f4), so it must land there; then g3 or h2.
	{"R5/king-must-land-where-it-can-jump-on", bashni.Russian(), ruleLanding, map[string]string{
		"a1:e5:g3": "B:WKg3bb:B",
		"a1:e5:h2": "B:WKh2bb:B",
	}},
	// R5 switched off (landing=any): every landing is a move; e5 still has
	// to jump on (the sequence is completed).
	{"R5-off/russian-landing-anywhere", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.KingLanding = bashni.LandAnywhere }), ruleLanding, map[string]string{
		"a1:d4":    "B:WKd4b:Bf4",
		"a1:f6":    "B:WKf6b:Bf4",
		"a1:g7":    "B:WKg7b:Bf4",
		"a1:h8":    "B:WKh8b:Bf4",
		"a1:e5:g3": "B:WKg3bb:B",
		"a1:e5:h2": "B:WKh2bb:B",
	}},
	// R6: the man is crowned on d8 and, as a flying king, jumps e7 and may
	// land on f6, g5 or h4 (none jumps on). It may not go back south-west.
	{"R6/crowned-mid-capture-goes-on-as-king", bashni.Russian(), ruleCrown, map[string]string{
		"b6:d8:f6": "B:WKf6bb:B",
		"b6:d8:g5": "B:WKg5bb:B",
		"b6:d8:h4": "B:WKh4bb:B",
	}},
	// R6 with R5: as above, with f4 added. Of f6, g5, h4 only g5 lets the
	// new king jump on (south-west over f4), so it must land on g5; then
	// e3, d2 or c1, none of which jumps on.
	{"R6-R5/crowned-king-lands-where-it-can-jump-on", bashni.Russian(), ruleCrownLong, map[string]string{
		"b6:d8:g5:c1": "B:WKc1bbb:B",
		"b6:d8:g5:d2": "B:WKd2bbb:B",
		"b6:d8:g5:e3": "B:WKe3bbb:B",
	}},
	// R7: the white king freed from under d4 is still a king.
	{"R7/freed-king-keeps-rank", bashni.Russian(), ruleFreedKing, map[string]string{
		"c3:e5": "B:WKd4,e5b:B",
	}},
	// R7: a captured king goes under as a king.
	{"R7/captured-king-stays-king", bashni.Russian(), ruleTakeKing, map[string]string{
		"c3:e5": "B:We5B:B",
	}},

	// ---- Section 6: international ----

	// I1: jumped towers stay until the move ends and their squares may not
	// be crossed: from f2 the king cannot cross d4 to reach c5, so the long
	// line ends on f2 or e1 (I5: any landing) with three men, and that is
	// the most (I2): a1:e5:h2 (two) is not a move.
	{"I1/jumped-square-may-not-be-crossed", bashni.International(), ruleKingCross, map[string]string{
		"a1:f6:h4:e1": "B:WKe1bbb:Bc5",
		"a1:f6:h4:f2": "B:WKf2bbb:Bc5",
	}},
	// I1, I5: from f2 the jump over e3 would land on d4, the square jumped
	// first, the only square before the jumped tower: no jump.
	{"I1-I5/no-landing-on-earlier-jumped-square", bashni.International(), ruleKingLand, map[string]string{
		"a1:f6:h4:e1": "B:WKe1bbb:Be3",
		"a1:f6:h4:f2": "B:WKf2bbb:Be3",
	}},
	// I1: d4 may be jumped only once, so both ways round the diamond take
	// the same four men: one move, one man left on d4.
	{"I1/tower-jumped-once", bashni.International(), ruleDiamondTower, map[string]string{
		"c3:a5:c7:e5:c3": "B:Wc3bbbb:Bd4",
	}},
	// I1 as a switch on russian (rejump=never) with immediate transfer: d4
	// is empty once jumped, but its square still may not be crossed, so the
	// king stops on f2 or e1 (R5 keeps both: neither jumps on). No majority:
	// a1:e5:h2 is a move.
	{"I1-switch/russian-rejump-never-emptied-square", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.Rejump = bashni.RejumpNever }), ruleKingCross, map[string]string{
		"a1:e5:h2":    "B:WKh2bb:Bc5,g5",
		"a1:f6:h4:e1": "B:WKe1bbb:Bc5",
		"a1:f6:h4:f2": "B:WKf2bbb:Bc5",
	}},
	// The same switch: d4's second man may not be jumped, either way round.
	{"I1-switch/russian-rejump-never-tower", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.Rejump = bashni.RejumpNever }), ruleDiamondTower, map[string]string{
		"c3:a5:c7:e5:c3": "B:Wc3bbbb:Bd4",
	}},
	// I2: two men outweigh one king (a king counts as one).
	{"I2/majority-king-counts-as-one", bashni.International(), ruleChoice, map[string]string{
		"c3:e5:g7": "B:Wg7bb:BKb4",
	}},
	// I2 as a switch on russian.
	{"I2-switch/russian-with-majority", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.Majority = true }), ruleChoice, map[string]string{
		"c3:e5:g7": "B:Wg7bb:BKb4",
	}},
	// I2 switched off: both captures; the king taken by c3:a5 goes under as
	// a man (I4).
	{"I2-off/international-free-choice", ruleVariant(bashni.International(), func(v *bashni.Variant) { v.Majority = false }), ruleChoice, map[string]string{
		"c3:a5":    "B:Wa5b:Bd4,f6",
		"c3:e5:g7": "B:Wg7bb:BKb4",
	}},
	// I2 keeps only the longest, which here are R5's moves anyway.
	{"I2/majority-with-king-landing", bashni.International(), ruleLanding, map[string]string{
		"a1:e5:g3": "B:WKg3bb:B",
		"a1:e5:h2": "B:WKh2bb:B",
	}},
	// I5 with the majority off: the king may land on any square beyond c3,
	// even where another landing would let it jump on.
	{"I5/land-anywhere", ruleVariant(bashni.International(), func(v *bashni.Variant) { v.Majority = false }), ruleLanding, map[string]string{
		"a1:d4":    "B:WKd4b:Bf4",
		"a1:f6":    "B:WKf6b:Bf4",
		"a1:g7":    "B:WKg7b:Bf4",
		"a1:h8":    "B:WKh8b:Bf4",
		"a1:e5:g3": "B:WKg3bb:B",
		"a1:e5:h2": "B:WKh2bb:B",
	}},
	// I3: the man reaches d8 and can jump on as a man (backward over e7), so
	// it goes on as a man, ends on f6 and stays a man.
	{"I3/man-passing-far-rank-stays-man", bashni.International(), ruleCrown, map[string]string{
		"b6:d8:f6": "B:Wf6bb:B",
	}},
	// I3: the same with f4 added: the man on f6 cannot reach f4, which a
	// king could have taken.
	{"I3/man-passing-far-rank-cannot-fly", bashni.International(), ruleCrownLong, map[string]string{
		"b6:d8:f6": "B:Wf6bb:Bf4",
	}},
	// I3 as a switch on russian (crowning=at-end): the same single move.
	{"I3-switch/russian-crowning-at-end", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.Crowning = bashni.CrownAtEnd }), ruleCrown, map[string]string{
		"b6:d8:f6": "B:Wf6bb:B",
	}},
	// I3: a capture that ends on the far rank crowns the man.
	{"I3/crowned-when-move-ends-on-far-rank", bashni.International(), "W:Wb6:Bc7", map[string]string{
		"b6:d8": "B:WKd8b:B",
	}},
	// I4: a king written below a top is read as a man, so the freed piece
	// is a man.
	{"I4/freed-piece-is-a-man", bashni.International(), ruleFreedKing, map[string]string{
		"c3:e5": "B:Wd4,e5b:B",
	}},
	// I4: a captured king goes under as a man.
	{"I4/captured-king-becomes-man", bashni.International(), ruleTakeKing, map[string]string{
		"c3:e5": "B:We5b:B",
	}},
	// I4 as a switch on russian.
	{"I4-switch/russian-demoting-captured-kings", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.DemoteCapturedKings = true }), "W:Wa1:Bb2,Kd4", map[string]string{
		"a1:c3:e5": "B:We5bb:B",
	}},
	// I4 and section 8: with the king demoted as it goes under, both ways
	// round the diamond give the same tower: one move (russian gives two,
	// see 8/prisoner-order-makes-two-moves).
	{"I4/demoted-prisoners-merge-moves", bashni.International(), ruleDiamondKing, map[string]string{
		"c3:a5:c7:e5:c3": "B:Wc3bbbb:B",
	}},

	// ---- Section 7: lasca ----

	// L2: a man captures forward only: c5, not e3.
	{"L2/man-captures-forward-only", bashni.Lasca(), ruleBothWays, map[string]string{
		"d4xb6": "B:Wb6b:Be3",
	}},
	// L4: the king runs round the diamond either way taking four men; d4
	// holds a second black man but may not be jumped twice. One move.
	// (L3, immediate transfer, shows only when L4 is off: see below.)
	{"L4/tower-jumped-at-most-once", bashni.Lasca(), ruleLascaDiamond, map[string]string{
		"c3xa5xc7xe5xc3": "B:WKc3bbbb:Bd4",
	}},
	// L3 with L4 off (LudiiLasca): the second man on d4 is in play at once
	// and d4 is jumped twice. Every maximal run (c3 e5 c3 a5 c7 e5,
	// c3 e5 c7 a5 c3 e5, c3 a5 c7 e5 c3 e5) takes all five and ends on e5:
	// one move, written with the smallest first landing.
	{"L3/ludii-lasca-rejump", bashni.LudiiLasca(), ruleLascaDiamond, map[string]string{
		"c3xa5xc7xe5xc3xe5": "B:WKe5bbbbb:B",
	}},
	// lasca with the russian no-reversal rule instead of L4: as in
	// R1-R2/new-top-jumped-again.
	{"L4-switch/lasca-no-reversal", ruleVariant(bashni.Lasca(), func(v *bashni.Variant) { v.Rejump = bashni.RejumpNoReversal }), ruleLascaDiamond, map[string]string{
		"c3xa5xc7xe5xc3":    "B:WKc3bbbb:Bd4",
		"c3xe5xc7xa5xc3xe5": "B:WKe5bbbbb:B",
	}},
	// L5: one man (b4) or two (d4, d6): free choice. The second ends on c7,
	// the far rank of 7x7, and crowns.
	{"L5/free-choice", bashni.Lasca(), "W:Wc3:Bb4,d4,d6", map[string]string{
		"c3xa5":    "B:Wa5b:Bd4,d6",
		"c3xe5xc7": "B:WKc7bb:Bb4",
	}},
	// L6: crowned on c7 by the jump over b6, the man stops there although
	// a king could jump d6.
	{"L6/promotion-ends-the-move", bashni.Lasca(), ruleLascaCrown, map[string]string{
		"a5xc7": "B:WKc7b:Bd6",
	}},
	// L6 switched off (crowning=continue): the new king jumps on over d6.
	{"L6-off/lasca-crown-and-continue", ruleVariant(bashni.Lasca(), func(v *bashni.Variant) { v.Crowning = bashni.CrownAndContinue }), ruleLascaCrown, map[string]string{
		"a5xc7xe5": "B:WKe5bb:B",
	}},
	// L6 as a switch on russian (crowning=stop): the R6 position stops on d8.
	{"L6-switch/russian-crowning-stop", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.Crowning = bashni.CrownAndStop }), ruleCrown, map[string]string{
		"b6:d8": "B:WKd8b:Be7",
	}},
	// L7: the freed king is still a king.
	{"L7/freed-king-keeps-rank", bashni.Lasca(), ruleFreedKing, map[string]string{
		"c3xe5": "B:WKd4,e5b:B",
	}},

	// ---- Section 8: one move per resulting position ----

	// Both ways round the diamond take the same four pieces, but in a
	// different order: the king on d4 is taken first one way (it ends just
	// under the top) and last the other way (at the bottom). Two different
	// positions, so two moves.
	{"8/prisoner-order-makes-two-moves", bashni.Russian(), ruleDiamondKing, map[string]string{
		"c3:a5:c7:e5:c3": "B:Wc3bbbB:B",
		"c3:e5:c7:a5:c3": "B:Wc3Bbbb:B",
	}},
	// Ludii Bashni (only the tower jumped just before may not be jumped
	// next): after c3 takes d4 and lands anywhere on e5..h8 the king may
	// reverse over the emptied d4 and take b2, ending on a1; all four runs
	// give the same position, one move. Taking b2 first, the king comes
	// back over b2 and c3 to take d4 and lands on e5..h8: four moves.
	{"8/ludii-bashni-reversal-runs-merge", bashni.LudiiBashni(), ruleKingReverse, map[string]string{
		"c3:e5:a1": "B:WKa1bb:B",
		"c3:a1:e5": "B:WKe5bb:B",
		"c3:a1:f6": "B:WKf6bb:B",
		"c3:a1:g7": "B:WKg7bb:B",
		"c3:a1:h8": "B:WKh8bb:B",
	}},

	// ---- The other presets on the same positions ----

	// Ludii Bashni: men capture forward only.
	{"ludii-bashni/men-capture-forward-only", bashni.LudiiBashni(), ruleBothWays, map[string]string{
		"d4:b6": "B:Wb6b:Be3",
	}},
	// Ludii Bashni: a man crowned by a jump stops there.
	{"ludii-bashni/crowned-man-stops", bashni.LudiiBashni(), ruleCrown, map[string]string{
		"b6:d8": "B:WKd8b:Be7",
	}},
	// Ludii Bashni: a flying king lands anywhere (no R5).
	{"ludii-bashni/king-lands-anywhere", bashni.LudiiBashni(), ruleLanding, map[string]string{
		"a1:d4":    "B:WKd4b:Bf4",
		"a1:f6":    "B:WKf6b:Bf4",
		"a1:g7":    "B:WKg7b:Bf4",
		"a1:h8":    "B:WKh8b:Bf4",
		"a1:e5:g3": "B:WKg3bb:B",
		"a1:e5:h2": "B:WKh2bb:B",
	}},
	// Ludii Bashni: the man may not jump d4 back (it is the tower jumped
	// just before, and men capture forward only).
	{"ludii-bashni/no-rejump-of-last-tower", bashni.LudiiBashni(), ruleNewTopBlack, map[string]string{
		"c3:e5": "B:We5b:Bd4w",
	}},
	// russian with no limit on rejumps (rejump=any): after c3:e5 the man
	// must jump d4's new black top straight back to c3, freeing the white
	// man under it.
	{"R3-off/russian-rejump-any", ruleVariant(bashni.Russian(), func(v *bashni.Variant) { v.Rejump = bashni.RejumpAny }), ruleNewTopBlack, map[string]string{
		"c3:e5:c3": "B:Wc3bb,d4:B",
	}},

	// ---- Section 12: stacking off (classic draughts) ----

	// Russian draughts: the taken men leave the board; both ways round the
	// diamond are one move.
	{"12/russian-draughts-diamond", bashni.RussianDraughts(), ruleDiamond, map[string]string{
		"c3:a5:c7:e5:c3": "B:Wc3:B",
	}},
	// Russian draughts: the Turkish strike stops the king at d4 (as I1), R5
	// keeps the landings e5 and f6, and there is no majority rule, so the
	// two-man capture a1:e5:h2 is a move too.
	{"12/russian-draughts-turkish-strike", bashni.RussianDraughts(), ruleKingCross, map[string]string{
		"a1:e5:h2":    "B:WKh2:Bc5,g5",
		"a1:f6:h4:e1": "B:WKe1:Bc5",
		"a1:f6:h4:f2": "B:WKf2:Bc5",
	}},
	// Brazilian draughts: as international, the pieces taken off.
	{"12/brazilian-draughts-turkish-strike", bashni.BrazilianDraughts(), ruleKingCross, map[string]string{
		"a1:f6:h4:e1": "B:WKe1:Bc5",
		"a1:f6:h4:f2": "B:WKf2:Bc5",
	}},
}

func TestRules(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range ruleCases {
		if seen[c.name] {
			t.Fatalf("two cases named %q", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) { checkRuleCase(t, c) })
	}
}

// checkRuleCase compares the legal moves of the case's position, and the
// position after each, with the expected ones. It also checks that each
// canonical text reads back to the same move, and that stacking keeps every
// piece on the board (section 2).
func checkRuleCase(t *testing.T, c ruleCase) {
	t.Helper()
	pos, err := bashni.ParseFEN(c.v, c.fen)
	if err != nil {
		t.Fatalf("ParseFEN(%s, %q): %v", c.v, c.fen, err)
	}
	moves := pos.LegalMoves()
	wantTexts := make([]string, 0, len(c.want))
	for text := range c.want {
		wantTexts = append(wantTexts, text)
	}
	sort.Strings(wantTexts)
	if diff := cmp.Diff(wantTexts, bashni.Notation{}.MoveTexts(&pos, moves)); diff != "" {
		t.Errorf("%s %s: legal moves (-want +got):\n%s", c.v, c.fen, diff)
	}
	got := make(map[string]string, len(moves))
	for _, m := range moves {
		text := bashni.Notation{}.FormatMove(&pos, m) // lasca's with 'x'
		next, err := pos.Play(m)
		if err != nil {
			t.Errorf("Play(%s): %v", text, err)
			continue
		}
		got[text] = next.FEN()
		if c.v.Stacking {
			for _, col := range []bashni.Color{bashni.White, bashni.Black} {
				if before, after := pos.Count(col), next.Count(col); before != after {
					t.Errorf("%s: %s pieces %d before, %d after (section 2)", text, col, before, after)
				}
			}
		}
		back, err := pos.ParseMove(text)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", text, err)
			continue
		}
		if again, err := pos.Play(back); err != nil || !again.Equal(&next) {
			t.Errorf("ParseMove(%q) plays to %v (err %v), want %s", text, again, err, next)
		}
	}
	if diff := cmp.Diff(c.want, got); diff != "" {
		t.Errorf("%s %s: positions after each move (-want +got):\n%s", c.v, c.fen, diff)
	}
}
