package bashni_test

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgame"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// codexMoves and codexFinal are the Codex game of docs/RULES.md section 11
// and the position after it.
var (
	codexMoves = testgame.CodexText()
	codexFinal = testgame.CodexFinal
)

// playAll plays the texts one by one, failing the test on the first error.
func playAll(t *testing.T, g *bashni.Game, texts string) {
	t.Helper()
	for _, text := range strings.Fields(texts) {
		if _, err := g.PlayText(text); err != nil {
			t.Fatalf("PlayText(%q) after %d plies: %v", text, g.Plies(), err)
		}
	}
}

func newGameFEN(t *testing.T, v bashni.Variant, fen string) *bashni.Game {
	t.Helper()
	g, err := bashni.NewGameFEN(v, fen)
	if err != nil {
		t.Fatalf("NewGameFEN(%q): %v", fen, err)
	}
	return g
}

// Section 11: the Codex game is legal, ends with Black to move and moves
// left (so "White wins" is a resignation), and resigning records that.
func TestGameCodexSection11(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, codexMoves)
	if got := g.Position().FEN(); got != codexFinal {
		t.Errorf("final position:\n got %s\nwant %s", got, codexFinal)
	}
	if g.Plies() != 21 {
		t.Errorf("Plies() = %d, want 21", g.Plies())
	}
	if o := g.Outcome(); o.IsOver() {
		t.Fatalf("Outcome() = %v, want an ongoing game", o)
	}
	if err := g.Resign(bashni.Black); err != nil {
		t.Fatal(err)
	}
	want := bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation}
	if o := g.Outcome(); o != want {
		t.Errorf("after Black resigns: Outcome() = %v, want %v", o, want)
	}
	if got, want := g.Outcome().String(), "1-0: black resigned"; got != want {
		t.Errorf("Outcome().String() = %q, want %q", got, want)
	}
	if got := strings.Join(bashni.MoveTexts(g.Moves()[:2]), " "); got != "b6-c5 c3-b4" {
		t.Errorf("first two moves %q", got)
	}
}

// Section 9: the side to move loses when it has no legal move: it tops no
// tower, or all its towers are blocked; reached by a move or given at the
// start, in each ruleset.
func TestGameOutcomeNoLegalMoves(t *testing.T) {
	cases := []struct {
		name  string
		v     bashni.Variant
		fen   string
		moves string
		want  bashni.Result
	}{
		{"russian: black tops no tower after a capture", bashni.Russian(), "W:Wc3:Bd4", "c3:e5", bashni.WhiteWins},
		{"russian: white tops no tower after a capture", bashni.Russian(), "B:Wd4:Bc5", "c5:e3", bashni.BlackWins},
		{"russian: black blocked by a quiet move", bashni.Russian(), "W:Wa1,c1:Ba3", "a1-b2", bashni.WhiteWins},
		{"russian: black blocked at the start", bashni.Russian(), "B:Wb2,c1:Ba3", "", bashni.WhiteWins},
		{"russian: white has no pieces at the start", bashni.Russian(), "W:W:Bc5", "", bashni.BlackWins},
		{"international: black tops no tower", bashni.International(), "W:Wc3:Bd4", "c3:e5", bashni.WhiteWins},
		{"lasca: black tops no tower", bashni.Lasca(), "W:Wc3:Bd4", "c3xe5", bashni.WhiteWins},
		{"lasca: white blocked by a quiet move", bashni.Lasca(), "B:Wa1:Bb2,d4", "d4-c3", bashni.BlackWins},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newGameFEN(t, c.v, c.fen)
			playAll(t, g, c.moves)
			want := bashni.Outcome{Result: c.want, Reason: bashni.NoLegalMoves}
			if o := g.Outcome(); o != want {
				t.Fatalf("Outcome() = %v, want %v", o, want)
			}
			if ms := g.LegalMoves(); len(ms) != 0 {
				t.Errorf("LegalMoves() = %v after the end", bashni.MoveTexts(ms))
			}
			if err := g.Resign(bashni.White); !errors.Is(err, bashni.ErrGameOver) {
				t.Errorf("Resign after the end: %v, want ErrGameOver", err)
			}
		})
	}
}

