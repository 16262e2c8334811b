package runner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/suite"
)

// A Requirement is a level that a category must reach for a run to pass,
// as qf check -require gives it: "strict:L3", "encode:E".
type Requirement struct {
	Category suite.Category
	Level    suite.Level
}

func (r Requirement) String() string { return r.Category.Name() + ":" + r.Level.String() }

// ParseRequirements parses a comma-separated list of requirements,
// "strict:L3,lenient:L3,encode:E,replay:R", spaces around the items
// allowed. Each level must be one its category can reach (L1-L3 for
// decoding, E for encoding, R for replay and validation).
func ParseRequirements(list string) ([]Requirement, error) {
	var out []Requirement
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, level, ok := strings.Cut(item, ":")
		c, known := suite.Named(strings.TrimSpace(name))
		if !known {
			return nil, fmt.Errorf("runner: requirement %q: no category %q (want %s)", item, name, categoryNames())
		}
		if !ok {
			return nil, fmt.Errorf("runner: requirement %q: no level (want %s:%s)", item, c, c.Top())
		}
		l, err := suite.ParseLevel(strings.ToUpper(strings.TrimSpace(level)))
		if err != nil || !slices.Contains(c.Levels(), l) {
			return nil, fmt.Errorf("runner: requirement %q: %s cannot reach level %q (it has %s)", item, c, level, levelList(c.Levels()))
		}
		out = append(out, Requirement{c, l})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("runner: no requirement in %q", list)
	}
	return out, nil
}

func categoryNames() string {
	names := make([]string, len(suite.Categories))
	for i, c := range suite.Categories {
		names[i] = c.Name()
	}
	return strings.Join(names, ", ")
}

func levelList(ls []suite.Level) string {
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.String()
	}
	return strings.Join(names, ", ")
}
