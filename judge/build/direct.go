// A plain Go submission is built by the toolchain's compiler and linker,
// without the go command.

package build

import (
	"bytes"
	"context"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/lazy"
)

// buildDirect compiles and links a plain submission in dir, jailed, with
// the toolchain's compile and link run as go build runs them, but without
// the go command, whose start alone (it reads and hashes the sources of
// every standard package the program uses, to see that none changed) cost
// as much as the compiler and the linker together: judging a new Go file
// took 0.34 s of CPU through go build and 0.18 s built directly (eight
// files, perf stat; BenchmarkJailedBuild/go/jail against jail-go-build
// compares the two builds). It returns "" when go build must build the
// file, or say why it does not build: a file that is not plain
// (plainImports), imports go list cannot describe, or a tool that failed.
// A build stopped at a bound is the *CompileError go build's would be.
func (b *Builder) buildDirect(ctx context.Context, dir string, spec Spec, code []byte) (string, error) {
	if spec.Cover || b.GoToolDir == "" || b.CacheDir == "" {
		return "", nil
	}
	sources := [][]byte{code, []byte(spec.Harness)}
	if part := spec.part(); part != "" {
		sources = append(sources, []byte(part))
	}
	imports, ok := plainImports(sources...)
	if !ok {
		return "", nil
	}
	cfg, err := b.importConfig(ctx, dir, spec.Display, imports)
	if cfg == nil || err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "importcfg"), cfg, 0o600); err != nil {
		return "", err
	}
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		return "", err
	}
	// As go build -trimpath: the files are named by the module's path
	// (stack traces say submission/solution.go), wherever dir is; and no
	// GOROOT in the binary.
	trim := dir + "=>" + modulePath
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		trim = real + "=>" + modulePath + ";" + trim
	}
	out := "submission" + exeSuffix()
	compile := []string{filepath.Join(b.GoToolDir, "compile"+exeSuffix()), "-o", "main.a", "-trimpath", trim,
		"-p", "main", "-lang=go" + languageVersion(b.GoVersion), "-complete", "-goversion", b.GoVersion,
		"-nolocalimports", "-importcfg", "importcfg", "-pack",
		// The harness first: its init runs before any of the student's.
		"./" + harnessFile}
	if spec.part() != "" {
		compile = append(compile, "./"+partFile)
	}
	compile = append(compile, "./"+studentFile)
	link := []string{filepath.Join(b.GoToolDir, "link"+exeSuffix()), "-o", out, "-importcfg", "importcfg", "-buildmode=exe"}
	link = append(append(link, linkFlags...), "main.a")
	env := append([]string{"PATH=/usr/bin:/bin", "GOROOT=", "HOME=" + tmp, "TMPDIR=" + tmp}, goEnv...)
	readOnly := append(goRootPaths(b.GoRoot), b.GoCache)
	if real, err := filepath.EvalSymlinks(b.GoToolDir); err == nil {
		readOnly = append(readOnly, real)
	}
	t := tool{jail: b.Jail, dir: dir, env: env, readOnly: readOnly, writable: []string{dir}, procs: goProcesses, display: spec.Display}
	for _, argv := range [][]string{compile, link} {
		_, err := b.runTool(ctx, t, argv...)
		var ce *CompileError
		switch {
		case errors.As(err, &ce), ctx.Err() != nil:
			return "", err // a bound, or the judging stopped
		case err != nil:
			return "", nil // go build builds it, or says why not
		}
	}
	return filepath.Join(dir, out), nil
}

// plainImports returns the packages that sources import, and whether they
// are plain: no build constraint, no //go: directive (embed, linkname,
// debug: the go command does more for those), no cgo, and only paths a
// standard package can have (lower-case elements, no dot, no internal or
// command package). Anything else, and a file that does not parse, is go
// build's to build.
func plainImports(sources ...[]byte) ([]string, bool) {
	var paths []string
	for _, src := range sources {
		if bytes.Contains(src, []byte("//go:")) || bytes.Contains(src, []byte("+build")) {
			return nil, false
		}
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
		if err != nil {
			return nil, false
		}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || !stdPath().MatchString(path) || strings.HasPrefix(path, "cmd/") ||
				slices.Contains(strings.Split(path, "/"), "internal") {
				return nil, false
			}
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths), true
}

// stdPath matches the paths standard packages have.
var stdPath = lazy.Regexp(`^[a-z][a-z0-9]*(/[a-z0-9]+)*$`)

// importConfig returns an importcfg naming the export data, in Go's build
// cache, of imports and of every package they depend on: what go list
// -export says, run once for each set of imports and toolchain as a
// build's go command is, and kept in the builder's cache. A kept one whose
// files Go's cache no longer holds is made again. It is nil when go list
// fails: go build decides. go list compiles with -trimpath, as goBuild
// does: the standard packages are the ones the jail's helper and every go
// build of a submission use, compiled once in Go's cache, not a second
// copy (a first judging on an empty Go cache, after the helper's build,
// spent 11 s of its 26 s compiling them again).
func (b *Builder) importConfig(ctx context.Context, dir, display string, imports []string) ([]byte, error) {
	// Every program needs runtime; and go list given no package would
	// list the build module's own, compiling the student's file.
	imports = slices.Compact(slices.Sorted(slices.Values(append([]string{"runtime"}, imports...))))
	kept := filepath.Join(b.CacheDir, importcfgPrefix+Key(append([]string{b.GoVersion, b.GoRoot, b.GoCache, "-trimpath"}, imports...)...))
	if cfg, err := os.ReadFile(kept); err == nil && b.validImportConfig(cfg) {
		markUsed(kept)
		return cfg, nil
	}
	argv := append([]string{b.Go, "list", "-trimpath", "-export", "-deps", "-f", "{{if .Export}}packagefile {{.ImportPath}}={{.Export}}{{end}}"}, imports...)
	cfg, err := b.runJailedGo(ctx, dir, display, argv)
	if err != nil || !b.validImportConfig(cfg) {
		return nil, ctx.Err()
	}
	// Kept for the next build; one that cannot be kept is made again then.
	atomicfile.Write(kept, cfg, 0o600)
	return cfg, nil
}

// importcfgPrefix begins the names of kept importcfgs in the cache, where
// prune keeps the most recently used of them with the binaries.
const importcfgPrefix = "importcfg-"

// validImportConfig reports whether cfg is an importcfg of packagefile
// lines only, each naming a file in Go's build cache that is there.
func (b *Builder) validImportConfig(cfg []byte) bool {
	lines := strings.Split(strings.TrimSpace(string(cfg)), "\n")
	for _, line := range lines {
		spec, ok := strings.CutPrefix(line, "packagefile ")
		_, file, found := strings.Cut(spec, "=")
		if !ok || !found || !filepath.IsAbs(file) {
			return false
		}
		if rel, err := filepath.Rel(b.GoCache, file); err != nil || !filepath.IsLocal(rel) {
			return false
		}
		if fi, err := os.Stat(file); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}