// shuffle is a kings-only position of each board where both kings can step
// back and forth without meeting: four plies bring the position back.
var shuffle = []struct {
	name  string
	v     bashni.Variant
	fen   string
	cycle []string
}{
	{"russian", bashni.Russian(), "W:WKa1:BKa7", []string{"a1-b2", "a7-b8", "b2-a1", "b8-a7"}},
	{"international", bashni.International(), "W:WKa1:BKa7", []string{"a1-b2", "a7-b8", "b2-a1", "b8-a7"}},
	{"lasca", bashni.Lasca(), "W:WKa1:BKg7", []string{"a1-b2", "g7-f6", "b2-a1", "f6-g7"}},
}

// playCycle plays n plies of the shuffle cycle, checking after each that
// check(ply) holds.
func playCycle(t *testing.T, g *bashni.Game, cycle []string, n int, check func(ply int)) {
	t.Helper()
	for i := 1; i <= n; i++ {
		if _, err := g.PlayText(cycle[(i-1)%len(cycle)]); err != nil {
			t.Fatalf("ply %d: %v", i, err)
		}
		check(i)
	}
}

// Section 9: repetition draws exactly when the same position with the same
// side to move occurs for the third time (the start counts), and not one
// ply sooner; the Repetitions switch changes the count or turns it off.
func TestGameDrawRepetition(t *testing.T) {
	for _, s := range shuffle {
		for _, reps := range []int{3, 2, 4} {
			v := s.v
			v.Repetitions = reps
			v.KingsOnlyPlies = 0
			t.Run(fmt.Sprintf("%s/%d", s.name, reps), func(t *testing.T) {
				g := newGameFEN(t, v, s.fen)
				drawAt := 4 * (reps - 1)
				var counts []int
				playCycle(t, g, s.cycle, drawAt, func(ply int) {
					counts = append(counts, g.Repetitions())
					want := bashni.Outcome{}
					if ply == drawAt {
						want = bashni.Outcome{Result: bashni.Draw, Reason: bashni.Repetition}
					}
					if o := g.Outcome(); o != want {
						t.Fatalf("ply %d: Outcome() = %v, want %v", ply, o, want)
					}
				})
				// Each position of the cycle is seen once more every 4 plies.
				var want []int
				for ply := 1; ply <= drawAt; ply++ {
					want = append(want, 1+ply/4)
				}
				if d := cmp.Diff(want, counts); d != "" {
					t.Errorf("Repetitions() per ply (-want +got):\n%s", d)
				}
				if _, err := g.PlayText(s.cycle[drawAt%4]); !errors.Is(err, bashni.ErrGameOver) {
					t.Errorf("a move after the draw: %v, want ErrGameOver", err)
				}
			})
		}
	}
	t.Run("off", func(t *testing.T) {
		v := bashni.Lasca()
		v.Repetitions = 0
		g := newGameFEN(t, v, shuffle[2].fen)
		playCycle(t, g, shuffle[2].cycle, 100, func(ply int) {
			if o := g.Outcome(); o.IsOver() {
				t.Fatalf("ply %d: Outcome() = %v with no draw rule", ply, o)
			}
		})
		if g.Repetitions() != 26 {
			t.Errorf("Repetitions() = %d after 100 plies, want 26", g.Repetitions())
		}
	})
}

