package main

import (
	"fmt"

	"github.com/bashni-dev/bashni/internal/sysmem"
)

// checkTables refuses n tables of mb MiB each (mb the value of the flag
// named flag, n the engines that have one at once) that together do not fit
// in this machine's memory: allocating them would end the program with a
// runtime error rather than a message (and engine.New and PerftConfig
// would panic).
func checkTables(flag string, mb, n int) error {
	if ok, have := sysmem.TableFits(mb); !ok {
		return fmt.Errorf("%s %d: more than this machine's memory (%d MiB)", flag, mb, have)
	}
	// One table fits, so mb*n cannot overflow for the few engines asked for.
	if ok, have := sysmem.TableFits(mb * n); !ok {
		return fmt.Errorf("%s %d: %d engines at once need %d MiB, more than this machine's memory (%d MiB)", flag, mb, n, mb*n, have)
	}
	return nil
}
