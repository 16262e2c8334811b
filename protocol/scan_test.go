package protocol

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/spec"
)

// scanTexts returns JSON texts of the shapes of the members the scanners
// read and of shapes near them: spaces, escapes, nulls, numbers written
// otherwise, members repeated or unknown, pairs of one or three items.
func scanTexts() []string {
	texts := []string{
		`[]`, `[[0,0]]`, `[[40,44],[31,44]]`, `[[-1,80]]`, `[[1]]`, `[[1,2,3]]`, `[[1,2],]`, `[[1.0,2]]`, `[[1e1,2]]`,
		`[[123456789,2]]`, `[[1234567890,2]]`, `[[99999999999999999999,2]]`, `[ [1,2]]`, `[[1,2]] `, `[null]`, `[[null,1]]`, `{}`, `null`, `"x"`, `5`,
		`["wall_conflict"]`, `["a","b"]`, `["a\u0062"]`, `["a",1]`, `[""]`, `["é"]`,
		`{"kind":"out_of_range","bit":2,"field":"state.white"}`, `{"kind":"truncated","char":0,"message":"x y"}`,
		`{"kind":"a","kind":"b"}`, `{"kind":"a","Bit":1}`, `{"kind":"a","detail":1}`, `{"kind":null}`, `{"kind":"a","bit":null}`,
		`{"kind":"a","bit":-0}`, `{"kind":"a","bit":1.5}`, `{"kind":"a","bit":"1"}`, `{"kind":"\u0061"}`, `{"kind":"a",}`, `{"message":"m"}`,
		`{ "kind":"a"}`, `{"kind":"a"}x`, `"code"`, `"co\"de"`, `"AAAA"`, `""`,
	}
	r := rand.New(rand.NewPCG(20261124, 1))
	parts := []string{`[`, `]`, `[`, `]`, `,`, `,`, `0`, `7`, `-3`, `80`, `1.5`, `"a"`, `"kind"`, `"bit"`, `:`, `{`, `}`, `null`, ` `, `\u0041`, `"`}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := 1 + r.IntN(12); n > 0; n-- {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		texts = append(texts, b.String())
	}
	return texts
}

// Whatever a scanner reads, package json reads the same from the same
// text; texts that are not JSON never reach them (the line's decoder
// refuses them first), so only valid ones are tried.
func TestScannersAgreeWithJSON(t *testing.T) {
	read := 0
	for _, text := range scanTexts() {
		v := []byte(text)
		if !jsontext.Value(v).IsValid() {
			continue
		}
		if got, ok := scanSquares(v); ok {
			read++
			var want [][2]int
			if err := jsonv2.Unmarshal(v, &want); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("scanSquares(%s) = %v; package json: %v, %v", text, got, want, err)
			}
		}
		if got, ok := scanStrings(v); ok {
			read++
			var want []string
			if err := jsonv2.Unmarshal(v, &want); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("scanStrings(%s) = %q; package json: %q, %v", text, got, want, err)
			}
		}
		if got, ok := scanError(v); ok {
			read++
			want := new(spec.ErrorObject)
			err := jsonv2.Unmarshal(v, want)
			if err == nil {
				err = exactNames(v, errorMembers)
			}
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("scanError(%s) = %+v; package json: %+v, %v", text, fmt.Sprint(got), fmt.Sprint(want), err)
			}
		}
		if got, ok := plainString(v); ok {
			read++
			var want string
			if err := jsonv2.Unmarshal(v, &want); err != nil || got != want {
				t.Errorf("plainString(%s) = %q; package json: %q, %v", text, got, want, err)
			}
		}
		if plain(v) {
			if want, err := jsontext.AppendFormat(nil, v); err != nil || string(want) != text {
				t.Errorf("plain(%s), but jsontext writes it %s, %v", text, want, err)
			}
		}
	}
	t.Logf("%d texts read by a scanner", read)
	if read < 30 {
		t.Errorf("the scanners read %d texts: too few to tell", read)
	}
}
