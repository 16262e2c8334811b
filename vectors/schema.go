package vectors

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/qf-format/qf-conformance/internal/schema"
)

// schemaBase is the URL under which the schemas are found; their
// references to each other are relative, so any base works.
const schemaBase = "file:///qf-vectors/schema/"

// Validate checks data, the contents of a vector file, against the schema
// it names in its "schema" member, one of the embedded schemas.
func Validate(data []byte) error {
	var head struct {
		Schema string `json:"schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("vectors: %v", err)
	}
	name := head.Schema
	if name == "" || path.Base(name) != name {
		return fmt.Errorf("vectors: the file names no schema")
	}
	load := func(uri string) ([]byte, bool) {
		name, ok := strings.CutPrefix(uri, schemaBase)
		if !ok || path.Base(name) != name {
			return nil, false
		}
		doc, err := fs.ReadFile(embedded, "schema/"+name)
		return doc, err == nil
	}
	if err := schema.ValidateAt(data, schemaBase+name, load); err != nil {
		return fmt.Errorf("vectors: %v", err)
	}
	return nil
}
