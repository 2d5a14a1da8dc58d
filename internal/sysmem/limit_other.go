//go:build !linux

package sysmem

// canMap is not known off Linux (see the Linux version): any size may be.
func canMap(n uint64) bool { return true }

// cgroupHeadroom is not known off Linux: 0, no limit.
func cgroupHeadroom() uint64 { return 0 }
