//go:build linux

package jail

import (
	"errors"
	"math"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// The secure bits that make uid 0 an ordinary user (capabilities(7)): no
// capabilities for root on exec, none kept or raised on a change of user,
// and every bit locked, so that nothing the program does undoes them.
const (
	secbitNoRoot                  = 1 << 0
	secbitNoRootLocked            = 1 << 1
	secbitNoSetuidFixup           = 1 << 2
	secbitNoSetuidFixupLocked     = 1 << 3
	secbitKeepCapsLocked          = 1 << 5
	secbitNoCapAmbientRaise       = 1 << 6
	secbitNoCapAmbientRaiseLocked = 1 << 7
	secbitsUnprivileged           = secbitNoRoot | secbitNoRootLocked | secbitNoSetuidFixup | secbitNoSetuidFixupLocked |
		secbitKeepCapsLocked | secbitNoCapAmbientRaise | secbitNoCapAmbientRaiseLocked
)

// dropCapabilities leaves the calling thread, root of the jail's user
// namespace, and what it execs with no capability at all, for good: the
// bounding and ambient sets emptied, the secure bits above set and locked,
// and the effective, permitted and inheritable sets cleared. Without it a
// run holds every capability in its namespace, and may remount the jail's
// read-only binds or mount a tmpfs of its own, wherever Landlock is
// missing to stop it. A thread that holds no capability (an ordinary
// user's, in the Landlock tier) has nothing to drop and may not change
// the rest: no_new_privs, set before the program runs, keeps it from
// gaining any.
func dropCapabilities() error {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var held [2]unix.CapUserData
	if err := unix.Capget(&hdr, &held[0]); err != nil {
		return err
	}
	if held[0].Permitted == 0 && held[1].Permitted == 0 {
		return unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	}
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, secbitsUnprivileged, 0, 0, 0); err != nil {
		return err
	}
	for c := 0; c <= 63; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if errors.Is(err, unix.EINVAL) {
			break // past the kernel's last capability
		}
		if err != nil {
			return err
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return err
	}
	var none [2]unix.CapUserData
	return unix.Capset(&hdr, &none[0])
}

// CloseFrom marks every descriptor from fd on close-on-exec, so
// that no program or tool started from here inherits one: a descriptor
// the judge was given (a teacher's `judge 8>>log`, a directory) would
// otherwise reach it.
func CloseFrom(fd int) error {
	err := unix.CloseRange(uint(fd), math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC)
	if !errors.Is(err, unix.ENOSYS) && !errors.Is(err, unix.EINVAL) {
		return err
	}
	// Kernels before 5.11: one by one.
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return err
	}
	for _, e := range entries {
		if n, err := strconv.Atoi(e.Name()); err == nil && n >= fd {
			unix.CloseOnExec(n)
		}
	}
	return nil
}
