package main

import (
	"fmt"

	"github.com/bashni-dev/bashni/internal/sysmem"
)

// checkTable refuses a table of mb MiB (the value of the flag named flag)
// that does not fit in this machine's memory: allocating it would end the
// program with a runtime error rather than a message (and engine.New and
// PerftConfig would panic).
func checkTable(flag string, mb int) error {
	if ok, have := sysmem.TableFits(mb); !ok {
		return fmt.Errorf("%s %d: more than this machine's memory (%d MiB)", flag, mb, have)
	}
	return nil
}
