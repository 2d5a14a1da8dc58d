//go:build !linux

package sysmem

// AdviseHugePages does nothing off Linux (see the Linux version).
func AdviseHugePages[T any](table []T) {}
