package match

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseLadder reads the players of a ladder: space-separated player specs
// (see Spec), where N stands for depth=N and LO-HI for depth=LO ...
// depth=HI. A ladder needs two players at least.
func ParseLadder(text string) ([]Spec, error) {
	var rungs []Spec
	for _, item := range strings.Fields(text) {
		a, b, isRange := strings.Cut(item, "-")
		lo, errLo := strconv.Atoi(a)
		hi, errHi := strconv.Atoi(b)
		switch {
		case errLo == nil && !isRange:
			hi, errHi = lo, nil
		case errLo == nil && errHi == nil && isRange && lo <= hi:
		default:
			ps, err := ParseSpec(item)
			if err != nil {
				return nil, err
			}
			rungs = append(rungs, ps)
			continue
		}
		for d := lo; d <= hi; d++ {
			ps, err := ParseSpec(fmt.Sprintf("depth=%d", d))
			if err != nil {
				return nil, err
			}
			rungs = append(rungs, ps)
		}
	}
	if len(rungs) < 2 {
		return nil, fmt.Errorf("%q: want two players or more, such as \"1-8\" or \"random greedy 1-4\"", text)
	}
	return rungs, nil
}
