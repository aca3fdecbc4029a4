//go:build ignore

// judge_harness_part.go, in a build without coverage counters: the
// harness's second file (see harness.go). There are no counters to send.

package main

import judgeos "os"

// nqueensJudgeSendCounters has no counters to send.
func nqueensJudgeSendCounters(*judgeos.File) bool { return false }
