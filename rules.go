package bashni

import "sync"

// rules is a validated Variant with the tables the generator needs. Positions
// share one rules value per distinct Variant.
type rules struct {
	Variant
	// The board's geometry is copied in, not pointed to: the generator
	// reads its masks at every node, and a pointer is one load more each
	// time.
	geometry
	// forward caches forwardCaptures, asked by the capture generator and
	// at every node of bulk counting.
	forward bool
	// The hot paths read these tables of the rule decisions below, which
	// rulesFor fills from them: a field is one load, and the decisions
	// inlined into the capture search and the capture test made perft up to
	// 7% slower (callgrind).
	//
	// crownEnds, crownKings and crownSearched are midCaptureCrown as masks
	// (crownedMidCapture, endsAt): all ones where a man crowned mid-capture
	// stops (L6), goes on as a king (R6), or has what it does left to the
	// search by the counting walks (R6, and any effect they do not count);
	// else none.
	crownEnds, crownKings, crownSearched uint64
	// manJump[c][d] is canJump[d] where men of colour c capture in
	// direction d (menJumps), and empty where they do not.
	manJump [2][4]uint64
}

var (
	rulesCache sync.Map // Variant -> *rules
	geomCache  sync.Map // int -> *geometry
)

// rulesFor validates v and returns its shared rules.
func rulesFor(v Variant) (*rules, error) {
	if r, ok := rulesCache.Load(v); ok {
		return r.(*rules), nil
	}
	if err := v.Validate(); err != nil {
		return nil, err
	}
	g, ok := geomCache.Load(v.Size)
	if !ok {
		g, _ = geomCache.LoadOrStore(v.Size, newGeometry(v.Size))
	}
	nr := &rules{Variant: v, geometry: *g.(*geometry)}
	nr.forward = nr.forwardCaptures()
	switch nr.midCaptureCrown() {
	case crownStops: // L6
		nr.crownEnds = ^uint64(0)
	case crownGoesOnAsMan: // I3: on the jump sets, as any other landing
	case crownGoesOnAsKing: // R6: the counting walks leave it to the search
		nr.crownKings, nr.crownSearched = ^uint64(0), ^uint64(0)
	default: // any effect the counting walks do not count: the search
		nr.crownSearched = ^uint64(0)
	}
	for c := White; c <= Black; c++ {
		m := menJumps(nr, c, jumpSets{nr.canJump[dirNE], nr.canJump[dirNW], nr.canJump[dirSE], nr.canJump[dirSW]})
		nr.manJump[c] = [4]uint64{dirNE: m.ne, dirNW: m.nw, dirSE: m.se, dirSW: m.sw}
	}
	r, _ := rulesCache.LoadOrStore(v, nr)
	return r.(*rules), nil
}

var defaultRules, _ = rulesFor(mustPreset("russian"))

// underCapturer returns the stack st of a capturing tower with the piece c
// it has taken put at the bottom, as the ruleset says: as it is or demoted
// (I4), or not at all when captured pieces leave the board (section 12). A
// stack holds at most 23 pieces, all a tower can have under its top.
func (r *rules) underCapturer(st stack, c pieceCode) stack {
	if !r.Stacking || stackLen(st) >= 23 {
		return st
	}
	return stackPush(st, r.asPrisoner(c))
}

// asPrisoner decides I4 (DemoteCapturedKings) and R7, L7: the piece of code
// c as it goes under a capturing tower, demoted to a man or keeping its
// rank. A FEN's prisoners are read through it too.
func (r *rules) asPrisoner(c pieceCode) pieceCode {
	if r.DemoteCapturedKings {
		c &^= codeKing
	}
	return c
}

// promotes decides the crowning at the end of a move (docs/RULES.md
// section 4): a man whose move ends on to (a one-bit set) is crowned if to
// is on its far rank far. Every way of listing, counting and playing a
// move asks it (see DESIGN.md, "Where each rule is decided").
func promotes(far, to uint64) bool { return far&to != 0 }

// promotionFlag is promotes as a move's flag: flagPromote for a man's move
// that ends on to, crowned there, else none. Every move built from a
// man's step or path is flagged with it; the capture generator's
// pushFinished also flags a man crowned on the way (R6).
func promotionFlag(far, to uint64) uint8 {
	if promotes(far, to) {
		return flagPromote
	}
	return 0
}

