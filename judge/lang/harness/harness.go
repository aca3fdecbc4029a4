//go:build ignore

// judge_harness.go is the main of a Go submission: it calls the student's
// function and writes its answer on file descriptor 3 (in a build with
// coverage counters, its counters instead: a counting run's environment
// is a timed run's, so the solution cannot tell them apart by it). Its
// second file, judge_harness_part.go, says which: counters.go in a build
// with coverage counters, nocounters.go in the others, which then link no
// runtime/coverage (a fifth less for the linker to do). Its
// imports are renamed so that they cannot clash with the student's own
// names. Its init runs before any init of the student's file (files
// initialise in name order, and the harness's name sorts first); it sends
// the Go runtime's crash reports to file descriptor 4 as well, so that the
// judge reads a panic from there and never from what the student printed.
// On Windows the two channels are handles named in the environment
// (NQUEENS_FD3, NQUEENS_FD4). Where the judge cannot watch a running
// program's memory (macOS), it sets the memory variable and the harness
// watches its own, from the Go runtime's account of the memory it holds,
// and stops at the limit.
//
// The judge writes its block at its mark, below the imports: the
// protocol's words and settings (nqueensJudgeProcs, ...) from lang's
// constants, and nqueensJudgeSolve, the call of the student's function.

package main

import (
	judgeos "os"
	judgesignal "os/signal"
	judgeruntime "runtime"
	judgedebug "runtime/debug"
	judgemetrics "runtime/metrics"
	judgestrconv "strconv"
	judgesyscall "syscall"
	judgetime "time"
)

// nqueens:judge

func init() {
	// As many Ps as a 2-core machine's, whatever this one has: the runtime
	// starts a thread per busy P (the garbage collector's workers too),
	// and a run may have only so many threads.
	if judgeruntime.GOMAXPROCS(0) > nqueensJudgeProcs {
		judgeruntime.GOMAXPROCS(nqueensJudgeProcs)
	}
	crash := nqueensJudgeChannel(4)
	judgedebug.SetCrashOutput(crash, judgedebug.CrashOptions{})
	go nqueensJudgeSayWhere(crash)
	// A runaway recursion fails fast as a stack overflow, far below the
	// memory limit, instead of growing to Go's default of 1 GB.
	judgedebug.SetMaxStack(128 << 20)
	if limit, err := judgestrconv.ParseInt(judgeos.Getenv(nqueensJudgeMemoryEnv), 10, 64); err == nil {
		go nqueensJudgeWatchMemory(limit, crash)
	}
}

// nqueensJudgeSayWhere answers the judge's SIGQUIT (a run stopped at a
// limit) with every goroutine's stack on the crash channel, then exits as
// the runtime's own answer does. The runtime's answer shows only the stack
// of the thread the signal landed on: the search's, running on another
// thread, is "stack unavailable". runtime.Stack stops the world first,
// whichever thread gets the signal, and the search's stack is whole.
func nqueensJudgeSayWhere(crash *judgeos.File) {
	quit := make(chan judgeos.Signal, 1)
	judgesignal.Notify(quit, judgesyscall.SIGQUIT)
	<-quit
	stacks := make([]byte, 1<<20)
	crash.Write(stacks[:judgeruntime.Stack(stacks, true)])
	judgeos.Exit(2)
}

// nqueensJudgeChannel opens the judge's channel fd: a file descriptor, or on
// Windows a handle named in the environment.
func nqueensJudgeChannel(fd int) *judgeos.File {
	h := uint64(fd)
	if v, err := judgestrconv.ParseUint(judgeos.Getenv(nqueensJudgeChannelEnv+judgestrconv.Itoa(fd)), 10, 64); err == nil {
		h = v
	}
	return judgeos.NewFile(uintptr(h), "judge channel")
}

// nqueensJudgeWatchMemory stops the program when the memory the Go runtime holds
// from the system, less what it has returned, passes limit.
func nqueensJudgeWatchMemory(limit int64, crash *judgeos.File) {
	s := []judgemetrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	for range judgetime.Tick(nqueensJudgePollEvery) {
		judgemetrics.Read(s)
		if used := int64(s[0].Value.Uint64() - s[1].Value.Uint64()); used > limit {
			crash.WriteString(nqueensJudgeMemoryLimitReport + ": " + judgestrconv.FormatInt(used>>20, 10) + " MiB\n")
			judgeos.Exit(3)
		}
	}
}

func main() {
	n, err := judgestrconv.Atoi(judgeos.Args[1])
	if err != nil {
		panic("judge harness: bad n " + judgeos.Args[1])
	}
	solve := nqueensJudgeSolve(n)
	out := nqueensJudgeChannel(3)
	if nqueensJudgeSendCounters(out) {
		// A build with coverage counters (counters.go): its run counts,
		// and nothing in its environment says so.
		return
	}
	solve(out)
	out.Close()
}

// nqueensJudgeWriteCount writes a count as the judge reads it.
func nqueensJudgeWriteCount(out *judgeos.File, got int) {
	out.WriteString(judgestrconv.Itoa(got) + "\n")
}

// nqueensJudgeWriteBoards writes a board list as JSON (a nil list or
// board as null), each string's bytes as they are but for the quote, the
// backslash and control characters, as the C harness writes them.
func nqueensJudgeWriteBoards(out *judgeos.File, boards [][]string) {
	var b []byte
	if boards == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, board := range boards {
			if i > 0 {
				b = append(b, ',')
			}
			if board == nil {
				b = append(b, "null"...)
				continue
			}
			b = append(b, '[')
			for j, row := range board {
				if j > 0 {
					b = append(b, ',')
				}
				b = nqueensJudgeAppendString(b, row)
			}
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	out.Write(append(b, '\n'))
}

// nqueensJudgeAppendString appends s to b as a JSON string.
func nqueensJudgeAppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
