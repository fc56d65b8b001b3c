package beir

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNoDataset means no dataset directory was configured or found.
var ErrNoDataset = errors.New("beir: dataset not found")

// Doc is one corpus entry.
type Doc struct {
	ID    string `json:"_id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Query is one test question.
type Query struct {
	ID   string `json:"_id"`
	Text string `json:"text"`
}

// Dataset is a corpus with the queries and judgements of one split. Queries
// holds only the queries that have judgements in the split.
type Dataset struct {
	Corpus  []Doc
	Queries []Query
	Qrels   map[string]map[string]int // query id → doc id → grade
}

// Load reads dir/corpus.jsonl, dir/queries.jsonl and dir/qrels/split.tsv.
func Load(dir, split string) (*Dataset, error) {
	ds := &Dataset{Qrels: map[string]map[string]int{}}
	if err := readTSV(filepath.Join(dir, "qrels", split+".tsv"), ds.Qrels); err != nil {
		return nil, err
	}
	if err := readJSONL(filepath.Join(dir, "corpus.jsonl"), func(line []byte) error {
		var d Doc
		if err := json.Unmarshal(line, &d); err != nil {
			return err
		}
		ds.Corpus = append(ds.Corpus, d)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := readJSONL(filepath.Join(dir, "queries.jsonl"), func(line []byte) error {
		var q Query
		if err := json.Unmarshal(line, &q); err != nil {
			return err
		}
		if _, ok := ds.Qrels[q.ID]; ok {
			ds.Queries = append(ds.Queries, q)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return ds, nil
}

func readJSONL(path string, fn func([]byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("beir: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		if err := fn(sc.Bytes()); err != nil {
			return fmt.Errorf("beir: %s line %d: %w", path, n, err)
		}
	}
	return sc.Err()
}

func readTSV(path string, qrels map[string]map[string]int) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("beir: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Split(strings.TrimSpace(sc.Text()), "\t")
		if len(fields) < 3 || (n == 1 && fields[0] == "query-id") {
			continue
		}
		grade, err := strconv.Atoi(fields[2])
		if err != nil {
			return fmt.Errorf("beir: %s line %d: %w", path, n, err)
		}
		if qrels[fields[0]] == nil {
			qrels[fields[0]] = map[string]int{}
		}
		qrels[fields[0]][fields[1]] = grade
	}
	return sc.Err()
}

// SciFactDir returns the SciFact directory: $HYBRIDRAG_SCIFACT if set,
// otherwise shared/data/beir/scifact found beside or above the working
// directory (the layout of the development machines and CI). Benchmarks skip
// when it returns ErrNoDataset.
func SciFactDir() (string, error) {
	if d := os.Getenv("HYBRIDRAG_SCIFACT"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", ErrNoDataset
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		cand := filepath.Join(dir, "shared", "data", "beir", "scifact")
		if st, err := os.Stat(filepath.Join(cand, "corpus.jsonl")); err == nil && !st.IsDir() {
			return cand, nil
		}
		if filepath.Dir(dir) == dir {
			return "", ErrNoDataset
		}
	}
}
