/*
 * features.c — what roadmap.enrich needs beyond the scored catalog: the
 * target's planned items (the features the lenses look at), the lens and
 * feature-kind rows, the selection policy, the planner's dismissals, and
 * the evidence read from the commit (docs tree, test files, upgrade
 * scripts). An operation: calls catalog, config and handle.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "config.h"
#include "features.h"
#include "../core/version.h"
#include "handle.h"
#include "../core/probe.h"
#include "../core/shipped.h"

/* Most bytes of docs or test text read for the lens evidence (each). */
#define EVIDENCE_TEXT_CAP (32 * 1024 * 1024)

static char *
val(int row, int col)
{
	return re_get_text(row, col);
}

/*
 * Concatenate the files (up to the cap), or NULL when there are none. With
 * texts, each file's own text is kept too (texts[i] NULL when skipped).
 */
static char *
read_all(ReHandle *h, ReFileList *f, char **texts)
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
		len = strnlen(buf, len);
		if (texts)
			texts[i] = pnstrdup(buf, len);
		appendBinaryStringInfo(&s, buf, (int) len);
		appendStringInfoChar(&s, '\n');
	}
	return s.data;
}

char *
re_line_range(const char *buf, size_t len, int from, int to)
{
	const char *p = buf,
			   *end = buf + strnlen(buf, len),
			   *s = NULL;
	int			line = 1;

	for (; p < end; p++)
	{
		if (line == from && s == NULL)
			s = p;
		if (*p == '\n' && ++line > to)
			break;
	}
	return s ? pnstrdup(s, (Size) (p - s)) : NULL;
}

/* Is the path a plan or report of the project (markdown under a plans/ directory)? */
static bool
plan_path(const char *f)
{
	size_t		len = strlen(f);

	return (strncmp(f, "plans/", 6) == 0 || strstr(f, "/plans/") != NULL) && len > 3 && strcmp(f + len - 3, ".md") == 0;
}

/*
 * The sentences of the tree's plans that deny a mechanism (re_plan_denials),
 * each with its file, into in's plan_paths, plan_sents and nplan_sents.
 */
static void
plan_denials(ReHandle *h, const ReFileList *all, ReProposeIn *in)
{
	ReArena    *a = re_arena_in_context();
	const char **paths = palloc(sizeof(char *) * 16);
	const char **sents = palloc(sizeof(char *) * 16);
	int			n = 0,
				cap = 16,
				i,
				k;

	for (i = 0; i < all->n; i++)
	{
		char	   *buf,
				  **found;
		size_t		len;
		int			nf;

		CHECK_FOR_INTERRUPTS();
		if (!plan_path(all->paths[i]) || all->sizes[i] > (size_t) re_max_file_bytes)
			continue;
		buf = re_handle_read(h, all->paths[i], &len);
		if (buf == NULL)
			continue;
		found = re_plan_denials(a, pnstrdup(buf, strnlen(buf, len)), &nf);
		for (k = 0; k < nf; k++)
		{
			if (n == cap)
			{
				cap *= 2;
				paths = repalloc(paths, sizeof(char *) * cap);
				sents = repalloc(sents, sizeof(char *) * cap);
			}
			paths[n] = all->paths[i];
			sents[n++] = pstrdup(found[k]);
		}
	}
	in->plan_paths = paths;
	in->plan_sents = sents;
	in->nplan_sents = n;
}

/*
 * The docs and tests texts of a tree (the lens evidence): every markdown
 * file under a docs/ directory (each file's text and their concatenation)
 * and every test file, each up to the caps, in the listing's order; into
 * in's docs_text, doc_paths, doc_texts, ndocs and tests_text.
 */
void
re_evidence_texts(ReHandle *h, const ReFileList *all, ReProposeIn *in)
{
	ReFileList	docs,
				tests;
	int			i;

	memset(&docs, 0, sizeof(docs));
	memset(&tests, 0, sizeof(tests));
	docs.paths = palloc(sizeof(char *) * (all->n + 1));
	docs.sizes = palloc(sizeof(size_t) * (all->n + 1));
	tests.paths = palloc(sizeof(char *) * (all->n + 1));
	tests.sizes = palloc(sizeof(size_t) * (all->n + 1));
	for (i = 0; i < all->n; i++)
	{
		const char *f = all->paths[i];
		size_t		len = strlen(f);
		ReFileList *to = NULL;

		CHECK_FOR_INTERRUPTS();
		if (re_is_test_path(f))
			to = &tests;
		else if ((strncmp(f, "docs/", 5) == 0 || strstr(f, "/docs/")) && len > 3 && strcmp(f + len - 3, ".md") == 0)
			to = &docs;
		if (to)
		{
			to->paths[to->n] = all->paths[i];
			to->sizes[to->n] = all->sizes[i];
			to->n++;
		}
	}
	/* the docs files one by one too: what their headings describe as existing (docs/proposals.md) */
	in->doc_paths = (const char *const *) docs.paths;
	in->doc_texts = palloc0(sizeof(char *) * (docs.n + 1));
	in->ndocs = docs.n;
	in->docs_text = read_all(h, &docs, (char **) in->doc_texts);
	in->tests_text = read_all(h, &tests, NULL);
	plan_denials(h, all, in);
}

