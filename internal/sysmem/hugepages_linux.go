//go:build linux

package sysmem

import (
	"syscall"
	"unsafe"
)

// AdviseHugePages asks the kernel to back the memory of table with huge
// pages where it can. A hash table is probed at random: with 4 KiB pages
// nearly every probe of a large one misses the TLB, and the first touch of
// every page faults. It is only advice; the table works the same without
// it, and the call does nothing off Linux.
func AdviseHugePages[T any](table []T) {
	if len(table) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&table[0])), len(table)*int(unsafe.Sizeof(table[0])))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
