package book

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// scoreOf is the search score of pos for its side to move, as Build scores
// a new position: a fresh engine, depth plies.
func scoreOf(t *testing.T, pos bashni.Position, depth int) int {
	t.Helper()
	res, err := engine.MustNew(engine.Options{HashMB: 1}).Search(context.Background(), &pos, engine.Limits{Depth: depth})
	if err != nil {
		t.Fatal(err)
	}
	return int(res.Score)
}

// TestBuildOnePosition: a book of one expansion holds the start with each
// legal move scored by a search of the position it leads to, negated.
func TestBuildOnePosition(t *testing.T) {
	const depth = 3
	b, err := Build(context.Background(), bashni.Russian(), BuildOptions{Positions: 1, Limits: engine.Limits{Depth: depth}})
	if err != nil {
		t.Fatal(err)
	}
	start := bashni.Russian().MustStart()
	type row struct {
		Move   string
		Score  int
		Weight uint32
	}
	var want []row
	for _, m := range start.LegalMoves() {
		want = append(want, row{m.String(), -scoreOf(t, start.PlayUnchecked(m), depth), 1})
	}
	var got []row
	for _, e := range b.Lookup(&start) {
		got = append(got, row{e.Move.String(), e.Score, e.Weight})
	}
	slices.SortFunc(want, func(a, b row) int { return strings.Compare(a.Move, b.Move) })
	slices.SortFunc(got, func(a, b row) int { return strings.Compare(a.Move, b.Move) })
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("the start's book moves (-want +got):\n%s", d)
	}
	if b.Len() != 1 || b.Moves() != len(want) {
		t.Fatalf("%d positions, %d moves; want 1 and %d", b.Len(), b.Moves(), len(want))
	}
}

// TestBuildSecondPositionIsBestReply: the second expansion is the
// position after the start's best move (the cheapest leaf: one ply, no
// drop-out), and the start's score for that move is then backed up from
// its replies: the best of them, negated.
func TestBuildSecondPositionIsBestReply(t *testing.T) {
	const depth = 2
	b, err := Build(context.Background(), bashni.Russian(), BuildOptions{Positions: 2, Limits: engine.Limits{Depth: depth}})
	if err != nil {
		t.Fatal(err)
	}
	start := bashni.Russian().MustStart()
	// The best move by the one-ply scores, the lowest key among ties.
	var best bashni.Position
	bestScore := 0
	for i, m := range start.LegalMoves() {
		next := start.PlayUnchecked(m)
		s := -scoreOf(t, next, depth)
		if i == 0 || s > bestScore || s == bestScore && next.Key() < best.Key() {
			best, bestScore = next, s
		}
	}
	replies := b.Lookup(&best)
	if len(replies) != len(best.LegalMoves()) {
		t.Fatalf("the position after the best move has %d book moves, want its %d legal moves", len(replies), len(best.LegalMoves()))
	}
	backed := replies[0].Score // Lookup sorts best first
	for _, e := range b.Lookup(&start) {
		next := start.PlayUnchecked(e.Move)
		if next.Key() != best.Key() {
			continue
		}
		if e.Score != -backed || e.Weight != 2 {
			t.Fatalf("the expanded move %s: score %d weight %d, want %d (its best reply's %d, negated) and 2", e.Move, e.Score, e.Weight, -backed, backed)
		}
		return
	}
	t.Fatal("the best move is not among the start's book moves")
}

