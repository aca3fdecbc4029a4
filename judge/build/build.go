// Package build turns a student's solution file into a program the judge can
// run: it copies the file into a temporary module beside a generated harness
// main, builds it with the go command, and keeps the binary in a cache keyed
// by everything that went into it.
//
// A compile error is a result, not an error: Build returns it as a
// *CompileError whose text names the student's own file and lines.
package build

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"go/version"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/safeopen"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// Spec says what to build: the student's file and what it must provide.
type Spec struct {
	Code    []byte // the student's file as Prepare made it, once
	CodeErr error  // Prepare's error: the file is a compile error
	Display string // how to name that file in messages
	Func    string // the function the harness calls, e.g. "totalNQueens"
	Params  string // its parameter types, e.g. "int"
	Results string // its result types, e.g. "int"
	Harness string // Go source of the harness: package main with func main
	// Part and CoverPart are the harness's second file (partFile), if it
	// has one: CoverPart in a build with Cover, Part in the others.
	Part, CoverPart string
	// Cover builds with coverage counters (-covermode=atomic, which lets a
	// running program send them: see WriteCoverData and CoverText).
	Cover bool
}

// part is the harness's second file in this build: "" for none.
func (s Spec) part() string {
	if s.Cover {
		return s.CoverPart
	}
	return s.Part
}

// Signature is the declaration the student's file must contain.
func (s Spec) Signature() string {
	return fmt.Sprintf("func %s(n %s) %s", s.Func, s.Params, s.Results)
}

// CompileError is a submission that does not build.
type CompileError struct {
	Message string
	// Refused says a compiler refused the file (not a bound of the
	// builder's), and Said is what it printed, the build directory's name
	// taken out: the message before its language words it for a student.
	Refused bool
	Said    string
}

func (e *CompileError) Error() string { return e.Message }

// Builder builds submissions with one go command into one cache.
type Builder struct {
	Go        string // path of the go command
	GoVersion string // its version, e.g. "go1.26.8"
	CacheDir  string // where built binaries are kept; "" keeps none
	TempDir   string // where build directories are made
	// MaxTime, MaxMemory and MaxBinary bound a build; 0 means the
	// defaults below. A build past one is a compile error that says so.
	MaxTime   time.Duration
	MaxMemory int64
	MaxBinary int64
	// GoRoot and GoCache are the go command's GOROOT and build cache
	// (go env): a jailed go build reads the first and writes the second.
	GoRoot  string
	GoCache string
	// GoToolDir holds the toolchain's compile and link, which build a
	// plain submission without the go command where the builder jails
	// its builds and keeps a cache; "" builds every one with go build.
	GoToolDir string
	// Jail, when it can isolate, runs every build's tools (go, javac,
	// g++, gcc, Python's check): they see their toolchain and the build
	// directory only, so that #include, .incbin, //go:embed or a link in
	// the source cannot read anything else.
	Jail *sandbox.Jail
	// Activity, when set, hears of the build a first judging waits for,
	// the jail's helper's (with Go's standard library, on an empty Go
	// cache: 13 s on a slow 2-core machine), for the live line.
	Activity interface {
		Start(what string) (stop func())
	}
}

// Default bounds of a build. The slowest honest solution builds in about a
// second and 100 MiB; a few lines of nested generics can ask the compiler
// for minutes and gigabytes.
const (
	DefaultMaxTime   = 60 * time.Second
	DefaultMaxMemory = 2 << 30  // resident bytes of the go command and the compiler together
	DefaultMaxBinary = 32 << 20 // a solution's binary is about 2 MiB
)

// studentFile, harnessFile and partFile are the names of the student's
// file, the harness and the harness's second file (Spec.Part) inside the
// build module. The harness's names sort first: its init runs before any
// of the student's.
const (
	studentFile = "solution.go"
	harnessFile = "judge_harness.go"
	partFile    = "judge_harness_part.go"
)

// modulePath is the build module's path; with -trimpath, stack traces name
// the student's file as modulePath/studentFile.
const modulePath = "submission"

