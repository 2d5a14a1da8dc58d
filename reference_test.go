package bashni_test

// A slow, plainly written move generator, built from docs/RULES.md and the switch
// docs of variant.go (not from movegen.go), and the tests that hold the fast
// generator to it: on random positions of every preset, on random switch
// combinations, and along random games from each start.
//
// A board is an array of strings, one per square (rank*8+file), each tower
// written top first with the FEN letters w, b (men) and W, B (kings). Taking
// a top is s[1:], putting a piece at the bottom is s+p, and a copy of the
// array is a copy of the board, so the recursion over capture sequences needs
// no undo.

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// refPos is a position of the reference generator.
type refPos struct {
	v    bashni.Variant
	turn byte // 'w' or 'b'
	sq   [64]string
}

// refLine is one capture sequence (or quiet move) and what it does.
type refLine struct {
	path     []int  // the start square, then every landing square
	jumped   []int  // the square of each jumped tower, in order
	taken    string // the piece each jump takes, as it stood on the board
	promotes bool   // the moving tower's top man became a king
}

// The four diagonal directions as (file, rank) steps; refDirs[i^3] is the
// opposite of refDirs[i].
var refDirs = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func refColor(p byte) byte { return p | 0x20 } // 'w' or 'b' for either rank

func refIsKing(p byte) bool { return p == 'W' || p == 'B' }

func refCrown(p byte) byte { return p &^ 0x20 }

// refSquare returns the square at (file, rank), or -1 off the board.
func refSquare(v bashni.Variant, f, r int) int {
	if f < 0 || r < 0 || f >= v.Size || r >= v.Size || (f+r)%2 != 0 {
		return -1
	}
	return r*8 + f
}

// refStep returns the square one step from s in direction d, or -1.
func refStep(v bashni.Variant, s, d int) int {
	if s < 0 {
		return -1
	}
	return refSquare(v, s%8+refDirs[d][0], s/8+refDirs[d][1])
}

// refFarRank is the rank on which a man of the colour becomes a king.
func refFarRank(v bashni.Variant, c byte) int {
	if c == 'w' {
		return v.Size - 1
	}
	return 0
}

// refForward is the rank step of a man of the colour.
func refForward(c byte) int {
	if c == 'w' {
		return 1
	}
	return -1
}

func refSquareName(s int) string {
	return string([]byte{byte('a' + s%8), byte('1' + s/8)})
}

// fen writes the position per docs/RULES.md section 10: the side to move, White's
// towers, Black's towers, each in order a1, c1, e1, ... rank by rank.
func (r *refPos) fen() string {
	var sb strings.Builder
	sb.WriteByte(refCrown(r.turn))
	for _, c := range []byte{'w', 'b'} {
		sb.WriteByte(':')
		sb.WriteByte(refCrown(c))
		first := true
		for s, t := range r.sq {
			if t == "" || refColor(t[0]) != c {
				continue
			}
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if refIsKing(t[0]) {
				sb.WriteByte('K')
			}
			sb.WriteString(refSquareName(s))
			sb.WriteString(t[1:])
		}
	}
	return sb.String()
}

// refFromPosition reads a library position through its exported accessors.
func refFromPosition(p bashni.Position) refPos {
	r := refPos{v: p.Variant(), turn: 'w'}
	if p.Turn() == bashni.Black {
		r.turn = 'b'
	}
	letters := map[bashni.Piece]byte{bashni.WhiteMan: 'w', bashni.BlackMan: 'b', bashni.WhiteKing: 'W', bashni.BlackKing: 'B'}
	for s := range r.sq {
		for _, pc := range p.Tower(bashni.Square(s)).Pieces() {
			r.sq[s] += string(letters[pc])
		}
	}
	return r
}

// refCapture is a capture sequence in progress.
type refCapture struct {
	b       [64]string // the board without the moving tower (its start square is empty, section 4)
	at      int        // where the moving tower stands
	tower   string     // the moving tower; with immediate transfer it holds what it took
	line    refLine
	lastDir int  // direction of the last jump, -1 before the first
	stopped bool // a man was crowned and the move ends (L6)
}

