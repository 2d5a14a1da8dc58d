package background

import (
	"context"
	"testing"
)

// A job runs until its work returns; Stop cancels the work's context and
// waits; the nil job is no work.
func TestJob(t *testing.T) {
	var nilJob *Job
	if nilJob.Running() {
		t.Error("the nil job runs")
	}
	nilJob.Stop()
	nilJob.Wait()

	release := make(chan struct{})
	j := Start(func(ctx context.Context) { <-release })
	if !j.Running() {
		t.Error("a job waiting for its release does not run")
	}
	close(release)
	j.Wait()
	if j.Running() {
		t.Error("a finished job runs")
	}

	stopped := false
	j = Start(func(ctx context.Context) { <-ctx.Done(); stopped = true })
	j.Stop()
	if !stopped || j.Running() {
		t.Errorf("after Stop: stopped %v, running %v", stopped, j.Running())
	}
	j.Stop() // again: nothing to do
}
