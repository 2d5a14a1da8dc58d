package endgame

import (
	"context"
	"os"
	"testing"

	"github.com/bashni-dev/bashni"
)

// A ruleset whose directory holds no complete tables, as a build stopped
// before its first table leaves it, has none: Library.For returns nil and
// no error ("nil when it has none (... or no tables of it were built in the
// directory)"), as for a directory that is not there.
func TestLibraryForDirectoryWithoutTables(t *testing.T) {
	v := bashni.RussianDraughts()
	base := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, v, 3, BuildOptions{Dir: Dir(base, v)}); err == nil {
		t.Fatal("Build with a cancelled context: no error")
	}
	if _, err := os.Stat(Dir(base, v)); err != nil {
		t.Fatal(err)
	}
	tb, err := NewLibrary(base).For(v)
	if tb != nil || err != nil {
		t.Errorf("For after a build stopped before its first table: %v, %v; want nil, nil", tb, err)
	}
	if tb, err := NewLibrary(base).For(bashni.BrazilianDraughts()); tb != nil || err != nil {
		t.Errorf("For of a ruleset without a directory: %v, %v; want nil, nil", tb, err)
	}
}