// Section 9: russian and international draw after 30 plies in a row with no
// man moved and nothing captured, exactly at the 30th; lasca has no such
// rule; a man move or a capture starts the count again.
func TestGameDrawKingsOnly(t *testing.T) {
	for _, s := range shuffle {
		v := s.v
		v.Repetitions = 0 // so the shuffle cannot draw by repetition first
		t.Run(s.name, func(t *testing.T) {
			g := newGameFEN(t, v, s.fen)
			n := v.KingsOnlyPlies // the draw comes at the last ply
			if n == 0 {
				n = 100 // lasca: no draw however long
			}
			playCycle(t, g, s.cycle, n, func(ply int) {
				if g.KingsOnlyPlies() != ply {
					t.Fatalf("ply %d: KingsOnlyPlies() = %d", ply, g.KingsOnlyPlies())
				}
				want := bashni.Outcome{}
				if ply == v.KingsOnlyPlies {
					want = bashni.Outcome{Result: bashni.Draw, Reason: bashni.KingsOnly}
				}
				if o := g.Outcome(); o != want {
					t.Fatalf("ply %d: Outcome() = %v, want %v", ply, o, want)
				}
			})
		})
	}
	t.Run("a man move and a capture reset the count", func(t *testing.T) {
		v := bashni.Russian()
		v.Repetitions = 0
		// The kings shuffle while a white man waits on c1: 28 king plies,
		// a man move (the count drops to 0), then the 30th king ply after
		// it draws.
		g := newGameFEN(t, v, "W:WKa1,c1:BKa7")
		playCycle(t, g, shuffle[0].cycle, 28, func(int) {})
		if g.KingsOnlyPlies() != 28 {
			t.Fatalf("KingsOnlyPlies() = %d, want 28", g.KingsOnlyPlies())
		}
		playAll(t, g, "c1-d2")
		if g.KingsOnlyPlies() != 0 {
			t.Fatalf("after a man move KingsOnlyPlies() = %d, want 0", g.KingsOnlyPlies())
		}
		blackFirst := []string{"a7-b8", "a1-b2", "b8-a7", "b2-a1"}
		playCycle(t, g, blackFirst, 30, func(ply int) {
			if o := g.Outcome(); o.IsOver() != (ply == 30) {
				t.Fatalf("ply %d after the man move: Outcome() = %v", ply, o)
			}
		})

		// A king's capture also starts the count again.
		g = newGameFEN(t, v, "W:WKa1:Bc3,Ka7")
		playAll(t, g, "a1:h8")
		if g.KingsOnlyPlies() != 0 {
			t.Fatalf("after a king's capture KingsOnlyPlies() = %d, want 0", g.KingsOnlyPlies())
		}
		playAll(t, g, "a7-b8")
		if g.KingsOnlyPlies() != 1 {
			t.Fatalf("after a king move KingsOnlyPlies() = %d, want 1", g.KingsOnlyPlies())
		}
	})
}

// Section 9: a move that leaves the opponent without a legal move wins,
// even on the ply that also meets a draw rule.
func TestGameWinBeforeDraw(t *testing.T) {
	v := bashni.Russian()
	v.KingsOnlyPlies = 1 // every quiet king move meets the rule
	g := newGameFEN(t, v, "W:WKe5,c1:Ba3")
	playAll(t, g, "e5-b2") // blocks the black man on a3
	want := bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.NoLegalMoves}
	if o := g.Outcome(); o != want {
		t.Fatalf("Outcome() = %v, want %v", o, want)
	}
	g = newGameFEN(t, v, "W:WKe5,c1:Ba3")
	playAll(t, g, "e5-f6") // a king move that does not block
	want = bashni.Outcome{Result: bashni.Draw, Reason: bashni.KingsOnly}
	if o := g.Outcome(); o != want {
		t.Fatalf("Outcome() = %v, want %v", o, want)
	}
}

// Section 9: resignation and agreement are outcomes the API expresses; they
// end the game, and Undo takes them back before any move.
func TestGameResignAndAgree(t *testing.T) {
	cases := []struct {
		name string
		end  func(*bashni.Game) error
		want bashni.Outcome
		text string
	}{
		{"white resigns", func(g *bashni.Game) error { return g.Resign(bashni.White) },
			bashni.Outcome{Result: bashni.BlackWins, Reason: bashni.Resignation}, "0-1: white resigned"},
		{"black resigns", func(g *bashni.Game) error { return g.Resign(bashni.Black) },
			bashni.Outcome{Result: bashni.WhiteWins, Reason: bashni.Resignation}, "1-0: black resigned"},
		{"draw agreed", func(g *bashni.Game) error { return g.AgreeDraw() },
			bashni.Outcome{Result: bashni.Draw, Reason: bashni.Agreement}, "1/2-1/2: draw by agreement"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := bashni.NewGame(bashni.Russian())
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, "c3-d4 f6-g5")
			if err := c.end(g); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o != c.want || o.String() != c.text {
				t.Fatalf("Outcome() = %v (%q), want %v (%q)", o, o.String(), c.want, c.text)
			}
			if _, err := g.PlayText("d4-e5"); !errors.Is(err, bashni.ErrGameOver) {
				t.Errorf("a move after the end: %v, want ErrGameOver", err)
			}
			if err := g.AgreeDraw(); !errors.Is(err, bashni.ErrGameOver) {
				t.Errorf("AgreeDraw after the end: %v, want ErrGameOver", err)
			}
			if m, err := g.Undo(); err != nil || m != (bashni.Move{}) {
				t.Fatalf("Undo of the end: %v, %v; want the zero Move", m, err)
			}
			if o := g.Outcome(); o.IsOver() || g.Plies() != 2 {
				t.Fatalf("after Undo: Outcome() = %v, Plies() = %d; want ongoing, 2", o, g.Plies())
			}
			playAll(t, g, "d4-e5")
		})
	}
}

