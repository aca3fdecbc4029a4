package build

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// A Recipe builds a submission in a language other than Go: files written
// into a build directory, compilers run there in turn, and the program
// they make. Its result is cached like a Go build, by everything in it.
type Recipe struct {
	Display string            // the student's file, as messages name it
	Key     []string          // what else the program depends on: the toolchain's version
	Files   map[string][]byte // the student's file, the harness, …
	// Commands are run in the build directory, in order, under the
	// builder's bounds; one that fails is a compile error whose Said is
	// what it printed (its language words it for the student).
	Commands [][]string
	Env      []string
	// ReadOnly is what the commands read besides the build directory: the
	// toolchain. In the builder's jail they see nothing else.
	ReadOnly []string
	// Output is the program, a file the commands make, or the archive
	// the judge packs from what they compiled (Jar: a Java program).
	Output string
	Jar    *Jar
	// Probe, when set, shows only that the toolchain runs at all (python3
	// -c pass): when a command fails, the probe runs as the commands did,
	// and when it fails too the failure is the toolchain's (a library the
	// jail does not show it), an error of the judge's, not the student's
	// compile error.
	Probe []string
}

// BuildRecipe returns the path of the program r makes, or a *CompileError.
func (b *Builder) BuildRecipe(ctx context.Context, r Recipe) (string, error) {
	return b.cached(r.key(), r.Display, r.Files, func(dir string) (string, error) {
		return b.make(ctx, dir, r)
	})
}

// key is the cache's key for r: everything in it.
func (r Recipe) key() string {
	parts := append(slices.Clone(r.Key), r.Output)
	for _, name := range slices.Sorted(maps.Keys(r.Files)) {
		parts = append(parts, name, string(r.Files[name]))
	}
	for _, c := range r.Commands {
		parts = append(parts, strings.Join(c, "\x00"))
	}
	return Key(parts...)
}

// maxSharedFile bounds a file a shared build makes: the C++ prelude
// (<bits/stdc++.h>) precompiled is about 120 MiB.
const maxSharedFile = 512 << 20

