// Command hybridrag indexes documents and answers questions only from them.
//
//	hybridrag index    --store DIR [--tenant T --project P] [--strict] [--id-prefix P] [--sync] [--max-file-size 256MB] [--log PATH | --no-log] [--embedder hash|openai|ollama [--embedding-model M]] PATH...
//	hybridrag retrieve --store DIR [--k N] [--json] QUESTION
//	hybridrag ask      --store DIR [--json] [--print-prompt] [--generator extractive|openai|ollama|googleai] [--model M] [--judge] [--stream] [--timeout D] [--agent NAME] QUESTION
//	hybridrag artifact --store DIR --type blueprint|pdr|workflow|build-plan|FILE.yaml [--agent NAME] [--json] TOPIC
//	hybridrag log      --store DIR [--tenant T --project P] [--limit N] [--before ID] [--json]
//	hybridrag log      --store DIR show ID [--json]
//	hybridrag log      --store DIR feedback ID correct|incorrect [--comment C]
//	hybridrag eval     --store DIR --questions FILE.jsonl [--json] [--report DIR] [--calibrate]
//	hybridrag reindex  --store DIR [--tenant T --project P] [--embedder hash|openai|ollama [--embedding-model M]]
//	hybridrag beir     --data DIR [--split test] [--json]
//	hybridrag serve    --store DIR [--addr 127.0.0.1:8080] (--keys FILE | --open)
//
// --store also takes a PostgreSQL DSN (postgres://…) in every command.
// ask and retrieve record each query in DIR/querylog.db (--log PATH: there
// instead, as a PostgreSQL store needs; --no-log: don't).
//
// hybridrag COMMAND -h (or --help, or hybridrag help COMMAND) prints that command's help.
//
// Exit status: 0 for an answer or a refusal, 1 for an error, 2 for bad usage.
//
// Environment: only the chosen generator's and embedder's variables are read —
// OPENAI_API_KEY (and OPENAI_BASE_URL) for openai, OLLAMA_HOST for ollama,
// GOOGLE_API_KEY for googleai. The default extractive generator and hash
// embedder need none. The embedder is chosen by index --embedder (or
// reindex --embedder); every other command uses the one the store records.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/internal/redact"
	"github.com/hybridrag/hybridrag/store/loader"
)