// underneath is the piece a captured piece becomes as it goes under (I4).
func (r *refPos) underneath(p byte) byte {
	if r.v.DemoteCapturedKings {
		return refColor(p)
	}
	return p
}

// crossable reports whether a moving tower may pass over or land on the
// empty square s: under the Turkish strike (RejumpNever, I1, I5) the square
// of an earlier jump is closed for the rest of the move.
func (r *refPos) crossable(c *refCapture, s int) bool {
	return c.b[s] == "" && !(r.v.Rejump == bashni.RejumpNever && slices.Contains(c.line.jumped, s))
}

// mayJump reports whether the Rejump switch lets the tower on over be jumped
// in direction d.
func (r *refPos) mayJump(c *refCapture, d, over int) bool {
	switch r.v.Rejump {
	case bashni.RejumpNoReversal: // R3
		return c.lastDir < 0 || d != c.lastDir^3
	case bashni.RejumpNotLast:
		n := len(c.line.jumped)
		return n == 0 || c.line.jumped[n-1] != over
	case bashni.RejumpOnce, bashni.RejumpNever: // L4, I1
		return !slices.Contains(c.line.jumped, over)
	}
	return true // RejumpAny
}

// refJump is one jump available to a moving tower: the direction, the jumped
// square and the squares it may land on.
type refJump struct {
	dir, over int
	lands     []int
}

// jumps lists the jumps the moving tower can make next (section 4), before
// R5 narrows a flying king's landings.
func (r *refPos) jumps(c *refCapture) []refJump {
	top := c.tower[0]
	king := refIsKing(top)
	var out []refJump
	for d := range refDirs {
		if !king && refDirs[d][1] != refForward(r.turn) && !r.v.MenCaptureBackward {
			continue
		}
		over := refStep(r.v, c.at, d)
		if king && r.v.FlyingKings {
			for over >= 0 && r.crossable(c, over) {
				over = refStep(r.v, over, d)
			}
		}
		if over < 0 || c.b[over] == "" || refColor(c.b[over][0]) == r.turn || !r.mayJump(c, d, over) {
			continue
		}
		var lands []int
		for s := refStep(r.v, over, d); s >= 0 && r.crossable(c, s); s = refStep(r.v, s, d) {
			lands = append(lands, s)
			if !king || !r.v.FlyingKings {
				break
			}
		}
		if len(lands) > 0 {
			out = append(out, refJump{d, over, lands})
		}
	}
	return out
}

// landingsToContinue keeps the landings from which the king can jump again,
// when there is any (R5).
func (r *refPos) landingsToContinue(c *refCapture, d, over int, lands []int) []int {
	var keep []int
	for _, s := range lands {
		next := r.jump(c, d, over, s)
		if len(r.jumps(&next)) > 0 {
			keep = append(keep, s)
		}
	}
	if len(keep) == 0 {
		return lands
	}
	return keep
}

// jump makes one jump and returns the new state; c is unchanged.
func (r *refPos) jump(c *refCapture, d, over, land int) refCapture {
	n := *c
	n.line.path = append(slices.Clone(c.line.path), land)
	n.line.jumped = append(slices.Clone(c.line.jumped), over)
	n.line.taken = c.line.taken + c.b[over][:1]
	if r.v.Transfer == bashni.TransferImmediate { // R1, L3
		n.tower += string(r.underneath(c.b[over][0]))
		n.b[over] = c.b[over][1:]
	}
	n.at = land
	n.lastDir = d
	if top := n.tower[0]; !refIsKing(top) && land/8 == refFarRank(r.v, r.turn) {
		switch r.v.Crowning {
		case bashni.CrownAndContinue: // R6
			n.tower = string(refCrown(top)) + n.tower[1:]
			n.line.promotes = true
		case bashni.CrownAndStop: // L6
			n.tower = string(refCrown(top)) + n.tower[1:]
			n.line.promotes = true
			n.stopped = true
		case bashni.CrownAtEnd: // I3: see finish
		}
	}
	return n
}

