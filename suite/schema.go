package suite

import _ "embed"

// ShapesSchema is the JSON Schema (2020-12) of the shapes that the
// reports of qf check and qf fuzz share: a category, a count, a level,
// the implementation's hello and a test's result (shapes.schema.json in
// this package). The reports' schemas refer to it by its $id.
//
//go:embed shapes.schema.json
var ShapesSchema []byte
