package eval

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The fitted weights read as encoding/json reads them.
func TestDecodeWeightsFitted(t *testing.T) {
	for _, name := range []string{"russian", "international", "lasca"} {
		data, err := fitted.ReadFile("weights/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var want Weights
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		got, err := decodeWeights(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: (-encoding/json +decodeWeights)\n%s", name, diff)
		}
		if want == (Weights{}) {
			t.Errorf("%s: all zero", name)
		}
	}
}

// Weights that bashni-tune writes (json.MarshalIndent) read back.
func TestDecodeWeightsRoundTrip(t *testing.T) {
	w := hand
	w.Towers[1][0][2][31] = -7
	w.Lines[1][2][4][3] = 12
	data, err := json.MarshalIndent(w, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeWeights(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Error(diff)
	}
}

func TestDecodeWeightsErrors(t *testing.T) {
	good, err := json.Marshal(hand)
	if err != nil {
		t.Fatal(err)
	}
	s := string(good)
	for _, tc := range []struct{ text, want string }{
		{"", "want {"},
		{s + "x", "text after the object"},
		{strings.Replace(s, `"man":100`, `"man":1.5`, 1), "want , or }"},
		{strings.Replace(s, `"man":100`, `"man":"1"`, 1), "man: want an integer"},
		{strings.Replace(s, `"man":100`, `"men":100`, 1), "men: no such parameter"},
		{strings.Replace(s, `"man":100`, `"man":100,"man":100`, 1), "man: no such parameter, or set twice"},
		{strings.Replace(s, `"advance":[0,`, `"advance":[0,0,`, 1), "advance[8]: no such parameter"},
		{strings.Replace(s, `"advance":[0,0,2,4,6,9,12,0]`, `"advance":[]`, 1), "advance: empty array"},
		{s[:len(s)/2], ""},
	} {
		_, err := decodeWeights([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60q: error %v, want one containing %q", tc.text, err, tc.want)
		}
	}
}

// Whatever decodeWeights accepts, encoding/json reads as the same weights.
func FuzzDecodeWeights(f *testing.F) {
	data, err := fitted.ReadFile("weights/lasca.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"man":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decodeWeights(data)
		if err != nil {
			return
		}
		var want Weights
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("decodeWeights accepted what encoding/json rejects: %v", err)
		}
		if !reflect.DeepEqual(want, got) { // cmp.Diff only to show one: it takes a millisecond
			t.Error(cmp.Diff(want, got))
		}
	})
}
