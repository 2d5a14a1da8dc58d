package main

import (
	"context"
	"sync"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// The engine of "bashni play -engine": one searcher for the session, made on
// first use (so the other subcommands do not pay for its table), keeping
// what it learns from move to move.
var (
	playEngineOnce sync.Once
	playEngine     *engine.Engine
)

func init() {
	engineMove = func(ctx context.Context, g *bashni.Game, think time.Duration) (bashni.Move, error) {
		playEngineOnce.Do(func() { playEngine = engine.New(engine.Options{}) })
		lim := engine.Limits{Time: think}
		if think <= 0 {
			lim = engine.Limits{Depth: 1} // no time to think: the best capture or step at a glance
		}
		res, err := playEngine.SearchGame(ctx, g.Start(), g.Moves(), lim)
		return res.Move, err
	}
}
