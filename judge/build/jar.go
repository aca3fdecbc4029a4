package build

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A Jar is a Java archive a recipe's program is packed into, at its
// Output: the classes its commands compiled into Classes (a folder of the
// build directory), run from the class Main.
type Jar struct {
	Classes string
	Main    string
}

// pack packs the classes in dir into the archive out.
func (j *Jar) pack(dir, out string) (string, error) {
	f, err := os.Create(out)
	if err != nil {
		return "", err
	}
	defer f.Close() // on the error returns; closed and checked at the end
	z := zip.NewWriter(f)
	w, err := z.Create("META-INF/MANIFEST.MF")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(w, "Manifest-Version: 1.0\r\nMain-Class: %s\r\n\r\n", j.Main)
	classes := filepath.Join(dir, j.Classes)
	err = filepath.WalkDir(classes, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(classes, path)
		w, err := z.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err != nil {
		return "", err
	}
	if err := z.Close(); err != nil {
		return "", err
	}
	return out, f.Close()
}