/* A text[] column of row 0 with its NULLs kept (NULL elements as NULL pointers). */
static const char *const *
text_array_with_nulls(int col, int *n)
{
	bool		isnull;
	Datum		d = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, col, &isnull);
	Datum	   *elems;
	bool	   *nulls;
	char	  **out;
	int			i;

	*n = 0;
	if (isnull)
		return NULL;
	deconstruct_array(DatumGetArrayTypeP(d), TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, n);
	out = palloc0(sizeof(char *) * (*n + 1));
	for (i = 0; i < *n; i++)
		out[i] = nulls[i] ? NULL : TextDatumGetCString(elems[i]);
	return (const char *const *) out;
}

/* True when the catalog has roadmap.evidence_text (0.2.0). */
static bool
evidence_catalog(void)
{
	re_spi_exec("SELECT to_regclass('roadmap.evidence_text') IS NOT NULL", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return re_get_bool(0, 1, false);
}

/* CHANGELOG.md of the handle's commit, copied out of the handle's memory, or NULL. */
static char *
read_changelog(ReHandle *h)
{
	size_t		len;
	char	   *buf = re_handle_read(h, "CHANGELOG.md", &len);

	return buf ? pnstrdup(buf, (Size) len) : NULL;
}

/* A text[] of n C strings. */
static ArrayType *
text_array(const char *const *strs, int n)
{
	Datum	   *d = palloc(sizeof(Datum) * (n + 1));
	int			i;

	for (i = 0; i < n; i++)
		d[i] = CStringGetTextDatum(strs[i]);
	return construct_array(d, n, TEXTOID, -1, false, TYPALIGN_INT);
}

void
re_store_evidence(ReHandle *h, int64 repo_id, const ReFileList *all)
{
	Oid			types[9] = {INT8OID, TEXTOID, TEXTARRAYOID, TEXTARRAYOID, TEXTOID, TEXTARRAYOID, TEXTOID, TEXTARRAYOID,
	TEXTARRAYOID};
	Datum		vals[9];
	char		nulls[10] = "         ";
	char	   *changelog = read_changelog(h);
	Datum	   *dtexts;
	bool	   *dnull;
	int			dims[1],
				lbs[1] = {1},
				i;
	ReProposeIn ev;

	if (!evidence_catalog())
		return;
	memset(&ev, 0, sizeof(ev));
	re_evidence_texts(h, all, &ev);
	dtexts = palloc(sizeof(Datum) * (ev.ndocs + 1));
	dnull = palloc(sizeof(bool) * (ev.ndocs + 1));
	for (i = 0; i < ev.ndocs; i++)
	{
		dnull[i] = ev.doc_texts[i] == NULL;
		dtexts[i] = dnull[i] ? (Datum) 0 : CStringGetTextDatum(ev.doc_texts[i]);
	}
	dims[0] = ev.ndocs;
	vals[0] = Int64GetDatum(repo_id);
	vals[1] = CStringGetTextDatum(h->git.commit_hex);
	vals[2] = PointerGetDatum(text_array((const char *const *) all->paths, all->n));
	vals[3] = PointerGetDatum(construct_md_array(dtexts, dnull, 1, dims, lbs, TEXTOID, -1, false, TYPALIGN_INT));
	vals[4] = ev.tests_text ? CStringGetTextDatum(ev.tests_text) : (Datum) 0;
	nulls[4] = ev.tests_text ? ' ' : 'n';
	vals[5] = PointerGetDatum(text_array(ev.doc_paths, ev.ndocs));
	re_spi_repo("DELETE FROM roadmap.evidence_text WHERE repo_id = $1", repo_id, NULL, SPI_OK_DELETE);
	vals[6] = changelog ? CStringGetTextDatum(changelog) : (Datum) 0;
	nulls[6] = changelog ? ' ' : 'n';
	vals[7] = PointerGetDatum(text_array(ev.plan_paths, ev.nplan_sents));
	vals[8] = PointerGetDatum(text_array(ev.plan_sents, ev.nplan_sents));
	re_spi_exec("INSERT INTO roadmap.evidence_text (repo_id, commit, paths, doc_texts, tests, doc_paths, changelog, "
				"plan_paths, plan_sents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)", 9, types, vals, nulls, SPI_OK_INSERT);
}

/* The evidence ingest kept for this commit (true), or false to read the tree. */
static bool
stored_evidence(int64 repo_id, const char *commit, ReProposeIn *in)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(commit)};
	int			n,
				nt,
				i;

	if (!evidence_catalog())
		return false;
	re_spi_exec("SELECT doc_paths, doc_texts, tests, paths, changelog, plan_paths, plan_sents FROM roadmap.evidence_text "
				"WHERE repo_id = $1 AND commit = $2", 2, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed == 0)
		return false;
	in->doc_paths = text_array_with_nulls(1, &n);
	in->doc_texts = text_array_with_nulls(2, &nt);
	if (nt != n)
		return false;
	in->ndocs = n;
	in->tests_text = val(0, 3);
	in->changelog_text = val(0, 5);
	in->tree_paths = re_get_text_array(0, 4, &n);
	in->ntree_paths = n;
	in->plan_paths = re_get_text_array(0, 6, &n);
	in->plan_sents = re_get_text_array(0, 7, &nt);
	in->nplan_sents = n == nt ? n : 0;
	/* the concatenation read_all makes: each kept file's text and a newline; NULL with no docs files */
	if (in->ndocs > 0)
	{
		StringInfoData d;

		initStringInfo(&d);
		for (i = 0; i < in->ndocs; i++)
			if (in->doc_texts[i])
			{
				appendStringInfoString(&d, in->doc_texts[i]);
				appendStringInfoChar(&d, '\n');
			}
		in->docs_text = d.data;
	}
	return true;
}

