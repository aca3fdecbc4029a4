package format

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestPrintableEscapesWhatATerminalWouldObey(t *testing.T) {
	assert.Equal(t, `\x1b[2J\x1b]0;pwned\x07ok`, Printable("\x1b[2J\x1b]0;pwned\x07ok"))
	assert.Equal(t, "two\nlines\tand 皇后", Printable("two\nlines\tand 皇后"))
	assert.Equal(t, `\x0dcarriage`, Printable("\rcarriage"))
}

func TestDurationsAndSizes(t *testing.T) {
	assert.Equal(t, "40 s", Minutes(40*time.Second))
	assert.Equal(t, "3.5 min", Minutes(210*time.Second))
	assert.Equal(t, "870 ms", Duration(870e6))
	assert.Equal(t, "10.6 s", Duration(10.6e9))
	assert.Equal(t, "2.0 s", Seconds(2e9))
	assert.Equal(t, "512 MiB", Bytes(512<<20))
	assert.Equal(t, "64 KiB", Bytes(64<<10))
	assert.Equal(t, "4.8 MiB", KiB(4915))
	assert.Equal(t, "", KiB(0))
}

func TestColumnsCountWideCharactersTwice(t *testing.T) {
	assert.Equal(t, 5, Columns("alice"))
	assert.Equal(t, 6, Columns("王小明"), "each Han character takes two columns")
	assert.Equal(t, 4, Columns("José"))
	assert.Equal(t, 4, Columns("Jose\u0301"), "a combining accent takes none")
	assert.Equal(t, "王小明  |", Pad("王小明", 8)+"|")
}
