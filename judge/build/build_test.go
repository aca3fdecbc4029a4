package build

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

func TestPrepareKeepsEveryLineInPlace(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"renames the package", "package nqueensii\n\nfunc f() {}\n", "package main\n\nfunc f() {}\n"},
		{"keeps package main", "package main\nfunc f() {}\n", "package main\nfunc f() {}\n"},
		{"adds a clause on line 1", "func f() {}\n", "package main; func f() {}\n"},
		{"adds a clause before a comment", "// pasted\nfunc f() {}\n", "package main; // pasted\nfunc f() {}\n"},
		{"blanks a student's main", "package x\n\nfunc main() {}\n", "package main\n\nfunc _   () {}\n"},
		{"leaves methods and calls named main alone", "package x\nfunc (t T) main() {}\nfunc g() { main2() }\n", "package main\nfunc (t T) main() {}\nfunc g() { main2() }\n"},
		{"empty file", "", "package main\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Prepare([]byte(tt.src))
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestCheckSignature(t *testing.T) {
	spec := Spec{Display: "sol.go", Func: "totalNQueens", Params: "int", Results: "int"}
	assert.Empty(t, checkSignature([]byte("package main\nfunc totalNQueens(n int) int { return 0 }\n"), spec))
	assert.Empty(t, checkSignature([]byte("package main\nfunc totalNQueens(size int) (count int) { return }\n"), spec),
		"names of parameters and results do not matter")
	assert.Equal(t, "sol.go:2: totalNQueens has the wrong signature\n\thave func totalNQueens(n, m int) int\n\twant func totalNQueens(n int) int",
		checkSignature([]byte("package main\nfunc totalNQueens(n, m int) int { return 0 }\n"), spec))
	assert.Contains(t, checkSignature([]byte("package main\nfunc TotalNQueens(n int) int { return 0 }\n"), spec),
		"(found TotalNQueens: names are case-sensitive)")
	assert.Equal(t, "sol.go: no function totalNQueens; the judge calls\n\tfunc totalNQueens(n int) int\n(found totalNQueens1, totalNQueens2: the judge calls totalNQueens, by that name alone)",
		checkSignature([]byte("package main\nfunc totalNQueens1(n int) int { return 0 }\nfunc totalNQueens2(n int) int { return 0 }\nfunc f() {}\n"), spec),
		"numbered as notes number the methods they compare")
	assert.Empty(t, checkSignature([]byte("package main\nfunc totalNQueens(n int) int {\n"), spec),
		"a file that does not parse is left to the compiler")
}

func TestLanguageVersion(t *testing.T) {
	assert.Equal(t, "1.26", languageVersion("go1.26.8"))
	assert.Equal(t, "1.27", languageVersion("go1.27rc1"))
}

func TestCompilerMessageSpeaksOfTheStudentsFile(t *testing.T) {
	out := "# submission\n./solution.go:4:9: undefined: stirngs\n"
	assert.Equal(t, "problems/x/solution.go:4:9: undefined: stirngs",
		compilerMessage(out, "/tmp/build-1", "problems/x/solution.go"))
}

func TestPruneKeepsTheMostRecentlyUsed(t *testing.T) {
	dir := t.TempDir()
	base := time.Now()
	for i := range 5 {
		path := filepath.Join(dir, fmt.Sprintf("bin%d", i))
		require.NoError(t, os.WriteFile(path, nil, 0o755))
		used := base.Add(time.Duration(i) * time.Minute)
		require.NoError(t, os.Chtimes(path, used, used))
	}
	prune(dir, 2, keepSharedBytes)
	names := dirNames(t, dir)
	assert.Equal(t, []string{"bin3", "bin4"}, names)
}

// dirNames lists dir's entries by name, in order.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// nestedGenerics is a few lines that ask the compiler for hundreds of
// megabytes and many seconds: 13 levels of types instantiated with
// themselves (about 420 MB here; each level more doubles it).
func nestedGenerics(levels int) []byte {
	var b strings.Builder
	b.WriteString("type T0[A any] struct{ a, b *A }\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "type T%d[A any] struct{ a, b *T%d[T%d[A]] }\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "var x T%d[int]\n\nfunc totalNQueens(n int) int { _ = x; return 0 }\n", levels)
	return []byte(b.String())
}

func testBuilder(t *testing.T) *Builder {
	env, err := FindGo()
	require.NoError(t, err)
	b := &Builder{CacheDir: filepath.Join(t.TempDir(), "bin"), TempDir: t.TempDir()}
	b.UseGo(env)
	return b
}

func countSpec(src []byte) Spec {
	code, err := Prepare(src)
	return Spec{Code: code, CodeErr: err, Display: "mine.go", Func: "totalNQueens", Params: "int", Results: "int",
		Harness: "package main\n\nfunc main() { totalNQueens(1) }\n"}
}

func TestBuildIsBoundedInMemoryAndTime(t *testing.T) {
	// A source of its own each run: one build that once finished (under a
	// looser bound) would sit in Go's build cache and pass at once.
	nested := func() []byte {
		return fmt.Appendf(nestedGenerics(13), "\nconst nonce = %d\n", time.Now().UnixNano())
	}
	// A go command stopped at a bound leaves nothing in the system's
	// temporary folder (its work directory is in the build directory).
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func() {
		entries, _ := os.ReadDir(tmp)
		assert.Empty(t, entries, "left behind by a go build stopped at a bound")
	}()
	b := testBuilder(t)
	b.MaxMemory = 150 << 20
	_, err := b.Build(context.Background(), countSpec(nested()))
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Message, "mine.go: the compiler needed more than 150 MiB of memory to build it")

	b = testBuilder(t)
	b.MaxTime = 500 * time.Millisecond
	_, err = b.Build(context.Background(), countSpec(nested()))
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Message, "mine.go: the build took more than 500ms")
}

