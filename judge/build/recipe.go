package build

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// A Recipe builds a submission in a language other than Go: files written
// into a build directory, compilers run there in turn, and the program
// they make. Its result is cached like a Go build, by everything in it.
type Recipe struct {
	Display string            // the student's file, as messages name it
	Key     []string          // what else the program depends on: the toolchain's version
	Files   map[string][]byte // the student's file, the harness, …
	// Commands are run in the build directory, in order, under the
	// builder's bounds; one that fails is a compile error, its output
	// turned into a message by Message.
	Commands [][]string
	Env      []string
	Message  func(output string) string
	// Output is the program, a file the commands make; Pack, when set,
	// makes it from the build directory instead (a Java archive).
	Output string
	Pack   func(dir string) (string, error)
}

// BuildRecipe returns the path of the program r makes, or a *CompileError.
func (b *Builder) BuildRecipe(ctx context.Context, r Recipe) (string, error) {
	parts := append(slices.Clone(r.Key), r.Output)
	for _, name := range slices.Sorted(maps.Keys(r.Files)) {
		parts = append(parts, name, string(r.Files[name]))
	}
	for _, c := range r.Commands {
		parts = append(parts, strings.Join(c, "\x00"))
	}
	return b.cached(Key(parts...), r.Display, r.Files, func(dir string) (string, error) {
		// The compilers' own temporary files go in the build directory,
		// removed with it even when a build is stopped at a bound.
		env := append(slices.Clone(r.Env), "TMPDIR="+dir)
		for _, c := range r.Commands {
			out, err := b.runTool(ctx, dir, env, r.Display, c...)
			if errors.Is(err, errToolFailed) {
				return "", &CompileError{Message: r.Message(string(out))}
			}
			if err != nil {
				return "", err
			}
		}
		if r.Pack != nil {
			return r.Pack(dir)
		}
		return filepath.Join(dir, r.Output), nil
	})
}
