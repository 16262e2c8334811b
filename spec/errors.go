package spec

// An ErrorObject is an error as JSON, the error object of qf.md section
// "Errors": {"kind": ..., "bit" or "char": ..., "field": ..., "message":
// ...}, Bit and Char nil when absent. It is the form in which the
// reference reports errors (ref.Error's Object), test vectors expect them
// and other implementations answer with them through the conformance
// protocol, so its Kind may be any string.
type ErrorObject struct {
	Kind    string `json:"kind"`
	Bit     *int   `json:"bit,omitempty"`
	Char    *int   `json:"char,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message,omitempty"`
}
