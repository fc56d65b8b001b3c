package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestQuestionLanguage(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"How do I pin a package version with apt preferences?", "en"},
		{"What is apt-get?", "en"},
		{"apt pinning", ""},
		{"Wie kann ich eine Paketversion mit apt festlegen?", "de"},
		{"Comment épingler une version de paquet avec apt ?", "fr"},
		{"¿Cómo puedo fijar la versión de un paquete con apt?", "es"},
		{"Hoe zet ik een pakketversie vast met apt?", "nl"},
		{"Qual é a versão do pacote?", "pt"},
		{"apt-get install -y nginx", ""},
	} {
		require.Equal(t, c.want, questionLanguage(c.q), c.q)
	}
}

// Candidates in another language than the question's come after every
// other one, in their own order; candidates that declare none stay put.
func TestPreferLanguage(t *testing.T) {
	src := func(id, lang string, fused float64) Source {
		c := store.Chunk{ID: id}
		if lang != "" {
			c.Metadata.Extra = map[string]string{store.LanguageKey: lang}
		}
		return Source{Chunk: c, Scores: Scores{Fused: fused}}
	}
	ids := func(s []Source) []string {
		var out []string
		for _, c := range s {
			out = append(out, c.Chunk.ID)
		}
		return out
	}
	cands := []Source{src("ko", "ko", 0.9), src("pl", "pl", 0.8), src("en", "en", 0.7), src("none", "", 0.5), src("ru", "ru", 0.4)}
	preferLanguage(cands, "How do I pin a package version?")
	require.Equal(t, []string{"en", "none", "ko", "pl", "ru"}, ids(cands))

	cands = []Source{src("ko", "ko", 0.9), src("en", "en", 0.7)}
	preferLanguage(cands, "apt pinning")
	require.Equal(t, []string{"ko", "en"}, ids(cands), "a question of unknown language moves nothing")
}

// Retrieve ranks a translation's chunk after the question's language's,
// however well its untranslated commands match.
func TestRetrievePrefersQuestionLanguage(t *testing.T) {
	st, emb := newTestStore(
		"apt-get pin priority apt preferences Pin-Priority 1001 apt-cache policy 우선 순위 관리",
		"Managing package priorities: set Pin-Priority in apt preferences, then check apt-cache policy",
		"the kiln vent opens the chamber",
	)
	st.chunks[0].Metadata.Extra = map[string]string{store.LanguageKey: "ko"}
	st.chunks[1].Metadata.Extra = map[string]string{store.LanguageKey: "en"}
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(t.Context(), Query{Text: "How do I set the apt-get pin priority in apt preferences with apt-cache policy?", MMRLambda: 1})
	require.NoError(t, err)
	require.NotEmpty(t, res.Sources)
	require.Equal(t, "d1", res.Sources[0].Chunk.ID)
}

// A German question ranks the German translation first.
func TestPreferLanguageOfQuestion(t *testing.T) {
	cands := []Source{
		{Chunk: store.Chunk{ID: "en", Metadata: store.Metadata{Extra: map[string]string{store.LanguageKey: "en"}}}, Scores: Scores{Fused: 0.9}},
		{Chunk: store.Chunk{ID: "de", Metadata: store.Metadata{Extra: map[string]string{store.LanguageKey: "de"}}}, Scores: Scores{Fused: 0.6}},
	}
	preferLanguage(cands, "Wie kann ich eine Paketversion mit apt festlegen?")
	require.Equal(t, "de", cands[0].Chunk.ID)
}
