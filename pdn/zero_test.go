package pdn

import (
	"errors"
	"io"
	"testing"

	"github.com/bashni-dev/bashni"
)

// A record without a game (the zero Game, or NewGame(nil)) cannot play or
// take back a move: Play, PlayText and Undo say so, as Write does, where
// they called a method of the nil *bashni.Game and panicked.
func TestRecordWithoutGame(t *testing.T) {
	for name, rec := range map[string]*Game{"zero": {}, "NewGame(nil)": NewGame(nil)} {
		if err := rec.Play(bashni.Move{}); err == nil {
			t.Errorf("%s: Play: no error", name)
		}
		if _, err := rec.PlayText("c3-d4"); err == nil {
			t.Errorf("%s: PlayText: no error", name)
		}
		if _, err := rec.Undo(); err == nil {
			t.Errorf("%s: Undo: no error", name)
		}
		if rec.Game() != nil || len(rec.Notes) != 0 {
			t.Errorf("%s: the record changed", name)
		}
	}
}

// A Reader with no input (the zero Reader, or NewReader(nil)) returns an
// error from Next, every time, where NewReader(nil) and the zero Reader's
// Next panicked.
func TestReaderWithoutInput(t *testing.T) {
	for name, r := range map[string]*Reader{"zero": {}, "NewReader(nil)": NewReader(nil)} {
		for range 2 {
			g, err := r.Next()
			if err == nil || err == io.EOF || g != nil {
				t.Errorf("%s: Next = %v, %v; want an error", name, g, err)
			}
			var ge *GameError
			if errors.As(err, &ge) {
				t.Errorf("%s: Next = %v, a *GameError", name, err)
			}
		}
	}
}
