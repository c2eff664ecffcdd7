/*
 * features.c — what roadmap.enrich needs beyond the scored catalog: the
 * target's planned items (the features the lenses look at), the lens and
 * feature-kind rows, the selection policy, the planner's dismissals, and
 * the evidence read from the commit (docs tree, test files, upgrade
 * scripts). Also roadmap.dismiss and the roadmap_enrich.stale_after GUC.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"

#include "catalog.h"
#include "enrich.h"
#include "features.h"
#include "glue.h"
#include "probes.h"
#include "render.h"
#include "../core/probe.h"

int			re_stale_after = 8;

/* Most bytes of docs or test text read for the lens evidence (each). */
#define EVIDENCE_TEXT_CAP (32 * 1024 * 1024)

void
re_decision_guc_init(void)
{
	DefineCustomIntVariable("roadmap_enrich.stale_after",
							"Deferred items carried more releases than this are not proposed again.",
							"They are listed under Conflicts & Risks as \"carried N releases - confirm or drop\".",
							&re_stale_after, 8, 1, 1000, PGC_USERSET, 0, NULL, NULL, NULL);
}

PG_FUNCTION_INFO_V1(roadmap_stale_after);
Datum
roadmap_stale_after(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(re_stale_after);
}

static char *
val(int row, int col)
{
	return SPI_getvalue(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, col);
}

typedef struct EvidenceFiles
{
	ReFileList	docs;
	ReFileList	tests;
	const char *upgrade_marker;	/* "<prev>--<version>" */
	bool		has_upgrade;
} EvidenceFiles;

static int
classify_file(const char *path, const char *oid_hex, size_t size, void *arg)
{
	EvidenceFiles *e = arg;

	if (e->upgrade_marker && strstr(path, e->upgrade_marker))
		e->has_upgrade = true;
	if (re_is_test_path(path))
		return re_collect_file(path, oid_hex, size, &e->tests);
	if ((strncmp(path, "docs/", 5) == 0 || strstr(path, "/docs/")) &&
		(strlen(path) > 3 && strcmp(path + strlen(path) - 3, ".md") == 0))
		return re_collect_file(path, oid_hex, size, &e->docs);
	return 0;
}

/* Concatenate the files (up to the cap), or NULL when there are none. */
static char *
read_all(ReHandle *h, ReFileList *f)
{
	StringInfoData s;
	int			i;

	if (f->n == 0)
		return NULL;
	initStringInfo(&s);
	for (i = 0; i < f->n; i++)
	{
		char	   *buf;
		size_t		len;

		CHECK_FOR_INTERRUPTS();
		if (f->sizes[i] > (size_t) re_max_file_bytes || s.len + f->sizes[i] > EVIDENCE_TEXT_CAP)
			continue;
		buf = re_handle_read(h, f->paths[i], &len);
		if (buf == NULL)
			continue;
		appendBinaryStringInfo(&s, buf, (int) strnlen(buf, len));
		appendStringInfoChar(&s, '\n');
	}
	return s.data;
}

static void
read_evidence(const char *path, const char *commit, ReProposeIn *in)
{
	ReHandle   *h = re_handle_open(path, "to read its docs and tests");
	EvidenceFiles e;
	char		err[256];

	memset(&e, 0, sizeof(e));
	re_handle_resolve(h, commit, path);
	e.upgrade_marker = in->prev_version ? psprintf("%s--%s", in->prev_version, in->version) : NULL;
	if (re_git_list(&h->git, classify_file, &e, err, sizeof(err)) != RG_OK)
	{
		/* evidence is optional: claim nothing rather than fail the run */
		in->has_upgrade_script = -1;
		re_handle_close(h);
		return;
	}
	in->has_upgrade_script = e.upgrade_marker ? (e.has_upgrade ? 1 : 0) : -1;
	in->docs_text = read_all(h, &e.docs);
	in->tests_text = read_all(h, &e.tests);
	re_handle_close(h);
}

