package schema_test

import (
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/internal/schema"
)

var (
	root  = []byte(`{"$id": "https://example.com/root.json", "type": "object", "properties": {"n": {"$ref": "https://example.com/count.json"}}, "required": ["n"]}`)
	count = []byte(`{"$id": "https://example.com/count.json", "type": "integer", "minimum": 0}`)
)

// A document is checked against the first schema, which refers to the
// others by $id; the error says where it departs.
func TestValidate(t *testing.T) {
	if err := schema.Validate([]byte(`{"n": 3}`), root, count); err != nil {
		t.Error(err)
	}
	err := schema.Validate([]byte(`{"n": -1}`), root, count)
	if err == nil || !strings.Contains(err.Error(), "does not match") || !strings.Contains(err.Error(), "/n") {
		t.Errorf("%v", err)
	}
	if err := schema.Validate([]byte(`{"n": `), root, count); err == nil || !strings.Contains(err.Error(), "not JSON") {
		t.Errorf("%v", err)
	}
	if err := schema.Validate([]byte(`{}`), []byte(`{"type": "object"}`)); err == nil || !strings.Contains(err.Error(), "no $id") {
		t.Errorf("%v", err)
	}
	if err := schema.Validate([]byte(`{}`)); err == nil {
		t.Error("no schema")
	}
}
