package web

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Square numbers: every state names the playable squares by number, 1 at
// the top left as White sees the board; a request with "numbers" reads its
// moves in numbers (and names), and lists the legal moves in numbers when
// one is not legal.
func TestSquareNumbers(t *testing.T) {
	s := New(Options{})
	st := postState(t, s, `{}`)
	want := []string{
		"b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6", "a5", "c5", "e5", "g5",
		"b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2", "a1", "c1", "e1", "g1",
	}
	if diff := cmp.Diff(want, st.Numbering); diff != "" {
		t.Errorf("russian numbering (-want +got):\n%s", diff)
	}
	if st := postState(t, s, `{"variant":"lasca"}`); len(st.Numbering) != 25 || st.Numbering[0] != "a7" || st.Numbering[24] != "g1" {
		t.Errorf("lasca numbering %q, want 25 squares from a7 to g1", st.Numbering)
	}

	// 22-18 is c3-d4; b6-c5 by name; 18x9 the capture d4:b6.
	st = postState(t, s, `{"numbers":true,"moves":["22-18","b6-c5","18x9"]}`)
	if diff := cmp.Diff([]string{"c3-d4", "b6-c5", "d4:b6"}, st.Moves); diff != "" {
		t.Errorf("moves read in numbers (-want +got):\n%s", diff)
	}
	for _, c := range []struct{ body, error string }{
		{`{"moves":["22-18"]}`, `white's move 1: "22-18": "22" at position 1 is not a square`},
		{`{"numbers":true,"moves":["22-19"]}`, `white's move 1: "22-19": not a legal move here (legal: 21-17 22-17 22-18 23-18 23-19 24-19 24-20)`},
	} {
		code, body, _ := do(t, s, "POST", "/api/state", c.body)
		var e errorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil || code != http.StatusBadRequest || e.Error != c.error {
			t.Errorf("%s: %d %.300s, want 400 with %q", c.body, code, body, c.error)
		}
	}
}
