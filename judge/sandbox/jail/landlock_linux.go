//go:build linux

package jail

import (
	"errors"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// Landlock, spoken through golang.org/x/sys/unix's three system calls.
// The jail needs only a ruleset that handles every right of one ABI, rules
// for paths beneath, and the restriction of the one thread that execs the
// program. go-landlock did this before, but its package imports psx, whose
// cgo wraps pthread_create: every binary with the jail in it (the judge,
// and the tests of each package that imports the sandbox) then linked with
// gcc and ld, about a second of CPU each, and started slower (docs/judge.md,
// "Testing the kit").

// LandlockABI is the kernel's Landlock ABI version; its error is the
// kernel's (ENOSYS: not in the kernel; EOPNOTSUPP: not enabled at boot).
func LandlockABI() (int, error) {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0, errno
	}
	return int(v), nil
}

// The file access rights a rule grants, as go-landlock named them: read
// (and execute) a file or a folder's files, and, for a writable folder,
// make, remove and truncate what is in it. A file's rule keeps only the
// rights a file can have.
const (
	accessRead = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR
	accessRW   = accessRead | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR |
		unix.LANDLOCK_ACCESS_FS_REMOVE_FILE | unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR |
		unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO |
		unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK | unix.LANDLOCK_ACCESS_FS_MAKE_SYM | unix.LANDLOCK_ACCESS_FS_TRUNCATE
	accessFile = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE |
		unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_READ_FILE
)

// landlockRule grants access to each of paths and what is beneath them;
// a path that does not exist is skipped when ifPresent.
type landlockRule struct {
	access    uint64
	paths     []string
	ifPresent bool
}

// handled is what a ruleset at abi restricts: every right that ABI knows.
// Files: 13 rights at ABI 1, moving between folders (refer) from 2,
// truncating from 3, device ioctls from 5. TCP bind and connect from 4;
// abstract Unix sockets and signals outside the domain from 6.
func handled(abi int) unix.LandlockRulesetAttr {
	var attr unix.LandlockRulesetAttr
	switch {
	case abi >= 5:
		attr.Handled_access_fs = 1<<16 - 1
	case abi >= 3:
		attr.Handled_access_fs = 1<<15 - 1
	case abi == 2:
		attr.Handled_access_fs = 1<<14 - 1
	case abi == 1:
		attr.Handled_access_fs = 1<<13 - 1
	}
	if abi >= 4 {
		attr.Handled_access_net = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
	}
	if abi >= 6 {
		attr.Scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
	}
	return attr
}

// attrSize is the size of the ruleset's attributes the kernel at abi
// reads: the fields that ABI has.
func attrSize(abi int) uintptr {
	switch {
	case abi >= 6:
		return unsafe.Offsetof(unix.LandlockRulesetAttr{}.Scoped) + 8
	case abi >= 4:
		return unsafe.Offsetof(unix.LandlockRulesetAttr{}.Handled_access_net) + 8
	}
	return 8
}

// landlockRestrict restricts the calling thread, which must be locked to
// its goroutine and exec next, to rules at abi (1 to LandlockUpTo): with
// no_new_privs, which Landlock needs of an unprivileged caller.
func landlockRestrict(abi int, rules []landlockRule) error {
	if abi < 1 || abi > LandlockUpTo {
		return msg.Errorf("landlock: ABI %d is not one the jail knows (1 to %d)", abi, LandlockUpTo)
	}
	attr := handled(abi)
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), attrSize(abi), 0)
	if errno != 0 {
		return msg.Errorf("landlock: create a ruleset at ABI %d: %w", abi, errno)
	}
	defer unix.Close(int(fd))
	for _, rule := range rules {
		access := rule.access & attr.Handled_access_fs
		if access == 0 {
			continue
		}
		for _, path := range rule.paths {
			if err := addPathRule(int(fd), path, access); err != nil {
				if rule.ifPresent && errors.Is(err, unix.ENOENT) {
					continue
				}
				return msg.Errorf("landlock: %s: %w", path, err)
			}
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return msg.Errorf("landlock: %w", err)
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); errno != 0 {
		return msg.Errorf("landlock: restrict: %w", errno)
	}
	return nil
}

// addPathRule grants access beneath path in the ruleset fd.
func addPathRule(fd int, path string, access uint64) error {
	dir, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(dir)
	beneath := unix.LandlockPathBeneathAttr{Allowed_access: access, Parent_fd: int32(dir)}
	_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(fd), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&beneath)), 0, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}
