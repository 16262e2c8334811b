// Package schema checks JSON documents against JSON Schemas (2020-12):
// the reports of qf check and qf fuzz against theirs, and the vector files
// against theirs, for the tests and for users who validate what they
// parse.
//
// It is built on github.com/google/jsonschema-go, which reads a schema
// only when one is first needed. Its package's own initialisation still
// runs in every qf process, a process that only answers hello included:
// it is part of what qf's start costs beyond a program of protocol.Serve
// alone, which cmd/qf's BenchmarkHello measures.
package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
)

// Validate checks data against schemas[0], a JSON Schema (2020-12) that
// may refer by $id to the other schemas. Its error says where data
// departs from the schema.
func Validate(data []byte, schemas ...[]byte) error {
	if len(schemas) == 0 {
		return errors.New("schema: no schema")
	}
	byID := map[string][]byte{}
	var root string
	for i, doc := range schemas {
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(doc, &head); err != nil || head.ID == "" {
			return fmt.Errorf("schema: schema %d has no $id", i)
		}
		byID[head.ID] = doc
		if i == 0 {
			root = head.ID
		}
	}
	return ValidateAt(data, root, func(uri string) ([]byte, bool) {
		doc, ok := byID[uri]
		return doc, ok
	})
}

// ValidateAt checks data against the schema at uri, an absolute URI: load
// returns the schema at a URI, for uri and for the schemas it refers to,
// relative references resolved against uri. Its error says where data
// departs from the schema.
func ValidateAt(data []byte, uri string, load func(uri string) ([]byte, bool)) error {
	read := func(uri string) (*jsonschema.Schema, error) {
		doc, ok := load(uri)
		if !ok {
			return nil, fmt.Errorf("schema: no schema %s", uri)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(doc, &s); err != nil {
			return nil, fmt.Errorf("schema: %s: %v", uri, err)
		}
		return &s, nil
	}
	loader := func(u *url.URL) (*jsonschema.Schema, error) { return read(u.String()) }
	root, err := read(uri)
	if err != nil {
		return err
	}
	resolved, err := root.Resolve(&jsonschema.ResolveOptions{BaseURI: uri, Loader: loader})
	if err != nil {
		return fmt.Errorf("schema: %s: %v", uri, err)
	}
	doc, err := unmarshal(data)
	if err != nil {
		return errors.New("not JSON: " + err.Error())
	}
	if err := resolved.Validate(doc); err != nil {
		return fmt.Errorf("does not match its schema: %v", err)
	}
	return nil
}

// unmarshal returns the JSON value of data with its numbers as float64,
// those beyond float64's range as infinities: JSON has no limit on
// numbers, and a schema's "type" and "minimum" are still decided on them.
func unmarshal(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the value")
	}
	return floats(v), nil
}

// floats replaces the json.Numbers of v with float64s.
func floats(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(v), 64) // ±Inf when out of range
		return f
	case []any:
		for i := range v {
			v[i] = floats(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = floats(v[k])
		}
	}
	return v
}