// Build returns the path of a binary for spec, or a *CompileError. Any other
// error means the judge could not do its work.
func (b *Builder) Build(ctx context.Context, spec Spec) (string, error) {
	code := spec.Code
	if err := spec.CodeErr; err != nil {
		return "", &CompileError{Message: relabel(err.Error(), spec.Display)}
	}
	if problem := checkSignature(code, spec); problem != "" {
		return "", &CompileError{Message: problem}
	}
	code = withImports(code, MissingImports(code))

	command := b.goBuild()
	if spec.Cover {
		command = append(command, "-cover", "-covermode=atomic")
	}
	command = append(command, "-o", "submission"+exeSuffix(), ".")
	key := Key(b.GoVersion, spec.Harness, spec.part(), string(code), strings.Join(command[1:], " ")) + exeSuffix()
	files := map[string][]byte{
		"go.mod":    []byte(fmt.Sprintf("module %s\n\ngo %s\n", modulePath, languageVersion(b.GoVersion))),
		studentFile: code,
		harnessFile: []byte(spec.Harness),
	}
	if part := spec.part(); part != "" {
		files[partFile] = []byte(part)
	}
	return b.cached(key, spec.Display, files, func(dir string) (string, error) {
		out := filepath.Join(dir, "submission"+exeSuffix())
		argv := slices.Clone(command)
		argv[len(argv)-2] = out
		var output []byte
		var err error
		if b.jailed() && b.GoRoot != "" && b.GoCache != "" {
			if out, err := b.buildDirect(ctx, dir, spec, code); out != "" || err != nil {
				return out, err
			}
			output, err = b.runJailedGo(ctx, dir, spec.Display, argv)
		} else {
			// The go command's work directory goes in the build directory
			// too, removed with it when the build is stopped at a bound.
			tmp := filepath.Join(dir, "tmp")
			if err := os.Mkdir(tmp, 0o700); err != nil {
				return "", err
			}
			env := append(os.Environ(), append(goEnv, "GOTMPDIR="+tmp, "TMPDIR="+tmp)...)
			output, err = b.runTool(ctx, tool{jail: sandbox.NoJail, dir: dir, env: env, procs: goProcesses, display: spec.Display}, argv...)
		}
		if errors.Is(err, ErrToolFailed) && bytes.Contains(output, []byte("file too large")) {
			// The jail's cap on a file's size (Go's tools see EFBIG, not
			// SIGXFSZ, which the Go runtime ignores).
			return "", &CompileError{Message: tooLargeAFile(spec.Display)}
		}
		if errors.Is(err, ErrToolFailed) {
			if err := b.goRunsInTheJail(ctx, dir, spec.Display); err != nil {
				return "", err
			}
			return "", &CompileError{Message: compilerMessage(string(output), dir, spec.Display)}
		}
		return out, err
	})
}

// goRunsInTheJail is nil when the go command, jailed as a build is, lists
// the standard library's runtime package: a failed build is then the
// student's compile error. Otherwise the jail hides part of the toolchain
// (a GOROOT laid out as the judge did not foresee) and the failure is the
// judge's, with what go said.
func (b *Builder) goRunsInTheJail(ctx context.Context, dir, display string) error {
	if !b.jailed() || b.GoRoot == "" || b.GoCache == "" {
		return nil
	}
	out, err := b.runJailedGo(ctx, dir, display, []string{b.Go, "list", "runtime"})
	if errors.Is(err, ErrToolFailed) {
		return notInTheJail("go", display, string(out))
	}
	return err
}

// tooLargeAFile is the message for a build stopped at the jail's cap on a
// file's size.
func tooLargeAFile(display string) string {
	return msg.Sprintf("%s: the build wrote a file larger than %d MiB: is there a huge table in it?", display, maxToolFile>>20)
}

// Key names a build, or a measurement (package calibrate), by everything
// that went into it. Each part is length-prefixed, so that no two lists of
// parts hash alike.
func Key(parts ...string) string {
	sum := sha256.New()
	for _, part := range parts {
		fmt.Fprintf(sum, "%d\n%s", len(part), part)
	}
	return hex.EncodeToString(sum.Sum(nil))[:32]
}