// Shared returns a folder of the builder's cache holding r's files and
// what its commands made of them, made once for every build that needs it
// (the C++ prelude, precompiled), or "" when the builder keeps no cache.
// It is made in a folder of its own under the builder's bounds, files up
// to maxSharedFile, and renamed into place whole: a build never sees it
// half made. One judge makes it while the others that need it wait for
// it (a lock beside it), rather than make it too.
func (b *Builder) Shared(ctx context.Context, r Recipe) (string, error) {
	if b.CacheDir == "" {
		return "", nil
	}
	dir := filepath.Join(b.CacheDir, sharedPrefix+r.key())
	if _, err := os.Stat(dir); err == nil {
		markUsed(dir)
		return dir, nil
	}
	lock := dir + sharedLock
	unlock, err := atomicfile.Lock(lock)
	if err != nil {
		return "", err
	}
	defer func() {
		os.Remove(lock) // made or failed: nothing left to wait for
		unlock()
	}()
	if _, err := os.Stat(dir); err == nil {
		return dir, nil // made while this judge waited
	}
	tmp, err := os.MkdirTemp(b.CacheDir, sharedTemp)
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := writeFiles(tmp, r.Files); err != nil {
		return "", err
	}
	t := b.tool(tmp, append(slices.Clone(r.Env), "TMPDIR="+tmp), r.ReadOnly, r.Display)
	t.maxFile = maxSharedFile
	for _, c := range r.Commands {
		if out, err := b.runTool(ctx, t, c...); err != nil {
			return "", msg.Errorf("make %s: %w\n%s", r.Display, err, out)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Stat(dir); serr == nil {
			return dir, nil // another judge made it first
		}
		return "", err
	}
	prune(b.CacheDir, keepBinaries, keepSharedBytes)
	return dir, nil
}

// The names of shared folders in the cache, of those being made, and the
// ending of a shared folder's lock.
const (
	sharedPrefix = "shared-"
	sharedTemp   = "shared-tmp-"
	sharedLock   = ".lock"
)

// BuildIn builds r in dir, the caller's, and keeps nothing in the cache:
// for a build whose files outlive it (a counting build's notes on its
// lines, which the run and gcov add to).
func (b *Builder) BuildIn(ctx context.Context, dir string, r Recipe) (string, error) {
	if err := writeFiles(dir, r.Files); err != nil {
		return "", err
	}
	return b.make(ctx, dir, r)
}

// RunTool runs a toolchain's tool (gcov) in dir, jailed where the builder
// can, seeing readOnly besides dir, under a build's bounds; it returns what
// the tool printed.
func (b *Builder) RunTool(ctx context.Context, dir string, readOnly []string, env []string, argv ...string) ([]byte, error) {
	return b.runTool(ctx, b.tool(dir, env, readOnly, argv[0]), argv...)
}

// make runs r's commands in dir, where its files are, and returns the
// program's path.
func (b *Builder) make(ctx context.Context, dir string, r Recipe) (string, error) {
	// The compilers' own temporary files go in the build directory,
	// removed with it even when a build is stopped at a bound.
	env := append(slices.Clone(r.Env), "TMPDIR="+dir)
	for _, c := range r.Commands {
		out, err := b.runTool(ctx, b.tool(dir, env, r.ReadOnly, r.Display), c...)
		if errors.Is(err, ErrToolFailed) {
			if err := b.probe(ctx, dir, env, r); err != nil {
				return "", err
			}
			// Its temporary files' names hold the judge's own folder.
			said := strings.ReplaceAll(string(out), dir+string(filepath.Separator), "")
			return "", &CompileError{Message: said, Said: said, Refused: true}
		}
		if err != nil {
			return "", err
		}
	}
	if r.Jar != nil {
		return r.Jar.pack(dir, filepath.Join(dir, r.Output))
	}
	return filepath.Join(dir, r.Output), nil
}

// probe runs r's Probe in dir as r's commands run: nil when the
// toolchain runs (or r has no probe), else the judge's error that it
// cannot, with what it printed.
func (b *Builder) probe(ctx context.Context, dir string, env []string, r Recipe) error {
	if len(r.Probe) == 0 {
		return nil
	}
	out, err := b.runTool(ctx, b.tool(dir, env, r.ReadOnly, r.Display), r.Probe...)
	if errors.Is(err, ErrToolFailed) {
		return notInTheJail(filepath.Base(r.Probe[0]), r.Display, string(out))
	}
	return err
}

// notInTheJail is the judge's error for a toolchain that fails its probe
// in the jail, with what it printed.
func notInTheJail(tool, display, out string) error {
	return msg.Errorf("%s does not run in the judge's jail on this machine, so %s could not be built: %s",
		tool, display, strings.TrimSpace(out))
}

// Bounds of a jailed tool beyond the builder's: what it may print, and the
// largest file it may write (an object file, the program).
const (
	maxToolOutput = 1 << 20
	maxToolFile   = 2 * DefaultMaxBinary
)

// jailed reports whether the builder runs recipes' tools in its jail.
func (b *Builder) jailed() bool { return b.Jail.Isolates() }

// toolJail is the jail a recipe's tools run in: the builder's, or none
// where it cannot isolate them.
func (b *Builder) toolJail() *sandbox.Jail {
	if b.jailed() {
		return b.Jail
	}
	return sandbox.NoJail
}

// A tool is how runTool runs one of a build's tools.
type tool struct {
	jail     *sandbox.Jail // sandbox.NoJail: run it directly
	dir      string        // where it runs
	env      []string
	readOnly []string // what it reads besides dir, in the jail: the toolchain
	writable []string // what it may write, in the jail: dir; for go, its cache too
	procs    int      // threads and processes at once
	maxFile  int64    // the largest file it may write; 0: maxToolFile
	display  string   // the student's file, as messages name it
}

// tool is how a recipe's tools run: in the builder's jail where it
// isolates, seeing readOnly and writing only dir.
func (b *Builder) tool(dir string, env, readOnly []string, display string) tool {
	return tool{jail: b.toolJail(), dir: dir, env: env, readOnly: readOnly, writable: []string{dir}, procs: toolProcesses, display: display}
}

// runTool runs a build's tool as t says, as the sandbox runs every
// program, under the builder's bounds (time, memory, output, threads) and
// a cap on each file's size. A build past a bound is a *CompileError that
// says which; a tool that fails is ErrToolFailed, with its output.
func (b *Builder) runTool(ctx context.Context, t tool, argv ...string) ([]byte, error) {
	maxTime := cmp.Or(b.MaxTime, DefaultMaxTime)
	maxMemory := cmp.Or(b.MaxMemory, DefaultMaxMemory)
	prog := sandbox.Program{Path: argv[0], InPlace: true, Tool: true, Dir: t.dir, Env: t.env, Writable: t.writable,
		ReadOnly: t.readOnly, Threads: t.procs}
	lim := sandbox.Limits{CPU: maxTime, Idle: maxTime, Memory: maxMemory, Output: maxToolOutput, Answer: 1,
		Processes: t.procs, FileSize: cmp.Or(t.maxFile, maxToolFile)}
	r, err := t.jail.RunProgram(ctx, t.dir, prog, argv[1:], lim)
	if err != nil {
		return nil, msg.Errorf("run %s: %w", filepath.Base(argv[0]), err)
	}
	switch {
	case r.Killed == sandbox.Interrupted:
		return nil, ctx.Err()
	case r.Killed != sandbox.None:
		return nil, stoppedTool(r.Killed, t.display, maxTime, maxMemory, t.procs)
	case r.Signal == fileSizeSignal:
		return nil, &CompileError{Message: tooLargeAFile(t.display)}
	case r.ExitCode != 0:
		return r.Output, ErrToolFailed
	}
	return r.Output, nil
}

// stoppedTool says which of its bounds stopped a build's tool (killed, a
// sandbox kill reason), for the student: only time is "the build took
// more than".
func stoppedTool(killed, display string, maxTime time.Duration, maxMemory int64, procs int) *CompileError {
	switch killed {
	case sandbox.Memory:
		return &CompileError{Message: msg.Sprintf("%s: the compiler needed more than %d MiB of memory to build it: deeply nested generic types?", display, maxMemory>>20)}
	case sandbox.Output:
		return &CompileError{Message: msg.Sprintf("%s: the compiler printed more than %d KiB of messages", display, maxToolOutput>>10)}
	case sandbox.Processes:
		return &CompileError{Message: msg.Sprintf("%s: the compiler started more than %d processes or threads at once", display, procs)}
	case sandbox.Answer:
		return &CompileError{Message: msg.Sprintf("%s: the compiler wrote on the judge's answer channel", display)}
	}
	// CPU, idle, wall: time
	return &CompileError{Message: msg.Sprintf("%s: the build took more than %s: deeply nested generic types?", display, maxTime)}
}

// toolProcesses is how many processes a compiler may run at once (gcc
// runs cc1, as, collect2 and ld; a JVM starts threads).
const toolProcesses = 64
