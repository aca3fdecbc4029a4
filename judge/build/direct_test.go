//go:build linux

package build

import (
	"context"
	"debug/buildinfo"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keptImportConfigs are the importcfgs b's cache keeps.
func keptImportConfigs(t *testing.T, b *Builder) []string {
	t.Helper()
	kept, err := filepath.Glob(filepath.Join(b.CacheDir, importcfgPrefix+"*"))
	require.NoError(t, err)
	return kept
}

// builtByGoBuild reports whether bin was linked by go build: only the go
// command gives a program its module's build information.
func builtByGoBuild(t *testing.T, bin string) bool {
	t.Helper()
	info, err := buildinfo.ReadFile(bin)
	require.NoError(t, err)
	return info.Path == modulePath
}

func TestAPlainFileIsBuiltWithoutTheGoCommand(t *testing.T) {
	b := jailedGoBuilder(t)
	src := fmt.Appendf(nil, "func totalNQueens(n int) int {\n\tif n > 1 {\n\t\tpanic(strings.Repeat(\"x\", n))\n\t}\n\treturn %d\n}\n", time.Now().UnixNano()%1000)
	spec := countSpec(src)
	spec.Code = withImports(spec.Code, []string{"strings"})
	spec.Harness = "package main\n\nimport \"os\"\n\nfunc main() { totalNQueens(len(os.Args)) }\n"
	bin, err := b.Build(context.Background(), spec)
	require.NoError(t, err)
	assert.False(t, builtByGoBuild(t, bin))
	kept := keptImportConfigs(t, b)
	require.Len(t, kept, 1)
	cfg, err := os.ReadFile(kept[0])
	require.NoError(t, err)
	assert.Contains(t, string(cfg), "\npackagefile strings=")
	assert.Contains(t, string(cfg), "\npackagefile runtime=")
	assert.NotContains(t, string(cfg), "packagefile "+modulePath+"=", "the student's file is not go list's to compile")

	// As go build -trimpath names it: the judge finds the student's lines
	// in a crash by that name.
	out, err := exec.Command(bin, "x").CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "panic: xx")
	assert.Contains(t, string(out), "\n\t"+modulePath+"/"+studentFile+":3")
	assert.NotContains(t, string(out), b.TempDir)

	// The same imports: the kept importcfg, no second go list.
	bin, err = b.Build(context.Background(), countSpec(fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano()%1000)))
	require.NoError(t, err)
	assert.False(t, builtByGoBuild(t, bin))
	assert.Len(t, keptImportConfigs(t, b), 2, "countSpec's harness imports nothing: a set of its own")
}

// A plain file is linked against the standard packages go build -trimpath
// links a submission (and the jail's helper) against: one copy of each in
// Go's cache, not a second one compiled without -trimpath, which cost a
// first judging on an empty Go cache 11 s of compiling.
func TestAPlainFileUsesGoBuildsStandardPackages(t *testing.T) {
	b := jailedGoBuilder(t)
	_, err := b.Build(context.Background(), countSpec(fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano()%1000)))
	require.NoError(t, err)
	kept := keptImportConfigs(t, b)
	require.Len(t, kept, 1)
	cfg, err := os.ReadFile(kept[0])
	require.NoError(t, err)

	// What go build -trimpath, as the judge runs it, would link: -n prints
	// its importcfg, cache files and all, without building.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+modulePath+"\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o600))
	cmd := exec.Command(b.Go, append(b.goBuild()[1:], "-n", "-o", filepath.Join(dir, "x"), ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append(goEnv, "GOCACHE="+b.GoCache)...)
	plan, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", plan)
	runtimeFile := func(text string) string {
		_, rest, ok := strings.Cut(text, "packagefile runtime=")
		require.True(t, ok, "no runtime in %q", text)
		file, _, _ := strings.Cut(rest, "\n")
		return file
	}
	assert.Equal(t, runtimeFile(string(plan)), runtimeFile(string(cfg)))
}

func TestAFileThatIsNotPlainIsGoBuilds(t *testing.T) {
	b := jailedGoBuilder(t)
	for _, src := range []string{
		"func totalNQueens(n int) int { return f(n) + %d }\n\n//go:noinline\nfunc f(n int) int { return n }\n",
		"func totalNQueens(n int) int { return n + %d }\n\n// +build linux\n",
	} {
		bin, err := b.Build(context.Background(), countSpec(fmt.Appendf(nil, src, time.Now().UnixNano()%1000)))
		require.NoError(t, err)
		assert.True(t, builtByGoBuild(t, bin), "%q", src)
	}
	assert.Empty(t, keptImportConfigs(t, b))
}

func TestACompileErrorIsWordedByGoBuild(t *testing.T) {
	direct := jailedGoBuilder(t)
	goBuild := jailedGoBuilder(t)
	goBuild.GoToolDir = ""
	src := []byte("func totalNQueens(n int) int {\n\tx := 1\n\treturn m\n}\n")
	var messages []string
	for _, b := range []*Builder{direct, goBuild} {
		_, err := b.Build(context.Background(), countSpec(src))
		var ce *CompileError
		require.ErrorAs(t, err, &ce)
		messages = append(messages, ce.Message)
	}
	assert.Contains(t, messages[0], "mine.go:2:2: declared and not used: x")
	assert.Equal(t, messages[1], messages[0])
}