// cached returns the cached program named key, or makes it: it writes files
// into a new build directory, where make builds the program and returns
// its path; the program is then kept in the cache, sealed.
func (b *Builder) cached(key, display string, files map[string][]byte, make func(dir string) (string, error)) (string, error) {
	cached := ""
	if b.CacheDir != "" {
		cached = filepath.Join(b.CacheDir, key)
		// own checks what it hands out against the cache's seal: a binary
		// changed in the cache, or not sealed, is built again.
		if own, err := b.own(cached, key); err == nil {
			markUsed(cached)
			return own, nil
		}
	}

	dir, err := os.MkdirTemp(b.TempDir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	if err := writeFiles(dir, files); err != nil {
		return "", err
	}
	out, err := make(dir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(out); err == nil && fi.Size() > cmp.Or(b.MaxBinary, DefaultMaxBinary) {
		return "", &CompileError{Message: msg.Sprintf("%s: the program built is %d MiB, more than the %d MiB a solution may take: is there a huge table in it?",
			display, fi.Size()>>20, cmp.Or(b.MaxBinary, DefaultMaxBinary)>>20)}
	}
	if cached == "" {
		// No cache: the binary must outlive the build directory.
		keep := filepath.Join(b.TempDir, "bin-"+key)
		return keep, os.Rename(out, keep)
	}
	if err := os.MkdirAll(b.CacheDir, 0o700); err != nil {
		return "", err
	}
	if err := moveFile(out, cached); err != nil {
		return "", err
	}
	if err := seal(cached); err != nil {
		return "", err
	}
	prune(b.CacheDir, keepBinaries, keepSharedBytes)
	return b.own(cached, key)
}

// own is a name of the builder's own, in its TempDir, for the cached
// binary: another judge's prune (or -grade -p N's other workers') may
// remove the cache's name between this build and the run, not this one.
// A hard link where the cache and TempDir share a file system, else a
// copy, checked against the cache's seal: each use hashes the binary once,
// and a binary changed in (or gone from) the cache is an error.
func (b *Builder) own(cached, key string) (string, error) {
	want, err := os.ReadFile(cached + ".sha256")
	if err != nil {
		return "", err
	}
	name := filepath.Join(b.TempDir, "bin-"+key)
	if sameFile(name, cached) { // a link made before: its sum is the cache's
		if got, err := fileSum(name); err == nil && got == string(want) {
			return name, nil
		}
	}
	f, err := os.CreateTemp(b.TempDir, "bin-"+key+"-")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	f.Close()
	os.Remove(tmp)
	if err := os.Link(cached, tmp); err != nil {
		if err := copyFile(cached, tmp); err != nil {
			os.Remove(tmp)
			return "", err
		}
	}
	if got, err := fileSum(tmp); err != nil || got != string(want) {
		os.Remove(tmp)
		return "", msg.Errorf("%s changed in the cache", key)
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return name, nil
}

// moveFile moves the binary at from to to. Where the two are on different
// file systems (a /tmp in memory beside a home on disk, as Debian 13,
// Fedora and Arch set up), a rename cannot: it is written anew at to, as
// atomicfile writes (beside, then renamed), so that to is never seen half
// written. A binary is at most MaxBinary.
func moveFile(from, to string) error {
	if err := os.Rename(from, to); err == nil {
		return nil
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return atomicfile.Write(to, data, 0o755)
}

// sameFile reports whether a and b are one file (a hard link).
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// writeFiles writes each of files into dir, by name.
func writeFiles(dir string, files map[string][]byte) error {
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copyFile copies an executable.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return errors.Join(err, out.Close())
}

// StudentFile is how a coverage profile names the student's file.
const StudentFile = modulePath + "/" + studentFile

// CoverText turns the counters a covered program wrote into dir into Go's
// text profile (go tool covdata textfmt), run like a build: jailed where
// it can be, since the program wrote what it reads.
func (b *Builder) CoverText(ctx context.Context, dir string) ([]byte, error) {
	out := filepath.Join(dir, "profile.txt")
	argv := []string{b.Go, "tool", "covdata", "textfmt", "-i=" + dir, "-o=" + out}
	var err error
	if b.jailed() && b.GoRoot != "" && b.GoCache != "" {
		_, err = b.runJailedGo(ctx, dir, "coverage", argv)
	} else {
		_, err = b.runTool(ctx, tool{jail: sandbox.NoJail, dir: dir, env: append(os.Environ(), goEnv...), procs: goProcesses, display: "coverage"}, argv...)
	}
	if err != nil {
		return nil, err
	}
	return safeopen.ReadFile(out, maxToolOutput)
}

// Go's coverage data files: the magic numbers their headers start with,
// and where the meta-data file's header keeps the hash that names both.
var (
	coverMetaMagic     = []byte{0x00, 0x63, 0x76, 0x6d}
	coverCountersMagic = []byte{0x00, 0x63, 0x77, 0x6d}
)

const coverHashAt, coverHashLen = 24, 16

// WriteCoverData writes into dir, as go tool covdata reads them, the
// coverage meta-data and counters a covered program's harness sent: its
// meta-data's length in decimal and a newline, the meta-data, the counters.
// What a student's program sent is data: it is checked, and only the two
// files this names are written.
func WriteCoverData(dir string, sent []byte) error {
	size, rest, ok := bytes.Cut(sent, []byte("\n"))
	n, err := strconv.Atoi(string(size))
	if !ok || err != nil || n < coverHashAt+coverHashLen || n > len(rest) {
		return msg.Errorf("coverage data: not what the harness sends")
	}
	meta, counters := rest[:n], rest[n:]
	if !bytes.HasPrefix(meta, coverMetaMagic) || !bytes.HasPrefix(counters, coverCountersMagic) {
		return msg.Errorf("coverage data: not what the harness sends")
	}
	hash := hex.EncodeToString(meta[coverHashAt : coverHashAt+coverHashLen])
	for name, data := range map[string][]byte{"covmeta." + hash: meta, "covcounters." + hash + ".1.1": counters} {
		if err := WriteNew(filepath.Join(dir, name), data); err != nil {
			return err
		}
	}
	return nil
}

// WriteNew writes data to a file that must not exist yet: what a run sent
// back, written by the judge where its tools read it (counts, coverage).
func WriteNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// linkFlags are the linker's flags for a submission, by go build or
// directly (buildDirect): no DWARF and no symbol table, which a run never
// reads (its stack traces come from the runtime's own table); the symbol
// table alone was a seventh of a link's CPU.
var linkFlags = []string{"-s", "-w"}

// goBuild is the go command building a program as the judge builds them
// all (a submission, the jail's helper): file names without the build's
// folder, linkFlags.
func (b *Builder) goBuild() []string {
	return []string{b.Go, "build", "-trimpath", "-ldflags=" + strings.Join(linkFlags, " ")}
}

// goEnv makes a go build of a submission self-contained: the standard
// library only, no cgo, no other toolchain, no workspace, whatever the
// user's settings.
var goEnv = []string{"GOFLAGS=", "GOWORK=off", "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GO111MODULE=on", "GOPROXY=off"}

// runJailedGo runs go build in the builder's jail: it reads GOROOT and
// the build directory, and writes the build directory and the go build
// cache. Its temporary files go in a folder of the build directory (the
// go command ignores a go.mod in the temporary directory's root).
func (b *Builder) runJailedGo(ctx context.Context, dir, display string, argv []string) ([]byte, error) {
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil { // a probe after a build reuses it
		return nil, err
	}
	if err := telemetryOff(tmp); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(b.GoCache, 0o700); err != nil {
		return nil, err
	}
	env := append([]string{
		"PATH=" + filepath.Join(b.GoRoot, "bin") + ":/usr/bin:/bin",
		"GOROOT=" + b.GoRoot,
		"GOCACHE=" + b.GoCache,
		"GOPATH=" + filepath.Join(tmp, "gopath"),
		"GOENV=off",
		"GOTELEMETRY=off",
		"HOME=" + tmp,
		"TMPDIR=" + tmp,
	}, goEnv...)
	return b.runTool(ctx, tool{jail: b.Jail, dir: dir, env: env, readOnly: goRootPaths(b.GoRoot), writable: []string{dir, b.GoCache}, procs: goProcesses, display: display}, argv...)
}

// goRootPaths are the folders a jailed go command reads: GOROOT, and where
// the symbolic links among its folders and pkg's lead outside it. Debian's
// and Ubuntu's packages of Go (golang-1.N-go, and the golang-backports PPA
// the same way) keep GOROOT in /usr/lib/go-1.N with src, api, misc, test
// and pkg/include linked into /usr/share/go-1.N: a jail that showed GOROOT
// alone showed those links dangling, and no Go file built.
func goRootPaths(root string) []string {
	paths := []string{root}
	for _, dir := range []string{root, filepath.Join(root, "pkg")} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.Type()&fs.ModeSymlink == 0 {
				continue
			}
			real, err := filepath.EvalSymlinks(filepath.Join(dir, e.Name()))
			if err != nil {
				continue
			}
			if rel, err := filepath.Rel(root, real); err != nil || !filepath.IsLocal(rel) {
				paths = append(paths, real)
			}
		}
	}
	return paths
}

// telemetryOff turns the go command's telemetry off in home, as `go
// telemetry off` would: with a fresh home its mode is "local", and every
// build started a second go process to write reports no one reads (6 % of
// a jailed build's CPU time: BenchmarkJailedBuild/go/jail, 20 builds, CPU
// time by /usr/bin/time, three runs each way).
func telemetryOff(home string) error {
	dir := filepath.Join(home, ".config", "go", "telemetry")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "mode"), []byte("off"), 0o600)
}

