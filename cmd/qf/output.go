package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// checkOutput checks, before a run, that a report can be written to
// path: its directory exists and the file can be created or overwritten.
// "-" (standard output) and "" (none) pass. A file that did not exist is
// not left behind.
func checkOutput(path string) error {
	if path == "" || path == "-" {
		return nil
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	if errors.Is(statErr, os.ErrNotExist) {
		os.Remove(path)
	}
	return nil
}

// checkOutputDir checks, before a run, that files can be written into
// dir, making it if it does not exist.
func checkOutputDir(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".qf-write-check-*")
	if err != nil {
		return fmt.Errorf("cannot write into %s: %v", dir, err)
	}
	f.Close()
	return os.Remove(filepath.Clean(f.Name()))
}
