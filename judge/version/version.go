// Package version says which judge this is, from the build's own record:
// -version prints it, and every report and grade sheet carries it.
package version

import (
	"cmp"
	"runtime/debug"
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
