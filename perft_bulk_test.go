package bashni

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Bulk counting (perft_bulk.go) must agree with the generator everywhere; the
// reference tests check it on some 70,000 random positions. These cases pin
// down the positions that its shortcuts have to hand to the full search.

// countCase is a position and its legal moves, worked out by hand.
type countCase struct {
	name string
	v    Variant
	fen  string
	want []string
}

var countCases = []countCase{
	{
		// R2, R3: the man on e1 jumps d2, d4, f4 and f2 around e3 and lands
		// on e1 again, the square it left (four jumps; the other way round,
		// e1:g3:e5:c3:e1, gives the same position and is the same move).
		// After three jumps the jump sets of the position before the move
		// still show e1 occupied, so counting must not stop at g3 or c3.
		name: "R2_R3_loop_back_to_the_start",
		v:    Russian(),
		fen:  "W:WKa1,e1,b2,h2,h4,Ka5b,b6:Bd2,f2,d4,f4,g5,d6,h6,b8,d8,f8",
		want: []string{"e1:c3:e5:c7", "e1:c3:e5:g3:e1", "e1:g3:e5:c7", "h4:f6"},
	},
	{
		// R3: e5's single jumps over d4 and f6 end there (nothing to jump
		// on but back the way it came) and are counted on bitboards; the
		// jump over d6 goes on over b6 and is followed on the jump sets.
		name: "R3_single_jumps_and_one_that_goes_on",
		v:    Russian(),
		fen:  "W:We5,a1:Bd6,b6,f6,d4",
		want: []string{"e5:c3", "e5:c7:a5", "e5:g7"},
	},
	{
		// R6: the man on f6 jumps e7, is crowned on d8 and goes on as a
		// flying king along d8-a5 over b6: counting hands it to the search.
		name: "R6_crowned_mid_capture_goes_on_as_a_king",
		v:    Russian(),
		fen:  "W:Wf6,a1:Be7,b6",
		want: []string{"f6:d8:a5"},
	},
	{
		// R6 and R3: crowned on h8 after jumping g7, the new king's only
		// line leads back the way it came, so that move ends there.
		name: "R6_crowned_with_no_way_on",
		v:    Russian(),
		fen:  "W:Wf6,a1:Bg7,e5,c7",
		want: []string{"f6:d4", "f6:h8"},
	},
	{
		// L6: in lasca the man on c5 is crowned on a7 or e7 and the move
		// ends, although from e7 the new king could jump f6.
		name: "L6_crowned_man_stops",
		v:    Lasca(),
		fen:  "W:Wc5,a1:Bd6,f6,b6",
		want: []string{"c5xa7", "c5xe7"},
	},
	{
		// L4: the short king on a1 jumps b2 and then d2 or d4 and f6: its
		// sequences of up to three jumps are paths through the jumps of
		// the position, counted without the search.
		name: "L4_short_king_paths",
		v:    Lasca(),
		fen:  "W:WKa1,g1:Bb2,d2,d4,f6,a7",
		want: []string{"a1xc3xe1", "a1xc3xe5xg7"},
	},
	{
		// L4: the king on d2 jumps c3, c5, e5 and e3 around d4 and lands
		// on d2 again, the square it left; the other way round gives the
		// same position and is the same move. After three jumps the jump
		// sets of the position before the move still show d2 occupied, so
		// counting must hand this king to the search.
		name: "L4_king_loops_back_to_the_start",
		v:    Lasca(),
		fen:  "W:WKd2,a1:Bc3,e3,c5,e5,g7",
		want: []string{"d2xb4xd6xf4xd2"},
	},
	{
		// I2: the two-jump capture over d4 and b6 outranks the single jump
		// over f4, so counting cannot take the single jump on its own.
		name: "I2_majority",
		v:    International(),
		fen:  "W:We3,a1:Bd4,b6,f4",
		want: []string{"e3:c5:a7"},
	},
	{
		// I2: two men each have a three-jump capture, the most there is;
		// h2 has none (f4 behind g3 is occupied).
		name: "I2_majority_tie_between_men",
		v:    International(),
		fen:  "W:Wa3,e3,h2:Bb4,d6,f4,f6,g3",
		want: []string{"a3:c5:e7:g5", "e3:g5:e7:c5"},
	},
	{
		// L2 without stacking: men that capture forward only (and no
		// majority rule) follow their sequences on the jump sets, forward
		// jumps alone, keeping the tops up for the replies: a1 jumps three
		// times, as many as eight ranks allow, and h8 jumps it back.
		name: "L2_forward_men_three_jumps",
		v:    forwardInternational(),
		fen:  "W:Wa1,g1:Bb2,d4,f6,h8",
		want: []string{"a1:c3:e5:g7"},
	},
	{
		// The same a move before: whichever of the quiet moves Black
		// makes, White's reply is a capture of up to three jumps, which
		// perft above the last two plies plays in place (pathWalk.
		// playForwardMen).
		name: "L2_forward_men_three_jumps_a_move_before",
		v:    forwardInternational(),
		fen:  "B:Wa1,g1:Bb2,d4,f6,h8",
		want: []string{"b2-c1", "d4-c3", "d4-e3", "f6-e5", "f6-g5", "h8-g7"},
	},
}

// forwardInternational is the international ruleset with men that capture
// forward only and no majority rule: lasca's forward-only captures without
// stacking.
func forwardInternational() Variant {
	v := International()
	v.MenCaptureBackward, v.Majority = false, false
	return v
}

func TestCount_CasesAgreeWithTheGenerator(t *testing.T) {
	for _, c := range countCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			moves := p.LegalMoves()
			if diff := cmp.Diff(c.want, Notation{}.MoveTexts(&p, moves)); diff != "" {
				t.Fatalf("%s: legal moves (-want +got):\n%s", c.fen, diff)
			}
			buf := make([]Move, 0, 1024)
			var w pathWalk
			if got := p.countLegal(buf); got != len(c.want) {
				t.Errorf("%s: countLegal = %d, want %d", c.fen, got, len(c.want))
			}
			var replies uint64
			for _, m := range moves {
				next := p.PlayUnchecked(m)
				replies += uint64(len(next.LegalMoves()))
			}
			if got := p.countTwoPlies(&w, buf); got != replies {
				t.Errorf("%s: countTwoPlies = %d, want %d replies in all", c.fen, got, replies)
			}
			for depth := 1; depth <= 4; depth++ {
				want := playedPerft(p, depth)
				for _, opt := range []PerftOptions{{}, {NoBulk: true}} {
					if got, err := opt.Count(context.Background(), &p, depth); got != want || err != nil {
						t.Errorf("%s: %+v.Count(%d) = %d, %v; want %d (every move played)", c.fen, opt, depth, got, err, want)
					}
				}
			}
		})
	}
}

// playedPerft is perft by listing and playing every move: what perft's
// counting shortcuts must agree with.
func playedPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		n += playedPerft(p.PlayUnchecked(m), depth-1)
	}
	return n
}
