//go:build linux

package build

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// BenchmarkJailedBuild measures what the jail adds to a build: a C
// solution compiled and linked statically by gcc, as the judge does,
// plainly and in the jail, with no cache of the judge's.
//
//	go test -run '^$' -bench JailedBuild -benchtime 20x ./judge/build
func BenchmarkJailedBuild(b *testing.B) {
	b.Run("go", benchmarkJailedGoBuild)
	b.Run("c", benchmarkJailedCBuild)
}

func benchmarkJailedCBuild(b *testing.B) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		b.Skip("needs gcc")
	}
	src := []byte("#include <stdio.h>\nint totalNQueens(int n) { return n; }\nint main(void) { printf(\"%d\\n\", totalNQueens(4)); return 0; }\n")
	plainAndJailed(b, func(b *testing.B, jail *sandbox.Jail) {
		builder := &Builder{TempDir: b.TempDir(), Jail: jail}
		for i := 0; b.Loop(); i++ {
			r := Recipe{Display: "solution.c", Key: []string{string(rune(i))}, Files: map[string][]byte{"solution.c": src},
				Commands: [][]string{{gcc, "-O2", "-static", "-o", "prog", "solution.c"}}, Env: []string{"PATH=/usr/bin:/bin"},
				ReadOnly: []string{"/usr", "/lib", "/lib64", "/bin"}, Output: "prog"}
			if _, err := builder.BuildRecipe(context.Background(), r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// plainAndJailed runs bench as two sub-benchmarks: without the jail and in
// it, where this machine has one.
func plainAndJailed(b *testing.B, bench func(b *testing.B, jail *sandbox.Jail)) {
	b.Run("plain", func(b *testing.B) { bench(b, nil) })
	b.Run("jail", func(b *testing.B) {
		jail := sandbox.NewJail()
		if !jail.Isolates() {
			b.Skip("no jail here")
		}
		bench(b, jail)
	})
}

// TestMain lets this test binary be the jail's helper, and a fake go
// command, compiler or linker.
func TestMain(m *testing.M) {
	sandbox.Helper()
	switch name := filepath.Base(os.Args[0]); name {
	case "go":
		fakeGo()
	case "compile", "link":
		fakeTool(name)
	}
	os.Exit(m.Run())
}

// benchmarkJailedGoBuild is BenchmarkJailedBuild for Go: the standard
// library comes from Go's own build cache, warm after the first run, as on
// a student's machine. A plain file is built directly in the jail
// (buildDirect); "jail-go-build" builds it with go build, as a file that
// is not plain is.
func benchmarkJailedGoBuild(b *testing.B) {
	env, err := FindGo()
	if err != nil {
		b.Skip(err)
	}
	bench := func(b *testing.B, builder *Builder) {
		for b.Loop() {
			src := fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano())
			if _, err := builder.Build(context.Background(), countSpec(src)); err != nil {
				b.Fatal(err)
			}
		}
	}
	plainAndJailed(b, func(b *testing.B, jail *sandbox.Jail) {
		builder := &Builder{CacheDir: b.TempDir(), TempDir: b.TempDir(), Jail: jail}
		builder.UseGo(env)
		bench(b, builder)
	})
	b.Run("jail-go-build", func(b *testing.B) {
		jail := sandbox.NewJail()
		if !jail.Isolates() {
			b.Skip("no jail here")
		}
		builder := &Builder{CacheDir: b.TempDir(), TempDir: b.TempDir(), Jail: jail}
		builder.UseGo(env)
		builder.GoToolDir = ""
		bench(b, builder)
	})
}

// fakeGo stands in for the go command in TestGoBuildRunsInTheJail: it
// tries to read a file beside its build directory and to write one there
// (in the jail that is its own /tmp), says what it could see and fails the
// build. It answers the judge's check that go runs (go list runtime), so
// that the failure is a compile error.
func fakeGo() {
	if strings.Join(os.Args[1:], " ") == "list runtime" {
		fmt.Println("runtime")
		os.Exit(0)
	}
	wd, _ := os.Getwd()
	beside := filepath.Join(filepath.Dir(wd), "secret.txt")
	if data, err := os.ReadFile(beside); err == nil {
		fmt.Printf("read %s\n", data)
	} else {
		fmt.Println("nothing to read beside the build")
	}
	os.WriteFile(filepath.Join(filepath.Dir(wd), "planted.txt"), []byte("x"), 0o644)
	if _, err := os.Stat(os.Getenv("GOCACHE")); err == nil {
		fmt.Println("sees its cache")
	}
	os.Exit(1)
}

func TestGoBuildRunsInTheJail(t *testing.T) {
	jail := sandbox.NewJail()
	if !jail.Complete() || !jail.Isolates() {
		t.Skip("no jail here")
	}
	self, err := os.Executable()
	require.NoError(t, err)
	goRoot := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(goRoot, "bin"), 0o755))
	fake := filepath.Join(goRoot, "bin", "go")
	data, err := os.ReadFile(self)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(fake, data, 0o755))

	jail.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"} // this test binary is linked dynamically; go is not
	b := testBuilder(t)
	b.Go, b.GoRoot, b.GoCache, b.Jail = fake, goRoot, filepath.Join(t.TempDir(), "cache"), jail
	secret := filepath.Join(b.TempDir, "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte("another student's file"), 0o600))

	_, err = b.Build(context.Background(), countSpec([]byte("func totalNQueens(n int) int { return n }\n")))
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Message, "nothing to read beside the build")
	assert.Contains(t, ce.Message, "sees its cache")
	assert.NotContains(t, ce.Message, "another student's file")
	assert.NoFileExists(t, filepath.Join(b.TempDir, "planted.txt"))
}

