package docs

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/bashni-dev/bashni"
)

// switchTable returns the switch table of RULES.md section 13.
func switchTable(t *testing.T) table {
	t.Helper()
	for _, tab := range pageTables(t, "RULES.md") {
		if len(tab.header) == 6 && tab.header[0] == "text name" && tab.header[1] == "Go field" {
			return tab
		}
	}
	t.Fatal("RULES.md has no switch table (| text name | Go field | values | russian | international | lasca |)")
	return table{}
}

// TestRulesSwitchTable holds the switch table of RULES.md to the code: the
// switches of the text form in their order, the Go fields, every value of
// each switch, and each preset's setting.
func TestRulesSwitchTable(t *testing.T) {
	tab := switchTable(t)
	var names []string
	help := map[string]string{}
	for _, line := range bashni.SwitchHelp() {
		name, doc, _ := strings.Cut(line, ": ")
		names = append(names, name)
		help[name] = doc
	}
	var got []string
	for _, row := range tab.rows {
		got = append(got, unquote(row[0]))
	}
	if !reflect.DeepEqual(got, names) {
		t.Fatalf("RULES.md:%d: switches %v, the code's text form has %v", tab.line, got, names)
	}
	variantType := reflect.TypeOf(bashni.Variant{})
	presets := tab.header[3:]
	for _, row := range tab.rows {
		name := unquote(row[0])
		field, ok := variantType.FieldByName(unquote(row[1]))
		if !ok {
			t.Errorf("RULES.md: switch %s: Variant has no field %s", name, row[1])
		}
		// An enumerated switch (a named type such as Transfer) has help that
		// ends with its values: "…: immediate, end".
		enum := ok && field.Type.Kind() == reflect.Uint8 && field.Type.Name() != "uint8"
		if i := strings.LastIndex(help[name], ": "); enum && i >= 0 {
			for _, value := range strings.Split(help[name][i+2:], ", ") {
				if !strings.Contains(row[2], "`"+value+"`") {
					t.Errorf("RULES.md: switch %s: value %s is not in %q", name, value, row[2])
				}
			}
		}
		for i, preset := range presets {
			base, err := bashni.ParseVariant(preset)
			if err != nil {
				t.Fatalf("RULES.md: column %q: %v", preset, err)
			}
			value := strings.Fields(row[3+i])[0]
			v, err := bashni.ParseVariant(preset + "," + name + "=" + value)
			if err != nil {
				t.Errorf("RULES.md: %s %s=%s: %v", preset, name, value, err)
			} else if v != base {
				t.Errorf("RULES.md: %s has %s=%s, the code has %s", preset, name, value, base)
			}
		}
	}
}

// presetWith matches a description "russian with `stacking=off,…`".
var presetWith = regexp.MustCompile("^([a-z-]+) with `([^`]+)`")

// TestRulesPresets checks the preset table of RULES.md section 13: every
// preset is listed, and one described as another with overrides is exactly
// that.
func TestRulesPresets(t *testing.T) {
	var listed []string
	for _, tab := range pageTables(t, "RULES.md") {
		if len(tab.header) != 3 || tab.header[0] != "text name" {
			continue
		}
		for _, row := range tab.rows {
			name := unquote(row[0])
			listed = append(listed, name)
			v, err := bashni.ParseVariant(name)
			if err != nil {
				t.Errorf("RULES.md:%d: %v", tab.line, err)
				continue
			}
			if v.Name() != name {
				t.Errorf("RULES.md:%d: %s is not a preset", tab.line, name)
			}
			_, desc, _ := strings.Cut(row[2], ": ")
			if m := presetWith.FindStringSubmatch(desc); m != nil {
				w, err := bashni.ParseVariant(m[1] + "," + m[2])
				if err != nil || w != v {
					t.Errorf("RULES.md:%d: %s is not %s with %s (%v)", tab.line, name, m[1], m[2], err)
				}
			}
		}
	}
	if !reflect.DeepEqual(listed, bashni.PresetNames()) {
		t.Errorf("RULES.md lists the presets %v, the code has %v", listed, bashni.PresetNames())
	}
}

// variantText matches a ruleset in the text form with overrides, as the
// pages quote it: `russian,majority=on`.
var variantText = regexp.MustCompile("`([a-z-]+(,[a-z-]+=[a-z0-9-]+)+)`")

// TestRulesVariantTexts reads every quoted text form of RULES.md, and checks
// the Ludii presets against the overrides the page gives them.
func TestRulesVariantTexts(t *testing.T) {
	b, err := readPage("RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, m := range variantText.FindAllStringSubmatch(b, -1) {
		found++
		if _, err := bashni.ParseVariant(m[1]); err != nil {
			t.Errorf("RULES.md: %s: %v", m[1], err)
		}
	}
	if found == 0 {
		t.Error("RULES.md quotes no text form with overrides")
	}
	ludii := regexp.MustCompile("- `(ludii-[a-z]+)` is ([a-z]+) with `([^`]+)`")
	checked := 0
	for _, m := range ludii.FindAllStringSubmatch(b, -1) {
		checked++
		want, err1 := bashni.ParseVariant(m[1])
		got, err2 := bashni.ParseVariant(m[2] + "," + m[3])
		if err1 != nil || err2 != nil || got != want {
			t.Errorf("RULES.md: %s is not %s with %s (%v, %v)", m[1], m[2], m[3], err1, err2)
		}
	}
	if checked != 2 {
		t.Errorf("RULES.md describes %d Ludii presets as overrides, want 2", checked)
	}
}

func readPage(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}
