//go:build unix && !linux

package safeopen

import "golang.org/x/sys/unix"

// openat2Beneath is Linux's: elsewhere the walk does it.
func openat2Beneath(dir int, name string) (int, error) { return -1, unix.ENOSYS }