// extend follows every continuation of c and collects the finished sequences.
func (r *refPos) extend(c refCapture, done *[]refCapture) {
	var js []refJump
	if !c.stopped {
		js = r.jumps(&c)
	}
	if len(js) == 0 {
		if len(c.line.jumped) > 0 {
			*done = append(*done, c)
		}
		return
	}
	for _, j := range js {
		if refIsKing(c.tower[0]) && r.v.FlyingKings && r.v.KingLanding == bashni.LandToContinue {
			j.lands = r.landingsToContinue(&c, j.dir, j.over, j.lands)
		}
		for _, s := range j.lands {
			r.extend(r.jump(&c, j.dir, j.over, s), done)
		}
	}
}

// finish ends a capture sequence and returns the resulting position and the
// finished line.
func (r *refPos) finish(c refCapture) (refPos, refLine) {
	next := refPos{v: r.v, turn: r.turn ^ 'w' ^ 'b', sq: c.b}
	if r.v.Transfer == bashni.TransferAtEnd { // I1, section 12
		for _, s := range c.line.jumped {
			if r.v.Stacking {
				c.tower += string(r.underneath(next.sq[s][0]))
			}
			next.sq[s] = next.sq[s][1:]
		}
	}
	if top := c.tower[0]; !refIsKing(top) && c.at/8 == refFarRank(r.v, r.turn) { // I3
		c.tower = string(refCrown(top)) + c.tower[1:]
		c.line.promotes = true
	}
	next.sq[c.at] = c.tower
	return next, c.line
}

// refResult is a position reachable in one move and every sequence that
// leads to it.
type refResult struct {
	pos   refPos
	lines []refLine
}

// moves returns the positions reachable in one move, keyed by FEN.
func (r *refPos) moves() map[string]*refResult {
	out := map[string]*refResult{}
	add := func(next refPos, line refLine) {
		f := next.fen()
		if out[f] == nil {
			out[f] = &refResult{pos: next}
		}
		out[f].lines = append(out[f].lines, line)
	}
	var done []refCapture
	for s, t := range r.sq {
		if t == "" || refColor(t[0]) != r.turn {
			continue
		}
		c := refCapture{b: r.sq, at: s, tower: t, line: refLine{path: []int{s}}, lastDir: -1}
		c.b[s] = ""
		r.extend(c, &done)
	}
	most := 0
	for _, c := range done {
		most = max(most, len(c.line.jumped))
	}
	for _, c := range done {
		if r.v.Majority && len(c.line.jumped) < most { // I2
			continue
		}
		add(r.finish(c))
	}
	if len(done) > 0 {
		return out // capturing is compulsory
	}
	for s, t := range r.sq {
		if t == "" || refColor(t[0]) != r.turn {
			continue
		}
		king := refIsKing(t[0])
		for d := range refDirs {
			if !king && refDirs[d][1] != refForward(r.turn) {
				continue
			}
			for to := refStep(r.v, s, d); to >= 0 && r.sq[to] == ""; to = refStep(r.v, to, d) {
				next := refPos{v: r.v, turn: r.turn ^ 'w' ^ 'b', sq: r.sq}
				next.sq[s] = ""
				next.sq[to] = t
				line := refLine{path: []int{s, to}}
				if !king && to/8 == refFarRank(r.v, r.turn) { // section 3
					next.sq[to] = string(refCrown(t[0])) + t[1:]
					line.promotes = true
				}
				add(next, line)
				if !king || !r.v.FlyingKings {
					break
				}
			}
		}
	}
	return out
}

// perft adds to counts[d] the number of move sequences of d+1 plies from r,
// for every d below len(counts), one move per resulting position (section 8).
func (r *refPos) perft(counts []uint64) {
	if len(counts) == 0 {
		return
	}
	ms := r.moves()
	counts[0] += uint64(len(ms))
	if len(counts) > 1 {
		for _, res := range ms {
			res.pos.perft(counts[1:])
		}
	}
}

