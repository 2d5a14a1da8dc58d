package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/book"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/match"
	"github.com/bashni-dev/bashni/engine/protocol"
	"github.com/bashni-dev/bashni/internal/strictnum"
)

// The kinds of player a playerSpec names.
const (
	kindRandom   = "random"   // a uniformly random legal move
	kindGreedy   = "greedy"   // the move that leaves it the most pieces (one ply, no search)
	kindEngine   = "engine"   // the engine under search limits
	kindExternal = "external" // another program speaking the engine protocol (match.External)
	kindHub      = "hub"      // another program speaking the Hub protocol (match.Hub)
)

// A playerSpec names a kind of player and how it plays; parseSpec reads one and
// String writes it back:
//
//	engine            the engine with no limit (under a match's clock)
//	random            a uniformly random legal move
//	greedy            the move that leaves it the most pieces (one ply, no search)
//	depth=N           the engine searching N plies
//	nodes=N, time=D   the engine under a node or time limit; limits combine:
//	                  "depth=8,time=1s"
//	threads=N         the engine searching with N threads (engine.Options.Threads)
//	cmd=PROGRAM ARGS  an external engine (match.External) under the limits before it:
//	                  "time=100ms,cmd=/tmp/bashni-old engine"; cmd= comes last,
//	                  and the command line, split at spaces, is the rest
//	hub=PROGRAM ARGS  the same for a program speaking the Hub protocol (match.Hub):
//	                  "time=100ms,hub=./scan hub"
//	book=FILE         the engine playing from an opening book (book.Player), with
//	book-margin=N     its margin in hundredths of a man: "time=100ms,book=r.book"
type playerSpec struct {
	Kind       string        // kindRandom, kindGreedy, kindEngine, kindExternal or kindHub
	Limits     engine.Limits // the engine's limits, for the engine and external kinds
	Threads    int           // the engine's threads; 0: its default
	Command    []string      // the program and its arguments, for kindExternal and kindHub
	Book       string        // the engine's opening book file, for kindEngine; "": none
	BookMargin int           // book.Player.Margin, with Book

	book *book.Book // Book once read (loadBook)
}

// parseSpec reads a player's spec (see playerSpec).
func parseSpec(text string) (playerSpec, error) {
	switch text {
	case kindRandom, kindGreedy, kindEngine:
		return playerSpec{Kind: text}, nil
	}
	ps := playerSpec{Kind: kindEngine}
	limits := text
	for _, prog := range []struct{ key, kind string }{{"cmd=", kindExternal}, {"hub=", kindHub}} {
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
			var n int64
			n, err = strictnum.Int64(val, 1, math.MaxInt64)
			ps.Limits.Nodes = uint64(n)
		case "book":
			if val == "" {
				err = errors.New("names no file")
			}
			ps.Book = val
		case "book-margin":
			ps.BookMargin, err = strictnum.Int(val, 0, protocol.MaxBookMargin)
		case "time":
			ps.Limits.Time, err = time.ParseDuration(val)
			if err != nil {
				err = fmt.Errorf("%q is not a duration such as 500ms or 2s", val)
			} else if ps.Limits.Time <= 0 {
				err = fmt.Errorf("not positive")
			}
		default:
			err = fmt.Errorf("unknown limit (want depth, nodes, time, threads, book, book-margin, cmd or hub)")
		}
		if err != nil {
			return ps, fmt.Errorf("player %q: %s: %v", text, key, err)
		}
	}
	switch {
	case ps.Book != "" && ps.Kind != kindEngine:
		// The match cannot hand another program a book; it has its own flags.
		return ps, fmt.Errorf("player %q: book= is for the match's own engine; give %s its own book (bashni engine -book FILE)", text, ps.Command[0])
	case seen["book-margin"] && ps.Book == "":
		return ps, fmt.Errorf("player %q: book-margin= without book=", text)
	}
	return ps, nil
}

// loadBook reads the spec's book, once for all its games, and checks that
// it is for the ruleset v. A spec without a book has nothing to read.
func (ps *playerSpec) loadBook(v bashni.Variant) error {
	if ps.Book == "" {
		return nil
	}
	b, err := book.ReadFile(ps.Book, bookMaxBytes)
	if err == nil {
		err = b.Check(v)
	}
	if err != nil {
		return fmt.Errorf("player %q: %v", ps, err)
	}
	ps.book = b
	return nil
}

// String writes the spec as parseSpec reads it.
func (ps playerSpec) String() string {
	if ps.Kind != kindEngine && ps.Kind != kindExternal && ps.Kind != kindHub {
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
	if ps.Book != "" {
		parts = append(parts, "book="+ps.Book)
		if ps.BookMargin > 0 {
			parts = append(parts, fmt.Sprintf("book-margin=%d", ps.BookMargin))
		}
	}
	switch ps.Kind {
	case kindExternal:
		parts = append(parts, "cmd="+strings.Join(ps.Command, " "))
	case kindHub:
		parts = append(parts, "hub="+strings.Join(ps.Command, " "))
	}
	if len(parts) == 0 {
		return kindEngine // no limits: under a clock only
	}
	return strings.Join(parts, ",")
}

// newPlayer returns a player of the spec for games of ruleset v. Random
// choices come from rng, so a game can be played again exactly (an engine
// player needs none: rng may be nil); an engine player has a table of
// hashMB MiB. An external player's program is started and asked whether it
// is ready, which is the only way newPlayer fails; a player that is an
// io.Closer (match.External) is to be closed when its games are over.
func (ps playerSpec) newPlayer(ctx context.Context, v bashni.Variant, rng *rand.Rand, hashMB int) (match.Player, error) {
	switch ps.Kind {
	case kindRandom:
		return match.Random{Rand: rng}, nil
	case kindGreedy:
		return match.Greedy{Rand: rng}, nil
	case kindExternal:
		return match.StartExternal(ctx, ps.Command, v, ps.Limits, hashMB, ps.Threads)
	case kindHub:
		return match.StartHub(ctx, ps.Command, v, ps.Limits, hashMB, ps.Threads)
	}
	e, err := engine.New(engine.Options{HashMB: hashMB, Threads: ps.Threads})
	if err != nil {
		return nil, err
	}
	if ps.book != nil {
		return match.Engine{Engine: &book.Player{Engine: e, Book: ps.book, Margin: ps.BookMargin, Rand: rng}, Limits: ps.Limits}, nil
	}
	return match.Engine{Engine: e, Limits: ps.Limits}, nil
}

// parseLadder reads the players of a ladder: space-separated player specs
// (see playerSpec), where N stands for depth=N and LO-HI for depth=LO ...
// depth=HI. A ladder needs two players at least.
func parseLadder(text string) ([]playerSpec, error) {
	var rungs []playerSpec
	for _, item := range strings.Fields(text) {
		a, b, isRange := strings.Cut(item, "-")
		lo, errLo := strconv.Atoi(a)
		hi, errHi := strconv.Atoi(b)
		switch {
		case errLo == nil && !isRange:
			hi, errHi = lo, nil
		case errLo == nil && errHi == nil && isRange && lo <= hi:
		default:
			ps, err := parseSpec(item)
			if err != nil {
				return nil, err
			}
			rungs = append(rungs, ps)
			continue
		}
		for d := lo; d <= hi; d++ {
			ps, err := parseSpec(fmt.Sprintf("depth=%d", d))
			if err != nil {
				return nil, err
			}
			rungs = append(rungs, ps)
		}
	}
	if len(rungs) < 2 {
		return nil, fmt.Errorf("%q: want two players or more, such as \"1-8\" or \"random greedy 1-4\"", text)
	}
	return rungs, nil
}
