package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// "bashni hub" speaks the Hub protocol on stdin/stdout; its flags are the
// hash and threads parameters' starting values.
func TestHubCommand(t *testing.T) {
	withStdin(t, "hub\ninit\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19\"\nlevel depth=2\ngo think\nnew-game\n", func() {
		out, errOut, status := cli(t, "hub", "-hash", "2", "-threads", "2")
		got := lines(out)
		if status != 0 || errOut != "" || len(got) < 8 {
			t.Fatalf("status %d, stderr %q, stdout %q", status, errOut, out)
		}
		want := []string{"param name=threads value=2 type=int min=1 max=256", "param name=hash value=2 type=int min=1 max=65536", "wait", "ready"}
		if diff := cmp.Diff(want, got[2:6]); diff != "" {
			t.Errorf("parameters (-want +got):\n%s", diff)
		}
		if last := got[len(got)-1]; !strings.HasPrefix(last, "done move=14x23x19 ponder=") {
			t.Errorf("last line %q, want done move=14x23x19 (the only capture)", last)
		}
	})
	for _, args := range [][]string{{"-threads", "0"}, {"-hash", "0"}, {"extra"}} {
		if _, errOut, status := cli(t, append([]string{"hub"}, args...)...); status != 1 || errOut == "" {
			t.Errorf("hub %v: status %d, stderr %q; want an error", args, status, errOut)
		}
	}
}
