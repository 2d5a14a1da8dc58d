package main

import (
	"strconv"
	"time"
)

// roundDuration keeps three significant digits or so: milliseconds for a
// second and more, microseconds below.
func roundDuration(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Microsecond)
}

// rate is nodes per second in millions, with two decimals.
func rate(nodes uint64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(nodes)/d.Seconds()/1e6, 'f', 2, 64)
}
