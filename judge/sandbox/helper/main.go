// Command helper is the jail's helper as a program of its own: it builds
// the jail around one run and execs the program, as the judge's own
// binary does when started as sandbox.HelperName (package jail does the
// work in both). It starts in about a quarter of the judge's CPU time (a
// smaller binary: fewer pages to fault in, fewer packages to initialise),
// and every jailed run starts one; the judge builds it from its own
// source and keeps it in its cache (build.Builder.JailHelper).
package main

import "github.com/nqueens-kit/nqueens/judge/sandbox/jail"

func main() { jail.Main() }
