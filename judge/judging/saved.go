// When a student last changed a file: the commit that last changed it in a
// git clone, else the file's modification time.

package judging

import (
	"bytes"
	"context"
	"crypto/sha1"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

// SavedAt is when file was last changed by its author: in a git clone, the
// time of the last commit that changed it, unless the file now differs
// from that commit (uncommitted work, which counts from its modification
// time). After a fresh clone every file has the same modification time,
// so without this the language listed first would always win.
//
// The clone is a student's: git itself never runs on it (its configuration
// can run commands: an ext:: remote fetched lazily, an fsmonitor, hooks).
// Its objects are read by go-git, which runs nothing and fetches nothing,
// in a worker under limits (tempDir holds the worker's request), since
// what a student left in .git can be a FIFO, a link to /dev/zero or a
// history built to be slow.
func SavedAt(ctx context.Context, tempDir, file string) time.Time {
	fi, err := os.Stat(file)
	if err != nil {
		return time.Time{}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return fi.ModTime()
	}
	var c committed
	if err := worker.Call(ctx, tempDir, committedTask, abs, &c); err != nil || !c.OK {
		return fi.ModTime()
	}
	return time.Unix(c.Unix, 0)
}

// committedTask is the worker's name for committedAt.
const committedTask = "committed-at"

// committed is committedAt's answer.
type committed struct {
	Unix int64 `json:"unix"`
	OK   bool  `json:"ok"`
}

func init() {
	worker.Handle(committedTask, func(file string) (any, error) {
		t, ok := committedAt(file)
		return committed{Unix: t.Unix(), OK: ok}, nil
	})
}

// maxHistory bounds how many commits committedAt walks back from HEAD.
const maxHistory = 10000

// committedAt is the committer's time of the last commit that changed
// file (absolute), following first parents from HEAD, when file is in a
// git work tree and holds what HEAD holds. Commits and trees are read as
// git stores them (go-git's storage: loose objects and packs), and
// parsed here.
func committedAt(file string) (time.Time, bool) {
	h, ok := openHistory(filepath.Dir(file))
	if !ok {
		return time.Time{}, false
	}
	rel, err := filepath.Rel(h.top, file)
	if err != nil || !filepath.IsLocal(rel) {
		return time.Time{}, false
	}
	st := h.st
	head, err := storer.ResolveReference(st, plumbing.HEAD)
	if err != nil {
		return time.Time{}, false
	}
	path := strings.Split(filepath.ToSlash(rel), "/")
	c, err := readCommit(st, head.Hash())
	if err != nil {
		return time.Time{}, false
	}
	blob, ok := entryAt(st, c.tree, path)
	if !ok {
		return time.Time{}, false // not committed
	}
	data, err := os.ReadFile(file)
	if err != nil || blobID(data) != blob.String() {
		return time.Time{}, false // changed since: uncommitted work
	}
	for range maxHistory {
		if len(c.parents) == 0 {
			return c.when, true
		}
		parent, err := readCommit(st, c.parents[0])
		if err != nil {
			return time.Time{}, false
		}
		if was, ok := entryAt(st, parent.tree, path); !ok || was != blob {
			return c.when, true
		}
		c = parent
	}
	return time.Time{}, false
}

// history is a student's git history as the judge reads it: the work
// tree's top folder, its .git, and go-git's storage of it, which opens
// nothing but regular files (regularFiles).
type history struct {
	top, gitDir string
	st          *filesystem.Storage
}

// openHistory finds the git work tree holding dir (findGitDir) and opens
// its history; false when dir is in none.
func openHistory(dir string) (history, bool) {
	top, gitDir, ok := findGitDir(dir)
	if !ok {
		return history{}, false
	}
	return history{top, gitDir, filesystem.NewStorage(regularFiles{osfs.New(gitDir)}, cache.NewObjectLRUDefault())}, true
}

// regularFiles is a student's .git as committedAt reads it: what is not a
// regular file (a FIFO, a device, a link) is refused before it is opened,
// so that it cannot hold the worker until its limit.
type regularFiles struct{ billy.Filesystem }

func (fs regularFiles) Open(name string) (billy.File, error) {
	return fs.OpenFile(name, os.O_RDONLY, 0)
}

func (fs regularFiles) OpenFile(name string, flag int, perm os.FileMode) (billy.File, error) {
	if fi, err := fs.Lstat(name); err == nil && !fi.Mode().IsRegular() {
		return nil, msg.Errorf("%s: not a regular file (%s)", name, fi.Mode())
	}
	return fs.Filesystem.OpenFile(name, flag, perm)
}

// A commit is what committedAt reads of one: its tree, its parents and
// the committer's time.
type commit struct {
	tree    plumbing.Hash
	parents []plumbing.Hash
	when    time.Time
}

// Bounds of what committedAt reads of one object.
const (
	maxCommit = 1 << 20
	maxTree   = 16 << 20
)

// readObject reads the object h of kind t, at most limit bytes.
func readObject(st *filesystem.Storage, t plumbing.ObjectType, h plumbing.Hash, limit int64) ([]byte, error) {
	o, err := st.EncodedObject(t, h)
	if err != nil {
		return nil, err
	}
	r, err := o.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, limit))
}

