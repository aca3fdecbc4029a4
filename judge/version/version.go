// Package version says which judge this is, from the build's own record:
// -version prints it, and every report and grade sheet carries it.
package version

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/nqueens-kit/nqueens"
)

// String names this judge: the module's version, or the commit it was
// built from (marked "+changes" when the work tree differed), and Go's
// version. A grade sheet's JSON says it, so a sheet tells which judge made
// it.
func String() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision != "" && (v == "" || v == "(devel)") {
		v = revision[:min(12, len(revision))]
		if modified == "true" {
			v += "+changes"
		}
	}
	return cmp.Or(v, "(devel)") + " " + info.GoVersion
}

// Recorded reports whether the build recorded which judge this is: a
// module version or a commit (go build -buildvcs=false, GOFLAGS with it,
// and test binaries record neither).
func Recorded() bool {
	v := String()
	return !strings.HasPrefix(v, "(devel) ") && v != "unknown"
}

// Build names this judge by what decides its verdicts: its Go source
// (tests aside) with the module's requirements, the Go toolchain and the
// build's settings. What the judge keeps between runs (-grade's reused
// results) is keyed by it: go run and go build of the same source are the
// same judge, though their executables differ (go run leaves out the
// debug information), and a changed file, even uncommitted, is another.
var Build = sync.OnceValue(func() string {
	info, _ := debug.ReadBuildInfo()
	return buildKey(info, nqueens.Source)
})

// buildKey is Build for the build info and the source src.
func buildKey(info *debug.BuildInfo, src fs.FS) string {
	sum := sha256.New()
	if info != nil {
		fmt.Fprintln(sum, info.GoVersion, info.Path)
		for _, d := range info.Deps {
			fmt.Fprintln(sum, d.Path, d.Version, d.Sum)
		}
		for _, s := range info.Settings {
			// Where the source came from is not what it says.
			if !strings.HasPrefix(s.Key, "vcs.") {
				fmt.Fprintln(sum, s.Key, s.Value)
			}
		}
	}
	// Each file is streamed through one buffer: a copy of the whole source
	// in memory costs every judge's start its page faults.
	buf := make([]byte, 32<<10)
	fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		stat, err := d.Info()
		if err != nil {
			return err
		}
		f, err := src.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintln(sum, path, stat.Size())
		_, err = io.CopyBuffer(sum, f, buf)
		return err
	})
	return hex.EncodeToString(sum.Sum(nil))
}
