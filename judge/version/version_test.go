package version

import (
	"runtime/debug"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
)

// TestBuildKeyIsTheSourceAndToolchain: the key changes with a source file,
// the module's requirements, the Go release and a build setting, and not
// with a test file or where the source came from (vcs.*: a commit, a
// modified work tree).
func TestBuildKeyIsTheSourceAndToolchain(t *testing.T) {
	src := func() fstest.MapFS {
		return fstest.MapFS{
			"go.mod":              {Data: []byte("module m\n")},
			"judge/main.go":       {Data: []byte("package main\n")},
			"judge/main_test.go":  {Data: []byte("package main\n")},
			"internal/msg/zh.go":  {Data: []byte("package msg\n")},
			"judge/lang/gcc.go":   {Data: []byte("package lang\n")},
			"judge/lang/gcc_x.go": {Data: []byte("package lang\n")},
		}
	}
	info := func() *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Path: "m/judge", Settings: []debug.BuildSetting{
			{Key: "GOARCH", Value: "amd64"}, {Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"},
		}}
	}
	base := buildKey(info(), src())
	assert.Len(t, base, 64)
	assert.Equal(t, base, buildKey(info(), src()), "the same source and toolchain")

	same := map[string]func(*debug.BuildInfo, fstest.MapFS){
		"a test file": func(_ *debug.BuildInfo, s fstest.MapFS) {
			s["judge/main_test.go"].Data = []byte("package main // changed\n")
		},
		"the commit":    func(i *debug.BuildInfo, _ fstest.MapFS) { i.Settings[1].Value = "def" },
		"vcs.modified":  func(i *debug.BuildInfo, _ fstest.MapFS) { i.Settings[2].Value = "true" },
		"no vcs at all": func(i *debug.BuildInfo, _ fstest.MapFS) { i.Settings = i.Settings[:1] },
	}
	for what, change := range same {
		i, s := info(), src()
		change(i, s)
		assert.Equal(t, base, buildKey(i, s), "changed %s", what)
	}
	differs := map[string]func(*debug.BuildInfo, fstest.MapFS){
		"a source file": func(_ *debug.BuildInfo, s fstest.MapFS) {
			s["judge/lang/gcc.go"].Data = []byte("package lang // changed\n")
		},
		"a file's name": func(_ *debug.BuildInfo, s fstest.MapFS) {
			s["judge/lang/gcc_y.go"] = s["judge/lang/gcc_x.go"]
			delete(s, "judge/lang/gcc_x.go")
		},
		"a new file": func(_ *debug.BuildInfo, s fstest.MapFS) {
			s["judge/lang/new.go"] = &fstest.MapFile{Data: []byte("package lang\n")}
		},
		"go.mod":           func(_ *debug.BuildInfo, s fstest.MapFS) { s["go.mod"].Data = []byte("module m\ngo 1.27\n") },
		"the Go release":   func(i *debug.BuildInfo, _ fstest.MapFS) { i.GoVersion = "go1.27.0" },
		"a build setting":  func(i *debug.BuildInfo, _ fstest.MapFS) { i.Settings[0].Value = "arm64" },
		"a module it uses": func(i *debug.BuildInfo, _ fstest.MapFS) { i.Deps = []*debug.Module{{Path: "x", Version: "v1.0.0"}} },
		"no build info":    func(i *debug.BuildInfo, _ fstest.MapFS) { *i = debug.BuildInfo{} },
	}
	for what, change := range differs {
		i, s := info(), src()
		change(i, s)
		assert.NotEqual(t, base, buildKey(i, s), "changed %s", what)
	}
}
