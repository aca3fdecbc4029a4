package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"
	"time"

	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// BenchmarkOverhead measures what the judge itself costs a student: the wall
// time of `go run ./judge` on an accepted bitmask solution, minus the CPU
// time its cases spent, reported as overhead-ms. It runs the cases up to
// n = 13 (the larger ones only add solution time). The first iteration warms
// the build cache; run with -benchtime 5x or more.
//
//	go test -run '^$' -bench Overhead -benchtime 5x ./judge
func BenchmarkOverhead(b *testing.B) {
	var overhead time.Duration
	for b.Loop() {
		cmd := exec.Command("go", "run", ".", "-json", "-run", "^(example|n0|n1[0-3])", "-file", "../solutions/0052-n-queens-ii/bitmask/solution.go", "52")
		start := time.Now()
		out, err := cmd.Output()
		wall := time.Since(start)
		if err != nil {
			b.Fatalf("judge: %v\n%s", err, out)
		}
		var cpu time.Duration
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			var rep judging.Report
			if err := json.Unmarshal(sc.Bytes(), &rep); err != nil {
				b.Fatal(err)
			}
			if rep.Verdict != verdict.AC {
				b.Fatalf("verdict %s: %s", rep.Verdict, rep.Message)
			}
			for _, c := range rep.Cases {
				cpu += format.Millis(c.CPUms)
			}
		}
		overhead += wall - cpu
	}
	b.ReportMetric(float64(overhead.Milliseconds())/float64(b.N), "overhead-ms/op")
}
