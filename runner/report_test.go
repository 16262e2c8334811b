package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/driver"
	"github.com/qf-format/qf-conformance/faults/faultstest"
	"github.com/qf-format/qf-conformance/suite"
)

// A JUnit failure's body shows the input, want and got as JSON that a
// person can copy: each, its lines pasted back as they are (breaks and
// indentation with them), parses as the JSON of the report, however long
// (the fansite's scripts answer whole records where an error is wanted).
func TestJUnitFailurePastes(t *testing.T) {
	t.Parallel()
	rep, err := Run(context.Background(), Options{Options: driver.Options{Handler: faultstest.Fansite.Handler(), MaxFailuresInARow: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	var x bytes.Buffer
	if err := rep.WriteJUnit(&x); err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Suites []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Text string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(x.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	byID := map[string]*suite.Entry{}
	for i := range rep.Results {
		byID[rep.Results[i].ID] = &rep.Results[i]
	}
	failures, folded := 0, 0
	for _, s := range suites.Suites {
		for _, c := range s.Cases {
			e := byID[c.Name]
			if c.Failure == nil || e == nil || e.Status != suite.Fail {
				continue
			}
			failures++
			for _, field := range []struct {
				label string
				want  json.RawMessage
			}{{"input", e.Input}, {"want", e.Want}, {"got", e.Got}} {
				pasted, lines := copied(c.Failure.Text, field.label)
				if field.want == nil && lines == 0 {
					continue
				}
				if lines > 1 {
					folded++
				}
				want, _ := parse(field.want)
				if got, err := parse([]byte(pasted)); err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s: the %s pasted from the JUnit failure (%d lines) is not the report's: %v\n%s", c.Name, field.label, lines, err, pasted)
				}
			}
		}
	}
	if failures < 100 || folded < 10 {
		t.Errorf("%d failures, %d fields folded over lines: the test tries too little", failures, folded)
	}
}

// parse parses one JSON value, its numbers as they are written.
func parse(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more after the value")
	}
	return v, nil
}

// copied returns what a person copies of a labelled field of a failure's
// body: the text after the label and the lines under it, as they are, and
// how many lines that is.
func copied(body, label string) (string, int) {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		switch {
		case len(out) == 0 && strings.HasPrefix(l, "  "+label+":"):
			out = append(out, strings.TrimPrefix(l, "  "+label+":"))
		case len(out) > 0 && strings.HasPrefix(l, "          "):
			out = append(out, l)
		case len(out) > 0:
			return strings.Join(out, "\n"), len(out)
		}
	}
	return strings.Join(out, "\n"), len(out)
}
