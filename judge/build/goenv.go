package build

import (
	"os/exec"
	"strings"
	"sync"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// GoEnv is what the judge needs to know of the go command on PATH: where it
// is, its version, its GOROOT (which a jailed build reads) and its build
// cache (which a jailed build writes), and the folder of its compiler and
// linker (which build a plain submission directly: buildDirect).
type GoEnv struct {
	Path, Version, Root, Cache, ToolDir string
}

// FindGo finds the go command on PATH and asks it for its environment,
// once per process: the judge's builder and Go's toolchain (package lang)
// share the answer.
func FindGo() (GoEnv, error) { return findGo() }

var findGo = sync.OnceValues(func() (GoEnv, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return GoEnv{}, msg.Errorf("the go command is needed to build solutions: %w", err)
	}
	out, err := exec.Command(goCmd, "env", "GOVERSION", "GOROOT", "GOCACHE", "GOTOOLDIR").Output()
	if err != nil {
		return GoEnv{}, msg.Errorf("go env: %w", err)
	}
	env := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(env) != 4 {
		return GoEnv{}, msg.Errorf("go env: %q", out)
	}
	return GoEnv{Path: goCmd, Version: env[0], Root: env[1], Cache: env[2], ToolDir: env[3]}, nil
})

// UseGo sets the builder's go command from env.
func (b *Builder) UseGo(env GoEnv) {
	b.Go, b.GoVersion, b.GoRoot, b.GoCache, b.GoToolDir = env.Path, env.Version, env.Root, env.Cache, env.ToolDir
}
