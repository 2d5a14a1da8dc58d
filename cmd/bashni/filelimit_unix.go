//go:build unix

package main

import "syscall"

// fileLimit returns the number of files the process may have open (its
// soft RLIMIT_NOFILE, which Go raises to the hard limit at start), or 0 when
// it cannot tell.
func fileLimit() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	return lim.Cur
}
