package endgame

import (
	"context"
	"os"
	"sync"
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

// A ruleset asked for before its directory exists has no tables then, and
// has them once they are built: For does not keep the nil of a directory
// that was not there (it did, so that an engine or hub asked first never
// found tables built while it ran). Callers asking at the same time, as
// the build writes the directory, get nil or whole tables, never an error.
func TestLibraryForFindsTablesBuiltLater(t *testing.T) {
	v := bashni.RussianDraughts()
	base := t.TempDir()
	lib := NewLibrary(base)
	if tb, err := lib.For(v); tb != nil || err != nil {
		t.Fatalf("For before the build: %v, %v; want nil, nil", tb, err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if tb, err := lib.For(v); err != nil || (tb != nil && tb.Pieces() != 2) {
					t.Errorf("For during the build: %v, %v; want nil or the 2-piece tables", tb, err)
					return
				}
			}
		}()
	}
	if _, err := Build(context.Background(), v, 2, BuildOptions{Dir: Dir(base, v)}); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	tb, err := lib.For(v)
	if err != nil || tb == nil {
		t.Fatalf("For after the build: %v, %v; want the tables", tb, err)
	}
	if tb.Pieces() != 2 || tb.Variant() != v {
		t.Errorf("For after the build: %d pieces of %s, want 2 of %s", tb.Pieces(), tb.Variant(), v)
	}
	if again, _ := lib.For(v); again != tb {
		t.Error("For again: other tables than the ones it opened")
	}
}
