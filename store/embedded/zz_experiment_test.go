//go:build experiment

package embedded

import (
	"context"
	"math"
	"sort"
	"testing"

	"github.com/blevesearch/bleve/v2"
	_ "github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/hybridrag/hybridrag/internal/beir"
)

func expMapping(model string) *mapping.IndexMappingImpl {
	m := bleve.NewIndexMapping()
	dm := bleve.NewDocumentStaticMapping()
	tf := bleve.NewTextFieldMapping()
	tf.Analyzer = "en"
	tf.Store = false
	tf.IncludeTermVectors = false
	tf.DocValues = false
	tf.IncludeInAll = false
	dm.AddFieldMappingsAt("text", tf)
	m.DefaultMapping = dm
	m.DefaultAnalyzer = "en"
	m.ScoringModel = model
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	return m
}

func TestExperimentSciFact(t *testing.T) {
	dir, err := beir.SciFactDir()
	if err != nil {
		t.Skip()
	}
	ds, err := beir.Load(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, model := range []string{index.TFIDFScoring, index.BM25Scoring} {
		m := expMapping(model)
		idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		an := m.AnalyzerNamed("en")
		total := 0
		b := idx.NewBatch()
		for _, d := range ds.Corpus {
			doc := document.NewDocument(d.ID)
			f := document.NewTextFieldCustom("text", nil, []byte(d.Title+"\n"+d.Text), index.IndexField, an)
			doc.AddField(f)
			total += len(an.Analyze([]byte(d.Title + "\n" + d.Text)))
			b.IndexAdvanced(doc)
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
		cnt, _ := idx.DocCount()
		run := func(name string, ctxf func() context.Context) {
			var sum float64
			for _, q := range ds.Queries {
				mq := query.NewMatchQuery(q.Text)
				mq.SetField("text")
				req := bleve.NewSearchRequestOptions(mq, 10, 0, false)
				res, err := idx.SearchInContext(ctxf(), req)
				if err != nil {
					t.Fatal(err)
				}
				ids := make([]string, 0, 10)
				for _, h := range res.Hits {
					ids = append(ids, h.ID)
				}
				sum += beir.NDCG(ids, ds.Qrels[q.ID], 10)
			}
			t.Logf("%s %s nDCG@10 = %.4f", model, name, sum/float64(len(ds.Queries)))
		}
		run("plain", context.Background)
		if model == index.BM25Scoring {
			st := &search.BM25Stats{DocCount: float64(cnt), FieldCardinality: map[string]int{"text": total}}
			run("tokenstats", func() context.Context { return context.WithValue(context.Background(), search.BM25StatsKey, st) })
			// exact BM25 from term data
			avg := float64(total) / float64(cnt)
			for _, dedupe := range []bool{false, true} {
				var sum float64
				for _, q := range ds.Queries {
					r, _ := idx.Advanced()
					rd, _ := r.Reader()
					toks := an.Analyze([]byte(q.Text))
					seen := map[string]bool{}
					scores := map[string]float64{}
					for _, tk := range toks {
						term := string(tk.Term)
						if dedupe && seen[term] {
							continue
						}
						seen[term] = true
						tfr, _ := rd.TermFieldReader(context.Background(), tk.Term, "text", true, true, false)
						df := float64(tfr.Count())
						idf := math.Log(1 + (float64(cnt)-df+0.5)/(df+0.5))
						var tfd index.TermFieldDoc
						for {
							p, err := tfr.Next(&tfd)
							if err != nil || p == nil {
								break
							}
							dl := 1 / (p.Norm * p.Norm)
							f := float64(p.Freq)
							scores[string(p.ID)] += idf * f * 2.2 / (f + 1.2*(1-0.75+0.75*dl/avg))
						}
						tfr.Close()
					}
					type sc struct {
						id string
						s  float64
					}
					var all []sc
					for id, s := range scores {
						all = append(all, sc{id, s})
					}
					sort.Slice(all, func(i, j int) bool { return all[i].s > all[j].s })
					var ids []string
					for i := 0; i < len(all) && i < 10; i++ {
						ext, _ := rd.ExternalID(index.IndexInternalID(all[i].id))
						ids = append(ids, ext)
					}
					rd.Close()
					sum += beir.NDCG(ids, ds.Qrels[q.ID], 10)
				}
				t.Logf("exact BM25 dedupe=%v nDCG@10 = %.4f (avgdl %.1f)", dedupe, sum/float64(len(ds.Queries)), avg)
			}
		}
		idx.Close()
	}
}
