package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/qf-format/qf-conformance/vectors"
)

// LoadVectors reads the vector files in dir (every *.json file but a
// manifest), each checked against the schema it names and of a category:
// the files that qf fuzz -o writes, say, for qf check -vectors.
func LoadVectors(dir string) ([]*vectors.File, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var files []*vectors.File
	for _, path := range paths {
		if filepath.Base(path) == vectors.ManifestName {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := vectors.Validate(data); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		f, err := vectors.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if _, ok := Of(f); !ok {
			return nil, fmt.Errorf("%s: op %q, profile %q: no such category", path, f.Op, f.Profile)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no vector file", dir)
	}
	return files, nil
}
