//go:build linux

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartup measures what the jail adds to one run: a tiny static
// Go program that answers at once, run plainly and in the jail. It reports
// wall and CPU time per run.
//
//	go test -run '^$' -bench Startup -benchtime 200x ./judge/sandbox
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := buildProgram(b, dir, "package main\n\nimport \"os\"\n\nfunc main() { os.NewFile(3, \"answer\").WriteString(\"1\\n\") }\n")
	lim := Limits{CPU: 2 * time.Second, Idle: 3 * time.Second, Memory: 256 << 20, Output: 1 << 16, Answer: 1 << 16}
	for _, bc := range []struct {
		name string
		jail *Jail
	}{{"plain", nil}, {"jail", NewJail()}} {
		b.Run(bc.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				r, err := bc.jail.Run(context.Background(), dir, []string{bin}, lim)
				if err != nil {
					b.Fatalf("run: %v", err)
				}
				if string(r.Answer) != "1\n" {
					b.Fatalf("run: %q %s", r.Answer, r.Crash)
				}
				cpu += r.CPU
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}

// buildProgram builds a static Go program from src in dir.
func buildProgram(b *testing.B, dir, src string) string {
	main := filepath.Join(dir, "main.go")
	if err := os.WriteFile(main, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, "program")
	cmd := exec.Command("go", "build", "-o", bin, main)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkWatch measures what watching a run costs the judge: a program
// that spins for about two seconds of CPU, run in the jail, and the judge's
// own CPU time per second of the program's (its polls of /proc).
//
//	go test -run '^$' -bench Watch -benchtime 5x ./judge/sandbox
func BenchmarkWatch(b *testing.B) {
	dir := b.TempDir()
	bin := buildProgram(b, dir, "package main\n\nimport \"os\"\n\nfunc main() {\n\tx := 0\n\tfor i := range 6_000_000_000 {\n\t\tx ^= i\n\t}\n\tos.NewFile(3, \"answer\").WriteString(string(rune('0' + x&1)))\n}\n")
	jail := NewJail()
	lim := Limits{CPU: 20 * time.Second, Idle: 3 * time.Second, Memory: 256 << 20, Output: 1 << 16, Answer: 1 << 16}
	var self, program time.Duration
	for b.Loop() {
		before := selfCPU()
		r, err := jail.Run(context.Background(), dir, []string{bin}, lim)
		if err != nil {
			b.Fatal(err)
		}
		if r.Killed != None || r.ExitCode != 0 {
			b.Fatalf("run: %v %d %s", r.Killed, r.ExitCode, r.Crash)
		}
		self += selfCPU() - before
		program += r.CPU
	}
	b.ReportMetric(float64(program.Milliseconds())/float64(b.N), "program-cpu-ms/op")
	b.ReportMetric(float64(self.Microseconds())/program.Seconds(), "judge-cpu-µs/program-s")
}

// selfCPU is this process's own CPU time, user and system, its children
// not included.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