func TestBuildRefusesAHugeBinary(t *testing.T) {
	b := testBuilder(t)
	b.MaxBinary = 1 << 20
	_, err := b.Build(context.Background(), countSpec([]byte("var table = [4 << 20]byte{1}\n\nfunc totalNQueens(n int) int { return int(table[n]) }\n")))
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Message, "more than the 1 MiB a solution may take")
	entries, _ := os.ReadDir(b.CacheDir)
	assert.Empty(t, entries, "nothing is cached")
}

func TestACachedBinaryChangedOnDiskIsBuiltAgain(t *testing.T) {
	b := testBuilder(t)
	spec := countSpec([]byte("func totalNQueens(n int) int { return n }\n"))
	bin, err := b.Build(context.Background(), spec)
	require.NoError(t, err)
	good, err := os.ReadFile(bin)
	require.NoError(t, err)

	require.NoError(t, os.WriteFile(bin, []byte("#!/bin/sh\necho 14772512 >&3\n"), 0o755))
	again, err := b.Build(context.Background(), spec)
	require.NoError(t, err)
	assert.Equal(t, bin, again)
	got, err := os.ReadFile(again)
	require.NoError(t, err)
	assert.Equal(t, good, got, "the tampered binary was replaced by a fresh build")
}

// A program built, or found in the cache, stays runnable when another
// judge prunes the cache before it runs: the builder hands out a name of
// its own, not the cache's.
func TestBuiltProgramOutlivesAPruneOfTheCache(t *testing.T) {
	cache, temp := t.TempDir(), t.TempDir()
	b := &Builder{CacheDir: cache, TempDir: temp}
	for _, round := range []string{"built", "found in the cache"} {
		prog, err := b.cached("key", "x.go", nil, func(dir string) (string, error) {
			out := filepath.Join(dir, "prog")
			return out, os.WriteFile(out, []byte("#!/bin/sh\necho 4\n"), 0o755)
		})
		require.NoError(t, err, round)
		assert.NotEqual(t, filepath.Join(cache, "key"), prog, round)
		// Another judge prunes everything but its own builds.
		require.NoError(t, os.Remove(filepath.Join(cache, "key")), round)
		data, err := os.ReadFile(prog)
		require.NoError(t, err, round)
		assert.Equal(t, "#!/bin/sh\necho 4\n", string(data), round)
		// Rebuild the cache entry for the next round.
		if round == "built" {
			_, err := b.cached("key", "x.go", nil, func(dir string) (string, error) {
				out := filepath.Join(dir, "prog")
				return out, os.WriteFile(out, []byte("#!/bin/sh\necho 4\n"), 0o755)
			})
			require.NoError(t, err)
		}
	}
}

