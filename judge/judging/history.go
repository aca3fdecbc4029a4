// A student's folder as their last commit before a deadline left it: what
// -grade -before grades.

package judging

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

// A Version is a student's folder as a commit before a deadline left it:
// the source files a grading looks at (those at the folder's top and in
// its problems/<folder>/), by slash path below the folder.
type Version struct {
	// History: the folder is in a git work tree with a commit checked
	// out; the rest is empty without one.
	History bool `json:"history"`
	// Commit and When are the last commit before the deadline, following
	// first parents from HEAD, and its committer's time; Commit is ""
	// when every commit is at or after the deadline (First: the oldest),
	// or when there is none (First zero).
	Commit string    `json:"commit"`
	When   time.Time `json:"when"`
	First  time.Time `json:"first"`
	// Late: HEAD is a newer commit than Commit, made at or after the
	// deadline.
	Late  bool              `json:"late"`
	Files map[string][]byte `json:"files"`
	// Changed is when each file was last changed, as of Commit: of
	// several written, a grading takes the last changed.
	Changed map[string]time.Time `json:"changed"`
	// Left names files left out: past maxVersionBytes altogether.
	Left []string `json:"left,omitempty"`
	// Unreadable says why the history could not be read: a .git broken,
	// hostile (a FIFO for its HEAD), or built to be slow. The student's
	// material, not the judge's failure.
	Unreadable string `json:"unreadable,omitempty"`
}

// maxVersionBytes bounds what a Version holds (its files together, each
// read up to MaxSource and one byte more, so that one too large is still
// seen to be): the worker's answer is at most 1 MiB of JSON.
const maxVersionBytes = 512 << 10

// VersionBefore is dir as the last commit before deadline left it, read
// from dir's git work tree as SavedAt reads it: by go-git's storage, in a
// worker under limits (tempDir holds its request), nothing run. A history
// that cannot be read, or stops the worker at a limit, is Unreadable; an
// error is the judge's own failure.
func VersionBefore(ctx context.Context, tempDir, dir string, deadline time.Time) (Version, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Version{}, err
	}
	var v Version
	err = worker.Call(ctx, tempDir, versionTask, versionRequest{Dir: abs, Before: deadline.Unix()}, &v)
	if stopped := (*worker.Stopped)(nil); errors.As(err, &stopped) {
		return Version{History: true, Unreadable: stopped.Error()}, nil
	}
	return v, err
}

// versionTask is the worker's name for versionBefore.
const versionTask = "version-before"

// versionRequest is what the worker is asked: a folder and a deadline in
// seconds since 1970.
type versionRequest struct {
	Dir    string `json:"dir"`
	Before int64  `json:"before"`
}

func init() {
	worker.Handle(versionTask, func(r versionRequest) (any, error) {
		v, err := versionBefore(r.Dir, time.Unix(r.Before, 0))
		if err != nil {
			return Version{History: true, Unreadable: err.Error()}, nil
		}
		return v, nil
	})
}

// versionBefore is VersionBefore's work, in the worker.
func versionBefore(dir string, deadline time.Time) (Version, error) {
	hist, ok := openHistory(dir)
	if !ok {
		return Version{}, nil
	}
	rel, err := filepath.Rel(hist.top, dir)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return Version{}, nil
	}
	var below []string
	if rel != "." {
		below = strings.Split(filepath.ToSlash(rel), "/")
	}
	st := hist.st
	v := Version{History: true}
	if fi, err := os.Lstat(filepath.Join(hist.gitDir, "HEAD")); err != nil || !fi.Mode().IsRegular() {
		// go-git would take a HEAD it cannot read for a clone with no
		// commit yet.
		return Version{}, msg.Errorf("its HEAD is missing or not a regular file")
	}
	head, err := storer.ResolveReference(st, plumbing.HEAD)
	switch {
	case errors.Is(err, plumbing.ErrReferenceNotFound):
		return v, nil // no commit yet
	case err != nil:
		// A .git that cannot be read is not "no history": the folder as
		// it is now would be graded, whatever the deadline.
		return Version{}, err
	case head.Hash().IsZero():
		return v, nil
	}
	h := head.Hash()
	for range maxHistory {
		c, err := readCommit(st, h)
		if err != nil {
			return Version{}, fmt.Errorf("commit %s: %w", h, err)
		}
		if c.when.Before(deadline) {
			v.Commit, v.When = h.String(), c.when
			v.Files, v.Left = versionFiles(st, c.tree, below)
			v.Changed = changedAt(st, c, below, v.Files)
			return v, nil
		}
		v.Late, v.First = true, c.when
		if len(c.parents) == 0 {
			return v, nil
		}
		h = c.parents[0]
	}
	return Version{}, msg.Errorf("more than %d commits after the deadline", maxHistory)
}

