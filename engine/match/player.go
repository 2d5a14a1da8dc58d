package match

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/strictnum"
)

// A Player chooses moves in games: the engine, another program, a random
// mover; the games of a match, and the computer side of the web page's.
type Player interface {
	// Move returns a legal move of g's current position, which has one.
	// Seeing the whole game lets a player avoid repetitions. Move only
	// reads g (Clone it to look ahead), which does not change until Move
	// returns. clocks is the state of both clocks in a timed game, and nil
	// in an untimed one. Move should return promptly, with its best move so
	// far or ctx's error, once ctx is done.
	Move(ctx context.Context, g *bashni.Game, clocks *Clocks) (bashni.Move, error)
}

// The kinds of player a Spec names.
const (
	KindRandom   = "random"   // a uniformly random legal move
	KindGreedy   = "greedy"   // the move that leaves it the most pieces (one ply, no search)
	KindEngine   = "engine"   // the engine under search limits
	KindExternal = "external" // another program speaking the engine protocol (External)
	KindHub      = "hub"      // another program speaking the Hub protocol (Hub)
)

// A Spec names a kind of player and how it plays; ParseSpec reads one and
// String writes it back:
//
//	engine            the engine with no limit (under a match's clock)
//	random            a uniformly random legal move
//	greedy            the move that leaves it the most pieces (one ply, no search)
//	depth=N           the engine searching N plies
//	nodes=N, time=D   the engine under a node or time limit; limits combine:
//	                  "depth=8,time=1s"
//	threads=N         the engine searching with N threads (engine.Options.Threads)
//	cmd=PROGRAM ARGS  an external engine (External) under the limits before it:
//	                  "time=100ms,cmd=/tmp/bashni-old engine"; cmd= comes last,
//	                  and the command line, split at spaces, is the rest
//	hub=PROGRAM ARGS  the same for a program speaking the Hub protocol (Hub):
//	                  "time=100ms,hub=./scan hub"
type Spec struct {
	Kind    string        // KindRandom, KindGreedy, KindEngine, KindExternal or KindHub
	Limits  engine.Limits // the engine's limits, for the engine and external kinds
	Threads int           // the engine's threads; 0: its default
	Command []string      // the program and its arguments, for KindExternal and KindHub
}

// ParseSpec reads a player's spec (see Spec).
func ParseSpec(text string) (Spec, error) {
	switch text {
	case KindRandom, KindGreedy, KindEngine:
		return Spec{Kind: text}, nil
	}
	ps := Spec{Kind: KindEngine}
	limits := text
	for _, prog := range []struct{ key, kind string }{{"cmd=", KindExternal}, {"hub=", KindHub}} {
		i := strings.Index(text, prog.key)
		if i < 0 || i > 0 && text[i-1] != ',' {
			continue
		}
		ps.Kind, ps.Command = prog.kind, strings.Fields(text[i+len(prog.key):])
		if len(ps.Command) == 0 {
			return ps, fmt.Errorf("player %q: %s names no program", text, prog.key)
		}
		if limits = strings.TrimSuffix(text[:i], ","); limits == "" {
			return ps, nil
		}
		break
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(limits, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return ps, fmt.Errorf("player %q: want random, greedy, or engine limits such as depth=6, nodes=100000, time=1s", text)
		}
		if seen[key] {
			return ps, fmt.Errorf("player %q: %s is given twice", text, key)
		}
		seen[key] = true
		var err error
		switch key {
		case "threads":
			ps.Threads, err = strictnum.Int(val, 1, engine.MaxThreads)
		case "depth":
			ps.Limits.Depth, err = strictnum.Int(val, 1, engine.MaxPly/2)
		case "nodes":
			// nodes=0 would be no limit at all, a search without end.
			var n int
			n, err = strictnum.Int(val, 1, math.MaxInt64)
			ps.Limits.Nodes = uint64(n)
		case "time":
			ps.Limits.Time, err = time.ParseDuration(val)
			if err != nil {
				err = fmt.Errorf("%q is not a duration such as 500ms or 2s", val)
			} else if ps.Limits.Time <= 0 {
				err = fmt.Errorf("not positive")
			}
		default:
			err = fmt.Errorf("unknown limit (want depth, nodes, time, threads or cmd)")
		}
		if err != nil {
			return ps, fmt.Errorf("player %q: %s: %v", text, key, err)
		}
	}
	return ps, nil
}

