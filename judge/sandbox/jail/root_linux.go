//go:build linux

// The jail's minimal root: a run sees a fresh, read-only file system that
// holds only what it needs (its runtime's files, a few devices, its own
// /proc, /tmp and /dev/shm), so nothing else of the machine is there to
// read, write or connect to, whatever Landlock the kernel has. It is built
// the way bubblewrap builds one, with no privileges: a tmpfs becomes the
// root for a moment, the machine's root stays reachable at /oldroot while
// the new root is filled with read-only binds from it, and then the new
// root replaces both.

package jail

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// Where the root is built, inside the helper's own mount namespace.
const (
	buildBase = "/tmp"     // a tmpfs on it becomes the first root
	oldRoot   = "/oldroot" // the machine's root, while the new one is filled
	newRoot   = "/newroot" // the run's root, until it becomes /
)

// rootSize bounds the root's own tmpfs: directories, links and empty files
// that binds are mounted on.
const rootSize = 1 << 20

// TmpInodes bounds the files, folders and links of the run's /tmp: a
// symbolic link or an empty file takes no room that the size counts, and
// each costs kernel memory.
const TmpInodes = 4096

// devices are the device files a run may open, bound from the machine's.
var devices = []string{"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"}

// A bind is a path of the machine shown read-only in the run's root.
type bind struct {
	path string // where it appears inside
	real string // the machine's path, symbolic links resolved
	link string // for a symbolic link: its target, made again inside
}

// binds resolves the paths a run needs to what must be bound: every path's
// real location, and every link on the way made again, so that the
// runtime finds its files under the names it knows (/lib → usr/lib).
func binds(paths []string) []bind {
	var out []bind
	seen := map[string]bool{}
	add := func(b bind) {
		if !seen[b.path] {
			seen[b.path] = true
			out = append(out, b)
		}
	}
	for _, p := range paths {
		p = filepath.Clean(p)
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			continue // a path this machine lacks is not needed
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			if target, err := os.Readlink(p); err == nil {
				add(bind{path: p, link: target})
			}
		} else if real != p {
			add(bind{path: p, real: real})
		}
		add(bind{path: real, real: real})
	}
	// Parents before children, so that a child already shown through its
	// parent's bind is not bound again.
	slices.SortStableFunc(out, func(a, b bind) int { return strings.Compare(a.path, b.path) })
	return out
}

// covered reports whether path is inside an earlier bind of a directory.
func covered(path string, bound []string) bool {
	for _, d := range bound {
		if path == d || strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return false
}

// makeRoot builds the run's root from paths (read-only) and writable, and
// makes it /, with a private /tmp of tmpSize bytes as the working
// directory. Writable directories are bound after /tmp is mounted, so
// that one under the machine's /tmp (a build directory) is seen.
func makeRoot(paths, writable []string, tmpSize int64) error {
	bs := binds(append(slices.Clone(paths), devices...))
	if err := enterBuildBase(); err != nil {
		return err
	}
	if err := unix.Mount("tmpfs", newRoot, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, fmt.Sprintf("size=%d,mode=0755", rootSize)); err != nil {
		return msg.Errorf("mount the new root: %w", err)
	}
	// /tmp first: what is bound below it (a tool in a temporary
	// directory) is bound into the run's own /tmp.
	for _, m := range []struct{ what, where, kind, opts string }{
		{"tmpfs", "/tmp", "tmpfs", fmt.Sprintf("size=%d,nr_inodes=%d,mode=0700", tmpSize, TmpInodes)},
		{"tmpfs", "/dev/shm", "tmpfs", "size=1m,nr_inodes=64,mode=0700"},
		{"proc", "/proc", "proc", ""},
	} {
		if err := os.MkdirAll(newRoot+m.where, 0o755); err != nil {
			return err
		}
		if err := unix.Mount(m.what, newRoot+m.where, m.kind, unix.MS_NOSUID|unix.MS_NODEV, m.opts); err != nil {
			return msg.Errorf("mount %s: %w", m.where, err)
		}
	}
	var bound []string
	for _, b := range bs {
		if covered(b.path, bound) {
			continue
		}
		if err := showInRoot(b); err != nil {
			return err
		}
		if b.link == "" {
			bound = append(bound, b.path)
		}
	}
	for _, l := range [][2]string{{"/dev/fd", "/proc/self/fd"}, {"/dev/stdin", "/proc/self/fd/0"}, {"/dev/stdout", "/proc/self/fd/1"}, {"/dev/stderr", "/proc/self/fd/2"}} {
		if err := os.Symlink(l[1], newRoot+l[0]); err != nil && !errors.Is(err, os.ErrExist) {
			return err
		}
	}
	for _, w := range writable {
		at := newRoot + w
		if err := os.MkdirAll(at, 0o755); err != nil {
			return err
		}
		if err := unix.Mount(oldRoot+w, at, "", unix.MS_BIND, ""); err != nil {
			return msg.Errorf("bind %s: %w", w, err)
		}
	}
	return enterNewRoot()
}

// enterBuildBase makes a tmpfs the root for a moment, with the machine's
// root at oldRoot and an empty newRoot beside it.
func enterBuildBase() error {
	if err := unix.Mount("tmpfs", buildBase, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=64k,mode=0755"); err != nil {
		return msg.Errorf("mount the build base: %w", err)
	}
	for _, d := range []string{oldRoot, newRoot} {
		if err := os.Mkdir(buildBase+d, 0o755); err != nil {
			return err
		}
	}
	if err := unix.PivotRoot(buildBase, buildBase+oldRoot); err != nil {
		return msg.Errorf("pivot_root: %w", err)
	}
	return os.Chdir("/")
}

// showInRoot makes b appear in the new root: a link made again, or a
// read-only bind of the machine's file or directory.
func showInRoot(b bind) error {
	at := newRoot + b.path
	if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
		return err
	}
	if b.link != "" {
		return os.Symlink(b.link, at)
	}
	src := oldRoot + b.real
	fi, err := os.Stat(src)
	if err != nil {
		return msg.Errorf("bind %s: %w", b.path, err)
	}
	if fi.IsDir() {
		err = os.Mkdir(at, 0o755)
	} else {
		err = os.WriteFile(at, nil, 0o644)
	}
	if err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	if err := unix.Mount(src, at, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return msg.Errorf("bind %s: %w", b.path, err)
	}
	return readOnly(at, unix.AT_RECURSIVE)
}

// readOnly makes the mount at path, and with unix.AT_RECURSIVE every mount
// below it, read-only and without set-user-ID programs.
func readOnly(path string, flags int) error {
	attr := &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID}
	if err := unix.MountSetattr(-1, path, uint(flags), attr); err != nil {
		return msg.Errorf("make %s read-only: %w", path, err)
	}
	return nil
}

// enterNewRoot makes newRoot the root, drops the machine's, and leaves the
// root read-only with /tmp as the working directory.
func enterNewRoot() error {
	if err := unix.Unmount(oldRoot, unix.MNT_DETACH); err != nil {
		return msg.Errorf("detach the machine's root: %w", err)
	}
	if err := os.Chdir(newRoot); err != nil {
		return err
	}
	// pivot_root(".", ".") stacks the old root on the new one; detaching
	// it leaves the new root alone.
	if err := unix.PivotRoot(".", "."); err != nil {
		return msg.Errorf("pivot_root: %w", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return msg.Errorf("detach the build base: %w", err)
	}
	if err := readOnly("/", 0); err != nil {
		return err
	}
	return os.Chdir("/tmp")
}
