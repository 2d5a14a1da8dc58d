package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/engine/hub"
)

// Hub is a player that is another program speaking the Hub protocol (the
// protocol of the Scan draughts engine, which "bashni hub" speaks too;
// docs/PROTOCOL.md). StartHub starts one; Close ends it.
//
// For each move it sends the game as "pos pos=... moves=..." in the Hub's
// notation (square numbers for the classic games; "pos fen=" where the
// start holds towers, which only bashni reads), a "level" line with its
// limits or the clocks, and "go think", and plays the move of the "done"
// line that comes back.
//
// A move that failed before its "done" line came (its context ended, the
// wait for the move timed out, or the program wrote an "error" line)
// leaves that search's "done" line to come: the next move first sends
// "stop" and reads up to it, so that it never takes the earlier search's
// move for its own.
type Hub struct {
	*process
	limits  engine.Limits
	variant bashni.Variant
	// searching: a "go" was sent whose "done" line has not been read.
	searching bool
}

// StartHub starts the program argv[0] with the arguments argv[1:], sets its
// variant parameter to v (hub.VariantValue), its hash to hashMB MiB and
// its threads (each when not 0), and waits until it is ready. Its moves are
// searched under lim. A ruleset or limits that Validate refuses, or a
// negative hashMB or threads, is its error, and nothing is started.
func StartHub(ctx context.Context, argv []string, v bashni.Variant, lim engine.Limits, hashMB, threads int) (*Hub, error) {
	if err := checkStart(v, lim, hashMB, threads); err != nil {
		return nil, err
	}
	proc, err := startProcess(argv)
	if err != nil {
		return nil, err
	}
	p := &Hub{process: proc, limits: lim, variant: v}
	fail := func(err error) (*Hub, error) {
		p.Close()
		return nil, err
	}
	if err := p.send("hub"); err != nil {
		return fail(err)
	}
	if _, err := p.await(ctx, handshakeTimeout, "wait", func(l string) {
		if m, err := hub.ParseMessage(l); err == nil && m.Command == "id" {
			if name, ok := m.Get("name"); ok {
				p.name = name
			}
		}
	}); err != nil {
		return fail(err)
	}
	setup := []string{fmt.Sprintf("set-param name=variant value=%q", hub.VariantValue(v))}
	if hashMB > 0 {
		setup = append(setup, fmt.Sprintf("set-param name=hash value=%d", hashMB))
	}
	if threads > 0 {
		setup = append(setup, fmt.Sprintf("set-param name=threads value=%d", threads))
	}
	if err := p.setUp(ctx, append(setup, "init"), "ready"); err != nil {
		return fail(err)
	}
	return p, nil
}

// Move sends the game to the program and returns the move it chooses.
//
// Under clocks it sends "level time=... inc=... [moves=...]": the time left
// (the Hub counts the increment in it) and the increment, in seconds. A
// time over a year, here or as the move time of its limits, is sent as a
// year.
func (p *Hub) Move(ctx context.Context, g *bashni.Game, clocks *Clocks) (bashni.Move, error) {
	if p.process == nil {
		return bashni.Move{}, errNoProgram
	}
	start, moves, pos := g.Start(), g.Moves(), g.Position()
	if err := p.resync(ctx); err != nil {
		return bashni.Move{}, err
	}

	var sb strings.Builder
	if text, ok := hub.FormatPosition(start); ok {
		sb.WriteString("pos pos=" + text)
	} else {
		sb.WriteString(fmt.Sprintf("pos fen=%q", start.FEN()))
	}
	if len(moves) > 0 {
		texts := make([]string, len(moves))
		at := *start
		for i, m := range moves {
			texts[i] = hub.FormatMove(&at, m)
			at = at.PlayUnchecked(m)
		}
		sb.WriteString(fmt.Sprintf(" moves=%q", strings.Join(texts, " ")))
	}
	level := p.level(clocks, pos.Turn())
	for _, c := range []string{sb.String(), level} {
		if err := p.send(c); err != nil {
			return bashni.Move{}, err
		}
	}
	p.searching = true // until its done line is read
	if err := p.send("go think"); err != nil {
		return bashni.Move{}, err
	}
	line, err := p.await(ctx, moveWait(p.limits, clocks, pos.Turn()), "done", nil)
	if err != nil {
		return bashni.Move{}, err
	}
	p.searching = false
	m, err := hub.ParseMessage(line)
	text, ok := m.Get("move")
	if err != nil || !ok || text == "" {
		return bashni.Move{}, fmt.Errorf("external engine %q: %q in %s: no move", p.name, line, pos.FEN())
	}
	mv, err := hub.ParseMove(pos, text)
	if err != nil {
		return bashni.Move{}, fmt.Errorf("external engine %q: %q in %s: %w", p.name, line, pos.FEN(), err)
	}
	return mv, nil
}

// resync ends the search of an earlier move that failed before its
// "done" line came (Hub): it sends "stop" and reads up to that line,
// passing over what comes before it, "error" lines too (a "go" the
// program refused is answered with an error and then "done"). The Hub
// protocol answers each "go" with one "done", at once after "stop" (a
// "stop" after the search ended is ignored), so no line of that search
// is left to come.
func (p *Hub) resync(ctx context.Context) error {
	if !p.searching {
		return nil
	}
	if err := p.send("stop"); err != nil {
		return err
	}
	if _, err := p.awaitLine(ctx, handshakeTimeout, "done", nil, false); err != nil {
		return fmt.Errorf("ending the search of an earlier move: %w", err)
	}
	p.searching = false
	return nil
}

// hubMaxTime is the longest time a "level" line says: a year.
const hubMaxTime = 365 * 24 * time.Hour

// level returns the "level" line of the limits or, when set, the clocks.
func (p *Hub) level(clocks *Clocks, turn bashni.Color) string {
	// A time over a year is sent as a year, which bashni hub takes (it
	// refuses more) and no game outlasts.
	secs := func(d time.Duration) string { return strconv.FormatFloat(min(d, hubMaxTime).Seconds(), 'f', 3, 64) }
	l := p.limits
	switch {
	case clocks != nil:
		left := max(clocks.Left[turn], time.Millisecond)
		line := "level time=" + secs(left) + " inc=" + secs(clocks.Increment)
		if clocks.MovesToGo > 0 {
			line += fmt.Sprintf(" moves=%d", clocks.MovesToGo)
		}
		return line
	}
	// Every limit set, on one line, as Scan reads them: the first reached
	// ends the search.
	line := "level"
	if l.Depth > 0 {
		line += fmt.Sprintf(" depth=%d", l.Depth)
	}
	if l.Nodes > 0 {
		line += fmt.Sprintf(" nodes=%d", l.Nodes)
	}
	if l.Time > 0 {
		line += " move-time=" + secs(l.Time)
	}
	if line == "level" {
		line += " infinite"
	}
	return line
}