// TestReference_Perft holds the reference itself to the docs/PERFT.md tables, at
// depths small enough for its speed, so that agreeing with it means something.
func TestReference_Perft(t *testing.T) {
	tests := []struct {
		v     bashni.Variant
		name  string
		perft []uint64 // from depth 1
	}{
		{bashni.Russian(), "russian", []uint64{7, 49, 302, 1469, 7482, 37908}},
		{bashni.International(), "international", []uint64{7, 49, 302, 1469, 7473}},
		{bashni.Lasca(), "lasca", []uint64{6, 6, 18, 54, 116, 324, 846, 2148, 5692}},
		{bashni.RussianDraughts(), "russian-draughts", []uint64{7, 49, 302, 1469, 7482, 37986}},
		{bashni.BrazilianDraughts(), "brazilian-draughts", []uint64{7, 49, 302, 1469, 7473}},
		{bashni.LudiiBashni(), "ludii-bashni", []uint64{7, 49, 302, 1469, 7361}},
		{bashni.LudiiLasca(), "ludii-lasca", []uint64{6, 6, 18, 54, 116, 324, 846, 2148, 5692}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := refFromPosition(tc.v.MustStart())
			got := make([]uint64, len(tc.perft))
			start.perft(got)
			if diff := cmp.Diff(tc.perft, got); diff != "" {
				t.Errorf("reference perft from the start, depths 1..%d (-docs/PERFT.md +reference):\n%s", len(tc.perft), diff)
			}
		})
	}
}

// TestReference_Section1_StartFEN checks the start positions the reference
// tests begin from against docs/RULES.md sections 1 and 10.
func TestReference_Section1_StartFEN(t *testing.T) {
	for v, want := range map[bashni.Variant]string{
		bashni.Russian(): "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
		bashni.Lasca():   "W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba5,c5,e5,g5,b6,d6,f6,a7,c7,e7,g7",
	} {
		start := refFromPosition(v.MustStart())
		if got := start.fen(); got != want {
			t.Errorf("%s start %s, want %s", v, got, want)
		}
	}
}

