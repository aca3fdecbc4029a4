module github.com/nqueens-kit/nqueens/problems

go 1.26
