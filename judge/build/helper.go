package build

import (
	"context"
	"errors"
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

// JailHelper returns this judge's copy of the jail's helper program
// (sandbox.UseHelper), built from the judge's own source, embedded in its
// binary (so the helper is the judge's, whatever the files on disk say
// now), and kept in the cache like a built submission: sealed, and keyed
// by that source and the go command's version. A judge that finds it
// built reads no source and starts no build; judges starting at once
// build it once (a lock). Every jailed run starts the helper, and a
// judge's binary, started as the helper, takes about four times its CPU
// time (the quick suite's judge scripts: a sixth less CPU time). Where it
// cannot be built (no cache, not Linux, the modules gone from the module
// cache), the error says why, and the judge's own binary stays the
// helper.
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
	ctx, cancel := context.WithTimeout(ctx, DefaultMaxTime)
	defer cancel()
	// The source is read only for a build, not each time the kept helper
	// is handed out.
	helper, err := b.cached(key, msg.Sprintf("the jail's helper"), nil, func(dir string) (string, error) {
		if b.Activity != nil {
			defer b.Activity.Start(msg.Sprintf("the build of the jail's helper (once)"))()
		}
		if err := os.CopyFS(dir, nqueens.Source); err != nil {
			return "", err
		}
		out := filepath.Join(dir, "nqueens-sandbox")
		argv := append(b.goBuild(), "-o", out, helperPackage)
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir = dir
		// The judge's module alone, with the modules it already has, built
		// as a submission is (goEnv: no cgo, no workspace, no download, none
		// of the user's flags), so the two share the standard library in
		// Go's build cache.
		cmd.Env = append(os.Environ(), goEnv...)
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
