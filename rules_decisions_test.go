package bashni

import "testing"

// rulesOf returns the rules of v changed by f, failing on an invalid one.
func rulesOf(t *testing.T, v Variant, f func(*Variant)) *rules {
	t.Helper()
	f(&v)
	r, err := rulesFor(v)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Bulk counting follows captures on the jump sets of the position before
// the move only where a short piece can never jump straight back; that must
// be what the generator's rejump decisions make of every Rejump value.
func TestWayBackBarredAgrees(t *testing.T) {
	for rj := RejumpNoReversal; rj <= RejumpAny; rj++ {
		transfer := TransferImmediate
		if rj == RejumpNever {
			transfer = TransferAtEnd
		}
		r := rulesOf(t, Russian(), func(v *Variant) { v.Rejump, v.Transfer = rj, transfer })
		b := uint64(1) << 27
		_, excl := r.barAfterJump(b, 0, 0)
		if want := r.reversalBarred() || excl&b != 0; r.wayBackBarred() != want {
			t.Errorf("rejump=%s: wayBackBarred %v, but reversal barred %v and the jumped tower barred %v",
				rejumpNames[rj], r.wayBackBarred(), r.reversalBarred(), excl&b != 0)
		}
	}
	// RejumpNever also bars crossing the square; RejumpOnce does not (L4,
	// I1); RejumpNotLast forgets the tower jumped before (the Ludii rule).
	b, c := uint64(1)<<27, uint64(1)<<9
	for _, tc := range []struct {
		rj             Rejump
		transfer       Transfer
		occ, excl      uint64
		wantOcc, wantX uint64
	}{
		{RejumpOnce, TransferImmediate, 0, c, 0, b | c},
		{RejumpNever, TransferAtEnd, 0, c, b, b | c},
		{RejumpNotLast, TransferImmediate, 0, c, 0, b},
		{RejumpNoReversal, TransferImmediate, 0, c, 0, c},
		{RejumpAny, TransferImmediate, 0, c, 0, c},
	} {
		r := rulesOf(t, Russian(), func(v *Variant) { v.Rejump, v.Transfer = tc.rj, tc.transfer })
		if occ, excl := r.barAfterJump(b, tc.occ, tc.excl); occ != tc.wantOcc || excl != tc.wantX {
			t.Errorf("rejump=%s: barAfterJump = %x, %x; want %x, %x", rejumpNames[tc.rj], occ, excl, tc.wantOcc, tc.wantX)
		}
	}
}

// Each Crowning value has its effect mid-capture (R6, I3, L6), and men
// capture the ways the ruleset says (L2), both for the generator and for
// bulk counting, which ask the same functions.
func TestRuleDecisions(t *testing.T) {
	for c, want := range map[Crowning]crownEffect{
		CrownAndContinue: crownGoesOnAsKing, CrownAtEnd: crownGoesOnAsMan, CrownAndStop: crownStops,
	} {
		r := rulesOf(t, Russian(), func(v *Variant) { v.Crowning = c })
		if got := r.midCaptureCrown(); got != want {
			t.Errorf("crowning=%s: %v, want %v", crowningNames[c], got, want)
		}
		// The masks the walkers read: L6 ends a sequence on the far rank,
		// R6 goes on as a king, which the counting walks leave to the
		// search, I3 neither.
		var ends, kings, searched uint64
		switch want {
		case crownStops:
			ends = ^uint64(0)
		case crownGoesOnAsKing:
			kings, searched = ^uint64(0), ^uint64(0)
		}
		if r.crownEnds != ends || r.crownKings != kings || r.crownSearched != searched {
			t.Errorf("crowning=%s: crownEnds %x, crownKings %x, crownSearched %x; want %x, %x, %x",
				crowningNames[c], r.crownEnds, r.crownKings, r.crownSearched, ends, kings, searched)
		}
		x := uint64(1) << 57 // a square on White's far rank
		if stops, king := r.crownedMidCapture(x); stops != (want == crownStops) || king != (want == crownGoesOnAsKing) {
			t.Errorf("crowning=%s: crownedMidCapture = %v, %v", crowningNames[c], stops, king)
		}
	}
	for _, tc := range []struct {
		v                   Variant
		whiteN, whiteS      bool
		blackN, blackS, fwd bool
		longest, toContinue bool
	}{
		{Russian(), true, true, true, true, false, false, true},
		{International(), true, true, true, true, false, true, false},
		{Lasca(), true, false, false, true, true, false, false},
		{LudiiBashni(), true, false, false, true, true, false, false},
	} {
		r := rulesOf(t, tc.v, func(*Variant) {})
		wn, ws := r.manCaptureDirs(White)
		bn, bs := r.manCaptureDirs(Black)
		got := [...]bool{wn, ws, bn, bs, r.forwardCaptures(), r.onlyLongest(), r.landToContinue()}
		want := [...]bool{tc.whiteN, tc.whiteS, tc.blackN, tc.blackS, tc.fwd, tc.longest, tc.toContinue}
		if got != want {
			t.Errorf("%s: directions, forward, majority, landing %v, want %v", tc.v, got, want)
		}
	}
}

// The generator's table rules.manJump, filled from menJumps, lets men
// jump exactly the ways L2 says: every way where men capture backward,
// else forward only (north for White, south for Black).
func TestMenJumpsAgree(t *testing.T) {
	for _, v := range []Variant{Russian(), International(), Lasca(), LudiiBashni(), LudiiLasca()} {
		r := rulesOf(t, v, func(*Variant) {})
		for c := White; c <= Black; c++ {
			want := r.canJump
			switch {
			case v.MenCaptureBackward:
			case c == White:
				want[dirSE], want[dirSW] = 0, 0
			default:
				want[dirNE], want[dirNW] = 0, 0
			}
			if r.manJump[c] != want {
				t.Errorf("%s, %v: manJump %x, want %x", v, c, r.manJump[c], want)
			}
		}
	}
}

// onward, "which jumps go on after a jump in direction d", drops exactly
// the direction back the way the piece came (reverse), and nothing before
// the first jump; loopsBack asks it for the jump onto the square the piece
// left.
func TestOnwardDropsTheWayBack(t *testing.T) {
	all := jumpSets{1, 2, 4, 8}
	for _, c := range []struct {
		last int
		want jumpSets
	}{
		{-1, jumpSets{1, 2, 4, 8}},
		{dirNE, jumpSets{1, 2, 4, 0}}, // not back south-west
		{dirNW, jumpSets{1, 2, 0, 8}}, // not back south-east
		{dirSE, jumpSets{1, 0, 4, 8}}, // not back north-west
		{dirSW, jumpSets{0, 2, 4, 8}}, // not back north-east
	} {
		if got := all.onward(c.last); got != c.want {
			t.Errorf("onward(%d) = %v, want %v", c.last, got, c.want)
		}
	}
	// A man on e5 (square 36) that can jump d6 (43) north-west onto c7
	// (50), the square it left: a loop, unless its last jump was
	// south-east, for which north-west is the way back.
	r := rulesOf(t, Russian(), func(*Variant) {})
	e5, d6, c7 := uint64(1)<<36, uint64(1)<<43, uint64(1)<<50
	if !loopsBack(r, d6, c7, e5, dirNE) {
		t.Error("e5 over d6 onto c7 after a jump north-east: want a loop back")
	}
	if loopsBack(r, d6, c7, e5, dirSE) {
		t.Error("e5 over d6 onto c7 after a jump south-east: that is the way back, barred")
	}
	if loopsBack(r, 0, c7, e5, dirNE) {
		t.Error("e5 onto c7 with nothing to jump on d6: want no loop")
	}
}