// jailedGoBuilder is a builder that runs the machine's go command in the
// jail, with its GOROOT and build cache (testBuilder's, from FindGo).
func jailedGoBuilder(t *testing.T) *Builder {
	t.Helper()
	jail := sandbox.NewJail()
	if !jail.Complete() || !jail.Isolates() {
		t.Skip("no jail here")
	}
	b := testBuilder(t)
	b.Jail = jail
	return b
}

func TestJailedGoBuildBuilds(t *testing.T) {
	b := jailedGoBuilder(t)
	bin, err := b.Build(context.Background(), countSpec(fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano()%1000)))
	require.NoError(t, err)
	assert.FileExists(t, bin)

	_, err = b.Build(context.Background(), countSpec([]byte("func totalNQueens(n int) int { return m }\n")))
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Message, "mine.go:1:")
	assert.Contains(t, ce.Message, "undefined: m")
}

// linkedGoRoot makes a GOROOT whose entries are relative links into the
// real one, except the folders in real (GOROOT's own, "pkg", "src"): those
// are folders of such links. It returns a jailed builder that uses it.
func linkedGoRoot(t *testing.T, real ...string) *Builder {
	t.Helper()
	b := jailedGoBuilder(t)
	goRoot, err := filepath.EvalSymlinks(b.GoRoot)
	require.NoError(t, err)
	root := filepath.Join(t.TempDir(), "lib", "go")
	for _, dir := range real {
		require.NoError(t, os.MkdirAll(filepath.Join(root, dir), 0o755))
	}
	for _, dir := range real {
		entries, err := os.ReadDir(filepath.Join(goRoot, dir))
		require.NoError(t, err)
		for _, e := range entries {
			name := filepath.Join(dir, e.Name())
			if slices.Contains(real, name) {
				continue
			}
			target, err := filepath.Rel(filepath.Join(root, dir), filepath.Join(goRoot, name))
			require.NoError(t, err)
			require.NoError(t, os.Symlink(target, filepath.Join(root, name)))
		}
	}
	b.Go, b.GoRoot = filepath.Join(root, "bin", "go"), root
	return b
}

// A GOROOT laid out as Debian's and Ubuntu's packages lay it out, its
// folders links to another (/usr/lib/go-1.N/src -> ../../share/go-1.N/src),
// builds in the jail as the go.dev layout does.
func TestJailedGoBuildBuildsFromALinkedGOROOT(t *testing.T) {
	b := linkedGoRoot(t, ".", "pkg")
	target, err := os.Readlink(filepath.Join(b.GoRoot, "src"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(target, ".."), "src links outside GOROOT, relatively: %s", target)
	bin, err := b.Build(context.Background(), countSpec(fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano()%1000)))
	require.NoError(t, err)
	assert.FileExists(t, bin)
}

// A GOROOT whose links the jail does not follow (here src's own entries,
// deeper than the judge looks) fails its build there: the judge's error,
// not the student's compile error.
func TestJailedGoThatCannotSeeItsSourcesIsTheJudgesError(t *testing.T) {
	b := linkedGoRoot(t, ".", "pkg", "src")
	_, err := b.Build(context.Background(), countSpec([]byte("func totalNQueens(n int) int { return n }\n")))
	require.Error(t, err)
	var ce *CompileError
	assert.False(t, errors.As(err, &ce), "a compile error: %v", err)
	assert.Contains(t, err.Error(), "go does not run in the judge's jail on this machine, so mine.go could not be built")
}

