// -watch: judge again every time the file is saved.

package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/lang"
)

// watchDebounce is how long the file must stay quiet after a change before
// it is judged: editors write in several steps.
const watchDebounce = 200 * time.Millisecond

// watch judges the problem's file, then again each time it is saved, until
// interrupted. It watches the file's folder, not the file, so that editors
// that save by writing a new file and renaming it over the old one work.
func (j *judge) watch(ctx context.Context) (int, error) {
	p := j.opts.Problems[0]
	// Without -file, every starter of the problem: saving any one judges
	// the one saved last.
	var files []string
	for _, l := range lang.All {
		files = append(files, j.kit.StarterNamed(p, l.File()))
	}
	display := j.kit.Rel(filepath.Join(filepath.Dir(files[0]), "solution.*"))
	if j.opts.File != "" {
		file, err := filepath.Abs(j.opts.File)
		if err != nil {
			return 0, setupErrorf("-file %s: %v", j.opts.File, err)
		}
		files, display = []string{file}, filepath.Clean(j.opts.File)
	}
	file := files[0]
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return 0, msg.Errorf("watch: %w", err)
	}
	defer w.Close()
	if err := w.Add(filepath.Dir(file)); err != nil {
		return 0, msg.Errorf("watch %s: %w", filepath.Dir(file), err)
	}

	for {
		if isTerminal(j.stdout) {
			fmt.Fprint(j.stdout, "\x1b[H\x1b[2J") // a fresh screen for each verdict
		}
		j.judging.Forget() // a case edited meanwhile counts from the next round
		// The file is judged while the next save is awaited: a save during
		// the run stops it, and the new version is judged at once.
		runCtx, stop := context.WithCancel(ctx)
		judged := make(chan error, 1)
		go func() {
			_, err := j.judgeAll(runCtx)
			judged <- err
		}()
		saved := make(chan error, 1)
		go func() { saved <- waitForSave(ctx, w, files) }()
		select {
		case err := <-judged:
			if err != nil && ctx.Err() == nil {
				// A file that cannot be judged now may be fixed by the next save.
				msg.Fprintf(j.stderr, "judge: %v\n", err)
			}
			if ctx.Err() == nil {
				msg.Fprintf(j.stderr, "watching %s: save it to judge again, Ctrl-C to stop\n", display)
			}
			err = <-saved
			stop()
			if err != nil {
				return exitInterrupted, err
			}
		case err := <-saved:
			stop()
			<-judged // the run stops with its jail; nothing of it is left
			if err != nil {
				return exitInterrupted, err
			}
			msg.Fprintf(j.stderr, "\nsaved again: the run stopped, judging the new version\n")
		}
	}
}

// waitForSave returns once one of files has changed and stayed quiet for
// watchDebounce.
func waitForSave(ctx context.Context, w *fsnotify.Watcher, files []string) error {
	var quiet <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-w.Events:
			if !ok {
				return msg.Errorf("watch: the watcher stopped")
			}
			if slices.Contains(files, filepath.Clean(ev.Name)) && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) != 0 {
				quiet = time.After(watchDebounce)
			}
		case err := <-w.Errors:
			return msg.Errorf("watch: %w", err)
		case <-quiet:
			return nil
		}
	}
}
