// Package schema checks JSON documents against JSON Schemas (2020-12):
// the reports of qf check and qf fuzz against theirs, for the tests and
// for users who validate what they parse.
package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Validate checks data against schemas[0], a JSON Schema (2020-12) that
// may refer by $id to the other schemas. Its error says where data
// departs from the schema.
func Validate(data []byte, schemas ...[]byte) error {
	c := jsonschema.NewCompiler()
	var root string
	for i, doc := range schemas {
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(doc, &head); err != nil || head.ID == "" {
			return fmt.Errorf("schema: schema %d has no $id", i)
		}
		parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		if err != nil {
			return err
		}
		if err := c.AddResource(head.ID, parsed); err != nil {
			return err
		}
		if i == 0 {
			root = head.ID
		}
	}
	if root == "" {
		return errors.New("schema: no schema")
	}
	sch, err := c.Compile(root)
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return errors.New("not JSON: " + err.Error())
	}
	if err := sch.Validate(doc); err != nil {
		return fmt.Errorf("does not match its schema: %v", err)
	}
	return nil
}
