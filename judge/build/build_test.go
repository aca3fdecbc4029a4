package build

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	assert.Empty(t, checkSignature([]byte("package main\nfunc totalNQueens(n int) int {\n"), spec),
		"a file that does not parse is left to the compiler")
}

func TestLanguageVersion(t *testing.T) {
	assert.Equal(t, "1.26", languageVersion("go1.26.8"))
	assert.Equal(t, "1.27", languageVersion("go1.27rc1"))
}

func TestCompilerMessageSpeaksOfTheStudentsFile(t *testing.T) {
	out := "# submission\n./solution.go:4:9: undefined: strings\n"
	assert.Equal(t, "problems/x/solution.go:4:9: undefined: strings\n(LeetCode imports packages for you; here, add import \"strings\" at the top of your file)",
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
	prune(dir, 2)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"bin3", "bin4"}, names)
}
