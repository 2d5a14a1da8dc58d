//go:build !linux

package bashni

// adviseHugePages does nothing where there is no madvise (see perft_linux.go).
func adviseHugePages([]perftBucket) {}
