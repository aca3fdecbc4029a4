package build

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteCoverDataNamesTheFilesByTheMetaDataHash(t *testing.T) {
	meta := append(append([]byte{}, coverMetaMagic...), make([]byte, 36)...)
	meta[coverHashAt] = 0xab
	counters := append(append([]byte{}, coverCountersMagic...), 1, 2, 3)
	sent := append([]byte("40\n"), append(meta, counters...)...)
	dir := t.TempDir()
	require.NoError(t, WriteCoverData(dir, sent))
	hash := "ab000000000000000000000000000000"
	got, err := os.ReadFile(filepath.Join(dir, "covmeta."+hash))
	require.NoError(t, err)
	assert.Equal(t, meta, got)
	got, err = os.ReadFile(filepath.Join(dir, "covcounters."+hash+".1.1"))
	require.NoError(t, err)
	assert.Equal(t, counters, got)
}

func TestWriteCoverDataRefusesWhatAProgramForged(t *testing.T) {
	for name, sent := range map[string]string{
		"nothing":      "",
		"no length":    "hello",
		"too long":     "999\nabc",
		"no magic":     "40\n" + string(make([]byte, 44)),
		"a short meta": "3\n\x00cvm\x00cwm",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			assert.Error(t, WriteCoverData(dir, []byte(sent)))
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, entries)
		})
	}
}
