// Package satint adds counts and durations that must not wrap: a limit of
// centuries is no limit in practice, never one already past.
package satint

import "math"

// Add returns a+b for b >= 0, or the largest value where that overflows.
func Add[T ~int64](a, b T) T {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