void
re_gather_features(int64 repo_id, const char *version, const char *path, const char *commit,
				   ReProposeIn *in)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	uint64		n,
				i;

	re_spi_exec("SELECT version FROM roadmap.release WHERE repo_id = $1 AND status = 'released' "
				"AND version_key < roadmap.version_key($2) ORDER BY version_key DESC LIMIT 1",
				2, types, vals, NULL, SPI_OK_SELECT);
	in->prev_version = SPI_processed ? val(0, 1) : NULL;

	re_spi_exec("SELECT item_id, coalesce(title, item_id), description, priority FROM roadmap.item "
				"WHERE repo_id = $1 AND version = $2 AND status = 'open' AND NOT struck "
				/* items the release files under test coverage are tests, not features */
				"AND coalesce(pillar, '') <> 'test_coverage' "
				"ORDER BY line, item_id COLLATE \"C\"", 2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nfeatures = (int) n;
	in->features = palloc0(sizeof(ReFeatureIn) * (n + 1));
	for (i = 0; i < n; i++)
	{
		in->features[i].item_id = val(i, 1);
		in->features[i].title = val(i, 2);
		in->features[i].description = val(i, 3);
		in->features[i].priority = val(i, 4);
	}

	re_spi_exec("SELECT kind, pattern, ident_kind, exclusive FROM roadmap.feature_kind ORDER BY kind COLLATE \"C\" LIMIT 32",
				0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nkinds = (int) n;
	in->kinds = palloc0(sizeof(ReKindDef) * (n + 1));
	for (i = 0; i < n; i++)
	{
		in->kinds[i].kind = val(i, 1);
		in->kinds[i].pattern = val(i, 2);
		in->kinds[i].ident_kind = val(i, 3);
		in->kinds[i].exclusive = val(i, 4)[0] == 't';
	}

	re_spi_exec("SELECT lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, "
				"schema_change, title, why, verify FROM roadmap.lens WHERE enabled "
				"ORDER BY lens_id COLLATE \"C\"", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nlenses = (int) n;
	in->lenses = palloc0(sizeof(ReLensDef) * (n + 1));
	for (i = 0; i < n; i++)
	{
		ReLensDef  *l = &in->lenses[i];

		l->lens_id = val(i, 1);
		l->pillar = val(i, 2);
		l->feature_kind = val(i, 3);
		l->trigger = val(i, 4);
		l->ident_kind = val(i, 5);
		l->priority = val(i, 6);
		l->effort = val(i, 7);
		l->weight = atoi(val(i, 8));
		l->schema_change = val(i, 9)[0] == 't';
		l->title = val(i, 10);
		l->why = val(i, 11);
		l->verify = val(i, 12);
	}

	re_spi_exec("SELECT name, round(value, 2)::text FROM roadmap.selection_policy", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	for (i = 0; i < SPI_processed; i++)
	{
		const char *name = val(i, 1);
		double		v = strtod(val(i, 2), NULL);

		if (strcmp(name, "min_per_pillar") == 0)
			in->policy.min_per_pillar = (int) v;
		else if (strcmp(name, "max_per_pillar") == 0)
			in->policy.max_per_pillar = (int) v;
		else if (strcmp(name, "max_feature") == 0)
			in->policy.max_feature = (int) v;
		else if (strcmp(name, "max_deferred") == 0)
			in->policy.max_deferred = (int) v;
		else if (strcmp(name, "max_evidence") == 0)
			in->policy.max_evidence = (int) v;
		else if (strcmp(name, "max_uses_per_feature") == 0)
			in->policy.max_uses_per_feature = (int) v;
		else if (strcmp(name, "reuse_penalty") == 0)
			in->policy.reuse_penalty = v;
		else if (strcmp(name, "strong_gap") == 0)
			in->policy.strong_gap = v;
	}
	in->policy.stale_after = re_stale_after;

	re_spi_exec("SELECT coalesce(title, item_ref), source_ref FROM roadmap.decision "
				"WHERE repo_id = $1 AND (version IS NULL OR version = $2) AND verdict = 'dismissed' "
				"ORDER BY decision_id", 2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->ndismissed = (int) n;
	in->dismissed = palloc0(sizeof(ReDismissIn) * (n + 1));
	for (i = 0; i < n; i++)
	{
		in->dismissed[i].title = val(i, 1);
		in->dismissed[i].source_ref = val(i, 2);
	}

	read_evidence(path, commit, in);
}

/* "STAB-2", "A09": an item id rather than a title */
static bool
looks_like_id(const char *s)
{
	const char *p;

	if (strlen(s) > 16 || strchr(s, ' '))
		return false;
	for (p = s; *p; p++)
		if (!(isupper((unsigned char) *p) || isdigit((unsigned char) *p) || *p == '-' || *p == '.'))
			return false;
	return true;
}

/*
 * roadmap.dismiss(version, item, reason, repo): record that the planner
 * does not want item (a stored proposal's id or title) for version.
 */
PG_FUNCTION_INFO_V1(roadmap_dismiss);
Datum
roadmap_dismiss(PG_FUNCTION_ARGS)
{
	char	   *version,
			   *item,
			   *reason,
			   *path,
			   *ref;
	char	   *repo = PG_ARGISNULL(3) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(3));
	int64		repo_id,
				id;
	bool		isnull;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("version and item must not be null"),
				 errhint("Pass the release and the proposal's item id, e.g. roadmap.dismiss('0.36.0', 'STAB-2', 'covered by A12').")));
	if (PG_ARGISNULL(2) || VARSIZE_ANY_EXHDR(PG_GETARG_TEXT_PP(2)) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a dismissal needs a reason"),
				 errdetail("The reason is shown by roadmap.explain to the next planner."),
				 errhint("Say why the item is not wanted, e.g. 'done outside the roadmap'.")));
	version = re_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	item = text_to_cstring(PG_GETARG_TEXT_PP(1));
	reason = text_to_cstring(PG_GETARG_TEXT_PP(2));
	re_require_write_privilege();

	SPI_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	{
		Oid			types[4] = {INT8OID, TEXTOID, TEXTOID, TEXTOID};
		Datum		vals[4] = {Int64GetDatum(repo_id), CStringGetTextDatum(version), CStringGetTextDatum(item),
			CStringGetTextDatum(reason)};

		re_spi_exec("SELECT 1 FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 "
					"AND (item_id = $3 OR lower(title) = lower($3))", 3, types, vals, NULL, SPI_OK_SELECT);
		if (SPI_processed == 0 && looks_like_id(item))
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_OBJECT),
					 errmsg("no proposal \"%s\" for release %s", item, version),
					 errdetail("The item is neither the id nor the title of a stored proposal."),
					 errhint("Run SELECT item_id, title FROM roadmap.proposal WHERE version = '%s', or pass the title to dismiss.", version)));
		re_spi_exec("INSERT INTO roadmap.decision (repo_id, version, item_ref, title, source_ref, verdict, reason) "
					"SELECT $1, $2, $3, coalesce(p.title, $3), p.source_ref, 'dismissed', $4 "
					"FROM (SELECT 1) one LEFT JOIN roadmap.proposal p ON p.repo_id = $1 AND p.version = $2 "
					"AND (p.item_id = $3 OR lower(p.title) = lower($3)) "
					"RETURNING decision_id", 4, types, vals, NULL, SPI_OK_INSERT_RETURNING);
		id = DatumGetInt64(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
		/* the stored proposal goes at once; the next enrich will not write it again */
		re_spi_exec("DELETE FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 "
					"AND (item_id = $3 OR lower(title) = lower($3))", 3, types, vals, NULL, SPI_OK_DELETE);
	}
	SPI_finish();
	PG_RETURN_INT64(id);
}
