package main

import (
	"context"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/web"
)

// Analyse searches the game's position with the first free engine, for as
// many lines as asked, reporting each iteration; it is web.Analyst's method.
func (p *enginePool) Analyse(ctx context.Context, g *bashni.Game, lim web.AnalysisLimits, report func(web.Analysis)) (web.Analysis, string, error) {
	e, err := p.take(ctx)
	if err != nil {
		return web.Analysis{}, "cancelled", err
	}
	defer p.put(e)
	e.report = func(i engine.Info) { report(analysisOf(i)) }
	// Without a depth the search runs to the engine's deepest, not
	// stopping at depth 1 when there is only one move: an analysis shows
	// what follows it.
	depth := lim.Depth
	if depth == 0 {
		depth = engine.MaxPly / 2
	}
	res, err := e.SearchGame(ctx, g, engine.Limits{Depth: depth, Time: lim.Time, Lines: lim.Lines})
	if err != nil {
		return web.Analysis{}, "", err
	}
	return analysisOf(res.Info), string(res.Stop), nil
}

// analysisOf is an iteration of the engine's search as the page shows it.
func analysisOf(i engine.Info) web.Analysis {
	a := web.Analysis{Depth: i.Depth, SelDepth: i.SelDepth, Nodes: i.Nodes, Time: i.Time}
	for _, l := range i.Lines {
		a.Lines = append(a.Lines, web.AnalysisLine{Score: l.Score.String(), PV: l.PV})
	}
	return a
}
