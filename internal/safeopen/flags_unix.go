//go:build unix

package safeopen

import "syscall"

const (
	noFollow = syscall.O_NOFOLLOW
	noBlock  = syscall.O_NONBLOCK
)