// Illegal and unreadable moves are errors that leave the game unchanged.
func TestGamePlayErrors(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "c3-d4")
	before := g.Position()
	for _, c := range []struct {
		text     string
		sentinel error
	}{
		{"c3-d4", bashni.ErrIllegalMove},
		{"d4-e5", bashni.ErrIllegalMove},
		{"zz", bashni.ErrBadMoveText},
	} {
		_, err := g.PlayText(c.text)
		var me *bashni.MoveError
		if !errors.Is(err, c.sentinel) || !errors.As(err, &me) {
			t.Errorf("PlayText(%q) = %v, want a *MoveError wrapping %v", c.text, err, c.sentinel)
		}
	}
	// A move of another position.
	start := bashni.Russian().MustStart()
	other := start.LegalMoves()[0]
	if err := g.Play(other); !errors.Is(err, bashni.ErrIllegalMove) {
		t.Errorf("Play(%s) with Black to move = %v, want ErrIllegalMove", other, err)
	}
	if !g.Position().Equal(before) || g.Plies() != 1 {
		t.Errorf("the game changed: %s after %d plies", g.Position().FEN(), g.Plies())
	}
	fresh := bashni.NewGameFrom(&start)
	if _, err := fresh.Undo(); !errors.Is(err, bashni.ErrNothingToUndo) {
		t.Errorf("Undo at the start = %v, want ErrNothingToUndo", err)
	}
	// NewGameFrom copies the position: changing it later changes no game.
	start = start.PlayUnchecked(other)
	if want := bashni.Russian().MustStart(); !fresh.Position().Equal(&want) || !fresh.Start().Equal(&want) {
		t.Errorf("NewGameFrom's game followed its argument: %s", fresh.Position().FEN())
	}
	if _, err := bashni.NewGameFEN(bashni.Russian(), "W:Wz9"); err == nil {
		t.Error("NewGameFEN with a bad FEN: no error")
	}
}

// gameState is what a Game shows, for comparing two games.
type gameState struct {
	FEN            string
	Moves          []string
	Positions      []string
	Outcome        bashni.Outcome
	Repetitions    int
	KingsOnlyPlies int
}

func stateOf(g *bashni.Game) gameState {
	s := gameState{FEN: g.Position().FEN(), Outcome: g.Outcome(), Repetitions: g.Repetitions(), KingsOnlyPlies: g.KingsOnlyPlies()}
	for _, m := range g.Moves() {
		s.Moves = append(s.Moves, m.String())
	}
	for _, p := range g.Positions() {
		s.Positions = append(s.Positions, p.FEN())
	}
	return s
}

// Play, PlayText and Undo in any mix leave a game just like a fresh game
// that played the remaining moves; the positions reached match Play's.
func TestGameUndoProperty(t *testing.T) {
	variants := []bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca()}
	rapid.Check(t, func(t *rapid.T) {
		v := variants[rapid.IntRange(0, 2).Draw(t, "variant")]
		v.KingsOnlyPlies = rapid.SampledFrom([]int{0, 4, 30}).Draw(t, "kingsOnly")
		g, err := bashni.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		steps := rapid.IntRange(0, 400).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			moves := g.LegalMoves()
			if len(moves) == 0 || rapid.IntRange(0, 5).Draw(t, "undo?") == 0 {
				last, had := g.Last()
				m, err := g.Undo()
				if had && (err != nil || m != last) {
					t.Fatalf("Undo: %s, %v; want the last move %s", m, err, last)
				}
				if !had && !errors.Is(err, bashni.ErrNothingToUndo) {
					t.Fatalf("Undo at the start: %v", err)
				}
				continue
			}
			// IsLegal says what Play accepts, of this position's moves
			// and of the last one's.
			var before []bashni.Move
			if g.Plies() > 0 {
				before = g.Positions()[g.Plies()-1].LegalMoves()
			}
			for _, c := range append(before, moves...) {
				_, err := g.Position().Play(c)
				if g.Position().IsLegal(c) != (err == nil) {
					t.Fatalf("IsLegal(%s) = %v, but Play's error is %v", c, !(err == nil), err)
				}
			}
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			if rapid.Bool().Draw(t, "text?") {
				_, err = g.PlayText(m.String())
			} else {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatalf("playing %s: %v", m, err)
			}
		}
		fresh, err := bashni.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Moves() {
			if err := fresh.Play(m); err != nil {
				t.Fatalf("replaying %s: %v", m, err)
			}
		}
		if d := cmp.Diff(stateOf(fresh), stateOf(g)); d != "" {
			t.Fatalf("game after undos differs from a fresh replay (-fresh +got):\n%s", d)
		}
		if d := cmp.Diff(reversibleKeys(g), g.AppendReversibleKeys(nil), cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("AppendReversibleKeys differs from the keys worked out from the positions (-want +got):\n%s", d)
		}
	})
}