// readCommit reads commit h's headers: "tree H", "parent H"…,
// "committer NAME <EMAIL> SECONDS ZONE", up to the blank line.
func readCommit(st *filesystem.Storage, h plumbing.Hash) (commit, error) {
	data, err := readObject(st, plumbing.CommitObject, h, maxCommit)
	if err != nil {
		return commit{}, err
	}
	var c commit
	headers, _, _ := strings.Cut(string(data), "\n\n")
	for _, line := range strings.Split(headers, "\n") {
		key, value, _ := strings.Cut(line, " ")
		switch key {
		case "tree":
			c.tree = plumbing.NewHash(value)
		case "parent":
			c.parents = append(c.parents, plumbing.NewHash(value))
		case "committer":
			if f := strings.Fields(value); len(f) >= 2 {
				if secs, err := strconv.ParseInt(f[len(f)-2], 10, 64); err == nil {
					c.when = time.Unix(secs, 0)
				}
			}
		}
	}
	if c.tree.IsZero() || c.when.IsZero() {
		return commit{}, errors.New("not a commit")
	}
	return c, nil
}

// entryAt is the object name at path (its names, in order) below tree.
func entryAt(st *filesystem.Storage, tree plumbing.Hash, path []string) (plumbing.Hash, bool) {
	for i, name := range path {
		es, ok := treeEntries(st, tree)
		if !ok {
			return plumbing.ZeroHash, false
		}
		found := false
		for _, e := range es {
			if e.name == name {
				if i == len(path)-1 {
					return e.hash, true
				}
				tree, found = e.hash, true
				break
			}
		}
		if !found {
			return plumbing.ZeroHash, false
		}
	}
	return plumbing.ZeroHash, false
}

// A treeEntry is one name in a git tree: its mode ("100644" a file,
// "40000" a tree, "120000" a link, …) and its object.
type treeEntry struct {
	mode, name string
	hash       plumbing.Hash
}

// treeEntries reads tree's entries: each is "MODE NAME", a zero byte and
// 20 bytes of object name.
func treeEntries(st *filesystem.Storage, tree plumbing.Hash) ([]treeEntry, bool) {
	data, err := readObject(st, plumbing.TreeObject, tree, maxTree)
	if err != nil {
		return nil, false
	}
	var es []treeEntry
	for len(data) > 0 {
		head, rest, ok := bytes.Cut(data, []byte{0})
		if !ok || len(rest) < 20 {
			return nil, false
		}
		mode, name, _ := bytes.Cut(head, []byte(" "))
		var h plumbing.Hash
		copy(h[:], rest[:20])
		data = rest[20:]
		es = append(es, treeEntry{string(mode), string(name), h})
	}
	return es, true
}

// findGitDir finds the work tree holding dir and its git directory: a .git
// folder, or a .git file naming one ("gitdir: …").
func findGitDir(dir string) (top, gitDir string, ok bool) {
	for {
		dotGit := filepath.Join(dir, ".git")
		if fi, err := os.Lstat(dotGit); err == nil {
			switch {
			case fi.IsDir():
				return dir, dotGit, true
			case fi.Mode().IsRegular() && fi.Size() < 4096:
				data, err := os.ReadFile(dotGit)
				if err != nil {
					return "", "", false
				}
				to, found := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
				if !found {
					return "", "", false
				}
				if !filepath.IsAbs(to) {
					to = filepath.Join(dir, to)
				}
				return dir, to, true
			default:
				return "", "", false
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", "", false
		}
		dir = up
	}
}

// blobID is git's object name for a file holding data (SHA-1 repositories,
// git's default).
func blobID(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// HeadCommit is the commit checked out in the git work tree holding dir,
// read from .git as committedAt reads it (nothing run, nothing but
// regular files opened): what a judge built without its commit recorded
// (go build -buildvcs=false) can say instead.
func HeadCommit(dir string) (string, bool) {
	h, ok := openHistory(dir)
	if !ok {
		return "", false
	}
	head, err := storer.ResolveReference(h.st, plumbing.HEAD)
	if err != nil || head.Hash().IsZero() {
		return "", false
	}
	return head.Hash().String(), true
}