// Each bound that stops a build's tool has its own words: only time is
// "the build took more than".
func TestStoppedToolNamesTheBoundThatStoppedIt(t *testing.T) {
	tests := map[string]string{
		sandbox.Processes: "x.c: the compiler started more than 64 processes or threads at once",
		sandbox.Answer:    "x.c: the compiler wrote on the judge's answer channel",
		sandbox.Memory:    "x.c: the compiler needed more than 2048 MiB of memory",
		sandbox.Output:    "x.c: the compiler printed more than",
		sandbox.CPU:       "x.c: the build took more than 1m0s",
		sandbox.Idle:      "x.c: the build took more than 1m0s",
		sandbox.Wall:      "x.c: the build took more than 1m0s",
	}
	for killed, want := range tests {
		t.Run(killed, func(t *testing.T) {
			assert.Contains(t, stoppedTool(killed, "x.c", time.Minute, 2<<30, 64).Message, want)
		})
	}
}

// A build that fails is the student's compile error when the toolchain
// runs, and the judge's error when it does not even start (its probe
// fails too): a library the jail does not show a compiler is not the
// student's fault.
func TestAFailedBuildIsTheStudentsOnlyWhereTheToolchainRuns(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the recipe is a shell command")
	}
	b := &Builder{TempDir: t.TempDir(), Jail: sandbox.NoJail}
	recipe := func(probe ...string) Recipe {
		return Recipe{Display: "solution.c", Files: map[string][]byte{"solution.c": nil},
			Commands: [][]string{{"/bin/sh", "-c", "echo 'solution.c:1:1: error: expected declaration'; exit 1"}},
			Output:   "prog", Probe: probe}
	}
	for name, probe := range map[string][]string{"no probe": nil, "a probe that runs": {"/bin/sh", "-c", "true"}} {
		_, err := b.BuildRecipe(context.Background(), recipe(probe...))
		var ce *CompileError
		require.ErrorAs(t, err, &ce, name)
		assert.Contains(t, ce.Message, "expected declaration", name)
	}
	_, err := b.BuildRecipe(context.Background(), recipe("/bin/sh", "-c", "echo 'libpython3.12.so.1.0: cannot open shared object file'; exit 127"))
	require.Error(t, err)
	var ce *CompileError
	assert.False(t, errors.As(err, &ce), "not a compile error: %v", err)
	assert.Contains(t, err.Error(), "sh does not run in the judge's jail on this machine, so solution.c could not be built: libpython3.12.so.1.0: cannot open")
}

// sharedRecipe makes out.txt from in.txt with the shell: a shared folder
// whose making can be counted (each making appends to log).
func sharedRecipe(log string) Recipe {
	return Recipe{Display: "shared", Key: []string{"test"}, Files: map[string][]byte{"in.txt": []byte("made\n")},
		Commands: [][]string{{"/bin/sh", "-c", "cat in.txt > out.txt; echo once >> '" + log + "'"}}, ReadOnly: []string{"/bin", "/usr", "/lib", "/lib64"}}
}

