package validate_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/validate"
)

// The sentence the prompt tells a model to decline with, which the
// extractive generator also writes, must be what the validator recognises.
func TestGeneratorDeclineIsRecognised(t *testing.T) {
	require.Equal(t, generate.NotInDocs, validate.DeclineMessage)
	require.True(t, validate.IsDecline(generate.NotInDocs))
	require.True(t, validate.IsDecline(generate.NotInDocs+" [S1]"))
}
