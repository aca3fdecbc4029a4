package lang

import (
	"context"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// findGoTools is Go's toolchain: the go command on PATH, which package
// build drives itself.
func findGoTools() (*Toolchain, error) {
	env, err := build.FindGo()
	if err != nil {
		return nil, err
	}
	return &Toolchain{Version: env.Version, Tools: map[string]string{"go": env.Path}}, nil
}

// buildGo builds a Go submission with the judge's builder: the student's
// file beside GoHarness, in a module of its own.
func buildGo(ctx context.Context, b *build.Builder, s Submission) (sandbox.Program, error) {
	bin, err := b.Build(ctx, GoSpec(s))
	return sandbox.Program{Path: bin, Env: sandbox.GoProcsEnv()}, err
}

// GoSpec describes the build of a Go submission (made by NewSubmission:
// its code prepared).
func GoSpec(s Submission) build.Spec {
	if s.Code == nil {
		panic("lang: a Go submission not made by NewSubmission")
	}
	return build.Spec{
		Code:      s.Code,
		CodeErr:   s.CodeErr,
		Display:   s.Display,
		Func:      s.Problem.Func,
		Params:    "int",
		Results:   s.Problem.Results,
		Harness:   GoHarness(s.Problem),
		Part:      GoHarnessPart(false),
		CoverPart: GoHarnessPart(true),
	}
}

// GoProcs bounds a judged Go program's GOMAXPROCS (its harness sets it at
// start-up): by default the Go runtime takes one P per core, and on a lab
// server of 64 cores its garbage collector's workers alone, each on a
// thread of its own, passed sandbox.DefaultProcesses. A search is judged
// by its CPU time, which more cores do not lower.
const GoProcs = 2
