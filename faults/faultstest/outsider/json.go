package outsider

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"
)

// This file reads JSON text (RFC 8259) into a tree, for the encoder, from
// encoding/json's tokens: the tree keeps what the encoder must see and a
// value decoded by encoding/json would hide: repeated keys, keys in the
// order of the text, numbers as their text. An escaped lone surrogate
// reads as U+FFFD (spec/qf.md, "Canonical JSON").

// A jsonKind is the kind of a JSON value.
type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

// A jsonNode is one value of the tree.
type jsonNode struct {
	kind  jsonKind
	text  string      // a string's contents, unescaped; a number's text
	keys  []string    // an object's keys, unescaped, in order
	items []*jsonNode // an array's items; an object's values, in order
}

// maxDepth is how deep arrays and objects may nest, as spec/protocol.md
// allows a request to.
const maxDepth = 10000

var errTooDeep = errors.New("nested too deep")

// parseJSON reads text into a tree and returns its root, or false when
// text is not one JSON value in UTF-8.
func parseJSON(text []byte) (*jsonNode, bool) {
	if !utf8.Valid(text) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	root, err := readJSON(dec, 0)
	if err != nil {
		return nil, false
	}
	_, err = dec.Token()
	return root, err == io.EOF
}

// readJSON reads the next value of dec, depth arrays and objects deep.
func readJSON(dec *json.Decoder, depth int) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok := tok.(type) {
	case bool:
		return &jsonNode{kind: jsonBool}, nil
	case json.Number:
		return &jsonNode{kind: jsonNumber, text: string(tok)}, nil
	case string:
		return &jsonNode{kind: jsonString, text: tok}, nil
	case json.Delim:
		if depth >= maxDepth {
			return nil, errTooDeep
		}
		n := &jsonNode{kind: jsonArray}
		if tok == '{' {
			n.kind = jsonObject
		}
		for dec.More() {
			if n.kind == jsonObject {
				key, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, key.(string))
			}
			item, err := readJSON(dec, depth+1)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	}
	return &jsonNode{kind: jsonNull}, nil
}
