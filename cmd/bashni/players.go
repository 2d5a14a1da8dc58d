package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// A player chooses moves in the games of match and selfplay.
type player interface {
	// move returns the move to play after moves from start. pos is where
	// they lead; it has a legal move.
	move(ctx context.Context, start bashni.Position, moves []bashni.Move, pos bashni.Position) (bashni.Move, error)
}

// playerSpec names a kind of player and how it plays:
//
//	random            a uniformly random legal move
//	greedy            the move that leaves it the most pieces (one ply, no search)
//	depth=N           the engine searching N plies
//	nodes=N, time=D   the engine under a node or time limit; limits combine:
//	                  "depth=8,time=1s"
type playerSpec struct {
	kind   string // "random", "greedy" or "engine"
	limits engine.Limits
}

func parsePlayer(text string) (playerSpec, error) {
	switch text {
	case "random", "greedy":
		return playerSpec{kind: text}, nil
	}
	ps := playerSpec{kind: "engine"}
	for _, item := range strings.Split(text, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return ps, fmt.Errorf("player %q: want random, greedy, or engine limits such as depth=6, nodes=100000, time=1s", text)
		}
		var err error
		switch key {
		case "depth":
			ps.limits.Depth, err = strconv.Atoi(val)
			if err == nil && (ps.limits.Depth < 1 || ps.limits.Depth > engine.MaxPly/2) {
				err = fmt.Errorf("outside 1..%d", engine.MaxPly/2)
			}
		case "nodes":
			ps.limits.Nodes, err = strconv.ParseUint(val, 10, 64)
		case "time":
			ps.limits.Time, err = time.ParseDuration(val)
			if err == nil && ps.limits.Time <= 0 {
				err = fmt.Errorf("not positive")
			}
		default:
			err = fmt.Errorf("unknown limit (want depth, nodes or time)")
		}
		if err != nil {
			return ps, fmt.Errorf("player %q: %s=%s: %v", text, key, val, err)
		}
	}
	return ps, nil
}

func (ps playerSpec) String() string {
	if ps.kind != "engine" {
		return ps.kind
	}
	var parts []string
	if l := ps.limits; l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth=%d", l.Depth))
	}
	if l := ps.limits; l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes=%d", l.Nodes))
	}
	if l := ps.limits; l.Time > 0 {
		parts = append(parts, "time="+l.Time.String())
	}
	return strings.Join(parts, ",")
}

// newPlayer returns a player of the spec for one game. Random choices come
// from rng, so a game can be played again exactly.
func (ps playerSpec) newPlayer(rng *rand.Rand, hashMB int) player {
	switch ps.kind {
	case "random":
		return randomPlayer{rng}
	case "greedy":
		return greedyPlayer{rng}
	}
	return enginePlayer{engine.New(engine.Options{HashMB: hashMB}), ps.limits}
}

type randomPlayer struct{ rng *rand.Rand }

func (p randomPlayer) move(_ context.Context, _ bashni.Position, _ []bashni.Move, pos bashni.Position) (bashni.Move, error) {
	ms := pos.LegalMoves()
	return ms[p.rng.IntN(len(ms))], nil
}

// greedyPlayer looks one ply ahead: it plays the move after which it
// controls the most pieces (its own and prisoners, in the towers it tops)
// compared with the opponent, choosing at random among equals.
type greedyPlayer struct{ rng *rand.Rand }

func (p greedyPlayer) move(_ context.Context, _ bashni.Position, _ []bashni.Move, pos bashni.Position) (bashni.Move, error) {
	me := pos.Turn()
	var best []bashni.Move
	bestScore := -1 << 30
	for _, m := range pos.LegalMoves() {
		next := pos.PlayUnchecked(m)
		sc := control(next, me) - control(next, me.Opponent())
		switch {
		case sc > bestScore:
			bestScore, best = sc, append(best[:0], m)
		case sc == bestScore:
			best = append(best, m)
		}
	}
	return best[p.rng.IntN(len(best))], nil
}

// control counts the pieces in the towers whose top is c's.
func control(pos bashni.Position, c bashni.Color) int {
	n := 0
	for s := range pos.Tops(c).All() {
		n += pos.Tower(s).Height()
	}
	return n
}

type enginePlayer struct {
	e   *engine.Engine
	lim engine.Limits
}

func (p enginePlayer) move(ctx context.Context, start bashni.Position, moves []bashni.Move, _ bashni.Position) (bashni.Move, error) {
	res, err := p.e.SearchGame(ctx, start, moves, p.lim)
	return res.Move, err
}
