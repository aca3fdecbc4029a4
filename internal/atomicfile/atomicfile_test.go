package atomicfile

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteReplacesTheFileAndLeavesNothingBeside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "status.json")
	require.NoError(t, Write(path, []byte("old"), 0o600))
	require.NoError(t, Write(path, []byte("new"), 0o600))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left beside it")
}

func TestWriteThatFailsLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "status.json")
	require.NoError(t, Write(path, []byte("old"), 0o600))
	require.NoError(t, os.Chmod(dir, 0o500))
	defer os.Chmod(dir, 0o700)
	if os.Geteuid() == 0 {
		t.Skip("root writes into a read-only folder")
	}
	assert.Error(t, Write(path, []byte("new"), 0o600))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "old", string(data))
}

// Updates at once, as two judges record their verdicts, lose none.
func TestUpdatesAtOnceLoseNone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "status.json")
	const updaters = 16
	var wg sync.WaitGroup
	for i := range updaters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, Update(path, 0o600, func(old []byte) ([]byte, error) {
				st := map[string]int{}
				json.Unmarshal(old, &st)
				st[strconv.Itoa(i)] = i
				return json.Marshal(st)
			}))
		}()
	}
	wg.Wait()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	st := map[string]int{}
	require.NoError(t, json.Unmarshal(data, &st))
	assert.Len(t, st, updaters)
}

// An update whose change fails leaves the file as it was: a cache that
// cannot be encoded is never written empty.
func TestAFailedUpdateKeepsTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calibration.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"kept":1}`), 0o600))
	_, encodeErr := json.Marshal(math.NaN())
	require.Error(t, encodeErr)
	err := Update(path, 0o600, func(old []byte) ([]byte, error) { return nil, encodeErr })
	assert.ErrorIs(t, err, encodeErr)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, `{"kept":1}`, string(data))
}
