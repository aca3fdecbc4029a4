// Package worker runs the judge's own code on a student's material in a
// child process under limits, instead of in the judge's process: reading
// a student's git history and type-checking their Go source, both of which
// a hostile file can make endless (a FIFO or /dev/zero where an object
// should be, nested generic types). The child is the judge's own binary,
// started again with Marker; its answer comes back on the sandbox's answer
// channel as JSON, bounded in size, and a child that passes its CPU time,
// memory or idle limit is stopped, so that one file never stops the judge
// or a class.
//
// A task is registered by name (Register) by the package that owns it; main
// and every TestMain that may start a worker call Serve first thing.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// Marker is the first argument of a worker: the judge's binary started with
// it runs one task and exits.
const Marker = "nqueens-worker"

// Limits bound one task: far more than an honest file needs (a few
// milliseconds, a few MiB), far less than would stall a class.
var Limits = sandbox.Limits{
	CPU:    3 * time.Second,
	Idle:   5 * time.Second,
	Memory: 256 << 20,
	Output: 64 << 10,
	Answer: 1 << 20,
}

// A Task turns its request (JSON) into its answer (any value JSON can
// hold).
type Task func(request []byte) (any, error)

var (
	mu    sync.Mutex
	tasks = map[string]Task{}
)

// Register makes task available under name; packages call it from init.
func Register(name string, task Task) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := tasks[name]; dup {
		panic("worker: task registered twice: " + name)
	}
	tasks[name] = task
}

// Handle registers, under name, a task whose request is a Req in JSON:
// f gets it decoded.
func Handle[Req any](name string, f func(Req) (any, error)) {
	Register(name, func(request []byte) (any, error) {
		var r Req
		if err := json.Unmarshal(request, &r); err != nil {
			return nil, err
		}
		return f(r)
	})
}

// Serve runs the task this process was started for, when it was started
// as a worker, and exits; otherwise it returns at once.
func Serve() {
	if len(os.Args) < 4 || os.Args[1] != Marker {
		return
	}
	os.Exit(serve(os.Args[2], os.Args[3]))
}

// answerFD is the sandbox's answer channel.
const answerFD = 3

// reply is what a worker writes on its answer channel.
type reply struct {
	Answer json.RawMessage `json:"answer,omitempty"`
	Error  string          `json:"error,omitempty"`
}

func serve(name, requestFile string) int {
	mu.Lock()
	task, ok := tasks[name]
	mu.Unlock()
	var rep reply
	request, err := os.ReadFile(requestFile)
	switch {
	case !ok:
		rep.Error = msg.Sprintf("no such task: %q", name)
	case err != nil:
		rep.Error = err.Error()
	default:
		if answer, err := task(request); err != nil {
			rep.Error = err.Error()
		} else if rep.Answer, err = json.Marshal(answer); err != nil {
			rep.Error = err.Error()
		}
	}
	out := sandbox.Channel(answerFD)
	if err := json.NewEncoder(out).Encode(rep); err != nil {
		return 1
	}
	return 0
}

// Stopped is a task the worker's limits stopped: what the student's
// material made of it, not the judge's failure.
type Stopped struct {
	Task   string
	Limit  string // sandbox.CPU, sandbox.Memory, sandbox.Idle, …
	Result *sandbox.Result
}

func (e *Stopped) Error() string {
	return msg.Sprintf("%s stopped at its %s limit", e.Task, e.Limit)
}

// Call runs the task name on request (marshalled to JSON) in a child under
// Limits, in tempDir ("" is the system's), and unmarshals its answer into
// answer. A child stopped at a limit is a *Stopped; any other error is the
// judge's.
func Call(ctx context.Context, tempDir, name string, request, answer any) error {
	self, err := os.Executable()
	if err != nil {
		return msg.Errorf("find the judge's own binary: %w", err)
	}
	data, err := json.Marshal(request)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp(tempDir, "worker-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	file := dir + string(os.PathSeparator) + "request.json"
	if err := os.WriteFile(file, data, 0o600); err != nil {
		return err
	}
	r, err := sandbox.Run(ctx, dir, []string{self, Marker, name, file}, Limits)
	if err != nil {
		return err
	}
	if r.Killed != sandbox.None && r.Killed != sandbox.Interrupted {
		return &Stopped{Task: name, Limit: r.Killed, Result: r}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var rep reply
	if err := json.Unmarshal(r.Answer, &rep); err != nil {
		return msg.Errorf("worker %s: %w (exit status %d: %.300s)", name, err, r.ExitCode, r.Output)
	}
	if rep.Error != "" {
		return errors.New(rep.Error)
	}
	return json.Unmarshal(rep.Answer, answer)
}