func TestASharedFolderIsMadeOnceAndWhole(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the recipe is a shell command")
	}
	b := testBuilder(t)
	b.Jail = sandbox.NoJail
	log := filepath.Join(t.TempDir(), "log")
	var dirs [4]string
	var wg sync.WaitGroup
	for i := range dirs {
		wg.Go(func() {
			dir, err := b.Shared(context.Background(), sharedRecipe(log))
			assert.NoError(t, err)
			dirs[i] = dir
		})
	}
	wg.Wait()
	for _, dir := range dirs {
		assert.Equal(t, dirs[0], dir, "every judge gets the one folder, whichever made it")
	}
	out, err := os.ReadFile(filepath.Join(dirs[0], "out.txt"))
	require.NoError(t, err)
	assert.Equal(t, "made\n", string(out), "whole: the commands ran to the end before it was in place")

	made, _ := os.ReadFile(log)
	assert.Equal(t, "once\n", string(made), "four judges at once: one made it, the others waited for it")
	_, err = b.Shared(context.Background(), sharedRecipe(log))
	require.NoError(t, err)
	again, _ := os.ReadFile(log)
	assert.Equal(t, string(made), string(again), "made once it is there: not again")

	for _, name := range dirNames(t, b.CacheDir) {
		assert.False(t, strings.HasPrefix(name, sharedTemp), "a half-made folder left behind: %s", name)
	}

	b.CacheDir = ""
	dir, err := b.Shared(context.Background(), sharedRecipe(log))
	require.NoError(t, err)
	assert.Empty(t, dir, "no cache, nothing shared")
}

func TestASharedFolderThatFailsIsNotKept(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the recipe is a shell command")
	}
	b := testBuilder(t)
	b.Jail = sandbox.NoJail
	r := sharedRecipe(filepath.Join(t.TempDir(), "log"))
	r.Commands = [][]string{{"/bin/sh", "-c", "echo half > out.txt; exit 1"}}
	_, err := b.Shared(context.Background(), r)
	require.Error(t, err)
	entries, _ := os.ReadDir(b.CacheDir)
	assert.Empty(t, entries, "nothing of a failed making stays in the cache")
}

func TestPruneRemovesSharedFoldersUnusedOrHalfMade(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	for name, age := range map[string]time.Duration{
		sharedPrefix + "old":   keepShared + time.Hour,
		sharedPrefix + "used":  time.Hour,
		sharedTemp + "stopped": time.Hour,
		sharedTemp + "making":  time.Second,
		"bin0":                 time.Minute,
	} {
		path := filepath.Join(dir, name)
		if strings.HasPrefix(name, sharedPrefix) {
			require.NoError(t, os.MkdirAll(filepath.Join(path, "sub"), 0o755))
		} else {
			require.NoError(t, os.WriteFile(path, nil, 0o644))
		}
		require.NoError(t, os.Chtimes(path, now.Add(-age), now.Add(-age)))
	}
	prune(dir, 1, keepSharedBytes)
	names := dirNames(t, dir)
	assert.Equal(t, []string{"bin0", sharedTemp + "making", sharedPrefix + "used"}, names,
		"a shared folder goes after a month unused, a half-made one when no build could still be making it; neither counts among the binaries")
}

// Past their bound together, the least recently used shared folders go;
// the newest stays, even alone past it.
func TestPruneBoundsTheSharedFoldersSize(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	for i, name := range []string{"newest", "middle", "oldest"} {
		path := filepath.Join(dir, sharedPrefix+name)
		require.NoError(t, os.MkdirAll(path, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(path, "prelude.gch"), make([]byte, 100), 0o644))
		require.NoError(t, os.Chtimes(path, now.Add(-time.Duration(i)*time.Hour), now.Add(-time.Duration(i)*time.Hour)))
	}
	// One being made by another judge is not the prune's to bound.
	require.NoError(t, os.MkdirAll(filepath.Join(dir, sharedTemp+"making"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, sharedTemp+"making", "prelude.gch"), make([]byte, 100), 0o644))
	assert.Equal(t, int64(400), Size(dir))
	prune(dir, 1, 250)
	assert.Equal(t, []string{sharedPrefix + "middle", sharedPrefix + "newest", sharedTemp + "making"}, dirNames(t, dir))
	prune(dir, 1, 50)
	assert.Equal(t, []string{sharedPrefix + "newest", sharedTemp + "making"}, dirNames(t, dir))
}
