//go:build ignore

// judge_harness_part.go, in a build with coverage counters: the harness's
// second file (see harness.go), which sends a counting run's counters
// instead of its answer.

package main

import (
	judgebytes "bytes"
	judgeos "os"
	judgecoverage "runtime/coverage"
	judgestrconv "strconv"
)

// nqueensJudgeSendCounters sends the run's coverage counters on out, and
// closes it: the meta-data's length and a newline, the meta-data, the
// counters. It reports whether it did.
func nqueensJudgeSendCounters(out *judgeos.File) bool {
	var meta, counters judgebytes.Buffer
	if judgecoverage.WriteMeta(&meta) != nil || judgecoverage.WriteCounters(&counters) != nil {
		return false
	}
	out.WriteString(judgestrconv.Itoa(meta.Len()) + "\n")
	out.Write(meta.Bytes())
	out.Write(counters.Bytes())
	out.Close()
	return true
}
