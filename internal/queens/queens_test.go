package queens

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var four = [][]string{
	{".Q..", "...Q", "Q...", "..Q."},
	{"..Q.", "Q...", "...Q", ".Q.."},
}

func TestCountIsOEISA000170(t *testing.T) {
	got := []int64{}
	for n := 1; n <= MaxKnown; n++ {
		c, ok := Count(n)
		require.True(t, ok)
		got = append(got, c)
	}
	assert.Equal(t, []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624}, got)
	_, ok := Count(MaxKnown + 1)
	assert.False(t, ok)
	_, ok = Count(-1)
	assert.False(t, ok)
}

// countCalls runs the plain bitmask search and counts its calls.
func countCalls(n int) (boards, calls int64) {
	limit := 1<<n - 1
	var place func(col, left, right int)
	place = func(col, left, right int) {
		calls++
		if col == limit {
			boards++
			return
		}
		for free := limit &^ (col | left | right); free != 0; free &= free - 1 {
			bit := free & -free
			place(col|bit, (left|bit)<<1, (right|bit)>>1)
		}
	}
	place(0, 0, 0)
	return boards, calls
}

func TestCallsCountsTheBitmaskSearchTree(t *testing.T) {
	for n := 0; n <= 13; n++ {
		boards, calls := countCalls(n)
		want, _ := Calls(n)
		assert.Equal(t, want, calls, "n = %d", n)
		count, _ := Count(n)
		assert.Equal(t, count, boards, "n = %d", n)
	}
	_, ok := Calls(MaxKnown + 1)
	assert.False(t, ok)
}

func TestCheckBoardsAcceptsAnyOrder(t *testing.T) {
	assert.NoError(t, CheckBoards(4, four))
	assert.NoError(t, CheckBoards(4, [][]string{four[1], four[0]}))
	assert.NoError(t, CheckBoards(1, [][]string{{"Q"}}))
	assert.NoError(t, CheckBoards(2, nil))
	assert.NoError(t, CheckBoards(3, [][]string{}))
}

func TestCheckBoardsExplainsWhatIsWrong(t *testing.T) {
	tests := []struct {
		name   string
		boards [][]string
		board  int
		reason string
	}{
		{"too few rows", [][]string{four[0][:3], four[1]}, 0, "has 3 rows, want 4"},
		{"short row", [][]string{four[0], {"..Q.", "Q..", "...Q", ".Q.."}}, 1, "row 1 has 3 characters, want 4"},
		{"lowercase queen", [][]string{{".q..", "...Q", "Q...", "..Q."}, four[1]}, 0, "row 0, column 1 is 'q': a queen is a capital 'Q'"},
		{"other character", [][]string{{".Q..", "...Q", "Q...", "..Q "}, four[1]}, 0, "row 3, column 3 is ' ': only 'Q' and '.' are allowed"},
		{"empty row", [][]string{{"....", "...Q", "Q...", "..Q."}, four[1]}, 0, "row 0 has no queen"},
		{"two queens in a row", [][]string{{"QQ..", "...Q", "Q...", "..Q."}}, 0, "row 0 has two queens (columns 0 and 1): they attack along the row"},
		{"same column", [][]string{{".Q..", ".Q..", "Q...", "..Q."}}, 0, "queens at row 0, column 1 and row 1, column 1 attack each other along a column"},
		{"down diagonal", [][]string{{"Q...", "..Q.", ".Q..", "...Q"}}, 0, `queens at row 0, column 0 and row 3, column 3 attack each other along a "\" diagonal`},
		{"up diagonal", [][]string{{"..Q.", "Q...", ".Q..", "...Q"}}, 0, `queens at row 1, column 0 and row 2, column 1 attack each other along a "\" diagonal`},
		{"anti diagonal", [][]string{{"...Q", "Q...", ".Q..", "..Q."}}, 0, `queens at row 0, column 3 and row 2, column 1 attack each other along a "/" diagonal`},
		{"repeat", [][]string{four[0], four[1], four[0]}, 2, "repeats board 1"},
		{"missing", [][]string{four[1]}, -1, "got 1 boards, want 2: 1 missing, such as this one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckBoards(4, tt.boards)
			var be *BoardError
			require.ErrorAs(t, err, &be)
			assert.Equal(t, tt.board, be.Board)
			assert.Contains(t, be.Reason, tt.reason)
		})
	}
}

func TestBoardErrorDrawsTheBoard(t *testing.T) {
	err := CheckBoards(4, [][]string{{"Q...", "..Q.", ".Q..", "...Q"}})
	require.Error(t, err)
	assert.Equal(t, `board 1: queens at row 0, column 0 and row 3, column 3 attack each other along a "\" diagonal
     0123
   0 Q...
   1 ..Q.
   2 .Q..
   3 ...Q`, err.Error())
}

func TestMissingBoardsAreShown(t *testing.T) {
	err := CheckBoards(4, [][]string{four[1]})
	var be *BoardError
	require.ErrorAs(t, err, &be)
	assert.Equal(t, four[0], be.Rows, "the one board not given")
	assert.Contains(t, err.Error(), "\n     0123\n   0 .Q..\n")
}
