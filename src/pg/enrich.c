/*
 * enrich.c — roadmap.enrich(version, repo, apply) and roadmap.next_version:
 * gather the scored catalog for a planned release, let the core choose the
 * items, store them as roadmap.proposal rows and return them.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "catalog.h"
#include "enrich.h"
#include "features.h"
#include "glue.h"
#include "ingest.h"
#include "render.h"
#include "runlog.h"
#include "../core/propose.h"
#include "../core/version.h"

/* Canonical "X.Y.Z" of a version argument, or a 22P02 error. */
char *
re_version_arg(const char *s)
{
	ReVersion	v = re_parse_version_arg(s);
	char		buf[32];

	re_version_format(&v, buf, sizeof(buf));
	return pstrdup(buf);
}

/* Resolve the repo argument (NULL = the only registered one) to id and path. */
int64
re_resolve_repo(const char *repo, char **path, char **ref)
{
	Oid			types[1] = {TEXTOID};
	Datum		vals[1];
	bool		isnull;

	if (repo == NULL)
	{
		re_spi_exec("SELECT repo_id, path, ref FROM roadmap.repository ORDER BY repo_id", 0, NULL, NULL, NULL, SPI_OK_SELECT);
		if (SPI_processed == 0)
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_OBJECT),
					 errmsg("no repository has been ingested yet"),
					 errhint("Run SELECT roadmap.ingest('/path/to/repository') first, or pass the repository path.")));
		if (SPI_processed > 1)
			ereport(ERROR,
					(errcode(ERRCODE_AMBIGUOUS_PARAMETER),
					 errmsg("%d repositories are registered; say which one", (int) SPI_processed),
					 errhint("Pass the repository path as the repo argument.")));
	}
	else
	{
		char	   *canonical = re_resolve_repo_path(repo);
		bool		noop;

		vals[0] = CStringGetTextDatum(canonical);
		re_spi_exec("SELECT repo_id, path, ref FROM roadmap.repository WHERE path = $1", 1, types, vals, NULL, SPI_OK_SELECT);
		if (SPI_processed == 0)
		{
			re_ingest(canonical, "HEAD", &noop);
			re_spi_exec("SELECT repo_id, path, ref FROM roadmap.repository WHERE path = $1", 1, types, vals, NULL, SPI_OK_SELECT);
		}
	}
	*path = SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 2);
	*ref = SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 3);
	return DatumGetInt64(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
}

static void
arena_release(void *arg)
{
	re_arena_free((ReArena *) arg);
}

