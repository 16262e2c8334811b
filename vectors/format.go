package vectors

import (
	"bytes"
	"encoding/json"
	"sort"
)

// Bytes returns the file as diffable JSON, the layout of the suite's
// files: one header member, note or test member per line, and one field of
// a breakdown per line, each value compact. Notes are sorted by flag;
// tests keep their order. The bytes depend on nothing but f, and
// NumberOfTests is written as the number of tests.
func (f *File) Bytes() []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	member(&b, "  ", "format", f.Format, true)
	member(&b, "  ", "format_version", f.FormatVersion, true)
	member(&b, "  ", "suite_version", f.SuiteVersion, true)
	member(&b, "  ", "schema", f.Schema, true)
	member(&b, "  ", "op", f.Op, true)
	if f.Profile != "" {
		member(&b, "  ", "profile", f.Profile, true)
	}
	member(&b, "  ", "number_of_tests", len(f.Tests), true)

	b.WriteString("  \"notes\": {\n")
	flags := make([]string, 0, len(f.Notes))
	for flag := range f.Notes {
		flags = append(flags, flag)
	}
	sort.Strings(flags)
	for i, flag := range flags {
		member(&b, "    ", flag, f.Notes[flag], i < len(flags)-1)
	}
	b.WriteString("  },\n")

	b.WriteString("  \"tests\": [\n")
	for i, t := range f.Tests {
		writeTest(&b, &t, f.Op)
		if i < len(f.Tests)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ]\n}\n")
	return b.Bytes()
}

// writeTest writes a test of a file of op "decode", "encode", "replay" or
// "validate", its members in the order: what it is (id, comment, flags),
// its input, the verdict, the expectation.
func writeTest(b *bytes.Buffer, t *Test, op string) {
	type kv struct {
		key   string
		value any
	}
	members := []kv{{"id", t.ID}, {"comment", t.Comment}, {"flags", nonNil(t.Flags)}}
	if op == "decode" {
		if t.Code != nil {
			members = append(members, kv{"code", *t.Code})
		} else {
			members = append(members, kv{"code_hex", t.CodeHex})
		}
		members = append(members, kv{"result", t.Result})
		if t.Error != nil {
			members = append(members, kv{"error", t.Error})
		} else {
			members = append(members, kv{"value", t.Value}, kv{"canonical", t.Canonical})
		}
	} else if op == "encode" {
		if t.ValueText != "" {
			members = append(members, kv{"value_text", t.ValueText})
		} else {
			members = append(members, kv{"value", t.Value})
		}
		members = append(members, kv{"result", t.Result})
		if t.Error != nil {
			members = append(members, kv{"error", t.Error})
		} else {
			members = append(members, kv{"code", *t.Code})
		}
	} else { // replay, validate
		members = append(members, kv{"code", *t.Code}, kv{"result", t.Result})
		switch {
		case t.Error != nil:
			members = append(members, kv{"error", t.Error})
		case op == "replay":
			members = append(members, kv{"squares", *t.Squares}, kv{"violation", t.Violation})
		default:
			members = append(members, kv{"violations", *t.Violations})
		}
	}
	const in = "      "
	b.WriteString("    {\n")
	for i, m := range members {
		member(b, in, m.key, m.value, i < len(members)-1 || t.Fields != nil)
	}
	if t.Fields != nil {
		b.WriteString(in + "\"fields\": [\n")
		for i, f := range t.Fields {
			b.WriteString(in + "  ")
			b.Write(marshal(f))
			if i < len(t.Fields)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(in + "]\n")
	}
	b.WriteString("    }")
}

func member(b *bytes.Buffer, indent, key string, value any, comma bool) {
	b.WriteString(indent)
	b.Write(marshal(key))
	b.WriteString(": ")
	b.Write(marshal(value))
	if comma {
		b.WriteByte(',')
	}
	b.WriteByte('\n')
}

// marshal writes v as compact JSON without escaping <, > and &.
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
