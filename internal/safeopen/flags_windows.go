//go:build windows

package safeopen

// Windows has no FIFOs to block on at a path; its links are followed.
const (
	noFollow = 0
	noBlock  = 0
)