// goProcesses is how many threads a go build may run at once: the go
// command and a compiler per core, each with a thread per core.
var goProcesses = max(toolProcesses, 16*runtime.NumCPU())

// exeSuffix ends the name of a program where the system needs it to.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// ErrToolFailed: a tool the builder ran exited with an error status; its
// output says why.
var ErrToolFailed = msg.Errorf("the tool failed")

// seal records a cached binary's checksum beside it; own checks it, so
// that a binary changed in the cache is built again rather than run.
func seal(path string) error {
	sum, err := fileSum(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path+".sha256", []byte(sum), 0o600)
}

func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// pruneShared removes a shared folder (Builder.Shared) unused for
// keepShared, and one left half made by a judge that was stopped; it
// reports whether it removed e.
func pruneShared(dir string, e os.DirEntry) bool {
	info, err := e.Info()
	if err != nil {
		return false
	}
	age := time.Since(info.ModTime())
	switch name := e.Name(); {
	case strings.HasPrefix(name, sharedTemp) && age > DefaultMaxTime+time.Minute,
		strings.HasPrefix(name, sharedPrefix) && age > keepShared:
		return os.RemoveAll(filepath.Join(dir, name)) == nil
	}
	return false
}

// markUsed marks a file or folder of the cache as just used, so that
// prune keeps it over those used less recently.
func markUsed(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
}

