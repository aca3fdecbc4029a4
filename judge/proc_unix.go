//go:build unix

package main

import (
	"os"
	"syscall"
)

// alive reports whether a process with this id still runs.
func alive(pid int) bool { return syscall.Kill(pid, 0) != syscall.ESRCH }

func ownedByMe(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