// reversibleKeys works out what AppendReversibleKeys returns from the
// game's positions and moves: the keys of the positions before each move
// since the last that was not reversible.
func reversibleKeys(g *bashni.Game) []uint64 {
	var keys []uint64
	ps := g.Positions()
	for i, m := range g.Moves() {
		if ps[i].IsReversible(m) {
			keys = append(keys, ps[i].Key())
		} else {
			keys = keys[:0]
		}
	}
	return keys
}

// A clone goes on by itself: moves, undos and a resignation in it leave
// the original as it was, and the other way round.
func TestGameClone(t *testing.T) {
	g, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, g, "c3-d4 f6-g5 g3-f4")
	want := stateOf(g)
	c := g.Clone()
	if d := cmp.Diff(want, stateOf(c)); d != "" {
		t.Fatalf("clone differs from the game (-game +clone):\n%s", d)
	}
	playAll(t, c, "g5-h4 f4-g5")
	if m, err := c.Undo(); err != nil || m.String() != "f4-g5" {
		t.Fatalf("Undo: %s, %v; want f4-g5", m, err)
	}
	if m, ok := c.Last(); !ok || m.String() != "g5-h4" {
		t.Errorf("Last after Undo: %s, %v; want g5-h4", m, ok)
	}
	if err := c.Resign(bashni.White); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, stateOf(g)); d != "" {
		t.Errorf("the game changed with its clone (-before +after):\n%s", d)
	}
	playAll(t, g, "b6-a5")
	got := stateOf(c)
	if d := cmp.Diff([]string{"c3-d4", "f6-g5", "g3-f4", "g5-h4"}, got.Moves); d != "" || !c.Outcome().IsOver() {
		t.Errorf("the clone changed with the game: %v, moves (-want +got):\n%s", c.Outcome(), d)
	}
}

// A Game keeps little per ply: the move and a count, plus a position every
// 64 plies (and a map entry per distinct position, which a shuffle of kings
// does not add).
func TestGameMemoryPerPly(t *testing.T) {
	v := bashni.Russian()
	v.Repetitions, v.KingsOnlyPlies = 0, 0
	const plies = 20000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g := newGameFEN(t, v, shuffle[0].fen)
	playCycle(t, g, shuffle[0].cycle, plies, func(int) {})
	runtime.GC()
	runtime.ReadMemStats(&after)
	perPly := float64(after.HeapAlloc-before.HeapAlloc) / plies
	t.Logf("%d plies: %.1f bytes per ply", plies, perPly)
	if perPly > 64 {
		t.Errorf("a game of %d plies takes %.1f bytes per ply, want at most 64", plies, perPly)
	}
	runtime.KeepAlive(g)
}

