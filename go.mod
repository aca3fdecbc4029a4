module github.com/nqueens-kit/nqueens

go 1.26.0

require (
	github.com/elastic/go-seccomp-bpf v1.6.0
	github.com/fsnotify/fsnotify v1.10.1
	github.com/landlock-lsm/go-landlock v0.11.2
	github.com/rogpeppe/go-internal v1.16.0
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5
	golang.org/x/net v0.41.0
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
)

require (
	golang.org/x/tools v0.26.0 // indirect
	kernel.org/pub/linux/libs/security/libcap/psx v1.2.78 // indirect
)
