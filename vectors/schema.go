package vectors

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaBase is the URL under which the schemas are registered; their
// references to each other are relative, so any base works.
const schemaBase = "file:///qf-vectors/schema/"

// Validate checks data, the contents of a vector file, against the schema
// it names in its "schema" member, one of the embedded schemas.
func Validate(data []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("vectors: %v", err)
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return fmt.Errorf("vectors: not a JSON object")
	}
	name, _ := obj["schema"].(string)
	if name == "" || path.Base(name) != name {
		return fmt.Errorf("vectors: the file names no schema")
	}
	c := jsonschema.NewCompiler()
	schemas, err := fs.Glob(embedded, "schema/*.schema.json")
	if err != nil {
		return err
	}
	for _, s := range schemas {
		data, err := fs.ReadFile(embedded, s)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("vectors: %s: %v", s, err)
		}
		if err := c.AddResource(schemaBase+path.Base(s), doc); err != nil {
			return fmt.Errorf("vectors: %s: %v", s, err)
		}
	}
	sch, err := c.Compile(schemaBase + name)
	if err != nil {
		return fmt.Errorf("vectors: schema %s: %v", name, err)
	}
	if err := sch.Validate(doc); err != nil {
		return fmt.Errorf("vectors: %v", err)
	}
	return nil
}
