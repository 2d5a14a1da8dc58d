// Package background runs a piece of work, such as a protocol's search, on
// its own goroutine, and lets the caller ask whether it still runs, stop
// it and wait for it.
package background

import "context"

// Job is work started by Start. The nil *Job is no work: it does not run,
// and Stop and Wait return at once.
type Job struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// Start runs f on a new goroutine with a context that Stop cancels.
func Start(f func(ctx context.Context)) *Job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &Job{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(j.done)
		defer cancel()
		f(ctx)
	}()
	return j
}

// Running reports whether f has not returned yet.
func (j *Job) Running() bool {
	if j == nil {
		return false
	}
	select {
	case <-j.done:
		return false
	default:
		return true
	}
}

// Stop cancels f's context and waits for f to return.
func (j *Job) Stop() {
	if j != nil {
		j.cancel()
		j.Wait()
	}
}

// Wait waits for f to return.
func (j *Job) Wait() {
	if j != nil {
		<-j.done
	}
}

// Cancel cancels f's context without waiting for f to return.
func (j *Job) Cancel() {
	if j != nil {
		j.cancel()
	}
}
