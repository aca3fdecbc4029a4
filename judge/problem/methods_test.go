package problem

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMethodsAreTheKitsFolders checks that every method names a folder the
// kit has for 52, the problem every method is written for.
func TestMethodsAreTheKitsFolders(t *testing.T) {
	p, err := Find("52")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Methods {
		_, err := os.Stat(filepath.Join("..", "..", "solutions", p.Folder(), m.Folder))
		assert.NoError(t, err, "method %s", m.Folder)
	}
	assert.Less(t, Rank("array"), Rank("bitmask"), "teaching order")
	assert.Equal(t, len(Methods), Rank("yours"), "other folders come last")
	_, ok := MethodIn(p.Calibrator)
	assert.True(t, ok, "the reference is one of the methods")
}