/* A core arena freed when the current memory context is reset or deleted. */
ReArena *
re_arena_in_context(void)
{
	ReArena    *a = re_arena_new();
	MemoryContextCallback *cb;

	if (a == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
	cb = palloc0(sizeof(MemoryContextCallback));
	cb->func = arena_release;
	cb->arg = a;
	MemoryContextRegisterResetCallback(CurrentMemoryContext, cb);
	return a;
}

static char *
val(int row, int col)
{
	return SPI_getvalue(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, col);
}

static int
ival(int row, int col)
{
	char	   *s = val(row, col);

	return s ? atoi(s) : 0;
}

static bool
bval(int row, int col)
{
	char	   *s = val(row, col);

	return s && s[0] == 't';
}

/* Fill the core's input from the catalog (SPI connected). */
static void
gather(int64 repo_id, const char *version, ReProposeIn *in)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	int			i;
	uint64		n;

	in->version = version;
	in->shipped_window = re_shipped_window;
	re_spi_exec("SELECT title FROM roadmap.release WHERE repo_id = $1 AND version = $2", 2, types, vals, NULL, SPI_OK_SELECT);
	in->release_title = SPI_processed ? val(0, 1) : NULL;

	re_spi_exec("SELECT p.pillar, p.name, p.prefix, "
				"coalesce(max(substring(i.item_id FROM '-([0-9]+)$')::int), 0) + 1 "
				"FROM roadmap.pillar p LEFT JOIN roadmap.item i ON i.repo_id = $1 AND i.version = $2 "
				"AND i.item_id ~ ('^' || p.prefix || '-[0-9]+$') "
				"GROUP BY p.pillar, p.name, p.prefix, p.ord ORDER BY p.ord", 2, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed != RE_NPILLARS)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("roadmap.pillar must hold exactly %d rows, it holds %d", RE_NPILLARS, (int) SPI_processed),
				 errhint("Restore the six pillars shipped with the extension.")));
	for (i = 0; i < RE_NPILLARS; i++)
	{
		in->pillars[i].key = val(i, 1);
		in->pillars[i].name = val(i, 2);
		in->pillars[i].prefix = val(i, 3);
		in->pillars[i].next_number = ival(i, 4);
	}

	re_spi_exec("SELECT g.focus_id, g.pillar, f.ord, f.name, g.score, g.shipped_recent, g.last_shipped_version, "
				"coalesce(g.releases_since_shipped, -1), g.planned_in_target, g.plan_open, g.evidence_hits, "
				"f.effort, f.schema_change, f.engine_core, f.title, f.rationale, f.verify "
				"FROM roadmap.focus_gaps g JOIN roadmap.focus_area f USING (focus_id) "
				"WHERE g.repo_id = $1 AND g.version = $2 ORDER BY f.pillar COLLATE \"C\", f.ord",
				2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nfocus = (int) n;
	in->focus = palloc0(sizeof(ReFocusIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		ReFocusIn  *f = &in->focus[i];

		f->focus_id = val(i, 1);
		f->pillar = val(i, 2);
		f->ord = ival(i, 3);
		f->name = val(i, 4);
		f->score = strtod(val(i, 5), NULL);
		f->shipped_recent = ival(i, 6);
		f->last_shipped = val(i, 7);
		f->releases_since = ival(i, 8);
		f->planned_in_target = ival(i, 9);
		f->plan_open = ival(i, 10);
		f->evidence_hits = ival(i, 11);
		f->effort = val(i, 12);
		f->schema_change = bval(i, 13);
		f->engine_core = bval(i, 14);
		f->title = val(i, 15);
		f->rationale = val(i, 16);
		f->verify = val(i, 17);
	}

	re_spi_exec("SELECT e.probe, e.focus_id, p.title, p.description, p.verify_command, sum(e.hits), count(*), "
				"(array_agg(e.path ORDER BY e.hits DESC, e.path COLLATE \"C\"))[1], "
				"(array_agg(e.hits ORDER BY e.hits DESC, e.path COLLATE \"C\"))[1], "
				"(array_agg(e.first_line ORDER BY e.hits DESC, e.path COLLATE \"C\"))[1], "
				"string_agg(e.detail, ', ' ORDER BY e.path COLLATE \"C\"), p.rationale "
				"FROM roadmap.evidence e JOIN roadmap.probe p ON p.probe_id = e.probe "
				"WHERE e.repo_id = $1 GROUP BY e.probe, e.focus_id, p.title, p.description, p.verify_command, p.rationale "
				"ORDER BY e.probe COLLATE \"C\"", 1, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nevidence = (int) n;
	in->evidence = palloc0(sizeof(ReEvidenceIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		ReEvidenceIn *e = &in->evidence[i];

		e->probe_id = val(i, 1);
		e->focus_id = val(i, 2);
		e->title = val(i, 3);
		e->description = val(i, 4);
		e->verify_command = val(i, 5);
		e->total_hits = ival(i, 6);
		e->files = ival(i, 7);
		e->top_file = val(i, 8);
		e->top_hits = ival(i, 9);
		e->top_line = ival(i, 10);
		e->detail = val(i, 11);
		e->rationale = val(i, 12);
	}

	re_spi_exec("SELECT d.version, d.item_id, coalesce(d.title, d.item_id), d.status_text, d.effort, d.priority, "
				"coalesce(d.pillar, bf.pillar), bf.focus_id, d.carried_releases, d.first_seen_version, d.description "
				"FROM roadmap.deferred_items d "
				"LEFT JOIN LATERAL (SELECT f.focus_id, f.pillar FROM roadmap.focus_area f "
				"   JOIN roadmap.pillar p USING (pillar) "
				"  WHERE coalesce(d.title, '') ~* roadmap.focus_pattern(f.match) AND (d.pillar IS NULL OR f.pillar = d.pillar) "
				"  ORDER BY p.ord, f.ord LIMIT 1) bf ON true "
				"WHERE d.repo_id = $1 AND d.version_key < roadmap.version_key($2) "
				"ORDER BY d.version_key, d.item_id COLLATE \"C\"", 2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->ndeferred = (int) n;
	in->deferred = palloc0(sizeof(ReDeferredIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		ReDeferredIn *d = &in->deferred[i];

		d->version = val(i, 1);
		d->item_id = val(i, 2);
		d->title = val(i, 3);
		d->status_text = val(i, 4);
		d->effort = val(i, 5);
		d->priority = val(i, 6);
		d->pillar = val(i, 7);
		d->focus_id = val(i, 8);
		d->carried = ival(i, 9);
		d->first_seen = val(i, 10);
		d->description = val(i, 11);
	}

	re_spi_exec("SELECT item_id, coalesce(title, '') FROM roadmap.item WHERE repo_id = $1 AND version = $2 "
				"ORDER BY line, item_id COLLATE \"C\"", 2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nexisting = (int) n;
	in->existing = palloc0(sizeof(ReTextIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		in->existing[i].id = val(i, 1);
		in->existing[i].text = val(i, 2);
	}

	re_spi_exec("SELECT c.version, c.text FROM roadmap.changelog_entry c "
				"WHERE c.repo_id = $1 AND c.version_key < roadmap.version_key($2) AND c.version_key >= "
				" (SELECT min(w.k) FROM (SELECT DISTINCT version_key AS k FROM roadmap.changelog_entry "
				"   WHERE repo_id = $1 AND version_key < roadmap.version_key($2) "
				"   ORDER BY 1 DESC LIMIT roadmap.shipped_window()) w) "
				"ORDER BY c.version_key DESC, c.entry_no", 2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nshipped = (int) n;
	in->shipped = palloc0(sizeof(ReTextIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		in->shipped[i].id = val(i, 1);
		in->shipped[i].text = val(i, 2);
	}

	re_spi_exec("SELECT rule_no, kind, text, line FROM roadmap.constraint_rule WHERE repo_id = $1 ORDER BY rule_no",
				1, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nrules = (int) n;
	in->rules = palloc0(sizeof(ReRuleIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		in->rules[i].rule_no = ival(i, 1);
		in->rules[i].kind = val(i, 2);
		in->rules[i].text = val(i, 3);
		in->rules[i].line = ival(i, 4);
	}
}

/* Check the target exists and is not released; returns its status. */
static void
check_target(int64 repo_id, const char *version, const char *path)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	char	   *status;

	re_spi_exec("SELECT status FROM roadmap.release WHERE repo_id = $1 AND version = $2", 2, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed == 0)
	{
		re_spi_exec("SELECT string_agg(version, ', ' ORDER BY version_key) FROM roadmap.release "
					"WHERE repo_id = $1 AND status <> 'released'", 1, types, vals, NULL, SPI_OK_SELECT);
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("release %s is not in the roadmap of \"%s\"", version, path),
				 errdetail("Releases not yet released: %s.", val(0, 1) ? val(0, 1) : "none"),
				 errhint("Add a section for v%s to the roadmap first, or pick one of the planned releases.", version)));
	}
	status = val(0, 1);
	if (strcmp(status, "released") == 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("release %s is already released", version),
				 errdetail("Only planned or in-progress releases are enriched."),
				 errhint("Use roadmap.next_version() to find the next planned release.")));
}

/* Replace the stored proposals of (repo, version) with the core's output. */
static void
store(int64 repo_id, const char *version, const char *commit, ReProposeOut *out)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	ReCol		c[17];
	int			i;
	StringInfoData counts;

	re_spi_exec("DELETE FROM roadmap.proposal WHERE repo_id = $1 AND version = $2", 2, types, vals, NULL, SPI_OK_DELETE);
	for (i = 0; i < 17; i++)
		re_col_init(&c[i], (i == 8 || i == 13 || i == 14) ? (i == 8 ? BOOLOID : INT4OID) : TEXTOID);
	for (i = 0; i < out->n; i++)
	{
		ReProposal *p = &out->items[i];
		char		score[32];

		snprintf(score, sizeof(score), "%.2f", p->score);
		re_col_text(&c[0], p->item_id);
		re_col_text(&c[1], p->pillar);
		re_col_text(&c[2], p->title);
		re_col_text(&c[3], p->effort);
		re_col_text(&c[4], p->priority);
		re_col_text(&c[5], p->description);
		re_col_text(&c[6], p->dependencies);
		re_col_text(&c[7], version);
		re_col_bool(&c[8], p->schema_change != 0);
		re_col_text(&c[9], p->focus_id);
		re_col_text(&c[10], score);
		re_col_text(&c[11], p->source);
		re_col_text(&c[12], p->source_ref);
		re_col_int(&c[13], p->rule_no);
		re_col_int(&c[14], i + 1);
		re_col_text(&c[15], p->feature_id);
		re_col_text(&c[16], p->lens_id);
	}
	re_bulk_insert(psprintf("INSERT INTO roadmap.proposal (repo_id, item_id, pillar, title, effort, priority, "
							"description, dependencies, version, schema_change, focus_area, score, source, "
							"source_ref, rule_no, ord, feature_ref, lens_id, commit) "
							"SELECT $1, id, pl, t, e, pr, d, dep, v, sc, fa, s::numeric, src, sr, nullif(rn, 0), o, fr, ln, %s "
							"FROM unnest($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) "
							"AS u(id, pl, t, e, pr, d, dep, v, sc, fa, s, src, sr, rn, o, fr, ln)",
							quote_literal_cstr(commit)), repo_id, c, 17);
	initStringInfo(&counts);
	appendStringInfo(&counts, "{\"proposals\": %d, \"skipped_existing\": %d, \"skipped_shipped\": %d, "
					 "\"skipped_rules\": %d, \"skipped_dismissed\": %d, \"stale_deferred\": %d}",
					 out->n, out->skipped_existing, out->skipped_shipped, out->skipped_rules,
					 out->skipped_dismissed, out->stale_deferred);
	{
		Oid			t2[6] = {INT8OID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID};
		Datum		v2[6] = {Int64GetDatum(repo_id), CStringGetTextDatum(version), CStringGetTextDatum(commit),
			CStringGetTextDatum(out->theme), CStringGetTextDatum(out->risks), CStringGetTextDatum(counts.data)};

		re_spi_exec("INSERT INTO roadmap.enrichment (repo_id, version, commit, theme, risks, counts) "
					"VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (repo_id, version) DO UPDATE "
					"SET commit = EXCLUDED.commit, theme = EXCLUDED.theme, risks = EXCLUDED.risks, "
					"counts = EXCLUDED.counts, created_at = now()", 6, t2, v2, NULL, SPI_OK_INSERT);
	}
}

/* The work of roadmap.enrich; its caller records a failure. */
static Datum
enrich_body(FunctionCallInfo fcinfo)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	TimestampTz started = GetCurrentTimestamp();
	char	   *version;
	char	   *repo = PG_ARGISNULL(1) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(1));
	bool		apply = PG_ARGISNULL(2) ? true : PG_GETARG_BOOL(2);
	char	   *path,
			   *ref,
			   *commit;
	int64		repo_id;
	bool		noop;
	ReProposeIn in;
	ReProposeOut out;
	ReArena    *arena;
	MemoryContext callcxt = CurrentMemoryContext;
	uint64		i;
	TimestampTz t_ingest,
				t_gather,
				t_propose,
				t_store,
				t_end;

	if (PG_ARGISNULL(0))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("version must not be null"),
				 errhint("Pass a planned release such as roadmap.next_version().")));
	version = re_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	re_require_read_privilege();
	if (apply)
		re_require_write_privilege();
	InitMaterializedSRF(fcinfo, 0);

	SPI_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	t_ingest = GetCurrentTimestamp();
	/*
	 * Cheap no-op unless the ref moved. It also takes the repository's
	 * advisory lock for the rest of the transaction, which serialises
	 * enrich runs on one repository.
	 */
	re_ingest(path, ref, &noop);
	t_gather = GetCurrentTimestamp();
	{
		Oid			types[1] = {INT8OID};
		Datum		vals[1] = {Int64GetDatum(repo_id)};

		re_spi_exec("SELECT head_commit FROM roadmap.repository WHERE repo_id = $1", 1, types, vals, NULL, SPI_OK_SELECT);
		commit = val(0, 1);
	}
	check_target(repo_id, version, path);

	memset(&in, 0, sizeof(in));
	gather(repo_id, version, &in);
	re_gather_features(repo_id, version, path, commit, &in);
	t_propose = GetCurrentTimestamp();
	arena = re_arena_in_context();
	if (re_propose(arena, &in, &out) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_REGULAR_EXPRESSION),
				 errmsg("a roadmap.feature_kind pattern does not compile"),
				 errdetail("%s", out.error),
				 errhint("Fix the pattern in roadmap.feature_kind.")));
	t_store = GetCurrentTimestamp();
	store(repo_id, version, commit, &out);
	t_end = GetCurrentTimestamp();
	{
		char	   *counts = psprintf("{\"proposals\": %d, \"skipped_existing\": %d, \"skipped_shipped\": %d, "
									  "\"skipped_rules\": %d, \"pillars_already_enriched\": %d, \"reingested\": %s, "
									  "\"ms\": {\"ingest\": %.1f, \"gather\": %.1f, \"propose\": %.1f, \"store\": %.1f}}",
									  out.n, out.skipped_existing, out.skipped_shipped, out.skipped_rules,
									  out.already_enriched, noop ? "false" : "true",
									  (t_gather - t_ingest) / 1000.0, (t_propose - t_gather) / 1000.0,
									  (t_store - t_propose) / 1000.0, (t_end - t_store) / 1000.0);

		re_run_log(repo_id, "enrich", version, commit, started, "success", counts, NULL);
	}
	if (apply)
		re_render_apply(repo_id, version, true, true);

	/* return the stored rows */
	{
		Oid			types[2] = {INT8OID, TEXTOID};
		Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
		MemoryContext old;

		re_spi_exec("SELECT * FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 ORDER BY ord",
					2, types, vals, NULL, SPI_OK_SELECT);
		old = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);
		for (i = 0; i < SPI_processed; i++)
			tuplestore_puttuple(rsinfo->setResult, SPI_tuptable->vals[i]);
		MemoryContextSwitchTo(old);
	}
	SPI_finish();
	MemoryContextSwitchTo(callcxt);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(roadmap_enrich);
