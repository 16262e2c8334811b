package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/explore"
	"github.com/qf-format/qf-conformance/gen"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
	"github.com/qf-format/qf-conformance/vectors"
)

// Seeds of the random values. Changing one changes the random tests' ids.
const (
	seedValues  = 2014 // strict decoding and encoding share these values
	seedLenient = 2015
	seedGames   = 2016
	seedStates  = 2017
)

// Sizes of the random parts.
const (
	numRandomValues = 200
	randomLenient   = 60
	randomGames     = 30
	maxGameLength   = 600
	randomStates    = 40
)

// conformanceFile is the document whose tables of edge cases and flags
// vectorgen writes, between these markers.
const (
	conformanceFile = "CONFORMANCE-REFERENCE.md"
	tableBegin      = "<!-- BEGIN GENERATED TABLES: go run ./cmd/vectorgen -->\n"
	tableEnd        = "<!-- END GENERATED TABLES -->\n"
)

// contents lists the tests of each category's file, in order: the
// functions that add them. Strict decoding and encoding share the random
// values.
func contents(corpus []published) map[suite.Category][]func(*builder) {
	random := randomValues(gen.NewRand(seedValues), numRandomValues)
	return map[suite.Category][]func(*builder){
		suite.Strict: {addStrict, addChunksStrict, addStrictLibrary, addStrictVariants, func(b *builder) { addUnits(b, false) }, corpusOf(addCorpusDecode, corpus), func(b *builder) {
			for _, v := range random {
				c := mustEncode(v)
				b.decode("random-"+digest(c), "A value drawn from a fixed seed.", "valid", c, "Random")
			}
		}},
		suite.Lenient: {addLenient, addChunksLenient, addLenientVariants, func(b *builder) { addUnits(b, true) }, corpusOf(addCorpusDecode, corpus), func(b *builder) {
			addLenientRandom(b, gen.NewRand(seedLenient), randomLenient)
		}},
		suite.Encode: {addEncode, addChunksEncode, addEncodeVariants, corpusOf(addCorpusEncode, corpus), func(b *builder) {
			for _, v := range random {
				b.encodeValue("random-"+digest(mustEncode(v)), "A value drawn from a fixed seed.", "valid", v, "Random")
			}
		}},
		suite.Replay: {addReplay, addDirections, addReplayRecords, corpusOf(addCorpusReplay, corpus), func(b *builder) {
			addReplayRandom(b, gen.NewRand(seedGames), randomGames, maxGameLength)
		}},
		suite.Validate: {addValidate, corpusOf(addCorpusValidate, corpus), func(b *builder) {
			addValidateRandom(b, gen.NewRand(seedStates), randomStates)
		}},
	}
}

// corpusOf returns add with the corpus given.
func corpusOf(add func(*builder, []published), corpus []published) func(*builder) {
	return func(b *builder) { add(b, corpus) }
}

// randomValues returns n distinct values drawn from r.
func randomValues(r *gen.Rand, n int) []*ref.Value {
	var out []*ref.Value
	for seen := map[string]bool{}; len(seen) < n; {
		v := r.Value()
		c := mustEncode(v)
		if seen[c] {
			continue // the same value drawn again
		}
		seen[c] = true
		out = append(out, v)
	}
	return out
}

// generate returns every file vectorgen owns, by slash-separated path
// relative to the module root at root: the vector files, the manifest,
// CONFORMANCE-REFERENCE.md with its tables of edge cases and flags, and the pictures
// in spec/img.
func generate(root string) (map[string][]byte, error) {
	corpus, err := readCorpus(root)
	if err != nil {
		return nil, err
	}
	var errs []string
	var suites []*builder
	contents := contents(corpus)
	for _, c := range suite.Categories {
		adds, ok := contents[c]
		if !ok {
			return nil, fmt.Errorf("category %s: no tests (vectorgen's contents lists none)", c)
		}
		b := newBuilder(c, &errs)
		for _, add := range adds {
			add(b)
		}
		suites = append(suites, b)
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}

	out := map[string][]byte{}
	suiteFiles := map[string][]byte{}
	tests := map[string]int{}
	for _, s := range suites {
		name := s.name
		s.file.NumberOfTests = len(s.file.Tests)
		data := s.file.Bytes()
		if err := vectors.Validate(data); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		suiteFiles[name] = data
		tests[name] = s.file.NumberOfTests
		out["vectors/"+name] = data
	}
	schemas, err := fs.Glob(vectors.FS(), "schema/*.json")
	if err != nil {
		return nil, err
	}
	for _, name := range schemas {
		data, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			return nil, err
		}
		suiteFiles[name] = data
	}
	manifest := vectors.NewManifest(suiteFiles, tests, spec.Version)
	out["vectors/"+vectors.ManifestName] = append(marshalIndent(manifest), '\n')

	doc, err := os.ReadFile(filepath.Join(root, conformanceFile))
	if err != nil {
		return nil, err
	}
	doc, err = replaceTable(doc, append(edgeCaseTable(suites), flagTable(suites)...))
	if err != nil {
		return nil, err
	}
	out[conformanceFile] = doc
	for name, data := range pictures() {
		out[name] = data
	}
	// The explorer's WebAssembly, rebuilt when its sources change; not
	// under a root without them (the tests' copies of the files).
	wasm, err := explore.Generate(root)
	if err != nil && !errors.Is(err, explore.ErrNoSource) {
		return nil, err
	}
	for name, data := range wasm {
		out[name] = data
	}
	return out, nil
}

