package embed

import (
	"fmt"
	"testing"
)

func BenchmarkSciFactVariants(b *testing.B) {
	base := HashOptions{}.config()
	with := func(f func(c *hashConfig)) hashConfig { c := base; f(&c); return c }
	variants := []struct {
		name string
		cfg  hashConfig
	}{
		{"co-n4-6", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN = 0, 0, 4, 6 })},
		{"co-n4-7", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN = 0, 0, 4, 7 })},
		{"co-n5-7", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN = 0, 0, 5, 7 })},
		{"co-n4-8", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN = 0, 0, 4, 8 })},
		{"co-n3-6-nw1", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN, c.nWeight = 0, 0, 3, 6, 1 })},
		{"co-n4-6-nw1", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN, c.nWeight = 0, 0, 4, 6, 1 })},
		{"co-n4-6-nw2", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN, c.nWeight = 0, 0, 4, 6, 2 })},
		{"co-n4-6-tf.5", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN, c.tfPow = 0, 0, 4, 6, 0.5 })},
		{"co-n4-6-tf.7", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN, c.tfPow = 0, 0, 4, 6, 0.7 })},
		{"co-n4-6-uni.3", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN = 0, 0.3, 4, 6 })},
		{"co-n4-6-flat", with(func(c *hashConfig) { c.bigram, c.unigram, c.minN, c.maxN, c.charFlat = 0, 0, 4, 6, true })},
	}
	ds := loadSciFact(b, "train")
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			var ndcg float64
			for b.Loop() {
				ndcg = vectorNDCG(b, newHash(v.cfg), ds)
			}
			b.ReportMetric(ndcg, "nDCG@10")
			fmt.Printf("%-16s dim=%d train=%.4f\n", v.name, v.cfg.dim, ndcg)
		})
	}
}
