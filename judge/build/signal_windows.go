package build

import "syscall"

// fileSizeSignal: Windows has no file size limit; no signal matches it.
const fileSizeSignal = syscall.Signal(-1)