// refParse builds a reference position from a FEN the library accepts.
func refParse(tb testing.TB, v bashni.Variant, fen string) refPos {
	tb.Helper()
	p, err := bashni.ParseFEN(v, fen)
	if err != nil {
		tb.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return refFromPosition(p)
}

// refPathText writes a path in move notation: from-to for a quiet move,
// every square joined by the separator for a capture.
func refPathText(_ bashni.Variant, l refLine) string {
	var names []string
	for _, s := range l.path {
		names = append(names, refSquareName(s))
	}
	if len(l.jumped) == 0 {
		return strings.Join(names, "-")
	}
	return strings.Join(names, ":")
}

// refPaths returns the texts of every sequence of every move, sorted.
func refPaths(v bashni.Variant, ms map[string]*refResult) []string {
	var out []string
	for _, res := range ms {
		for _, l := range res.lines {
			out = append(out, refPathText(v, l))
		}
	}
	sort.Strings(out)
	return out
}

// TestReference_R2_R3_R5_TwelveJumpExample checks the reference on the
// 12-jump example of docs/RULES.md section 11: two moves, each one sequence.
func TestReference_R2_R3_R5_TwelveJumpExample(t *testing.T) {
	r := refParse(t, bashni.Russian(), "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b")
	ms := r.moves()
	want := []string{
		"c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:d2",
		"c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1",
	}
	if diff := cmp.Diff(want, refPaths(bashni.Russian(), ms)); diff != "" {
		t.Errorf("reference sequences (-docs/RULES.md +reference):\n%s", diff)
	}
	if len(ms) != 2 {
		t.Errorf("reference gives %d moves, want 2", len(ms))
	}
}

// TestReference_R1_to_R7_CodexGame replays the Codex game of docs/RULES.md
// section 11 through the reference alone: every move must be one of its
// sequences, and Black must still have moves at the end.
func TestReference_R1_to_R7_CodexGame(t *testing.T) {
	r := refFromPosition(bashni.Russian().MustStart())
	for i, text := range testgame.CodexMoves {
		ms := r.moves()
		var next *refResult
		for _, res := range ms {
			for _, l := range res.lines {
				if refPathText(bashni.Russian(), l) == text {
					next = res
				}
			}
		}
		if next == nil {
			t.Fatalf("ply %d: %s is not a reference move in %s; the reference has %v", i+1, text, r.fen(), refPaths(bashni.Russian(), ms))
		}
		r = next.pos
	}
	if len(r.moves()) == 0 {
		t.Errorf("Black has no move after the Codex game, %s", r.fen())
	}
}

// refTB is what the comparison needs of *testing.T and *rapid.T.
type refTB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// refCompare holds the fast generator to the reference on p: the same set of
// resulting positions, one move per position (section 8), and for each move
// a canonical sequence that is one of the reference's sequences to that
// position, the first by landing squares, with the same jumped squares, taken
// pieces and promotion. It returns the number of legal moves.
func refCompare(tb refTB, p bashni.Position) int {
	tb.Helper()
	v := p.Variant()
	r := refFromPosition(p)
	if got := r.fen(); got != p.FEN() {
		tb.Fatalf("reference FEN %q, library FEN %q", got, p.FEN())
	}
	want := r.moves()
	moves := p.LegalMoves()
	got := map[string]bashni.Move{}
	for _, m := range moves {
		next, err := p.Play(m)
		if err != nil {
			tb.Fatalf("%s\nvariant %s: Play(%s) of a listed move: %v", p.FEN(), v, m, err)
		}
		f := next.FEN()
		if dup, ok := got[f]; ok {
			tb.Fatalf("%s\nvariant %s: %s and %s lead to the same position %s, so they are one move (section 8)", p.FEN(), v, dup, m, f)
		}
		got[f] = m
	}
	// cmp.Diff only on failure: on this hot path it would cost more than
	// both generators together.
	if wantKeys, gotKeys := refSortedKeys(want), refSortedKeys(got); !slices.Equal(wantKeys, gotKeys) {
		diff := cmp.Diff(wantKeys, gotKeys)
		var refText, coreText []string
		for f, res := range want {
			refText = append(refText, fmt.Sprintf("%s => %s", refPathText(v, res.lines[0]), f))
		}
		for f, m := range got {
			coreText = append(coreText, fmt.Sprintf("%s => %s", m, f))
		}
		sort.Strings(refText)
		sort.Strings(coreText)
		tb.Fatalf("start %s\nvariant %s\nresulting positions (-reference +core):\n%s\nreference moves:\n  %s\ncore moves:\n  %s",
			p.FEN(), v, diff, strings.Join(refText, "\n  "), strings.Join(coreText, "\n  "))
	}
	for f, m := range got {
		lines := want[f].lines
		sort.Slice(lines, func(i, j int) bool { return slices.Compare(lines[i].path, lines[j].path) < 0 })
		var path []int
		for _, s := range m.Path() {
			path = append(path, int(s))
		}
		i := slices.IndexFunc(lines, func(l refLine) bool { return slices.Equal(l.path, path) })
		if i < 0 {
			tb.Fatalf("start %s\nvariant %s: move %s (path %v) is none of the reference sequences to %s: %v", p.FEN(), v, m, m.Path(), f, refPaths(v, map[string]*refResult{f: want[f]}))
		}
		l := lines[i]
		if i != 0 {
			tb.Fatalf("start %s\nvariant %s: move %s is not the sequence whose landing squares come first, %s", p.FEN(), v, m, refPathText(v, lines[0]))
		}
		var jumped []int
		for _, s := range m.JumpedSquares() {
			jumped = append(jumped, int(s))
		}
		var taken string
		for k := range m.Jumps() {
			taken += m.Taken(k).String()
		}
		type facts struct {
			Jumped   []int
			Taken    string
			Promotes bool
			Capture  bool
		}
		wantFacts := facts{l.jumped, l.taken, l.promotes, len(l.jumped) > 0}
		gotFacts := facts{jumped, taken, m.Promotes(), m.IsCapture()}
		if !slices.Equal(jumped, l.jumped) || taken != l.taken || m.Promotes() != l.promotes || m.IsCapture() != (len(l.jumped) > 0) {
			tb.Fatalf("start %s\nvariant %s: move %s (-reference +core):\n%s", p.FEN(), v, m, cmp.Diff(wantFacts, gotFacts))
		}
	}
	// Perft's bulk counting (the last ply counted without building moves,
	// the one before from the tops where it can) agrees with playing every
	// move the generator lists.
	for depth := 2; depth <= 3; depth++ {
		bulk, err := bashni.Perft(&p, depth)
		plain, err2 := (bashni.PerftOptions{NoBulk: true}).Count(context.Background(), &p, depth)
		if bulk != plain || err != nil || err2 != nil {
			tb.Fatalf("start %s\nvariant %s: perft %d is %d (%v) with bulk counting, %d (%v) without", p.FEN(), v, depth, bulk, err, plain, err2)
		}
	}
	return len(moves)
}

func refSortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// refPresets are the shipped rulesets, named by the rule ids their switches
// select.
var refPresets = []struct {
	name string
	v    bashni.Variant
}{
	{"russian_R1_to_R7", bashni.Russian()},
	{"international_I1_to_I5", bashni.International()},
	{"lasca_L1_to_L7", bashni.Lasca()},
	{"russian-draughts_s12", bashni.RussianDraughts()},
	{"brazilian-draughts_s12", bashni.BrazilianDraughts()},
	{"ludii-bashni", bashni.LudiiBashni()},
	{"ludii-lasca", bashni.LudiiLasca()},
}

// refPlayableSquares lists the dark squares of the board in order.
func refPlayableSquares(v bashni.Variant) []int {
	var out []int
	for s := 0; s < 64; s++ {
		if refSquare(v, s%8, s/8) >= 0 {
			out = append(out, s)
		}
	}
	return out
}

// refGenVariant draws a switch combination with the given stacking, transfer
// and rejump switches (a combination Validate must accept) and all other
// switches random.
func refGenVariant(t *rapid.T, core refCore) bashni.Variant {
	v := rapid.SampledFrom(refPresets).Draw(t, "base").v
	v.Size = rapid.SampledFrom([]int{4, 5, 6, 6, 7, 7, 8, 8, 8}).Draw(t, "size")
	capacity := 0
	for _, s := range refPlayableSquares(v) {
		if s/8 < (v.Size-1)/2 {
			capacity++
		}
	}
	v.Pieces = rapid.IntRange(1, capacity).Draw(t, "pieces")
	v.Stacking, v.Transfer, v.Rejump = core.stacking, core.transfer, core.rejump
	v.MenCaptureBackward = rapid.Bool().Draw(t, "backward")
	v.FlyingKings = rapid.Bool().Draw(t, "flying")
	v.KingLanding = rapid.SampledFrom([]bashni.KingLanding{bashni.LandAnywhere, bashni.LandToContinue}).Draw(t, "landing")
	v.Majority = rapid.Bool().Draw(t, "majority")
	v.Crowning = rapid.SampledFrom([]bashni.Crowning{bashni.CrownAndContinue, bashni.CrownAtEnd, bashni.CrownAndStop}).Draw(t, "crowning")
	v.DemoteCapturedKings = rapid.Bool().Draw(t, "demote")
	if err := v.Validate(); err != nil {
		t.Fatalf("Validate refuses %s, a combination its docs allow: %v", v, err)
	}
	return v
}

// refGenPosition draws a position of v: up to Pieces pieces of each colour,
// some of them kings, cut into towers of random heights (from one tall tower
// to a board of single pieces) on random squares, either side to move. In
// half of the positions one to three extra towers topped by the side to move
// (likely kings) stand on top of that, or on empty squares, among up to a
// full set of enemies, sometimes on a lattice that leaves every enemy
// jumpable: the long capture sequences where the rules differ most. A man drawn on top on its own far rank is made a king. Below a
// tower's top kings may stand even where the ruleset demotes captured kings
// (ParseFEN reads them as men). It returns the FEN to parse and the position
// ParseFEN must give.
func refGenPosition(t *rapid.T, v bashni.Variant) (string, refPos) {
	squares := refPlayableSquares(v)
	written := refPos{v: v, turn: rapid.SampledFrom([]byte{'w', 'b'}).Draw(t, "turn")}
	kingPercent := rapid.SampledFrom([]int{0, 15, 40, 70}).Draw(t, "king%")
	piece := func(c byte, kingPercent int) byte {
		if rapid.IntRange(0, 99).Draw(t, "king") < kingPercent {
			return refCrown(c)
		}
		return c
	}
	count := map[byte]int{'w': rapid.IntRange(0, v.Pieces).Draw(t, "white"), 'b': rapid.IntRange(0, v.Pieces).Draw(t, "black")}
	var hunters []byte
	hunterSquares := squares
	if rapid.Bool().Draw(t, "hunt") {
		for range rapid.IntRange(1, min(3, v.Pieces)).Draw(t, "hunters") {
			hunters = append(hunters, piece(written.turn, max(kingPercent, 50)))
		}
		count[written.turn] = min(count[written.turn], v.Pieces-len(hunters))
		if rapid.Bool().Draw(t, "lattice") {
			// Hunters on squares of even file and rank, the others on odd
			// ones: every enemy next to a hunter has an empty square beyond.
			squares, hunterSquares = refLattice(squares, 1), refLattice(squares, 0)
		}
	}
	var pieces []byte
	for _, c := range []byte{'w', 'b'} {
		for range count[c] {
			pieces = append(pieces, piece(c, kingPercent))
		}
	}
	if len(pieces) > 0 {
		pieces = rapid.Permutation(pieces).Draw(t, "order")
		towers := min(len(pieces), len(squares))
		if !rapid.Bool().Draw(t, "flat") {
			towers = rapid.IntRange(1, towers).Draw(t, "towers")
		}
		// Cut the pieces into towers at towers-1 distinct points.
		cuts := rapid.Permutation(refRange(1, len(pieces))).Draw(t, "cuts")[:towers-1]
		cuts = append(cuts, 0, len(pieces))
		sort.Ints(cuts)
		places := rapid.Permutation(squares).Draw(t, "squares")
		for i := range towers {
			written.sq[places[i]] = string(pieces[cuts[i]:cuts[i+1]])
		}
	}
	if len(hunters) > 0 {
		places := rapid.Permutation(hunterSquares).Draw(t, "hunter squares")
		for i, h := range hunters {
			written.sq[places[i]] = string(h) + written.sq[places[i]]
		}
	}
	for s, tower := range written.sq {
		if tower != "" && !refIsKing(tower[0]) && s/8 == refFarRank(v, refColor(tower[0])) {
			written.sq[s] = string(refCrown(tower[0])) + tower[1:]
		}
	}
	read := written
	if v.DemoteCapturedKings {
		for s, tower := range read.sq {
			if tower != "" {
				read.sq[s] = tower[:1] + strings.ToLower(tower[1:]) // I4
			}
		}
	}
	return written.fen(), read
}

// refLattice returns the squares whose file and rank are both odd (odd 1)
// or both even (odd 0).
func refLattice(squares []int, odd int) []int {
	var out []int
	for _, s := range squares {
		if s%8%2 == odd && s/8%2 == odd {
			out = append(out, s)
		}
	}
	return out
}

// refRange returns lo, lo+1, ..., hi-1.
func refRange(lo, hi int) []int {
	var out []int
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}

// refDrawPosition draws a position of v and parses it with the library,
// checking that it reads what was written.
func refDrawPosition(t *rapid.T, v bashni.Variant) bashni.Position {
	fen, want := refGenPosition(t, v)
	p, err := bashni.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("variant %s: ParseFEN(%q) refuses a valid position: %v", v, fen, err)
	}
	if p.FEN() != want.fen() {
		t.Fatalf("variant %s: ParseFEN(%q).FEN() = %q, want %q", v, fen, p.FEN(), want.fen())
	}
	return p
}

