//go:build !linux

package jail

import "os"

// Main: the jail's helper exists on Linux only.
func Main() { os.Exit(2) }
