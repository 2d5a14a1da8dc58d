package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/bashni-dev/bashni"
)

// The server bounds its work so that a flood of costly requests cannot take
// it down. Two kinds of request are costly: the engine's, which search for a
// while, and those of custom rulesets, whose captures can take a fifth of a
// second to list in one position (see bashni.Position.LegalMovesContext).
// Each kind passes a gate of its own: a few are served at once, a few more
// wait for a turn, and the rest are answered 503 at once with Retry-After.
// The presets' requests take microseconds and pass no gate, so a flood of
// costly ones leaves them answered. Every request's work runs under a
// deadline (Options.Budget, or Think for the engine) and under the request's
// context, which reach into move generation: the work stops when the
// deadline passes or the client goes away.

// Defaults of the limits in Options.
const (
	DefaultBudget   = 2 * time.Second
	DefaultMaxQueue = 8
	DefaultEngines  = 2
)

// defaultCostly is the default of Options.MaxCostly: half the processors,
// so that the others are left for the presets' requests.
func defaultCostly() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// retryAfter is the Retry-After of an answer of a busy server, in seconds.
const retryAfter = 1

// gate admits at most cap(run) requests at once and lets at most
// cap(queue)-cap(run) more wait for their turn.
type gate struct {
	what  string        // what it admits, for messages: "requests of custom rulesets"
	run   chan struct{} // a token per request served
	queue chan struct{} // a token per request served or waiting
}

func newGate(what string, serve, wait int) *gate {
	return &gate{what: what, run: make(chan struct{}, serve), queue: make(chan struct{}, serve+wait)}
}

// enter waits for a turn until ctx is done and returns the function that
// ends it. A full queue is an error at once, as is a ctx done before the
// turn came: both are the server's overload, answered 503.
func (g *gate) enter(ctx context.Context) (leave func(), err error) {
	select {
	case g.queue <- struct{}{}:
	default:
		return nil, g.busy()
	}
	select {
	case g.run <- struct{}{}:
		return func() { <-g.run; <-g.queue }, nil
	case <-ctx.Done():
		<-g.queue
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, g.busy()
		}
		return nil, ctx.Err()
	}
}

func (g *gate) busy() error {
	return &httpError{http.StatusServiceUnavailable, fmt.Sprintf(
		"the server is busy with %s (it serves %d at once and lets %d more wait); try again in a moment",
		g.what, cap(g.run), cap(g.queue)-cap(g.run))}
}

// inUse returns the requests being served and waiting.
func (g *gate) inUse() (serving, waiting int) {
	n := len(g.queue)
	return len(g.run), n - len(g.run)
}

// isPreset reports whether v is one of the named rulesets, whose moves are
// quick to list in any position.
func isPreset(v bashni.Variant) bool {
	return slices.Contains(bashni.PresetNames(), v.String())
}

// overBudget is the answer to work cut off by its deadline.
func overBudget(budget time.Duration) error {
	return &httpError{http.StatusServiceUnavailable, fmt.Sprintf(
		"the request needed more than the %s of work this server gives one; try again in a moment", budget)}
}

// stopping is the answer to a request whose work the server stopped:
// it is shutting down (or the client went away, and nobody reads it).
var stopping = &httpError{http.StatusServiceUnavailable, "the server is stopping; try again in a moment"}

// failWork answers the error of work done under ctx, which ran with the
// deadline budget inside the request r: 503 when the deadline passed or the
// request's own context ended (the server stopping). Every request is
// answered: a page must never get an empty answer.
func failWork(w http.ResponseWriter, r *http.Request, err error, budget time.Duration) {
	switch {
	case r.Context().Err() != nil:
		err = stopping
	case errors.Is(err, context.DeadlineExceeded):
		err = overBudget(budget)
	}
	fail(w, err)
}

// setRetryAfter adds Retry-After to the 503 answers.
func setRetryAfter(w http.ResponseWriter, status int) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	}
}
