//go:build linux

package sysmem

import (
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// canMap reports whether this process can map n more bytes of memory
// now: it maps them, without touching them, and unmaps them. Past the
// address-space and data limits (ulimit -v, -d) the mapping fails, as Go's
// allocation of a table would, which ends the program ("fatal error: out
// of memory").
func canMap(n uint64) bool {
	if n > 1<<47 || n > math.MaxInt {
		return false
	}
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return false
	}
	_ = syscall.Munmap(b)
	return true
}

// cgroupHeadroom returns what this process's memory cgroup may still
// use, in bytes, or 0 where it has no limit. Past it the kernel kills the
// program as it touches its table.
func cgroupHeadroom() uint64 {
	limit, used := cgroupLimit()
	if limit == 0 || limit >= 1<<62 { // none, or "unlimited" as cgroup v1 writes it
		return 0
	}
	if used >= limit {
		return 1
	}
	return limit - used
}

// cgroupLimit returns the memory limit of this process's cgroup and its
// use, in bytes; a limit of 0 where none is known. It reads the cgroup's
// own directory (from /proc/self/cgroup), then the root of the mounted
// hierarchy, which is the process's own in a container.
func cgroupLimit() (limit, used uint64) {
	b, _ := os.ReadFile("/proc/self/cgroup")
	var dirs []string
	for _, line := range strings.Split(string(b), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			dirs = append(dirs, "/sys/fs/cgroup"+parts[2]+"/memory.max:memory.current")
		case strings.Contains(","+parts[1]+",", ",memory,"):
			dirs = append(dirs, "/sys/fs/cgroup/memory"+parts[2]+"/memory.limit_in_bytes:memory.usage_in_bytes")
		}
	}
	dirs = append(dirs, "/sys/fs/cgroup/memory.max:memory.current", "/sys/fs/cgroup/memory/memory.limit_in_bytes:memory.usage_in_bytes")
	for _, d := range dirs {
		limitFile, usedName, _ := strings.Cut(d, ":")
		l, ok := readUint(limitFile)
		if !ok {
			continue
		}
		u, _ := readUint(limitFile[:strings.LastIndexByte(limitFile, '/')+1] + usedName)
		return l, u
	}
	return 0, 0
}

// readUint reads a file holding one number ("max" is none: 0).
func readUint(path string) (uint64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(b))
	if s == "max" {
		return 0, true
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}
