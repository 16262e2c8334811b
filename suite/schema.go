package suite

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ShapesSchema is the JSON Schema (2020-12) of the shapes that the
// reports of qf check and qf fuzz share: a category, a count, a level,
// the implementation's hello and a test's result (shapes.schema.json in
// this package). The reports' schemas refer to it by its $id.
//
//go:embed shapes.schema.json
var ShapesSchema []byte

// ValidateJSON checks data against schema, a JSON Schema (2020-12) that
// may refer by $id to ShapesSchema and to the schemas more. Its error
// says where data departs from the schema.
func ValidateJSON(data, schema []byte, more ...[]byte) error {
	c := jsonschema.NewCompiler()
	var root string
	for i, doc := range append([][]byte{schema, ShapesSchema}, more...) {
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(doc, &head); err != nil || head.ID == "" {
			return fmt.Errorf("suite: schema %d has no $id", i)
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