// refPositionsPerCheck is how many positions one rapid check compares; with
// rapid's 100 checks a property covers a hundred times as many.
const refPositionsPerCheck = 20

// refPositionsPerVariant is how many positions one random switch combination
// gets: small boards are quick, and rare combinations need many positions.
const refPositionsPerVariant = 20

// TestReference_RandomPositions compares the generators on random positions
// of every preset: towers of any height, kings, crowded and sparse boards,
// either side to move.
func TestReference_RandomPositions(t *testing.T) {
	for _, preset := range refPresets {
		t.Run(preset.name, func(t *testing.T) {
			n, moves := 0, 0
			rapid.Check(t, func(t *rapid.T) {
				for range refPositionsPerCheck {
					moves += refCompare(t, refDrawPosition(t, preset.v))
					n++
				}
			})
			t.Logf("%d positions, %d moves compared", n, moves)
		})
	}
}

// refCore is a choice of the switches that shape a capture sequence most;
// the random switch tests draw the others.
type refCore struct {
	name     string
	stacking bool
	transfer bashni.Transfer
	rejump   bashni.Rejump
}

// refCores lists every combination of stacking, transfer and rejump that
// Validate documents as acceptable: stacking off needs transfer at end, and
// transfer at end needs rejump once or never.
var refCores = []refCore{
	{"immediate_no-reversal_R1_R2_R3", true, bashni.TransferImmediate, bashni.RejumpNoReversal},
	{"immediate_not-last", true, bashni.TransferImmediate, bashni.RejumpNotLast},
	{"immediate_once_L3_L4", true, bashni.TransferImmediate, bashni.RejumpOnce},
	{"immediate_never", true, bashni.TransferImmediate, bashni.RejumpNever},
	{"immediate_any", true, bashni.TransferImmediate, bashni.RejumpAny},
	{"at-end_once", true, bashni.TransferAtEnd, bashni.RejumpOnce},
	{"at-end_never_I1", true, bashni.TransferAtEnd, bashni.RejumpNever},
	{"stacking-off_once", false, bashni.TransferAtEnd, bashni.RejumpOnce},
	{"stacking-off_never_s12", false, bashni.TransferAtEnd, bashni.RejumpNever},
}

