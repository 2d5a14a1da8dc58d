//go:build linux

package bashni

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back the perft table with huge pages
// where it can: a deep count probes the table at random, and with 4 KiB pages
// nearly every probe misses the TLB and the first touch of every page
// faults. It is only advice; the table works the same without it.
func adviseHugePages(slots []perftBucket) {
	if len(slots) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*int(unsafe.Sizeof(slots[0])))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