Datum
roadmap_enrich(PG_FUNCTION_ARGS)
{
	MemoryContext cxt = CurrentMemoryContext;
	const char *version = PG_ARGISNULL(0) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(0));
	const char *repo = PG_ARGISNULL(1) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(1));
	Datum		result = (Datum) 0;

	PG_TRY();
	{
		result = enrich_body(fcinfo);
	}
	PG_CATCH();
	{
		re_log_failure(cxt, "enrich", version, repo);
		PG_RE_THROW();
	}
	PG_END_TRY();
	return result;
}

PG_FUNCTION_INFO_V1(roadmap_next_version);
Datum
roadmap_next_version(PG_FUNCTION_ARGS)
{
	char	   *repo = PG_ARGISNULL(0) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *path,
			   *ref,
			   *result = NULL;
	int64		repo_id;
	Oid			types[1] = {INT8OID};
	Datum		vals[1];

	SPI_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	vals[0] = Int64GetDatum(repo_id);
	re_spi_exec("SELECT version FROM roadmap.release WHERE repo_id = $1 AND status <> 'released' "
				"ORDER BY version_key LIMIT 1", 1, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed > 0)
		result = val(0, 1);
	if (result)
		result = MemoryContextStrdup(fcinfo->flinfo->fn_mcxt, result);
	SPI_finish();
	if (result == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(result));
}
