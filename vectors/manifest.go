package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// A Manifest pins a suite: the SHA-256 of each of its files, and a digest
// of them all. Tools that run the vectors print the digest, so that a CI
// log shows exactly which vectors ran.
type Manifest struct {
	SuiteVersion  string         `json:"suite_version"`
	FormatVersion string         `json:"format_version"`
	Files         []ManifestFile `json:"files"`
	// Digest is "sha256:" and the SHA-256 of the lines "HASH  NAME\n" of
	// the files in Files, in that order: the output of
	// `sha256sum NAME...` run in vectors/ on the same names.
	Digest string `json:"digest"`
}

// A ManifestFile is one file of a Manifest.
type ManifestFile struct {
	Name   string `json:"name"` // relative to vectors/, such as "schema/encode.schema.json"
	SHA256 string `json:"sha256"`
	Tests  int    `json:"tests,omitempty"` // for a vector file, its number of tests
}

// NewManifest returns the manifest of files, a map from name to contents,
// with the number of tests of each vector file given in tests.
func NewManifest(files map[string][]byte, tests map[string]int, formatVersion string) *Manifest {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	m := &Manifest{SuiteVersion: SuiteVersion, FormatVersion: formatVersion}
	var lines strings.Builder
	for _, name := range names {
		sum := sha256.Sum256(files[name])
		h := hex.EncodeToString(sum[:])
		m.Files = append(m.Files, ManifestFile{Name: name, SHA256: h, Tests: tests[name]})
		fmt.Fprintf(&lines, "%s  %s\n", h, name)
	}
	sum := sha256.Sum256([]byte(lines.String()))
	m.Digest = "sha256:" + hex.EncodeToString(sum[:])
	return m
}

// LoadManifest reads the embedded manifest.
func LoadManifest() (*Manifest, error) {
	data, err := fs.ReadFile(embedded, ManifestName)
	if err != nil {
		return nil, fmt.Errorf("vectors: %v", err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("vectors: %s: %v", ManifestName, err)
	}
	return &m, nil
}
