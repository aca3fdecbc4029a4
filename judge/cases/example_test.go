package cases_test

import (
	"fmt"
	"time"

	"github.com/nqueens-kit/nqueens/judge/cases"
)

// A case's limit line, as a teacher writes it in a case file, and the CPU
// limit of a run it gives once the reference's time is known: 2.9 times
// the reference's search, its start-up added once, rounded up to 10 ms.
func ExampleParseLimits() {
	lim, err := cases.ParseLimits([]string{"cpu=2.9x", "mem=256MiB"})
	if err != nil {
		fmt.Println(err)
		return
	}
	run := lim.Resolve(cases.Reference{CPU: 1005 * time.Millisecond, Startup: 5 * time.Millisecond})
	fmt.Println(lim.Factor, run.CPU, run.Memory>>20, "MiB")
	// Output: 2.9 2.91s 256 MiB
}