// edgeCaseTable returns the Markdown tables of the edge cases of
// spec/qf.md, and of its rules of replay and validation, with the tests
// that document each: those with a flag whose note refers to it.
func edgeCaseTable(suites []*builder) []byte {
	var b bytes.Buffer
	b.WriteString("| id | edge case | flags | tests |\n|---|---|---|---|\n")
	for _, ec := range spec.EdgeCases {
		b.WriteString(citedRow(suites, ec.ID, ec.Title))
	}
	b.WriteString("\n| id | rule of replay and validation | flags | tests |\n|---|---|---|---|\n")
	for _, r := range spec.Rules {
		b.WriteString(citedRow(suites, r.ID, r.Title))
	}
	return b.Bytes()
}

// citedRow returns the row of the table of edgeCaseTable for id: its
// title, the flags whose notes cite it and the first tests with them.
func citedRow(suites []*builder, id, title string) string {
	var flags []string
	for flag, n := range vectors.Notes {
		if slices.Contains(n.Refs, id) {
			flags = append(flags, flag)
		}
	}
	sort.Strings(flags)
	var ids []string
	for _, s := range suites {
		for _, t := range s.file.Tests {
			if hasAny(t.Flags, flags) {
				ids = append(ids, t.ID)
			}
		}
	}
	shown := ids
	if len(shown) > 6 {
		shown = shown[:6]
	}
	cell := "`" + strings.Join(shown, "`, `") + "`"
	if len(ids) > len(shown) {
		cell += " and " + strconv.Itoa(len(ids)-len(shown)) + " more"
	}
	if len(ids) == 0 {
		cell = "none"
	}
	return fmt.Sprintf("| [%s](spec/qf.md#%s) | %s | %s | %s |\n", id, strings.ToLower(id), title, strings.Join(flags, ", "), cell)
}

// flagTable returns the Markdown table of the flags, with their notes and
// the number of tests that carry each in each file.
func flagTable(suites []*builder) []byte {
	var b bytes.Buffer
	names := make([]string, len(suites))
	for i, s := range suites {
		names[i] = s.cat.Name()
	}
	fmt.Fprintf(&b, "\n| flag | meaning | refs | tests (%s) |\n|---|---|---|---|\n", strings.Join(names, ", "))
	for _, flag := range sortedKeys(vectors.Notes) {
		var counts []string
		for _, s := range suites {
			n := 0
			for _, t := range s.file.Tests {
				if hasAny(t.Flags, []string{flag}) {
					n++
				}
			}
			counts = append(counts, strconv.Itoa(n))
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", flag, vectors.Notes[flag].Description, strings.Join(vectors.Notes[flag].Refs, ", "), strings.Join(counts, ", "))
	}
	return b.Bytes()
}

func hasAny(list, want []string) bool {
	for _, x := range list {
		for _, w := range want {
			if x == w {
				return true
			}
		}
	}
	return false
}

// replaceTable puts table between the markers of doc.
func replaceTable(doc, table []byte) ([]byte, error) {
	i := bytes.Index(doc, []byte(tableBegin))
	j := bytes.Index(doc, []byte(tableEnd))
	if i < 0 || j < i {
		return nil, fmt.Errorf("%s: the markers %q and %q are missing", conformanceFile, strings.TrimSpace(tableBegin), strings.TrimSpace(tableEnd))
	}
	var b bytes.Buffer
	b.Write(doc[:i+len(tableBegin)])
	b.Write(table)
	b.Write(doc[j:])
	return b.Bytes(), nil
}

// digest returns the first 10 hex digits of the SHA-256 of s: a name that
// depends on content only.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:5])
}

func itoa(n int) string { return strconv.Itoa(n) }
