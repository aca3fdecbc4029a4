//go:build windows

package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// alive reports whether a process with this id still runs.
func alive(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return false
	}
	defer windows.CloseHandle(h)
	var code uint32
	return windows.GetExitCodeProcess(h, &code) == nil && code == 259 // STILL_ACTIVE
}

// ownedByMe: the judge's temporary folders are in the user's own %TEMP%.
func ownedByMe(fi os.FileInfo) bool { return true }