// versionFiles reads the source files a grading looks at below tree's
// folder below (its names): at its top and in its problems/<folder>/.
func versionFiles(st *filesystem.Storage, tree plumbing.Hash, below []string) (map[string][]byte, []string) {
	if len(below) > 0 {
		var ok bool
		if tree, ok = entryAt(st, tree, below); !ok {
			return nil, nil
		}
	}
	files := map[string][]byte{}
	var left []string
	total := 0
	var read func(tree plumbing.Hash, dir string, depth int)
	read = func(tree plumbing.Hash, dir string, depth int) {
		es, ok := treeEntries(st, tree)
		if !ok {
			return
		}
		for _, e := range es {
			name := path.Join(dir, e.name)
			switch {
			case e.mode == "40000" && (depth == 0 && e.name == "problems" || depth == 1):
				read(e.hash, name, depth+1)
			case (e.mode == "100644" || e.mode == "100755") && depth != 1:
				if _, ok := lang.ForFile(e.name); !ok {
					continue
				}
				data, err := readObject(st, plumbing.BlobObject, e.hash, MaxSource+1)
				if err != nil {
					continue
				}
				if total+len(data) > maxVersionBytes {
					left = append(left, name)
					continue
				}
				total += len(data)
				files[name] = data
			}
		}
	}
	read(tree, "", 0)
	return files, left
}

// maxDating bounds how many commits changedAt walks back.
const maxDating = 200

// changedAt is when each of files (below the folder below) was last
// changed, following first parents from c: the time of the oldest commit
// that still held it as it is, within maxDating commits (c's time past
// them).
func changedAt(st *filesystem.Storage, c commit, below []string, files map[string][]byte) map[string]time.Time {
	blobs := map[string]plumbing.Hash{}
	dated := map[string]time.Time{}
	for name := range files {
		if b, ok := entryAt(st, c.tree, append(slices.Clone(below), strings.Split(name, "/")...)); ok {
			blobs[name] = b
			dated[name] = c.when
		}
	}
	for range maxDating {
		if len(blobs) == 0 || len(c.parents) == 0 {
			break
		}
		parent, err := readCommit(st, c.parents[0])
		if err != nil {
			break
		}
		for name, b := range blobs {
			if was, ok := entryAt(st, parent.tree, append(slices.Clone(below), strings.Split(name, "/")...)); ok && was == b {
				dated[name] = parent.when
			} else {
				delete(blobs, name) // changed by c: dated c's time
			}
		}
		c = parent
	}
	return dated
}

// WriteVersion writes v's files into dir, a new folder of the judge's own,
// each dated when it was last changed: the folder a grading then reads as
// the student's.
func WriteVersion(v Version, dir string) error {
	for name, data := range v.Files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if !filepath.IsLocal(filepath.FromSlash(name)) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
		when := v.When
		if t, ok := v.Changed[name]; ok {
			when = t
		}
		if err := os.Chtimes(file, when, when); err != nil {
			return err
		}
	}
	return nil
}
