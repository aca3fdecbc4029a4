// The judge's errors that are no verdict.

package judging

import (
	"fmt"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// SetupError is the judge's or the kit's problem, never the student's: a
// missing toolchain, a broken case file, a jail that failed. The judge
// exits with status 2; -grade gives the row ERR, not the student's 0.
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// SetupErrorf is a SetupError with a message of the catalogue (msg).
func SetupErrorf(format string, args ...any) error {
	return &SetupError{Err: fmt.Errorf(msg.Tr(format), args...)}
}
