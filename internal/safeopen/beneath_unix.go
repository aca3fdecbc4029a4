//go:build unix

package safeopen

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// openBeneath opens name, a path relative to root, for reading without
// following any link and without leaving root: openat2 with
// RESOLVE_BENEATH and RESOLVE_NO_SYMLINKS where the kernel has it (Linux
// 5.6), else a walk that opens each folder on the way with O_NOFOLLOW.
func openBeneath(root, name string) (*os.File, error) {
	if !filepath.IsLocal(name) {
		return nil, ErrOutside
	}
	dir, err := unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer unix.Close(dir)
	fd, err := openat2(dir, name)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EPERM) {
		fd, err = walkBeneath(dir, name)
	}
	switch {
	case errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR) && isLinkOnTheWay(root, name):
		return nil, ErrLink
	case errors.Is(err, unix.EXDEV):
		return nil, ErrOutside
	case err != nil:
		return nil, &os.PathError{Op: "open", Path: filepath.Join(root, name), Err: err}
	}
	return os.NewFile(uintptr(fd), filepath.Join(root, name)), nil
}

// openat2 is openat2Beneath; a test takes it away to try the walk.
var openat2 = openat2Beneath

// walkBeneath opens name beneath the folder dir one component at a time,
// each without following a link.
func walkBeneath(dir int, name string) (int, error) {
	parts := strings.Split(filepath.ToSlash(name), "/")
	cur := dir
	for i, p := range parts {
		last := i == len(parts)-1
		flags := unix.O_RDONLY | unix.O_NOFOLLOW | unix.O_CLOEXEC
		if last {
			flags |= unix.O_NONBLOCK
		} else {
			flags |= unix.O_DIRECTORY
		}
		fd, err := unix.Openat(cur, p, flags, 0)
		if cur != dir {
			unix.Close(cur)
		}
		if err != nil {
			return -1, err
		}
		cur = fd
	}
	return cur, nil
}

// isLinkOnTheWay reports whether a folder on name's way beneath root is a
// link (O_NOFOLLOW|O_DIRECTORY on a link says ENOTDIR).
func isLinkOnTheWay(root, name string) bool {
	p := root
	for _, part := range strings.Split(filepath.ToSlash(name), "/") {
		p = filepath.Join(p, part)
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			return true
		}
	}
	return false
}
