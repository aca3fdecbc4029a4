package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Verification margins, as Kattis's problemtools sets them: a solution meant
// to pass must pass with half the time limit, and one meant to be too slow
// must fail even with 1.5 times it. They apply to relative limits.
const (
	acMargin  = 0.5
	tleMargin = 1.5
)

var declared = regexp.MustCompile(`(?m)^// Verdict: (AC|WA|TLE|MLE|OLE|RE|CE)\b`)

// verify judges every reference and sample solution of each problem on every
// case and checks that each gets the verdict its file declares.
func (j *judge) verify(ctx context.Context, ps []*problem) (int, error) {
	type entry struct {
		p    *problem
		file string
		want verdict
	}
	var todo []entry
	width := len("solution")
	for _, p := range ps {
		files, err := submissions(j.kit.solutions(p))
		if err != nil {
			return 0, err
		}
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				return 0, err
			}
			m := declared.FindSubmatch(src)
			if m == nil {
				return 0, setupErrorf("%s: no \"// Verdict: AC\" (or TLE, …) line declaring the expected verdict", j.kit.rel(file))
			}
			todo = append(todo, entry{p, file, verdict(m[1])})
			width = max(width, len(j.kit.rel(filepath.Dir(file))))
		}
	}

	fmt.Fprintf(j.stdout, "Every solution runs every case. Where a limit is relative to the reference,\n"+
		"those declared AC must pass with %.1f times it and those declared TLE must fail\n"+
		"with %.1f times it (Kattis's margins).\n\n", acMargin, tleMargin)
	row := fmt.Sprintf("%%-16s  %%-%ds  %%-6s  %%-4s  %%-12s  %%s%%s\n", width)
	fmt.Fprintf(j.stdout, row, "problem", "solution", "expect", "got", "largest case", "cpu / limit", "")
	code := exitOK
	for _, e := range todo {
		scale := 1.0
		switch e.want {
		case AC:
			scale = acMargin
		case TLE:
			scale = tleMargin
		}
		rep, err := j.judgeFile(ctx, e.p, e.file, "", judgeParams{scale: scale, all: true})
		if err != nil {
			return 0, err
		}
		mark := ""
		if rep.Verdict != e.want {
			mark = "   ✗ expected " + string(e.want)
			code = exitFailed
		}
		last, usage := "-", "-"
		if n := len(rep.Cases); n > 0 {
			c := rep.Cases[n-1]
			last = fmt.Sprintf("%s %s", c.Name, c.Verdict)
			usage = fmt.Sprintf("%s / %s", ms(time.Duration(c.CPUms)*time.Millisecond), ms(time.Duration(c.LimitMs)*time.Millisecond))
		}
		fmt.Fprintf(j.stdout, row, e.p.Folder(), j.kit.rel(filepath.Dir(e.file)), e.want, rep.Verdict, last, usage, mark)
		if rep.Verdict != e.want {
			fmt.Fprintf(j.stdout, "    %s\n", strings.ReplaceAll(rep.Message, "\n", "\n    "))
		}
	}
	if code == exitOK {
		fmt.Fprintln(j.stdout, "\nevery solution got the verdict it declares")
	} else {
		fmt.Fprintln(j.stdout, "\nsome solutions did not get the verdict they declare")
	}
	return code, nil
}

// submissions lists every solution.go under dir.
func submissions(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "solution.go" {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}