// The rule decisions. Each rule of docs/RULES.md that both the move
// generator (movegen.go, capture.go) and perft's bulk counting
// (perft_bulk.go, perft.go) apply is decided by one function below; they
// ask it instead of reading the switch. They are small enough to be
// inlined, so asking costs what reading the switch did. A new value of a
// switch changes the function of its concern, and the walkers only when it
// brings a behaviour they do not know yet (DESIGN.md, "Where each rule is
// decided").

// crownEffect is what a man does on reaching the far rank in the middle of
// a capture.
type crownEffect uint8

const (
	crownGoesOnAsMan  crownEffect = iota // I3: crowned only if the move ends there
	crownStops                           // L6: crowned, and the move ends
	crownGoesOnAsKing                    // R6: crowned at once, it captures on as a king
)

// midCaptureCrown decides R6, I3 and L6: what a man that lands on the far
// rank during a capture does. (A man whose move ends on the far rank is
// crowned under every ruleset: rules.far is that table.)
func (r *rules) midCaptureCrown() crownEffect {
	switch r.Crowning {
	case CrownAndStop:
		return crownStops
	case CrownAndContinue:
		return crownGoesOnAsKing
	}
	return crownGoesOnAsMan
}

// crownedMidCapture carries out midCaptureCrown for a man that lands on x
// (a one-bit set on its far rank) during a capture, from the masks
// rulesFor fills: it stops there, crowned (stops, L6), or goes on as a
// king (king, R6); neither, it goes on as a man (I3). The generator asks
// it (generator.visit); the counting walks read the same masks (endsAt,
// pathWalk.goOn).
func (r *rules) crownedMidCapture(x uint64) (stops, king bool) {
	return x&r.crownEnds != 0, x&r.crownKings != 0
}

// manCaptureDirs returns which way men of colour us capture (menJumps):
// toward the north (NE, NW) and toward the south (SE, SW). Men capture
// backward too in russian and international, forward only in lasca (L2);
// kings capture every way.
func (r *rules) manCaptureDirs(us Color) (north, south bool) {
	m := menJumps(r, us, jumpSets{1, 1, 1, 1})
	return m.ne != 0, m.se != 0
}

// menCaptureBackward decides L2: whether men capture backward as well as
// forward (russian, international), or forward only (lasca). menJumps
// carries it out.
func (r *rules) menCaptureBackward() bool { return r.MenCaptureBackward }

// menJumps carries out L2 (menCaptureBackward) on the jump sets j: it
// keeps the directions men of colour us capture in, forward only (north
// for White, south for Black) or every way. It is the one place that maps
// L2 to directions: manCaptureDirs and the generator's table
// rules.manJump are read from it. (A switch: a table here, in the capture
// test of every node, made bulk counting 2% slower, and two booleans
// tested one by one 2.5%, callgrind, russian perft 9.)
func menJumps(r *rules, us Color, j jumpSets) jumpSets {
	switch {
	case r.menCaptureBackward():
	case us == White:
		j.se, j.sw = 0, 0
	default:
		j.ne, j.nw = 0, 0
	}
	return j
}

// reversalBarred decides R3 (RejumpNoReversal): no jump may go in the
// direction exactly opposite to the jump just before.
func (r *rules) reversalBarred() bool { return r.Rejump == RejumpNoReversal }

// barAfterJump decides L4 (RejumpOnce), I1 (RejumpNever) and the Ludii
// rule (RejumpNotLast): what jumping the tower on b (a one-bit set) bars
// for the rest of the move. excl holds the towers that may not be jumped,
// occ the squares no piece may cross or land on.
func (r *rules) barAfterJump(b, occ, excl uint64) (uint64, uint64) {
	switch r.Rejump {
	case RejumpOnce: // L4: jumped at most once; its square stays passable
		excl |= b
	case RejumpNever: // I1, the Turkish strike: neither jumped nor crossed again
		excl |= b
		occ |= b
	case RejumpNotLast: // only the tower jumped just before is barred
		excl = b
	}
	return occ, excl
}

