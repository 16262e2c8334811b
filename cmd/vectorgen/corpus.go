package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qf-format/qf-conformance/ref"
)

// corpusFile is the repository's copy of the team's corpus of published
// codes: a header line, then a code, its source and a note per line.
const corpusFile = "testdata/qf-corpus.tsv"

// A published code, with the slug that names its tests and the flags its
// content earns beyond "Corpus".
type published struct {
	code, source, note string
	slug               string
	flags              []string
}

// corpusSlugs names the known codes; a code added to the corpus without a
// name here is named after its digest.
var corpusSlugs = map[string]struct {
	slug  string
	flags []string
}{
	"j7oklAHMe1ICg": {"viewer-position", []string{"Base64Length"}},
	"QuBAQEk6yVqpfcBgTio6WQr0JiSJKLLMYLb1vyYmBmRk": {"viewer-record", nil},
	"gkwAAAAQ":              {"initial-board", []string{"TurnNumber", "PawnLastMove", "FaultPlaceAfterPawn"}},
	"hsMBzAHMBA":            {"sidewall", nil},
	"j8YrLiz3AADg":          {"sidewall-black-boxed-in", nil},
	"j8dU1V7Liz3AFMFA":      {"sidewall-horizontal-wall", nil},
	"j75k1V4bLkaoz3Kr8GgGg": {"sidewall-two-paths", []string{"Base64Length"}},
	"hsMBzHIPIBQ":           {"sidewall-black-answer", nil},
	"ReBPNKwglK4p8Gkm5WkJ0CvCzSZGKEZmgmRkqm8QuSQCYmJiQkBAICZGQC2+IAhqBhRERiAgRkYgIE": {"hidden-costs-game", nil},
}

func readCorpus(root string) ([]published, error) {
	data, err := os.ReadFile(filepath.Join(root, corpusFile))
	if err != nil {
		return nil, err
	}
	var list []published
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated columns", corpusFile, line)
		}
		if line == 1 {
			continue
		}
		p := published{code: cols[0], source: cols[1], note: cols[2]}
		if known, ok := corpusSlugs[p.code]; ok {
			p.slug, p.flags = known.slug, known.flags
		} else {
			p.slug = "code-" + digest(p.code)
		}
		list = append(list, p)
	}
	return list, sc.Err()
}

func (p published) comment() string {
	return "Published: " + p.note + " Source: " + p.source
}

func (p published) allFlags() []string {
	return append([]string{"Corpus"}, p.flags...)
}

func addCorpusDecode(s *builder, corpus []published) {
	for _, p := range corpus {
		s.decode("corpus-"+p.slug, p.comment(), "valid", p.code, p.allFlags()...)
	}
}

func addCorpusEncode(s *builder, corpus []published) {
	for _, p := range corpus {
		v, err := ref.Decode(p.code)
		if err != nil {
			s.failf("corpus %s: %v", p.code, err)
			continue
		}
		s.encodeValue("corpus-"+p.slug, p.comment(), "valid", v, p.allFlags()...)
	}
}

func addCorpusReplay(s *builder, corpus []published) {
	for _, p := range corpus {
		s.replay("corpus-"+p.slug, p.comment(), "", p.code, "Corpus")
	}
}

func addCorpusValidate(s *builder, corpus []published) {
	for _, p := range corpus {
		s.validate("corpus-"+p.slug, p.comment(), "", p.code, "Corpus")
	}
}
