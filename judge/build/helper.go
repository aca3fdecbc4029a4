package build

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/nqueens-kit/nqueens"
	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
	"github.com/nqueens-kit/nqueens/judge/version"
)

// helperPackage is the jail's helper as a program of its own.
const helperPackage = "./judge/sandbox/helper"

// helperEnv builds the helper from the judge's own module alone, with the
// modules it already has: no workspace, no download, no other toolchain,
// none of the user's flags (-race, -cover, a -mod of their own), and no
// cgo, as submissions build (goEnv), so that the two share the standard
// library in Go's build cache.
var helperEnv = []string{"GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local", "GO111MODULE=on", "GOPROXY=off", "CGO_ENABLED=0"}

// JailHelper returns this judge's copy of the jail's helper program
// (sandbox.UseHelper), built from the judge's own source, embedded in its
// binary (so the helper is the judge's, whatever the files on disk say
// now), and kept in the cache like a built submission: sealed, and keyed
// by that source and the go command's version. A judge that finds it built starts
// no build; judges starting at once build it once (a lock). Every jailed
// run starts the helper, and a judge's binary, started as the helper,
// takes about four times its CPU time (the quick suite's judge scripts:
// a sixth less CPU time). Where it cannot be built (no cache, not Linux,
// the modules gone from the module cache), the error says why, and the
// judge's own binary stays the helper.
func (b *Builder) JailHelper(ctx context.Context) (string, error) {
	if runtime.GOOS != "linux" || b.CacheDir == "" || b.Go == "" {
		return "", errors.ErrUnsupported
	}
	key := Key("jail-helper", version.Build(), b.GoVersion)
	unlock, err := atomicfile.Lock(b.CacheDir + ".helper.lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	files, err := judgeSource()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, DefaultMaxTime)
	defer cancel()
	helper, err := b.cached(key, msg.Sprintf("the jail's helper"), files, func(dir string) (string, error) {
		out := filepath.Join(dir, "nqueens-sandbox")
		argv := append(b.goBuild(), "-o", out, helperPackage)
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), helperEnv...)
		if text, err := cmd.CombinedOutput(); err != nil {
			return "", msg.Errorf("build the jail's helper: %w: %s", err, strings.TrimSpace(string(text)))
		}
		return out, nil
	})
	if err != nil {
		return "", err
	}
	return helper, answers(ctx, helper)
}

// answers checks that the helper at path runs here (a temporary folder on
// a file system mounted noexec would stop every run): started with no
// configuration, it must refuse with the jail's status and mark.
func answers(ctx context.Context, path string) error {
	cmd := exec.CommandContext(ctx, path)
	cmd.Args[0] = jail.HelperName
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != jail.Failed || !strings.HasPrefix(string(out), jail.Mark) {
		return msg.Errorf("the jail's helper %s does not run here: %v: %.200s", path, err, out)
	}
	return nil
}

// judgeSource is the judge's own source, embedded (nqueens.Source), as
// files to build from: its tests left out.
func judgeSource() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(nqueens.Source, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := fs.ReadFile(nqueens.Source, path)
		files[filepath.FromSlash(path)] = data
		return err
	})
	return files, err
}
