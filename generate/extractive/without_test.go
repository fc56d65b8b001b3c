package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "… without using the build cache?" is answered by the option that
// negates the cache, not by the sentences that describe using it, which
// cover the question's words as well.
func TestWithoutAnsweredByNoOption(t *testing.T) {
	cache := "Cache\n\nIn addition to the local build cache, the kiln can reuse the cache of earlier builds of an image with the `--cache-from` flag. " +
		"After that, the built image can be used as a cache source for later builds."
	options := "kiln build options\n\n--no-cache\n\nDo not use cache when building the image.\n\n--pull\n\nAlways attempt to pull a newer version of the image."
	got := answerTo(t, "How do I build an image without using the build cache?", prompt(cache, options))
	require.True(t, strings.HasPrefix(got, "--no-cache [S2]"), got)
}