func TestAnImportConfigWhoseFilesAreGoneIsMadeAgain(t *testing.T) {
	b := jailedGoBuilder(t)
	build := func() string {
		bin, err := b.Build(context.Background(), countSpec(fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano())))
		require.NoError(t, err)
		return bin
	}
	build()
	kept := keptImportConfigs(t, b)
	require.Len(t, kept, 1)
	good, err := os.ReadFile(kept[0])
	require.NoError(t, err)

	// Go's cache trimmed (go clean -cache, or five days unused): a file the
	// kept importcfg names is not there any more.
	gone := strings.Replace(string(good), "=", "="+filepath.Join(b.GoCache, "gone")+"-", 1)
	require.NoError(t, os.WriteFile(kept[0], []byte(gone), 0o600))
	assert.False(t, builtByGoBuild(t, build()))
	again, err := os.ReadFile(kept[0])
	require.NoError(t, err)
	assert.Equal(t, string(good), string(again))

	// Nor is a file outside Go's cache taken from an importcfg.
	outside := strings.Replace(string(good), b.GoCache, t.TempDir(), 1)
	require.NoError(t, os.WriteFile(kept[0], []byte(outside), 0o600))
	assert.False(t, b.validImportConfig([]byte(outside)))
	assert.False(t, builtByGoBuild(t, build()))
	again, err = os.ReadFile(kept[0])
	require.NoError(t, err)
	assert.Equal(t, string(good), string(again))
}

func TestPlainImports(t *testing.T) {
	for _, c := range []struct {
		src   string
		paths []string
		plain bool
	}{
		{"package main\nimport (\n\t\"strings\"\n\t\"math/bits\"\n\t\"fmt\"\n\t\"strings\"\n)\n", []string{"fmt", "math/bits", "strings"}, true},
		{"package main\nimport \"math/rand/v2\"\n", []string{"math/rand/v2"}, true},
		{"package main\nfunc totalNQueens(n int) int { return n }\n", nil, true},
		{"package main\nimport _ \"embed\"\n//go:embed secret.txt\nvar s string\n", nil, false},
		{"//go:build ignore\n\npackage main\n", nil, false},
		{"// +build ignore\n\npackage main\n", nil, false},
		{"package main\nimport \"C\"\n", nil, false},
		{"package main\nimport \"internal/abi\"\n", nil, false},
		{"package main\nimport \"crypto/internal/fips140\"\n", nil, false},
		{"package main\nimport \"cmd/go\"\n", nil, false},
		{"package main\nimport \"github.com/x/y\"\n", nil, false},
		{"package main\nimport \"./secret\"\n", nil, false},
		{"package main\nimport \"...\"\n", nil, false},
		{"package main\nimport \"fmt\n", nil, false},
	} {
		paths, plain := plainImports([]byte(c.src))
		assert.Equal(t, c.plain, plain, "%q", c.src)
		if c.plain {
			assert.Equal(t, c.paths, paths, "%q", c.src)
		}
	}
}

// fakeTool stands in for the compiler and the linker in
// TestADirectBuildRunsInTheJail. As compile it tries to read a file beside
// its build directory and to write one there, and writes what it could see
// into the object file; as link it copies that into the program.
func fakeTool(name string) {
	switch name {
	case "compile":
		wd, _ := os.Getwd()
		said := "nothing to read beside the build"
		if data, err := os.ReadFile(filepath.Join(filepath.Dir(wd), "secret.txt")); err == nil {
			said = "read " + string(data)
		}
		os.WriteFile(filepath.Join(filepath.Dir(wd), "planted.txt"), []byte("x"), 0o644)
		if err := os.WriteFile("main.a", []byte(said), 0o600); err != nil {
			os.Exit(1)
		}
	case "link":
		in, err := os.Open("main.a")
		if err != nil {
			os.Exit(1)
		}
		out, err := os.Create(os.Args[2]) // link -o NAME …
		if err != nil {
			os.Exit(1)
		}
		io.Copy(out, in)
		out.Close()
	}
	os.Exit(0)
}

func TestADirectBuildRunsInTheJail(t *testing.T) {
	b := jailedGoBuilder(t)
	self, err := os.Executable()
	require.NoError(t, err)
	data, err := os.ReadFile(self)
	require.NoError(t, err)
	b.GoToolDir = t.TempDir()
	for _, name := range []string{"compile", "link"} {
		require.NoError(t, os.WriteFile(filepath.Join(b.GoToolDir, name), data, 0o755))
	}
	b.Jail.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"} // this test binary is linked dynamically
	secret := filepath.Join(b.TempDir, "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte("another student's file"), 0o600))

	bin, err := b.Build(context.Background(), countSpec(fmt.Appendf(nil, "func totalNQueens(n int) int { return n + %d }\n", time.Now().UnixNano())))
	require.NoError(t, err)
	said, err := os.ReadFile(bin)
	require.NoError(t, err)
	assert.Equal(t, "nothing to read beside the build", string(said))
	assert.NoFileExists(t, filepath.Join(b.TempDir, "planted.txt"))
}
