package diagnosis

import _ "embed"

// CauseSchema is the JSON Schema (2020-12) of a Cause as the reports of
// qf check and qf fuzz write it, cause.schema.json in this package.
//
//go:embed cause.schema.json
var CauseSchema []byte
