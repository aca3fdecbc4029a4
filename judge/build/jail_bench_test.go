//go:build linux

package build

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// BenchmarkJailedBuild measures what the jail adds to a build: a C
// solution compiled and linked statically by gcc, as the judge does,
// plainly and in the jail, with no cache.
//
//	go test -run '^$' -bench JailedBuild -benchtime 20x ./judge/build
func BenchmarkJailedBuild(b *testing.B) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		b.Skip("needs gcc")
	}
	src := []byte("#include <stdio.h>\nint totalNQueens(int n) { return n; }\nint main(void) { printf(\"%d\\n\", totalNQueens(4)); return 0; }\n")
	for _, bc := range []struct {
		name string
		jail *sandbox.Jail
	}{{"plain", nil}, {"jail", sandbox.NewJail()}} {
		b.Run(bc.name, func(b *testing.B) {
			if bc.jail != nil && !bc.jail.Isolates() {
				b.Skip("no jail here")
			}
			builder := &Builder{TempDir: b.TempDir(), Jail: bc.jail}
			for i := 0; b.Loop(); i++ {
				r := Recipe{Display: "solution.c", Key: []string{string(rune(i))}, Files: map[string][]byte{"solution.c": src},
					Commands: [][]string{{gcc, "-O2", "-static", "-o", "prog", "solution.c"}}, Env: []string{"PATH=/usr/bin:/bin"},
					ReadOnly: []string{"/usr", "/lib", "/lib64", "/bin"}, Message: func(s string) string { return s }, Output: "prog"}
				if _, err := builder.BuildRecipe(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMain lets this test binary be the jail's helper.
func TestMain(m *testing.M) {
	sandbox.Helper()
	os.Exit(m.Run())
}
