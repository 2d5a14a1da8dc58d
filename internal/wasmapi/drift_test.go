package wasmapi

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The JavaScript package's names: what bashni.js exports, what
// bashni.d.ts declares and what README.md documents must be the same
// names, and bashni.js must call exactly the methods Call has.

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// api is what a file exports: top-level functions and classes, each
// class's public methods, and its fields (set in bashni.js's constructor
// as this.name = ..., declared readonly in bashni.d.ts).
type api struct {
	Functions []string
	Classes   map[string][]string
	Fields    map[string][]string
}

var (
	exportFunc  = regexp.MustCompile(`(?m)^export (?:async )?function (\w+)`)
	exportClass = regexp.MustCompile(`(?m)^export class (\w+)`)
	methodLine  = regexp.MustCompile(`(?m)^  (\w+)\(`)
	fieldLine   = regexp.MustCompile(`(?m)^(?:    this\.(\w+) =|  readonly (\w+):)`)
)

func exports(text string) api {
	a := api{Classes: map[string][]string{}, Fields: map[string][]string{}}
	for _, m := range exportFunc.FindAllStringSubmatch(text, -1) {
		a.Functions = append(a.Functions, m[1])
	}
	for _, loc := range exportClass.FindAllStringSubmatchIndex(text, -1) {
		name := text[loc[2]:loc[3]]
		body := text[loc[1]:]
		if end := strings.Index(body, "\n}"); end >= 0 {
			body = body[:end]
		}
		var methods []string
		for _, m := range methodLine.FindAllStringSubmatch(body, -1) {
			if m[1] != "constructor" && !strings.HasPrefix(m[1], "_") {
				methods = append(methods, m[1])
			}
		}
		slices.Sort(methods)
		a.Classes[name] = methods
		var fields []string
		for _, m := range fieldLine.FindAllStringSubmatch(body, -1) {
			fields = append(fields, m[1]+m[2])
		}
		if fields != nil {
			slices.Sort(fields)
			a.Fields[name] = fields
		}
	}
	slices.Sort(a.Functions)
	return a
}

func TestJSDeclarationsMatch(t *testing.T) {
	js := exports(readFile(t, "../../js/bashni.js"))
	dts := exports(readFile(t, "../../js/bashni.d.ts"))
	if diff := cmp.Diff(dts, js); diff != "" {
		t.Errorf("bashni.d.ts and bashni.js export different names (-d.ts +js):\n%s", diff)
	}
	if len(js.Functions) == 0 || len(js.Classes["Position"]) < 10 || len(js.Classes["Bashni"]) < 7 || len(js.Fields["Position"]) < 6 {
		t.Errorf("too few names found: %+v", js)
	}
}

func TestJSReadmeDocumentsEveryName(t *testing.T) {
	js := exports(readFile(t, "../../js/bashni.js"))
	readme := readFile(t, "../../js/README.md")
	var names []string
	names = append(names, js.Functions...)
	for _, methods := range js.Classes {
		names = append(names, methods...)
	}
	for _, name := range names {
		if name == "toString" {
			continue
		}
		if !strings.Contains(readme, "."+name+"(") && !strings.Contains(readme, " "+name+"(") {
			t.Errorf("js/README.md does not show %s(...)", name)
		}
	}
	for _, fields := range js.Fields {
		for _, name := range fields {
			if !regexp.MustCompile(`\b[pq]\.` + name + `\b`).MatchString(readme) {
				t.Errorf("js/README.md does not show p.%s", name)
			}
		}
	}
	// and names the README shows as methods exist
	shown := regexp.MustCompile("`(?:b|p|q|h|bashni|position)\\.(\\w+)\\(").FindAllStringSubmatch(readme, -1)
	for _, m := range shown {
		if !slices.Contains(names, m[1]) && m[1] != "send" && m[1] != "close" {
			t.Errorf("js/README.md shows %s(...), which bashni.js does not export", m[1])
		}
	}
}

func TestJSCallsEveryMethod(t *testing.T) {
	calls := regexp.MustCompile(`_call\('(\w+)'`).FindAllStringSubmatch(readFile(t, "../../js/bashni.js"), -1)
	var called []string
	for _, m := range calls {
		if !slices.Contains(called, m[1]) {
			called = append(called, m[1])
		}
	}
	slices.Sort(called)
	if diff := cmp.Diff(Methods(), called); diff != "" {
		t.Errorf("wasmapi.Methods and the methods bashni.js calls differ (-Go +JS):\n%s", diff)
	}
}

// The package's version follows the Go module's: the newest version
// CHANGELOG.md describes is package.json's, package-lock.json's and the one
// js/README.md names.
func TestJSVersionFollowsModule(t *testing.T) {
	m := regexp.MustCompile(`(?m)^## v(\d+\.\d+\.\d+)`).FindStringSubmatch(readFile(t, "../../CHANGELOG.md"))
	if m == nil {
		t.Fatal("CHANGELOG.md names no version (## vX.Y.Z)")
	}
	want := m[1]
	for _, file := range []string{"../../js/package.json", "../../js/package-lock.json"} {
		var pkg struct {
			Version string `json:"version"`
		}
		if err := json.Unmarshal([]byte(readFile(t, file)), &pkg); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if pkg.Version != want {
			t.Errorf("%s: version %q, want the module's %q (CHANGELOG.md)", file, pkg.Version, want)
		}
	}
	if !strings.Contains(readFile(t, "../../js/README.md"), "(this is v"+want+")") {
		t.Errorf("js/README.md does not say (this is v%s)", want)
	}
}
