package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
)

const usage = `usage: go run ./judge [flags] [PROBLEM...]

Judges your solution to each PROBLEM (all problems when none is named):
builds problems/<folder>/solution.go, runs it on every case in
testdata/<folder>/ under CPU-time, memory and output limits, and reports a
verdict per case: AC, WA, TLE, MLE, OLE, RE or CE.

PROBLEM is a number (52), a slug (n-queens-ii) or a folder (0052-n-queens-ii).

Flags (they go before the problems):
  -file PATH     judge PATH instead of the starter file (needs exactly one PROBLEM);
                 any package clause, package main or none at all
  -json          print the report as JSON Lines, one object per problem
  -all           run every case; by default judging stops at the first failure
  -run REGEXP    run only the cases whose name matches REGEXP
  -v             show each case's script transcript and the judge's overhead
  -verify        judge every reference and sample solution and check that each
                 gets the verdict it declares
  -calibrate     time the reference solution on this machine again
  -bench         time every reference solution of 52 for n = 10..16, taking
                 turns, and print each one's ratio to the bitmask reference
  -update        rewrite the expected outputs in the case files from the
                 reference solution (for teachers; review the diff)

Exit status: 0 when everything judged is accepted (with -verify: when every
expectation holds), 1 when not, 2 for usage or setup errors, 130 when
interrupted.
`

// parseArgs parses the command line into options. Errors are usage errors.
func parseArgs(args []string, stderr io.Writer) (options, error) {
	var opts options
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&opts.File, "file", "", "")
	fs.BoolVar(&opts.JSON, "json", false, "")
	fs.BoolVar(&opts.All, "all", false, "")
	runPattern := fs.String("run", "", "")
	fs.BoolVar(&opts.Verbose, "v", false, "")
	fs.BoolVar(&opts.Verify, "verify", false, "")
	fs.BoolVar(&opts.Calibrate, "calibrate", false, "")
	fs.BoolVar(&opts.Bench, "bench", false, "")
	fs.BoolVar(&opts.Update, "update", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
			return opts, flag.ErrHelp
		}
		return opts, err
	}
	opts.Problems = fs.Args()
	for _, a := range opts.Problems {
		if strings.HasPrefix(a, "-") {
			return opts, fmt.Errorf("flag %s comes after the problems; flags go first, as in: go run ./judge %s %s",
				a, a, strings.Join(without(opts.Problems, a), " "))
		}
	}
	if *runPattern != "" {
		re, err := regexp.Compile(*runPattern)
		if err != nil {
			return opts, fmt.Errorf("-run: %v", err)
		}
		opts.Run = re
	}
	if opts.File != "" && len(opts.Problems) != 1 {
		return opts, fmt.Errorf("-file judges one problem: name exactly one, as in: go run ./judge -file %s 52", opts.File)
	}
	if opts.File != "" && (opts.Verify || opts.Calibrate || opts.Bench) {
		return opts, fmt.Errorf("-file cannot be used with -verify, -calibrate or -bench")
	}
	return opts, nil
}

func without(list []string, drop string) []string {
	var out []string
	for _, s := range list {
		if s != drop {
			out = append(out, s)
		}
	}
	return out
}
