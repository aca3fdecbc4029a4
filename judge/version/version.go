// Package version says which judge this is, from the build's own record:
// -version prints it, and every report and grade sheet carries it.
package version

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
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

// Build names this judge's executable by its content: two builds of the
// same commit with different changes differ, which String cannot tell
// ("+changes"). What the judge keeps between runs (-grade's reused
// results) is keyed by it. "" when the executable cannot be read.
var Build = sync.OnceValue(func() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(self)
	if err != nil {
		return ""
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return ""
	}
	return hex.EncodeToString(sum.Sum(nil))
})