// String writes the spec as ParseSpec reads it.
func (ps Spec) String() string {
	if ps.Kind != KindEngine && ps.Kind != KindExternal && ps.Kind != KindHub {
		return ps.Kind
	}
	var parts []string
	if l := ps.Limits; l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth=%d", l.Depth))
	}
	if l := ps.Limits; l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes=%d", l.Nodes))
	}
	if l := ps.Limits; l.Time > 0 {
		parts = append(parts, "time="+l.Time.String())
	}
	if ps.Threads > 0 {
		parts = append(parts, fmt.Sprintf("threads=%d", ps.Threads))
	}
	switch ps.Kind {
	case KindExternal:
		parts = append(parts, "cmd="+strings.Join(ps.Command, " "))
	case KindHub:
		parts = append(parts, "hub="+strings.Join(ps.Command, " "))
	}
	if len(parts) == 0 {
		return KindEngine // no limits: under a clock only
	}
	return strings.Join(parts, ",")
}

// NewPlayer returns a player of the spec for games of ruleset v. Random
// choices come from rng, so a game can be played again exactly (an engine
// player needs none: rng may be nil); an engine player has a table of
// hashMB MiB. An external player's program is started and asked whether it
// is ready, which is the only way NewPlayer fails; a player that is an
// io.Closer (External) is to be closed when its games are over.
func (ps Spec) NewPlayer(ctx context.Context, v bashni.Variant, rng *rand.Rand, hashMB int) (Player, error) {
	switch ps.Kind {
	case KindRandom:
		return Random{rng}, nil
	case KindGreedy:
		return Greedy{rng}, nil
	case KindExternal:
		return StartExternal(ctx, ps.Command, v, ps.Limits, hashMB, ps.Threads)
	case KindHub:
		return StartHub(ctx, ps.Command, v, ps.Limits, hashMB, ps.Threads)
	}
	return Engine{engine.New(engine.Options{HashMB: hashMB, Threads: ps.Threads}), ps.Limits}, nil
}

// Random plays a uniformly random legal move.
type Random struct{ Rand *rand.Rand }

// Move returns one of the position's legal moves at random.
func (p Random) Move(_ context.Context, g *bashni.Game, _ *Clocks) (bashni.Move, error) {
	ms := g.Position().LegalMoves()
	return ms[p.Rand.IntN(len(ms))], nil
}

// Greedy looks one ply ahead: it plays the move after which it controls the
// most pieces (its own and prisoners, in the towers it tops) compared with
// the opponent, choosing at random among equals.
type Greedy struct{ Rand *rand.Rand }

// Move returns the move that leaves the player the most pieces.
func (p Greedy) Move(_ context.Context, g *bashni.Game, _ *Clocks) (bashni.Move, error) {
	pos := g.Position()
	me := pos.Turn()
	var best []bashni.Move
	bestScore := -1 << 30
	for _, m := range pos.LegalMoves() {
		next := pos.PlayUnchecked(m)
		sc := control(&next, me) - control(&next, me.Opponent())
		switch {
		case sc > bestScore:
			bestScore, best = sc, append(best[:0], m)
		case sc == bestScore:
			best = append(best, m)
		}
	}
	return best[p.Rand.IntN(len(best))], nil
}

// control counts the pieces in the towers whose top is c's.
func control(pos *bashni.Position, c bashni.Color) int {
	n := 0
	for s := range pos.Tops(c).All() {
		n += pos.Tower(s).Height()
	}
	return n
}

// Engine is the engine searching under its limits; it sees the whole game.
type Engine struct {
	Engine *engine.Engine
	Limits engine.Limits
}

// Move searches the game's position and returns the engine's move. Under
// clocks it shares out the time of its side's (engine.Limits.Clock), and
// keeps to its own limits too, if it has any.
func (p Engine) Move(ctx context.Context, g *bashni.Game, clocks *Clocks) (bashni.Move, error) {
	lim := p.Limits
	if clocks != nil {
		lim.Clock = clocks.engineClock(g.Position().Turn())
	}
	res, err := p.Engine.SearchGame(ctx, g, lim)
	return res.Move, err
}
