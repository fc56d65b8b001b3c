package validate

import "github.com/hybridrag/hybridrag/internal/textutil"

var textutilSentences = textutil.Sentences