char *
re_section_text(ReHandle *h, const char *path, int from, int to)
{
	size_t		len;
	char	   *buf = re_handle_read(h, path, &len);

	return buf ? re_line_range(buf, len, from, to) : NULL;
}

/* A handle on the repository at commit (opened when first needed). */
static ReHandle *
open_at(ReHandle *h, const char *path, const char *commit)
{
	if (h == NULL)
	{
		h = re_handle_open(path, "to read its docs and tests");
		re_handle_resolve(h, commit, path);
	}
	return h;
}

/*
 * The lens evidence of the commit: the docs and tests texts and the tree's
 * paths as ingest kept them in roadmap.evidence_text, whether an upgrade
 * script names the release, and the lines of the target's own section as
 * ingest kept them in roadmap.release.section_text. The repository is
 * opened only for what the catalog does not hold for this commit (a 0.1.0
 * catalog, a row of another commit): an enrich of what ingest just read
 * needs no libgit2 at all (docs/performance.md).
 */
static void
read_evidence(int64 repo_id, const char *path, const char *commit, const ReSection *sec, ReProposeIn *in)
{
	ReHandle   *h = NULL;
	char	   *marker;
	char		stated[32];
	bool		upgrade = false;
	int			i;

	if (!stored_evidence(repo_id, commit, in))
	{
		ReFileList	all;

		h = open_at(h, path, commit);
		re_handle_list(h, &all);
		in->tree_paths = (const char *const *) all.paths;
		in->ntree_paths = all.n;
		re_evidence_texts(h, &all, in);
		/* CHANGELOG.md: what it states as shipped (docs/proposals.md "Claimed by the docs") */
		in->changelog_text = read_changelog(h);
	}
	/* the target's own section: what its intro and exit criteria name (a benchmark, a test corpus) */
	if (sec->path && sec->from > 0 && sec->to >= sec->from)
	{
		if (sec->text)
			in->section_text = sec->text;
		else
		{
			h = open_at(h, path, commit);
			in->section_text = re_section_text(h, sec->path, sec->from, sec->to);
		}
	}
	if (h)
		re_handle_close(h);
	if (re_version_upgrade_source(in->section_text, in->version, stated, sizeof(stated)))
		in->prev_version = pstrdup(stated);
	marker = in->prev_version ? psprintf("%s--%s", in->prev_version, in->version) : NULL;
	for (i = 0; marker && i < in->ntree_paths; i++)
		if (strstr(in->tree_paths[i], marker))
			upgrade = true;
	in->has_upgrade_script = marker ? (upgrade ? 1 : 0) : -1;
}