// wayBackBarred reports whether a short piece can never jump straight back
// over the tower it has just jumped: R3 bars the direction, and the other
// limits the tower, all but RejumpAny (TestWayBackBarredAgrees holds it to
// reversalBarred and barAfterJump). Bulk counting follows captures on the
// jump sets of the position before the move because of it.
func (r *rules) wayBackBarred() bool { return r.Rejump != RejumpAny }

// reverse returns the direction opposite to d: back the way a jump in
// direction d came. Where the way back is barred (reversalBarred, and for
// short pieces wayBackBarred), every walker takes it from here: the
// generator's rays (visit, flyingLandings) and the jump sets (onward).
func reverse(d int) int { return 3 - d }

// onward returns which jumps of m go on from a square a short piece has
// just reached with a jump in direction last (-1: none yet): all but the
// one back the way it came (reverse). Bulk counting, the counting walk
// (nextJumps) and its loop test (loopsBack) follow captures with it.
func (m jumpSets) onward(last int) jumpSets {
	switch reverse(last) {
	case dirNE:
		m.ne = 0
	case dirNW:
		m.nw = 0
	case dirSE:
		m.se = 0
	case dirSW:
		m.sw = 0
	}
	return m
}

// pathJumps is how many jumps of a short piece's capture are those of the
// position before the move: its first loop, the first time it can meet a
// square the move has changed, takes pathJumps+1 jumps (see pathWalk). The
// counting walks follow up to pathJumps jumps on the jump sets and hand a
// longer sequence to the generator.
const pathJumps = 3

// endsAt returns the squares where a short piece's capture that lands
// there ends, as bulk counting counts it: those with no jump onward (not
// in onward), and on its far rank far those where a man crowned mid-capture
// stops (L6), less those where what a crowned man does is left to the
// search (R6, and any effect the counting does not know): midCaptureCrown,
// through the masks rulesFor fills. A man goes on from the others (I3 on
// the far rank). The counting walk (pathWalk.setEnds) and the count of a
// position's captures (countFromTops) both take it.
func (r *rules) endsAt(onward, far uint64) uint64 {
	return (^onward | far&r.crownEnds) &^ (far & r.crownSearched)
}

// onlyLongest decides I2 (Majority): of the capture sequences, only those
// that take the most pieces may be chosen.
func (r *rules) onlyLongest() bool { return r.Majority }

// keepsLongest carries out I2 (onlyLongest) for a sequence of n jumps
// found after others of at most most jumps (0: none yet): it is kept
// beside them if it has as many (keep), and alone, the others dropped, if
// it has more (longer). The generator (generator.record), the counting
// walk (pathWalk.counted) and the matcher of move text (pathMatcher.see)
// keep the longest sequences with it; MatchPath matches against the legal
// moves, which hold those only.
func keepsLongest(most, n int) (keep, longer bool) { return n >= most, n > most }

// landToContinue decides R5 and I5: whether a flying king that has jumped
// must land where it can jump on, when there is such a square.
func (r *rules) landToContinue() bool { return r.KingLanding == LandToContinue }

// forwardCaptures reports whether men capture forward only and nothing
// makes one of their sequences depend on another: no crowning mid-capture
// into a king that goes on, no majority rule. Their captures are then the
// paths through the jumps of the position (see countFromTops).
func (r *rules) forwardCaptures() bool {
	north, south := r.manCaptureDirs(White)
	c := r.midCaptureCrown() // on the far rank a forward man has nothing left to jump
	return north != south && (c == crownStops || c == crownGoesOnAsMan) && !r.onlyLongest()
}

// shortKingPaths reports whether bulk counting follows short kings'
// captures of up to pathJumps jumps on the jump sets, as men's (see
// countFromTops): no flying kings, no majority rule to compare sequences,
// and the way back barred.
func (r *rules) shortKingPaths() bool {
	return !r.FlyingKings && !r.onlyLongest() && r.wayBackBarred()
}

// menFollowable reports whether men's capture sequences can be followed on
// the jump sets of the position before the move (pathWalk): the way back
// barred (by every rejump rule but RejumpAny, or because men capture
// forward only).
func (r *rules) menFollowable() bool {
	north, south := r.manCaptureDirs(White)
	return r.wayBackBarred() || north != south
}