func TestGoRootPathsFollowItsLinksOut(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	root, share := filepath.Join(dir, "lib", "go-1.26"), filepath.Join(dir, "share", "go-1.26")
	for _, d := range []string{filepath.Join(root, "bin"), filepath.Join(root, "pkg", "tool"), filepath.Join(share, "src"), filepath.Join(share, "pkg", "include"), filepath.Join(root, "lib")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	require.NoError(t, os.Symlink("../../share/go-1.26/src", filepath.Join(root, "src")))
	require.NoError(t, os.Symlink("../../../share/go-1.26/pkg/include", filepath.Join(root, "pkg", "include")))
	require.NoError(t, os.Symlink("lib", filepath.Join(root, "misc"))) // inside: nothing more to show
	require.NoError(t, os.Symlink("../../nowhere", filepath.Join(root, "test")))
	assert.Equal(t, []string{root, filepath.Join(share, "src"), filepath.Join(share, "pkg", "include")}, goRootPaths(root))
}

// A tool that starts too many processes is refused them, and is not told
// "the build took more than": as root the jail's process count stops it
// (stoppedTool's message), as an ordinary user the kernel's RLIMIT_NPROC
// refuses the forks first (the tool's own words).
func TestJailedToolWithTooManyProcessesIsNotOutOfTime(t *testing.T) {
	jail := sandbox.NewJail()
	if !jail.Isolates() {
		t.Skip("no jail here")
	}
	builder := &Builder{TempDir: t.TempDir(), Jail: jail}
	// Bounded: the jail stops it at toolProcesses; each child sleeps 2 s.
	r := Recipe{Display: "solution.c", Files: map[string][]byte{"solution.c": nil},
		Commands: [][]string{{"/bin/sh", "-c", "i=0; while [ $i -lt 200 ]; do sleep 2 & i=$((i+1)); done; wait"}},
		Env:      []string{"PATH=/usr/bin:/bin"}, ReadOnly: []string{"/usr", "/lib", "/lib64", "/bin"},
		Output: "prog"}
	_, err := builder.BuildRecipe(context.Background(), r)
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Regexp(t, fmt.Sprintf("solution.c: the compiler started more than %d processes or threads at once|[Cc]annot fork", toolProcesses), ce.Message)
	assert.NotContains(t, ce.Message, "took more than")
}

// A compiler the jail does not show what it needs (here: the program it
// starts, in a folder outside the recipe's, as a library can be: it
// starts, then fails) fails its probe there too: the judge's error, not
// the student's compile error.
func TestJailedToolchainThatCannotRunIsTheJudgesError(t *testing.T) {
	jail := sandbox.NewJail()
	if !jail.Isolates() {
		t.Skip("no jail here")
	}
	hidden := t.TempDir()
	sh, err := os.ReadFile("/bin/sh")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(hidden, "sh"), sh, 0o755))
	tool := filepath.Join(t.TempDir(), "cc")
	require.NoError(t, os.WriteFile(tool, []byte("#!/bin/sh\nexec '"+filepath.Join(hidden, "sh")+"' -c true\n"), 0o755))
	out, err := exec.Command(tool).CombinedOutput()
	require.NoError(t, err, "outside the jail it runs: %s", out)
	builder := &Builder{TempDir: t.TempDir(), Jail: jail}
	r := Recipe{Display: "solution.c", Files: map[string][]byte{"solution.c": nil},
		Commands: [][]string{{tool, "solution.c"}}, Probe: []string{tool, "--version"},
		Env: []string{"PATH=/usr/bin:/bin"}, ReadOnly: []string{"/usr", "/lib", "/lib64", "/bin"}, Output: "prog"}
	_, err = builder.BuildRecipe(context.Background(), r)
	require.Error(t, err)
	var ce *CompileError
	assert.False(t, errors.As(err, &ce), "not a compile error: %v", err)
	assert.Contains(t, err.Error(), "cc does not run in the judge's jail on this machine, so solution.c could not be built")
}

// The mode file telemetryOff writes is what the go command reads: a jailed
// build's go (HOME its own fresh folder) reports telemetry off.
func TestTelemetryOffIsWhatGoReads(t *testing.T) {
	env, err := FindGo()
	if err != nil {
		t.Skip(err)
	}
	home := t.TempDir()
	require.NoError(t, telemetryOff(home))
	cmd := exec.Command(env.Path, "env", "GOTELEMETRY")
	cmd.Env = []string{"HOME=" + home, "GOENV=off", "PATH=" + filepath.Dir(env.Path)}
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, "off", strings.TrimSpace(string(out)))
}
