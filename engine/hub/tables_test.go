package hub

import (
	"context"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/endgame"
)

// The tables parameter is announced, set-param points it at a directory of
// tables, and the engine then scores a won ending of the tables as a win
// (a forced win in 19 plies: 100 - 0.19); a directory that is not there is
// an error.
func TestTablesParam(t *testing.T) {
	base := t.TempDir()
	v := bashni.RussianDraughts()
	if _, err := endgame.Build(context.Background(), v, 3, endgame.BuildOptions{Dir: endgame.Dir(base, v)}); err != nil {
		t.Fatal(err)
	}
	got := converseToEnd(t, "hub\nset-param name=tables value=\""+base+"\"\nset-param name=tables value=/no/such/dir\nhub\n"+
		"set-param name=variant value=russian\npos fen=W:Wb2,a3:Bh8\nlevel depth=3\ngo think\n")
	want := []string{
		`param name=tables value="" type=string`,
		`error message="set-param: tables: /no/such/dir is not a directory"`,
		`param name=tables value=` + base + ` type=string`,
	}
	var params []string
	scored := false
	for _, l := range got {
		if strings.Contains(l, "name=tables") || strings.HasPrefix(l, "error") {
			params = append(params, l)
		}
		if strings.HasPrefix(l, "info ") && strings.Contains(l, "score=99.81") {
			scored = true
		}
	}
	if strings.Join(params, "\n") != strings.Join(want, "\n") {
		t.Errorf("the tables lines are\n%s\nwant\n%s", strings.Join(params, "\n"), strings.Join(want, "\n"))
	}
	if !scored {
		t.Errorf("no info line scores the win in 19 plies (99.81):\n%s", strings.Join(got, "\n"))
	}
}