// keepShared is how long the cache keeps a shared folder no build uses:
// one made by an older compiler goes after a month.
const keepShared = 30 * 24 * time.Hour

// keepBinaries is how many built submissions the cache keeps.
const keepBinaries = 64

// keepSharedBytes bounds the shared folders together (a C++ prelude
// precompiled for one set of flags is 120-160 MiB; a judging uses up to
// four sets): past it, the least recently used go, the newest always
// stays.
const keepSharedBytes = 1 << 30

// CacheBound is about the most the cache takes: the shared folders'
// bound, and the binaries kept, at about 4 MiB each.
const CacheBound = keepSharedBytes + keepBinaries*4<<20

// prune removes all but the keep most recently used files of dir, the
// shared folders pruneShared finds stale, and the least recently used
// shared folders past sharedBytes together.
func prune(dir string, keep int, sharedBytes int64) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type file struct {
		path string
		used time.Time
	}
	var files, shared []file
	for _, e := range entries {
		if e.IsDir() {
			if pruneShared(dir, e) {
				continue
			}
			made := strings.HasPrefix(e.Name(), sharedPrefix) && !strings.HasPrefix(e.Name(), sharedTemp)
			if info, err := e.Info(); err == nil && made {
				shared = append(shared, file{filepath.Join(dir, e.Name()), info.ModTime()})
			}
			continue
		}
		if strings.HasSuffix(e.Name(), ".sha256") {
			continue
		}
		if info, err := e.Info(); err == nil {
			files = append(files, file{filepath.Join(dir, e.Name()), info.ModTime()})
		}
	}
	newestFirst := func(a, b file) int { return b.used.Compare(a.used) }
	slices.SortFunc(shared, newestFirst)
	total := int64(0)
	for i, f := range shared {
		total += Size(f.path)
		if i > 0 && total > sharedBytes {
			os.RemoveAll(f.path)
		}
	}
	if len(files) <= keep {
		return
	}
	slices.SortFunc(files, newestFirst)
	for _, f := range files[keep:] {
		os.Remove(f.path)
		os.Remove(f.path + ".sha256")
	}
}

// Size is how many bytes the files under path take (-status shows the
// cache's); what cannot be read counts nothing.
func Size(path string) int64 {
	var total int64
	filepath.WalkDir(path, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total
}

// languageVersion turns "go1.26.8" into "1.26" for a go.mod go line.
func languageVersion(v string) string { return strings.TrimPrefix(version.Lang(v), "go") }

// Prepare rewrites a student's file into package main without moving any
// line: the package clause becomes "package main" (one is added on the first
// line when the file has none, as when pasted from LeetCode), and a func main
// kept for local testing is renamed to the blank identifier so that it
// cannot clash with the harness.
func Prepare(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file := fset.AddFile(studentFile, -1, len(src))
	var s scanner.Scanner
	var scanErr error
	s.Init(file, src, func(pos token.Position, msg string) {
		if scanErr == nil {
			scanErr = fmt.Errorf("%s: %s", pos, msg)
		}
	}, 0)

	out := bytes.Clone(src)
	var prev token.Token
	first := true
	depth := 0 // nesting of (), [] and {}: only top-level funcs count
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if first {
			first = false
			if tok != token.PACKAGE {
				out = append([]byte("package main; "), src...)
				return Prepare(out)
			}
		}
		switch tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		case token.IDENT:
			off := file.Offset(pos)
			switch {
			case prev == token.PACKAGE:
				out = append(append(bytes.Clone(out[:off]), "main"...), out[off+len(lit):]...)
				// Offsets after this point moved; redo the scan on the new text
				// (the clause now says main, so this branch is not taken again).
				if lit != "main" {
					return Prepare(out)
				}
			case prev == token.FUNC && depth == 0 && lit == "main":
				copy(out[off:], "_   ")
			}
		}
		prev = tok
	}
	if first { // empty file
		return []byte("package main\n"), nil
	}
	return out, scanErr
}

