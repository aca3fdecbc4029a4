//go:build linux

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
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
	src := filepath.Join(dir, "main.go")
	os.WriteFile(src, []byte("package main\n\nimport \"os\"\n\nfunc main() { os.NewFile(3, \"answer\").WriteString(\"1\\n\") }\n"), 0o644)
	bin := filepath.Join(dir, "answer")
	cmd := exec.Command("go", "build", "-o", bin, src)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
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
