package postgres

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/store"
)

// chunkColumns are the columns a chunk is read back from, in scanChunk's
// order.
const chunkColumns = `serial, tenant_id, project_id, document_id, chunk_id, source, title, heading, text,
	page, chunk_index, start_offset, end_offset, tokens, source_type, confidentiality, revision,
	date_sec, date_nsec, date_offset, tags, extra, doc_hash, index_version`

// insertColumns are the columns Put copies into the chunks table, in
// chunkValues's order.
var insertColumns = []string{
	"serial", "tenant_id", "project_id", "document_id", "chunk_id", "source", "title", "heading", "heading_path", "text",
	"page", "chunk_index", "start_offset", "end_offset", "tokens", "source_type", "confidentiality", "revision",
	"doc_date", "date_sec", "date_nsec", "date_offset", "tags", "extra", "doc_hash", "index_version", "embedding",
	"code_lexemes",
}

// vectorColumns are the columns Put copies into the vectors table, in
// vectorValues's order (indexColumns).
var vectorColumns = []string{
	"serial", "tenant_id", "project_id", "document_id", "source_type", "confidentiality", "date_sec", "date_nsec", "vec",
}

// vectorValues is one row for vectorColumns; chunk holds chunkValues's.
func vectorValues(chunk []any, vec []float32) []any {
	return []any{chunk[0], chunk[1], chunk[2], chunk[3], chunk[15], chunk[16], chunk[19], chunk[20], vecBytes(vec)}
}

// chunkValues is one row for insertColumns.
func chunkValues(serial int64, c *store.Chunk, vec []float32) ([]any, error) {
	extra, err := extraJSON(c.Metadata.Extra)
	if err != nil {
		return nil, fmt.Errorf("%w: chunk %q: %v", store.ErrInvalidEntry, c.ID, err)
	}
	var sec, nsec, off any
	d := datePartsOf(c.Metadata.Date)
	if d.set {
		_, offset := c.Metadata.Date.Zone()
		sec, nsec, off = d.sec, d.nsec, int32(offset)
	}
	headingPath := strings.Join(c.Heading, " > ")
	return []any{
		serial, c.TenantID, c.ProjectID, c.DocumentID, c.ID, c.Source, c.Title, nonNil(c.Heading), headingPath, c.Text,
		int32(c.Page), int32(c.Index), int32(c.Start), int32(c.End), int32(c.Tokens),
		c.Metadata.SourceType, c.Metadata.Confidentiality, c.Metadata.Revision,
		timestamptz(c.Metadata.Date), sec, nsec, off, nonNil(c.Metadata.Tags), extra, c.DocHash, c.IndexVersion, vec,
		nonNil(codeLexemes(c.Title + " " + headingPath + " " + c.Text)),
	}, nil
}

// scanChunk reads chunkColumns (then dest, if any) from a row.
func scanChunk(row pgx.Row, dest ...any) (int64, store.Chunk, error) {
	var (
		c                       store.Chunk
		serial                  int64
		page, index, start, end int32
		tokens                  int32
		dateSec                 *int64
		dateNsec, dateOffset    *int32
		extra                   []byte
	)
	args := []any{&serial, &c.TenantID, &c.ProjectID, &c.DocumentID, &c.ID, &c.Source, &c.Title, &c.Heading, &c.Text,
		&page, &index, &start, &end, &tokens, &c.Metadata.SourceType, &c.Metadata.Confidentiality, &c.Metadata.Revision,
		&dateSec, &dateNsec, &dateOffset, &c.Metadata.Tags, &extra, &c.DocHash, &c.IndexVersion}
	if err := row.Scan(append(args, dest...)...); err != nil {
		return 0, c, err
	}
	c.Page, c.Index, c.Start, c.End, c.Tokens = int(page), int(index), int(start), int(end), int(tokens)
	if dateSec != nil && dateNsec != nil {
		t := time.Unix(*dateSec, int64(*dateNsec))
		if dateOffset != nil && *dateOffset != 0 {
			t = t.In(time.FixedZone("", int(*dateOffset)))
		} else {
			t = t.UTC()
		}
		c.Metadata.Date = t
	}
	if len(extra) > 0 {
		if err := json.Unmarshal(extra, &c.Metadata.Extra); err != nil {
			return 0, c, fmt.Errorf("postgres: chunk %q: extra metadata: %v: %w", c.ID, err, store.ErrCorrupt)
		}
	}
	if len(c.Heading) == 0 {
		c.Heading = nil
	}
	if len(c.Metadata.Tags) == 0 {
		c.Metadata.Tags = nil
	}
	return serial, c, nil
}

// datePartsOf splits a date into exact Unix seconds and nanoseconds; the
// zero time is unset.
func datePartsOf(t time.Time) dateParts {
	if t.IsZero() {
		return dateParts{}
	}
	return dateParts{set: true, sec: t.Unix(), nsec: int32(t.Nanosecond())}
}

// timestamptz is the human-readable copy of a date, or NULL when the date
// is unset or outside the years PostgreSQL and pgx both handle.
func timestamptz(t time.Time) any {
	if t.IsZero() || t.Year() < 1 || t.Year() > 9999 {
		return nil
	}
	return t
}

func extraJSON(m map[string]string) (any, error) {
	if len(m) == 0 {
		return nil, nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// vecBytes is v as the vectors table stores it: big-endian float32, the bytes
// of float4send, so that SQL (the version 3 migration) can write it too.
func vecBytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.BigEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// decodeVec appends the vector stored as b (see vecBytes) to dst.
func decodeVec(dst []float32, b []byte) ([]float32, error) {
	if len(b)%4 != 0 {
		return dst, fmt.Errorf("vector of %d bytes: %w", len(b), store.ErrCorrupt)
	}
	for i := 0; i < len(b); i += 4 {
		dst = append(dst, math.Float32frombits(binary.BigEndian.Uint32(b[i:])))
	}
	return dst, nil
}

// vecScanner scans a vec column into a fresh []float32.
type vecScanner struct{ v *[]float32 }

func (s vecScanner) Scan(src any) error {
	b, ok := src.([]byte)
	if !ok {
		return fmt.Errorf("postgres: vector column holds %T", src)
	}
	v, err := decodeVec(make([]float32, 0, len(b)/4), b)
	*s.v = v
	return err
}