// TestBuildDeterministic: a build at a fixed depth gives the same file
// twice, and the file reads back to the same book.
func TestBuildDeterministic(t *testing.T) {
	opts := BuildOptions{Positions: 12, Limits: engine.Limits{Depth: 2}}
	var files [2]bytes.Buffer
	var books [2]*Book
	for i := range files {
		b, err := Build(context.Background(), bashni.Russian(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Write(&files[i]); err != nil {
			t.Fatal(err)
		}
		books[i] = b
	}
	if !bytes.Equal(files[0].Bytes(), files[1].Bytes()) {
		t.Fatal("two builds with the same options wrote different files")
	}
	if books[0].Len() != 12 {
		t.Fatalf("%d positions, want 12", books[0].Len())
	}
	back, err := Read(bytes.NewReader(files[0].Bytes()), DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(books[0], back, cmp.AllowUnexported(Book{}, record{})); d != "" {
		t.Fatalf("the book read back differs (-built +read):\n%s", d)
	}
}

// TestBuildProgressAndCancel: Progress counts each expansion, and a
// cancelled context ends the build with the book so far.
func TestBuildProgressAndCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var seen []int
	b, err := Build(ctx, bashni.Russian(), BuildOptions{Positions: 100, Limits: engine.Limits{Depth: 1}, Progress: func(p BuildProgress) {
		seen = append(seen, p.Expanded)
		if p.Expanded == 3 {
			cancel()
		}
	}})
	if err != context.Canceled {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if d := cmp.Diff([]int{1, 2, 3}, seen); d != "" {
		t.Fatalf("progress (-want +got):\n%s", d)
	}
	if b == nil || b.Len() != 3 {
		t.Fatalf("the book so far: %v, want 3 positions", b)
	}
}

// TestBuildFreePlies: with FreePlies 2, a book of as many positions as
// there are within 2 plies of the start holds every one of them, the
// positions a random opening of 2 plies can reach and each one before it;
// plain drop-out expansion of as many positions leaves some out, going
// deeper along the best lines instead.
func TestBuildFreePlies(t *testing.T) {
	near := within(bashni.Russian().MustStart(), 2)
	missing := func(b *Book) (n int) {
		for _, p := range near {
			if len(b.Lookup(&p)) == 0 {
				n++
			}
		}
		return n
	}
	opts := BuildOptions{Positions: len(near), Limits: engine.Limits{Depth: 1}, FreePlies: 2}
	b, err := Build(context.Background(), bashni.Russian(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if n := missing(b); n != 0 || b.Len() != len(near) {
		t.Errorf("FreePlies 2: %d positions, %d of the %d within 2 plies missing; want all of them and no other", b.Len(), n, len(near))
	}
	opts.FreePlies = 0
	if b, err = Build(context.Background(), bashni.Russian(), opts); err != nil {
		t.Fatal(err)
	}
	if missing(b) == 0 {
		t.Errorf("FreePlies 0: all %d positions within 2 plies are in a book of %d; want drop-out expansion to leave some out", len(near), len(near))
	}
}

func TestBuildRefusesBadOptions(t *testing.T) {
	for _, o := range []BuildOptions{
		{Positions: 0, Limits: engine.Limits{Depth: 1}},
		{Positions: 1, Limits: engine.Limits{Depth: -1}},
		{Positions: 1, PlyCost: -1, Limits: engine.Limits{Depth: 1}},
		{Positions: 1, FreePlies: -1, Limits: engine.Limits{Depth: 1}},
		{Positions: 1, Limits: engine.Limits{Depth: 1, Lines: 2}},
		{Positions: 1, Limits: engine.Limits{Depth: 1}, MaxBytes: -1},
	} {
		if _, err := Build(context.Background(), bashni.Russian(), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestBuildMaxBytes: a build never makes a book that takes more than
// BuildOptions.MaxBytes once read (DefaultMaxBytes by default, the limit
// of the bashni command's readers), so Read with that limit reads every
// book it makes. Positions that must take more are refused at once, with
// no search; a build that reaches the limit stops before the position
// that would pass it and returns the book so far with ErrTooBig. (Build
// had no limit: a large one wrote a file that book show, engine -book and
// hub -book refused.)
func TestBuildMaxBytes(t *testing.T) {
	most := MaxPositions(DefaultMaxBytes)
	if got, over := MemoryBytes(most, most), MemoryBytes(most+1, most+1); got > DefaultMaxBytes || over <= DefaultMaxBytes {
		t.Errorf("MaxPositions(DefaultMaxBytes) = %d: %d positions of a move take %d bytes, one more %d; the limit is %d", most, most, got, over, DefaultMaxBytes)
	}
	for _, c := range []struct{ maxBytes, want int64 }{{0, 0}, {MemoryBytes(1, 1) - 1, 0}, {MemoryBytes(1, 1), 1}, {MemoryBytes(3, 3), 3}, {MemoryBytes(3, 3) + 31, 3}, {1 << 62, 1<<31 - 1}} {
		if got := MaxPositions(c.maxBytes); int64(got) != c.want {
			t.Errorf("MaxPositions(%d) = %d, want %d", c.maxBytes, got, c.want)
		}
	}
	// Refused at once: a build that went on would be stopped by ctx.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	expanded := 0
	opts := BuildOptions{Positions: most + 1, Limits: engine.Limits{Depth: 1}, Progress: func(p BuildProgress) { expanded = p.Expanded }}
	if b, err := Build(ctx, bashni.Russian(), opts); b != nil || !errors.Is(err, ErrTooBig) || expanded > 0 {
		t.Errorf("Build of %d positions: %v, %v (%d expanded); want no book and ErrTooBig at once", most+1, b, err, expanded)
	}
	opts = BuildOptions{Positions: 4, Limits: engine.Limits{Depth: 1}, MaxBytes: MemoryBytes(3, 3) + 31}
	if _, err := Build(context.Background(), bashni.Russian(), opts); !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "at most 3 fit") {
		t.Errorf("Build of 4 positions under a limit that fits 3: %v; want ErrTooBig, at most 3 fit", err)
	}

	// 20 positions of russian hold more than 40 moves; a limit of 40
	// stops the build short.
	const positions = 20
	full, err := Build(context.Background(), bashni.Russian(), BuildOptions{Positions: positions, Limits: engine.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	limit := MemoryBytes(positions, 40)
	if full.Len() != positions || MemoryBytes(full.Len(), full.Moves()) <= limit {
		t.Fatalf("the book of %d positions: %d positions, %d moves: the test shows nothing", positions, full.Len(), full.Moves())
	}
	b, err := Build(context.Background(), bashni.Russian(), BuildOptions{Positions: positions, Limits: engine.Limits{Depth: 1}, MaxBytes: limit})
	if !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "book: stopped after ") {
		t.Fatalf("Build under a limit of %d bytes: %v; want ErrTooBig", limit, err)
	}
	if b == nil || b.Len() < 1 || b.Len() >= positions || MemoryBytes(b.Len(), b.Moves()) > limit {
		t.Fatalf("the book so far: %v; want fewer than %d positions within %d bytes", b, positions, limit)
	}
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(&buf, limit); err != nil {
		t.Errorf("the book so far does not read back within its limit: %v", err)
	}
	// The same expansions as the full build's, stopped.
	for _, k := range b.keys {
		if _, ok := slices.BinarySearch(full.keys, k); !ok {
			t.Errorf("the book so far holds position %016x, which the full build did not expand", k)
		}
	}
}
