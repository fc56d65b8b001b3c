package postgres

// queries holds the store's SQL with the schema substituted once.
type queries struct {
	schema string // the unquoted schema name

	state, lockState, stats               string
	deleteDocs, recordChanges             string
	pruneChanges                          string
	changedDocs, changedChunks, allChunks string
	chunkCount                            string
	chunksBySerial, termDocFreq           string
	wordQueries                           string
	chunksAt                              string
	scanPage, maxSerial, currentVersion   string
	loadCheckpoint, saveCheckpoint        string
	clearCheckpoint, flushPending         string
}

// vecOf reads the vector of the chunks row c, as bytea (vecScanner).
const vecOf = `(SELECT v.vec FROM {{s}}.vectors v WHERE v.serial = c.serial)`

// indexColumns are what the in-process index loads per chunk, the columns
// of the vectors table.
const indexColumns = `serial, tenant_id, project_id, document_id, source_type, confidentiality, date_sec, date_nsec, vec`

func newQueries(schema string) queries {
	in := func(q string) string { return inSchema(q, schema) }
	return queries{
		schema: schema,
		state:  in(`SELECT index_version, pruned_through, dimension FROM {{s}}.state`),
		// The state row lock serialises writers across processes, so index
		// versions commit in increasing order.
		lockState: in(`UPDATE {{s}}.state
			SET index_version = index_version + 1,
			    next_serial = next_serial + $1,
			    dimension = CASE WHEN dimension = 0 THEN $2 ELSE dimension END
			RETURNING index_version, next_serial - $1, dimension`),
		stats: in(`SELECT
			(SELECT count(*) FROM {{s}}.documents WHERE ($1 = '' OR tenant_id = $1) AND ($2 = '' OR project_id = $2)),
			(SELECT coalesce(sum(chunk_count), 0) FROM {{s}}.documents WHERE ($1 = '' OR tenant_id = $1) AND ($2 = '' OR project_id = $2)),
			index_version, dimension FROM {{s}}.state`),
		// The vectors table has no foreign key (a per-row check that locks
		// the chunk row); its rows go with their documents here.
		deleteDocs: in(`WITH v AS (DELETE FROM {{s}}.vectors x
				USING unnest($1::text[], $2::text[], $3::text[]) AS k(tenant_id, project_id, document_id)
				WHERE x.tenant_id = k.tenant_id AND x.project_id = k.project_id AND x.document_id = k.document_id)
			DELETE FROM {{s}}.documents d
			USING unnest($1::text[], $2::text[], $3::text[]) AS k(tenant_id, project_id, document_id)
			WHERE d.tenant_id = k.tenant_id AND d.project_id = k.project_id AND d.document_id = k.document_id
			RETURNING d.tenant_id, d.project_id, d.document_id`),
		recordChanges: in(`INSERT INTO {{s}}.changes (version, tenant_id, project_id, document_id)
			SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])`),
		pruneChanges: in(`WITH p AS (DELETE FROM {{s}}.changes WHERE version <= $1)
			UPDATE {{s}}.state SET pruned_through = greatest(pruned_through, $1)`),
		changedDocs: in(`SELECT DISTINCT tenant_id, project_id, document_id FROM {{s}}.changes WHERE version > $1`),
		changedChunks: in(`SELECT ` + indexColumns + ` FROM {{s}}.vectors c
			WHERE (c.tenant_id, c.project_id, c.document_id) IN
			      (SELECT tenant_id, project_id, document_id FROM {{s}}.changes WHERE version > $1)
			ORDER BY c.tenant_id, c.project_id, c.document_id, c.serial`),
		// In storage order: sorting would spill every vector to disk.
		allChunks:  in(`SELECT ` + indexColumns + ` FROM {{s}}.vectors`),
		chunkCount: in(`SELECT coalesce(sum(chunk_count), 0)::bigint FROM {{s}}.documents`),
		// Each word as websearch_to_tsquery reads it ('' for a stop word).
		wordQueries: `SELECT coalesce(array_agg(websearch_to_tsquery('english'::regconfig, w)::text ORDER BY n), '{}')
			FROM unnest($1::text[]) WITH ORDINALITY AS u(w, n)`,
		chunksBySerial: in(`SELECT ` + chunkColumns + ` FROM {{s}}.chunks WHERE serial = ANY($1)`),
		chunksAt: in(`SELECT ` + chunkColumns + `, ` + vecOf + `, 0::float8 FROM {{s}}.chunks c
			WHERE tenant_id = $1 AND project_id = $2 AND document_id = $3 AND chunk_index = ANY($4::integer[])
			ORDER BY chunk_index, serial`),
		termDocFreq: in(`SELECT (SELECT count(*) FROM {{s}}.chunks WHERE tsv @@ t::tsquery
				AND ($2 = '' OR tenant_id = $2) AND ($3 = '' OR project_id = $3))
			FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`),
		scanPage:       in(`SELECT ` + chunkColumns + `, ` + vecOf + ` FROM {{s}}.chunks c WHERE serial > $1 AND serial < $2`),
		maxSerial:      in(`SELECT next_serial FROM {{s}}.state`),
		currentVersion: in(`SELECT index_version FROM {{s}}.state`),
		loadCheckpoint: in(`SELECT value FROM {{s}}.checkpoints WHERE name = $1`),
		saveCheckpoint: in(`INSERT INTO {{s}}.checkpoints (name, value) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`),
		clearCheckpoint: in(`DELETE FROM {{s}}.checkpoints WHERE name = $1`),
		flushPending:    in(`SELECT gin_clean_pending_list('{{s}}.chunks_tsv'::regclass)`),
	}
}
