package serve

// ReadCanonical is the encoder's quick reading, for canonical_test.go.
var ReadCanonical = readCanonical
