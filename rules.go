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
	if r.DemoteCapturedKings {
		c &^= codeKing
	}
	return stackPush(st, c)
}

// crownedMidCapture tells what becomes of a man that lands on the far rank
// during a capture: the move stops there (L6), or the full search must
// decide because it goes on as a king (R6); crowned at the end, it goes on
// as a man.
func crownedMidCapture(r *rules) (stop, search bool) {
	return r.Crowning == CrownAndStop, r.Crowning == CrownAndContinue
}

// forwardCaptures reports whether men capture forward only and nothing
// makes one of their sequences depend on another: no crowning mid-capture
// into a king that goes on, no majority rule. Their captures are then the
// paths through the jumps of the position (see countFromTops).
func (r *rules) forwardCaptures() bool {
	return !r.MenCaptureBackward && r.Crowning != CrownAndContinue && !r.Majority
}
