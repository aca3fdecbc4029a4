package safeopen

import "golang.org/x/sys/unix"

// openat2Beneath opens name beneath dir with openat2, refusing every link
// (a magic link of /proc too) and any step out of dir.
func openat2Beneath(dir int, name string) (int, error) {
	return unix.Openat2(dir, name, &unix.OpenHow{
		Flags:   unix.O_RDONLY | unix.O_NONBLOCK | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	})
}