// checkSignature reports, in words, a missing function or one with the
// wrong signature. It stays quiet when the file does not parse: the
// compiler's own message is clearer then.
func checkSignature(code []byte, spec Spec) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, studentFile, code, parser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	want := spec.Signature()
	var names []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil {
			continue
		}
		names = append(names, fn.Name.Name)
		if fn.Name.Name != spec.Func {
			continue
		}
		got := typeString(fset, fn.Type.Params) + " -> " + typeString(fset, fn.Type.Results)
		if got != spec.Params+" -> "+spec.Results {
			var b bytes.Buffer
			printer.Fprint(&b, fset, fn.Type)
			line := fset.Position(fn.Pos()).Line
			return msg.Sprintf("%s:%d: %s has the wrong signature\n\thave %s\n\twant %s",
				spec.Display, line, spec.Func, strings.Replace(b.String(), "func", "func "+spec.Func, 1), want)
		}
		return ""
	}
	text := msg.Sprintf("%s: no function %s; the judge calls\n\t%s", spec.Display, spec.Func, want)
	for _, n := range names {
		if strings.EqualFold(n, spec.Func) {
			text += msg.Sprintf("\n(found %s: names are case-sensitive)", n)
		}
	}
	var renamed []string
	for _, n := range names {
		if strings.HasPrefix(n, spec.Func) && n != spec.Func {
			renamed = append(renamed, n)
		}
	}
	return text + RenamedNote(renamed, spec.Func)
}

// RenamedNote is the line that follows a missing function's message when
// the file has names that are fn with more after it (notes number the
// methods they compare: totalNQueens1, totalNQueens2); "" for none.
func RenamedNote(names []string, fn string) string {
	if len(names) == 0 {
		return ""
	}
	return msg.Sprintf("\n(found %s: the judge calls %s, by that name alone)", strings.Join(names, ", "), fn)
}

// typeString prints the types of a field list, without names: "int, int".
func typeString(fset *token.FileSet, fields *ast.FieldList) string {
	if fields == nil {
		return ""
	}
	var types []string
	for _, f := range fields.List {
		var b bytes.Buffer
		printer.Fprint(&b, fset, f.Type)
		for range max(1, len(f.Names)) {
			types = append(types, b.String())
		}
	}
	return strings.Join(types, ", ")
}

// notStandard is the go command's error for an import outside the
// standard library, and the advice it appends.
var notStandard = lazy.Regexp(`(?s)(no required module provides package )(\S+?);? to add it:\s*go get \S+`)

// compilerMessage makes the go command's output speak of the student's file.
func compilerMessage(out, dir, display string) string {
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "# ") {
			continue
		}
		lines = append(lines, line)
	}
	text := relabel(strings.ReplaceAll(strings.Join(lines, "\n"), dir+string(filepath.Separator), "./"), display)
	if m := notStandard().FindStringSubmatch(text); m != nil {
		// The go command's own advice (go get) does not apply here.
		text = notStandard().ReplaceAllString(text, "$1$2")
		return text + msg.Sprintf("\n(a submission gets Go's standard library only: %s is not part of it; tests of your own belong in a _test.go file beside your solution, which the judge does not build)", m[2])
	}
	return text
}

// relabel replaces the build module's name for the student's file with the
// name the student knows.
func relabel(s, display string) string {
	s = strings.ReplaceAll(s, "./"+studentFile, display)
	s = strings.ReplaceAll(s, modulePath+"/"+studentFile, display)
	if strings.HasPrefix(s, studentFile+":") {
		s = display + s[len(studentFile):]
	}
	return s
}

// Relabel is relabel for text the built program wrote, such as a stack trace.
func Relabel(s, display string) string {
	return strings.ReplaceAll(s, modulePath+"/"+studentFile, display)
}
