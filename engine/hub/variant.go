package hub

import (
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
)

// hubNames are the variant values whose Hub meaning differs from bashni's
// preset names: in the draughts world (Scan, pydraughts) "russian" and
// "brazilian" are the classic games, so bashni's russian (column checkers)
// is "bashni" here.
var hubNames = []struct{ hub, preset string }{
	{"russian", "russian-draughts"},
	{"brazilian", "brazilian-draughts"},
	{"bashni", "russian"},
}

// defaultVariant is the variant of a new session.
const defaultVariant = "russian"

// variantValues lists the values of the variant parameter: the Hub names,
// then bashni's other presets.
func variantValues() []string {
	var out []string
	renamed := map[string]bool{}
	for _, n := range hubNames {
		out = append(out, n.hub)
		renamed[n.preset] = true
	}
	for _, p := range bashni.PresetNames() {
		if !renamed[p] {
			out = append(out, p)
		}
	}
	return out
}

// variantOf returns the ruleset a variant value names: a Hub name, or
// bashni's text form of a ruleset ("lasca", "russian-draughts,repetitions=0"),
// whose "russian" is still the Hub's.
func variantOf(value string) (bashni.Variant, error) {
	text := strings.TrimSpace(value)
	name, rest, _ := strings.Cut(text, ",")
	for _, n := range hubNames {
		if strings.EqualFold(strings.TrimSpace(name), n.hub) {
			text = n.preset
			if rest != "" {
				text += "," + rest
			}
			break
		}
	}
	v, err := bashni.ParseVariant(text)
	if err != nil {
		return bashni.Variant{}, fmt.Errorf("variant %q: not one of %s, nor a ruleset such as \"lasca,rejump=any\"", shortText(value), strings.Join(variantValues(), " "))
	}
	return v, nil
}

// VariantValue returns the value of the variant parameter that names v to
// an engine: v's text form, with the Hub's name for its preset where the
// Hub has its own ("russian" is classic Russian draughts, bashni's russian
// is "bashni"), also before options ("bashni,repetitions=5").
func VariantValue(v bashni.Variant) string {
	text := v.String()
	name, rest, options := strings.Cut(text, ",")
	for _, n := range hubNames {
		if name == n.preset {
			if options {
				return n.hub + "," + rest
			}
			return n.hub
		}
	}
	return text
}
