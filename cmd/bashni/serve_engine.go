package main

import (
	"context"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// enginePool is the page's opponent: a few engines, each searching one game
// at a time, so several players are served at once and the rest wait their
// turn (or give up when their request ends).
type enginePool struct {
	free   chan *engine.Engine
	limits engine.Limits
}

func newEnginePool(n, hashMB int, lim engine.Limits) *enginePool {
	p := &enginePool{free: make(chan *engine.Engine, n), limits: lim}
	for i := 0; i < n; i++ {
		p.free <- engine.New(engine.Options{HashMB: hashMB})
	}
	return p
}

// Move searches the game's position with the first free engine; it is
// web.Opponent's method. The engine sees the whole game, so it knows which
// moves would repeat a position.
func (p *enginePool) Move(ctx context.Context, start bashni.Position, moves []bashni.Move) (bashni.Move, error) {
	var e *engine.Engine
	select {
	case e = <-p.free:
	case <-ctx.Done():
		return bashni.Move{}, ctx.Err()
	}
	defer func() { p.free <- e }()
	res, err := e.SearchGame(ctx, start, moves, p.limits)
	if err != nil {
		return bashni.Move{}, err
	}
	return res.Move, nil
}
