//go:build unix

package build

import "syscall"

// fileSizeSignal is what the kernel kills a process with when it writes
// past RLIMIT_FSIZE.
const fileSizeSignal = syscall.SIGXFSZ