// Every accessor of Position can be called on what Game.Position and
// Game.Start return, in one expression (this test fails to compile
// otherwise), and they are copies: the game going on does not change them.
func TestGamePositionAccessors(t *testing.T) {
	g, err := bashni.NewGameFEN(bashni.Russian(), "W:Wc3,Kh2:Bf6b,a7")
	if err != nil {
		t.Fatal(err)
	}
	before := g.Position()
	if err := g.Play(mustParse(t, *g.Position(), "c3-d4")); err != nil {
		t.Fatal(err)
	}
	if before.Turn() != bashni.White || g.Start().Turn() != bashni.White || g.Position().Turn() != bashni.Black {
		t.Errorf("turns: before %v, start %v, now %v; want white, white, black", before.Turn(), g.Start().Turn(), g.Position().Turn())
	}
	p := g.Position()
	f6 := bashni.SquareAt(5, 5)
	got := []any{
		p.Variant().Name(), p.Turn(), p.Tower(f6).String(), p.Squares(), p.Count(bashni.Black),
		p.Key() == g.Start().Key(), p.Equal(g.Position()), p.WithTurn(bashni.White).String(),
		len(p.LegalMoves()), p.HasLegalMoves(), len(p.AppendLegalMoves(nil)),
		p.Tops(bashni.White), p.Kings(), p.Occupied(), p.Stacked(),
		p.FEN(), p.String(), len(p.Diagram()) > 0,
		bashni.Notation{Numbers: true}.FormatMove(p, p.LegalMoves()[0]) != "", bashni.Notation{Numbers: true}.FEN(p) != "",
	}
	if m, err := g.Position().ParseMove("f6-g5"); err != nil || m.String() != "f6-g5" {
		t.Errorf("ParseMove on Game.Position(): %v, %v", m, err)
	}
	if _, err := (bashni.Notation{Numbers: true}).ParseMove(g.Position(), "99-98"); err == nil {
		t.Error("a numeric Notation's ParseMove on Game.Position(): no error for 99-98")
	}
	if next, err := g.Position().Play(mustParse(t, *g.Position(), "f6-g5")); err != nil || next.Turn() != bashni.White {
		t.Errorf("Play on Game.Position(): %v, %v", next.Turn(), err)
	}
	if next := g.Position().PlayUnchecked(mustParse(t, *g.Position(), "f6-g5")); next.Turn() != bashni.White {
		t.Errorf("PlayUnchecked on Game.Position(): %v", next.Turn())
	}
	want := []any{
		"russian", bashni.Black, "bb", []bashni.Square{bashni.SquareAt(7, 1), bashni.SquareAt(3, 3), bashni.SquareAt(5, 5), bashni.SquareAt(0, 6)}, 3,
		false, true, "W:WKh2,d4:Bf6b,a7",
		3, true, 3, // f6-e5, f6-g5, a7-b6
		bashni.SquareSetOf(bashni.SquareAt(7, 1), bashni.SquareAt(3, 3)), bashni.SquareSetOf(bashni.SquareAt(7, 1)), p.Tops(bashni.White) | p.Tops(bashni.Black), bashni.SquareSetOf(f6),
		"B:WKh2,d4:Bf6b,a7", "B:WKh2,d4:Bf6b,a7", true,
		true, true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("accessors on Game.Position() (-want +got):\n%s", diff)
	}
}

// One receiver style: every method of Position is on the pointer but
// String, which fmt needs on the value too.
func TestPositionMethodsOnThePointer(t *testing.T) {
	value := reflect.TypeOf(bashni.Position{})
	var onValue []string
	for i := range value.NumMethod() {
		onValue = append(onValue, value.Method(i).Name)
	}
	if diff := cmp.Diff([]string{"String"}, onValue); diff != "" {
		t.Errorf("methods of Position on the value (-want +got):\n%s", diff)
	}
	if n := reflect.PointerTo(value).NumMethod(); n < 20 {
		t.Errorf("*Position has %d methods, want them all", n)
	}
	pos := bashni.Russian().MustStart()
	if got, want := fmt.Sprint(pos), fmt.Sprint(&pos); got != want || got != pos.FEN() {
		t.Errorf("fmt prints the value as %q and the pointer as %q, want the FEN %q", got, want, pos.FEN())
	}
}

// mustParse reads a move of p, failing the test on an error.
func mustParse(t *testing.T, p bashni.Position, text string) bashni.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A quiet move of a king is reversible (the kings-only and repetition
// draws count it); a man's step and any capture are not.
func TestIsReversible(t *testing.T) {
	p, err := bashni.ParseFEN(bashni.Russian(), "W:WKa1,c3:Bd4,h8")
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]bool{"c3:e5": false} {
		if got := p.IsReversible(mustParse(t, p, text)); got != want {
			t.Errorf("%s: IsReversible = %v, want %v", text, got, want)
		}
	}
	q, err := bashni.ParseFEN(bashni.Russian(), "W:WKa1,c3:Bh8")
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]bool{"a1-b2": true, "c3-d4": false} {
		if got := q.IsReversible(mustParse(t, q, text)); got != want {
			t.Errorf("%s: IsReversible = %v, want %v", text, got, want)
		}
	}
	r, err := bashni.ParseFEN(bashni.Russian(), "W:WKa1:Bb2,h8")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.IsReversible(mustParse(t, r, "a1:c3")); got {
		t.Error("a king's capture a1:c3: IsReversible = true, want false")
	}
}