var usage = `usage:
  hybridrag index    --store DIR [--tenant T --project P] [--strict] [--id-prefix P] [--sync] [--max-file-size 256MB] [--log PATH | --no-log] PATH...
                     (reads ` + loader.SupportedFormats + `;
                     AsciiDoc and reStructuredText includes are followed inside the folder given;
                     a file that cannot be loaded is skipped and named on stderr; --strict: fail;
                     a document's id is its path relative to the folder given, after --id-prefix;
                     unchanged documents are skipped; --sync: also remove those whose files are gone;
                     files above --max-file-size (default 256MiB, 0: no limit) are skipped)
                     [--embedder hash|openai|ollama [--embedding-model M]]   (default: the store's, hash for a new one)
  hybridrag retrieve --store DIR [--k N] [--json] QUESTION
  hybridrag ask      --store DIR [--json] [--print-prompt] [--generator extractive|openai|ollama|googleai] [--model M] [--judge] [--stream] [--timeout D]
                     [--agent NAME [--agents FILE]] QUESTION
  hybridrag artifact --store DIR --type blueprint|pdr|workflow|build-plan|FILE.yaml [--agent NAME [--agents FILE]] [--json]
                     [--generator G] [--model M] [--timeout D] TOPIC
                     (Markdown: one section per heading, each cited or marked unsupported, then Sources)
  hybridrag log      --store DIR [--log PATH] [--tenant T --project P] [--limit N] [--before ID] [--json]
  hybridrag log      --store DIR --runs [--limit N] [--json]   (index runs: time, folders, counts, skipped files)
  hybridrag log      --store DIR [--tenant T] show ID [--json]   (--tenant: another tenant's id is not found)
  hybridrag log      --store DIR [--tenant T] feedback ID correct|incorrect [--comment C]
  hybridrag eval     --store DIR --questions FILE.jsonl [--json] [--report DIR] [--calibrate]
                     [--name N] [--concurrency N] [--log PATH | --no-log] [--generator G] [--model M] [--judge] [--timeout D]
  hybridrag reindex  --store DIR [--tenant T --project P]   (re-embeds every chunk; resumable)
                     [--embedder hash|openai|ollama [--embedding-model M]]   (switch the store to it; same dimension)
  hybridrag beir     --data DIR [--split test] [--json] [--modes keyword,vector,hybrid]
                     [--fusion rrf|weighted] [--mmr-lambda F] [--depth N] [--concurrency N]
  hybridrag serve    --store DIR [--addr 127.0.0.1:8080] (--keys FILE | --open) [--generator G] [--model M]
                     [--judge] [--timeout D] [--log PATH | --no-log] [--rate F] [--burst N] [--read-only]
                     (grounded HTTP API and web page; SIGINT/SIGTERM drain and stop)

serve --keys FILE: one "KEY TENANT [PROJECT,PROJECT…]" per line (# comments; keys ≥ 16 characters);
        every request is confined to its key's tenant and projects. --open: no keys, one tenant.
Gate and retrieval flags on retrieve, ask, eval and serve: --min-score F --min-chunks N --k N --mmr-lambda F
        --tenant T --project P (not serve, whose keys name them); --require-tenant (also on log) refuses
        a query or query-log read without --tenant (exit 2; serve: HTTP 400 for a key without a tenant)
Date filters on retrieve, ask and eval: --after DATE --before DATE (2024-06-03, 2024-06, 2024 or RFC 3339;
        inclusive, a month or year covers all of it; only documents with a date, from their metadata, pass)
eval --json prints the aggregate metrics ({"aggregate", "calibration"} with --calibrate); eval
        saves the run in DIR/querylog.db (--no-log: don't); its --k is also the k of recall@k.
ask, retrieve and serve record each query in DIR/querylog.db; --log PATH puts the query log elsewhere,
        --no-log skips it.
--store also takes a PostgreSQL DSN (postgres://user@host/db, optionally ?hybridrag_schema=NAME)
        for every command; such a store is logged only with --log PATH.
--judge (ask, eval): one more call per answer asks the --generator model whether the cited sources
        entail each claim the lexical check kept; rejected claims are dropped. Not with extractive.
ask --stream prints the answer as each sentence is validated (only supported ones), then the Sources
        block; not with --json or --print-prompt.
--timeout D (ask, eval, serve; default 60s, 0: none): ask ends after D, model retries included, exit 1;
        eval gives each question D (its whole ask), and records one that overruns as failed;
        serve answers a request that overruns with 504.
--agent NAME (ask, artifact): the agent's persona, model profile, tags and sampling, from --agents FILE
        (YAML or JSON; default DIR/agents.yaml or DIR/agents.json); every profile maps to --generator/--model.
--embedder (index, reindex): hash (default, offline) or a semantic model, which finds paraphrased questions
        (everyday words for the documents' terms): openai (text-embedding-3-small) or ollama (nomic-embed-text);
        the store records it and every other command uses it; another embedder on that store is an error.
hybridrag COMMAND -h (or --help) prints that command's usage and flags.
Environment (read only for the chosen generator or embedder): OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_HOST, GOOGLE_API_KEY
`

// errUsage marks errors that exit with status 2.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	if len(args) > 1 && args[0] == "help" {
		args = []string{args[1], "--help"} // "help COMMAND" is "COMMAND --help"
	}
	var err error
	switch args[0] {
	case "index":
		err = cmdIndex(ctx, args[1:], stdout, stderr)
	case "retrieve":
		err = cmdRetrieve(ctx, args[1:], stdout)
	case "ask":
		err = cmdAsk(ctx, args[1:], stdout)
	case "artifact":
		err = cmdArtifact(ctx, args[1:], stdout)
	case "eval":
		err = cmdEval(ctx, args[1:], stdout, stderr)
	case "beir":
		err = cmdBEIR(ctx, args[1:], stdout, stderr)
	case "log":
		err = cmdLog(ctx, args[1:], stdout)
	case "reindex":
		err = cmdReindex(ctx, args[1:], stdout, stderr)
	case "serve":
		err = cmdServe(ctx, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = fmt.Errorf("%w: unknown command %q", errUsage, args[0])
	}
	var help *helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		commandHelp(stdout, help.fs)
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "hybridrag: %v\n%s", err, usage)
		return 2
	case errors.Is(err, hybridrag.ErrTenantRequired):
		fmt.Fprintln(stderr, "hybridrag: --tenant T is required (--require-tenant is set)")
		return 2
	default:
		// Library errors already say where they come from ("hybridrag:",
		// "embedded:", …); only bare ones get the command's name.
		// Redacted: a provider error may quote the key from the environment.
		msg := redact.String(err.Error(), os.Getenv("OPENAI_API_KEY"), os.Getenv("GOOGLE_API_KEY"))
		if !strings.HasPrefix(msg, "hybridrag: ") {
			msg = "hybridrag: " + msg
		}
		fmt.Fprintln(stderr, msg)
		return 1
	}
}