/* True when roadmap.release keeps the sections' text (0.2.0). */
bool
re_section_catalog(void)
{
	re_spi_exec("SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('roadmap.release') "
				"AND attname = 'section_text' AND NOT attisdropped", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return SPI_processed == 1;
}

/* The file, lines and kept text of the target's own section (path NULL when none). */
static void
section_lines(Oid *types, Datum *vals, ReSection *sec)
{
	memset(sec, 0, sizeof(*sec));
	re_spi_exec(re_section_catalog()
				? "SELECT path, line_start, line_end, section_text FROM roadmap.release WHERE repo_id = $1 AND version = $2"
				: "SELECT path, line_start, line_end, NULL FROM roadmap.release WHERE repo_id = $1 AND version = $2",
				2, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed == 0 || val(0, 1) == NULL || val(0, 2) == NULL || val(0, 3) == NULL)
		return;
	sec->path = val(0, 1);
	sec->from = atoi(val(0, 2));
	sec->to = atoi(val(0, 3));
	sec->text = val(0, 4);
}

/* True when the catalog has the 0.2.0 lens tables (a 0.2.0 library may run on a 0.1.0 catalog until ALTER EXTENSION UPDATE). */
bool
re_catalog_has_lenses(void)
{
	re_spi_exec("SELECT to_regclass('roadmap.lens') IS NOT NULL", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return re_get_bool(0, 1, false);
}

/*
 * What the dedupe rules and the gap producer read (docs/proposals.md
 * "Dedupe"): the check families, the policy words, and the changelog
 * entries of every release up to the target.
 */
static void
gather_dedupe(int64 repo_id, const char *version, ReProposeIn *in)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	uint64		n,
				i;
	const char **focus;

	re_spi_exec("SELECT to_regclass('roadmap.check_family') IS NOT NULL", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	if (!re_get_bool(0, 1, false))
		return;					/* a catalog before the dedupe tables */
	re_spi_exec("SELECT family, home_pillar, lower(array_to_string(stems, '|')) FROM roadmap.check_family "
				"ORDER BY family COLLATE \"C\" LIMIT " CppAsString2(RE_MAX_FAMILIES), 0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nfamilies = (int) n;
	in->families = palloc0(sizeof(ReFamilyDef) * (n + 1));
	for (i = 0; i < n; i++)
	{
		in->families[i].family = val(i, 1);
		in->families[i].home_pillar = val(i, 2);
		in->families[i].stems = val(i, 3);
	}
	re_spi_exec("SELECT words[1] FROM roadmap.selection_word WHERE role = 'engine_core'", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	in->engine_core_name = SPI_processed ? val(0, 1) : NULL;
	re_spi_exec("SELECT unnest(words) FROM roadmap.selection_word WHERE role = 'core_test_focus'", 0, NULL, NULL, NULL,
				SPI_OK_SELECT);
	n = SPI_processed;
	focus = palloc0(sizeof(char *) * (n + 1));
	for (i = 0; i < n; i++)
		focus[i] = val(i, 1);
	in->core_test_focus = focus;
	in->ncore_test_focus = (int) n;
	re_spi_exec("SELECT version, text FROM roadmap.changelog_entry WHERE repo_id = $1 "
				"AND version_key <= roadmap.version_key($2) ORDER BY version_key DESC, version COLLATE \"C\", entry_no",
				2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nhistory = (int) n;
	in->history = palloc0(sizeof(ReTextIn) * (n + 1));
	for (i = 0; i < n; i++)
	{
		in->history[i].id = val(i, 1);
		in->history[i].text = val(i, 2);
	}
}

/* The enabled roadmap.lens rows, and their premises (requires/unless kinds, ident_pattern) beside them. */
static void
gather_lenses(ReProposeIn *in)
{
	uint64		n,
				i;

	re_spi_exec("SELECT lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, "
				"schema_change, title, why, verify, array_to_string(requires_kinds, ' '), "
				"array_to_string(unless_kinds, ' '), ident_pattern, per_release, property, target_doc, risk, p0_unrated, covered_by "
				"FROM roadmap.lens WHERE enabled "
				"ORDER BY lens_id COLLATE \"C\"", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->nlenses = (int) n;
	in->lenses = palloc0(sizeof(ReLensDef) * (n + 1));
	in->lens_gates = palloc0(sizeof(ReLensGate) * (n + 1));
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
		in->lens_gates[i].requires_kinds = val(i, 13);
		in->lens_gates[i].unless_kinds = val(i, 14);
		in->lens_gates[i].ident_pattern = val(i, 15);
		l->per_release = val(i, 16)[0] == 't';
		l->property = val(i, 17);
		l->target_doc = val(i, 18);
		l->risk = val(i, 19);
		l->p0_unrated = val(i, 20) && val(i, 20)[0] == 't';
		l->covered_by = val(i, 21);
	}
	re_spi_exec("SELECT form, pattern, negates FROM roadmap.claim_form ORDER BY form COLLATE \"C\"",
				0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	{
		ReClaimForm *f = palloc0(sizeof(ReClaimForm) * (n + 1));

		for (i = 0; i < n; i++)
		{
			f[i].form = val(i, 1);
			f[i].pattern = val(i, 2);
			f[i].negates = val(i, 3)[0] == 't';
		}
		in->claim_forms = f;
		in->nclaim_forms = (int) n;
	}
	re_spi_exec("SELECT word, state, axis, risk FROM roadmap.default_state ORDER BY word COLLATE \"C\"",
				0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	{
		ReDefaultState *d = palloc0(sizeof(ReDefaultState) * (n + 1));

		for (i = 0; i < n; i++)
		{
			d[i].word = val(i, 1);
			d[i].state = val(i, 2);
			d[i].axis = val(i, 3);
			d[i].risk = val(i, 4);
		}
		in->default_states = d;
		in->ndefault_states = (int) n;
	}
}

void
re_gather_features(int64 repo_id, const char *version, const char *path, const char *commit,
				   ReProposeIn *in)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	uint64		n,
				i;
	ReSection	sec;

	in->policy.stale_after = re_stale_after;
	in->has_upgrade_script = -1;
	if (!re_catalog_has_lenses())
		return;					/* 0.1.0 catalog: the 0.1.0 producers only */
	/*
	 * the previous version of an upgrade ({prev}): the release just before
	 * the target in the version chain, whatever its status (upgrade scripts
	 * chain consecutive versions); read_evidence prefers the one the
	 * section itself names ("0.34.0 → 0.35.0"). docs/proposals.md "Facts
	 * checked".
	 */
	re_spi_exec("SELECT version FROM roadmap.release WHERE repo_id = $1 "
				"AND version_key < roadmap.version_key($2) ORDER BY version_key DESC, version COLLATE \"C\" LIMIT 1",
				2, types, vals, NULL, SPI_OK_SELECT);
	in->prev_version = SPI_processed ? val(0, 1) : NULL;
	section_lines(types, vals, &sec);

	re_spi_exec("SELECT item_id, coalesce(title, item_id), description, priority FROM roadmap.item "
				"WHERE repo_id = $1 AND version = $2 AND status = 'open' AND NOT struck "
				/* items the release files under the tests pillar are tests, not features */
				"AND NOT EXISTS (SELECT 1 FROM roadmap.pillar p WHERE p.pillar = item.pillar AND p.role = 'tests') "
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

	re_spi_exec("SELECT kind, pattern, ident_kind, exclusive, own_text FROM roadmap.feature_kind ORDER BY kind COLLATE \"C\" LIMIT 128",
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
		in->kinds[i].own_text = val(i, 5)[0] == 't';
	}

	gather_lenses(in);

	in->policy.gap_anchor = -1;	/* default unless the catalog says */
	in->policy.kept_beyond_share = -1;
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
		else if (strcmp(name, "gap_anchor") == 0)
			in->policy.gap_anchor = v > 0 ? 1 : 0;
		else if (strcmp(name, "kept_beyond_share") == 0)
			in->policy.kept_beyond_share = v > 0 ? 1 : 0;
	}
	in->policy.stale_after = re_stale_after;

	re_spi_exec("SELECT coalesce(d.title, d.item_ref), d.source_ref FROM roadmap.decision d "
				"JOIN roadmap.repository r ON r.path = d.repo_path "
				"WHERE r.repo_id = $1 AND (d.version IS NULL OR d.version = $2) AND d.verdict = 'dismissed' "
				"ORDER BY d.decision_id", 2, types, vals, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	in->ndismissed = (int) n;
	in->dismissed = palloc0(sizeof(ReDismissIn) * (n + 1));
	for (i = 0; i < n; i++)
	{
		in->dismissed[i].title = val(i, 1);
		in->dismissed[i].source_ref = val(i, 2);
	}

	gather_dedupe(repo_id, version, in);
	read_evidence(repo_id, path, commit, &sec, in);
}
