package svg

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// builder collects the document's text.
type builder struct{ strings.Builder }

func (b *builder) printf(format string, args ...any) { fmt.Fprintf(b, format, args...) }

// num writes a coordinate with at most two decimals and no trailing zeros,
// so the output is short and does not depend on float noise.
func num(x float64) string {
	r := math.Round(x*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// escape makes text safe inside an element or a quoted attribute.
func escape(s string) string { return escaper.Replace(s) }