// TestReference_RandomSwitches compares the generators on random positions
// of random switch combinations (board sizes 4 to 8, any piece count), one
// subtest for each way of handling jumped towers.
func TestReference_RandomSwitches(t *testing.T) {
	for _, core := range refCores {
		t.Run(core.name, func(t *testing.T) {
			n, moves := 0, 0
			rapid.Check(t, func(t *rapid.T) {
				v := refGenVariant(t, core)
				for range refPositionsPerVariant {
					moves += refCompare(t, refDrawPosition(t, v))
					n++
				}
			})
			t.Logf("%d positions, %d moves compared", n, moves)
		})
	}
}

// refPlayout plays random legal moves from p for a quarter, half, three
// quarters or all of most plies, calling visit on every position reached (p
// included), until the game ends. (rapid.IntRange(1, most) would make most
// games a few plies long.)
func refPlayout(t *rapid.T, p bashni.Position, most int, visit func(bashni.Position)) {
	for range most * rapid.IntRange(1, 4).Draw(t, "quarters") / 4 {
		visit(p)
		moves := p.LegalMoves()
		if len(moves) == 0 {
			return
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		next, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: Play(%s) of a listed move: %v", p.FEN(), m, err)
		}
		p = next
	}
	visit(p)
}

// refPlayoutPlies bounds a random game; most end sooner.
const refPlayoutPlies = 150

// TestReference_Playouts compares the generators along random games from the
// start of every preset, a realistic mix of positions.
func TestReference_Playouts(t *testing.T) {
	for _, preset := range refPresets {
		t.Run(preset.name, func(t *testing.T) {
			n, moves := 0, 0
			rapid.Check(t, func(t *rapid.T) {
				refPlayout(t, preset.v.MustStart(), refPlayoutPlies, func(p bashni.Position) {
					moves += refCompare(t, p)
					n++
				})
			})
			t.Logf("%d positions, %d moves compared", n, moves)
		})
	}
}

// TestReference_RandomSwitchesPlayouts compares the generators along random
// games of random switch combinations.
func TestReference_RandomSwitchesPlayouts(t *testing.T) {
	n, moves := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		v := refGenVariant(t, rapid.SampledFrom(refCores).Draw(t, "core"))
		refPlayout(t, v.MustStart(), refPlayoutPlies, func(p bashni.Position) {
			moves += refCompare(t, p)
			n++
		})
	})
	t.Logf("%d positions, %d moves compared", n, moves)
}
