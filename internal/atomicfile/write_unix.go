//go:build !windows

package atomicfile

import (
	"os"

	"github.com/google/renameio/v2"
)

// write is renameio's: the file synced before the rename, the folder after.
func write(path string, data []byte, perm os.FileMode) error {
	return renameio.WriteFile(path, data, perm)
}
