/*
 * ingest.c — read a commit's roadmap files through a repository handle,
 * understand them with the core (mdoc, model), replace the repository's
 * catalog rows, run the probes and the history walk. Calls catalog, config,
 * errors, handle, history and probes.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "catalog.h"
#include "config.h"
#include "errors.h"
#include "features.h"
#include "handle.h"
#include "history.h"
#include "focus.h"
#include "ingest.h"
#include "probes.h"
#include "../core/gitrepo.h"
#include "../core/model.h"

static bool
ends_with(const char *s, const char *suffix)
{
	size_t		n = strlen(s),
				k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Kind of a markdown path, or NULL when it is not read at all. */
static const char *
doc_kind(const char *path)
{
	const char *base = strrchr(path, '/');
	int			a,
				b,
				c;

	if (!ends_with(path, ".md"))
		return NULL;
	if (strcmp(path, "ROADMAP.md") == 0)
		return "roadmap";
	if (strcmp(path, "CHANGELOG.md") == 0)
		return "changelog";
	if (strcmp(path, "AGENTS.md") == 0)
		return "agents";
	if (strncmp(path, "roadmap/", 8) == 0)
		return "release";
	base = base ? base + 1 : path;
	if (strncmp(path, "plans/", 6) == 0 && sscanf(base, "PLAN_%d_%d_%d", &a, &b, &c) == 3)
		return "plan";
	if (strncmp(path, "plans/", 6) == 0 || strncmp(path, "docs/", 5) == 0)
		return "doc";
	return NULL;
}

/* Read and parse one markdown blob; missing_ok returns false when absent. */
static bool
load_doc(ReHandle *h, const char *path, MdDoc *doc, bool missing_ok)
{
	char		err[512];
	char	   *buf;
	size_t		len;
	RgStatus	st;
	MdStatus	ms;
	MdLimits	lim = re_md_limits();

	st = re_git_read(&h->git, path, h->arena, lim.max_bytes, &buf, &len, NULL, err, sizeof(err));
	if (st == RG_ENOTFOUND && missing_ok)
		return false;
	if (st != RG_OK)
		re_report_git_read(st, path, h->git.commit_hex, err);
	ms = md_parse(h->arena, buf, len, &lim, doc, err, sizeof(err));
	if (ms != MD_OK)
		re_report_md_error(ms, path, h->git.commit_hex, err);
	return true;
}

/* The repository's rows that one ingest replaces, children first. */
static const char *const clear_sql[] = {
	"DELETE FROM roadmap.document WHERE repo_id = $1",
	"DELETE FROM roadmap.release WHERE repo_id = $1",
	"DELETE FROM roadmap.item WHERE repo_id = $1",
	"DELETE FROM roadmap.changelog_entry WHERE repo_id = $1",
	"DELETE FROM roadmap.constraint_rule WHERE repo_id = $1",
	"DELETE FROM roadmap.plan_item WHERE repo_id = $1",
	"DELETE FROM roadmap.deferred WHERE repo_id = $1",
};

/* Initialise ncols columns; types[i] is the element type of column i. */
static void
cols_init(ReCol *c, const Oid *types, int ncols)
{
	int			i;

	for (i = 0; i < ncols; i++)
		re_col_init(&c[i], types[i]);
}

static void
store_documents(int64 repo_id, ReFileList *files, const char **kinds)
{
	static const Oid types[] = {TEXTOID, TEXTOID, TEXTOID, INT4OID};
	ReCol		c[lengthof(types)];
	int			i;

	cols_init(c, types, lengthof(types));
	for (i = 0; i < files->n; i++)
	{
		if (kinds[i] == NULL)
			continue;
		re_col_text(&c[0], files->paths[i]);
		re_col_text(&c[1], files->oids[i]);
		re_col_text(&c[2], kinds[i]);
		re_col_int(&c[3], (int) files->sizes[i]);
	}
	re_bulk_insert("INSERT INTO roadmap.document (repo_id, path, blob_id, kind, bytes) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5)", repo_id, c, lengthof(types));
}

static void
store_releases(int64 repo_id, ReModel *m)
{
	static const Oid types[] = {TEXTOID, TEXTOID, TEXTOID, TEXTOID, INT4OID, INT4OID, INT4OID,
	TEXTOID, TEXTOID, TEXTOID, TEXTOID, INT4OID};
	ReCol		c[lengthof(types)];
	int			i;

	cols_init(c, types, lengthof(types));
	for (i = 0; i < m->releases.n; i++)
	{
		ReRelease  *r = &m->releases.v[i];

		re_col_text(&c[0], r->version);
		re_col_text(&c[1], r->title);
		re_col_text(&c[2], re_release_status_name(r->status));
		re_col_text(&c[3], r->path);
		re_col_int(&c[4], r->line_start);
		re_col_int(&c[5], r->line_end);
		re_col_int(&c[6], r->heading_level);
		re_col_text(&c[7], r->scope);
		re_col_text(&c[8], r->effort);
		re_col_text(&c[9], r->status_text);
		re_col_text(&c[10], r->summary_path);
		re_col_int(&c[11], r->summary_line);
	}
	re_bulk_insert("INSERT INTO roadmap.release (repo_id, version, version_key, title, status, path, "
				   "line_start, line_end, heading_level, scope, effort, status_text, summary_path, summary_line) "
				   "SELECT $1, v, roadmap.version_key(v), t, s, p, nullif(ls, 0), nullif(le, 0), nullif(hl, 0), "
				   "sc, ef, st, sp, nullif(sl, 0) "
				   "FROM unnest($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) "
				   "AS u(v, t, s, p, ls, le, hl, sc, ef, st, sp, sl)", repo_id, c, lengthof(types));
}

static void
store_items(int64 repo_id, ReModel *m)
{
	static const Oid types[] = {TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID,
	TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, INT4OID, BOOLOID};
	ReCol		c[lengthof(types)];
	int			i;

	cols_init(c, types, lengthof(types));
	for (i = 0; i < m->items.n; i++)
	{
		ReItem	   *it = &m->items.v[i];

		re_col_text(&c[0], it->version);
		re_col_text(&c[1], it->item_id);
		re_col_text(&c[2], it->title);
		re_col_text(&c[3], it->effort);
		re_col_text(&c[4], it->priority);
		re_col_text(&c[5], re_item_status_name(it->status));
		re_col_text(&c[6], it->status_text);
		re_col_text(&c[7], it->deferred_to);
		re_col_text(&c[8], it->pillar);
		re_col_text(&c[9], it->section);
		re_col_text(&c[10], it->description);
		re_col_text(&c[11], it->path);
		re_col_int(&c[12], it->line);
		re_col_bool(&c[13], it->struck != 0);
	}
	re_bulk_insert("INSERT INTO roadmap.item (repo_id, version, item_id, title, effort, priority, status, "
				   "status_text, deferred_to, pillar, section, description, path, line, struck) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
				   repo_id, c, lengthof(types));
}

static void
store_changelog(int64 repo_id, ReModel *m)
{
	static const Oid types[] = {TEXTOID, INT4OID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, INT4OID};
	ReCol		c[lengthof(types)];
	int			i;

	cols_init(c, types, lengthof(types));
	for (i = 0; i < m->changelog.n; i++)
	{
		ReChangelogEntry *e = &m->changelog.v[i];

		re_col_text(&c[0], e->version);
		re_col_int(&c[1], e->entry_no);
		re_col_text(&c[2], e->date);
		re_col_text(&c[3], e->release_title);
		re_col_text(&c[4], e->section);
		re_col_text(&c[5], e->text);
		re_col_text(&c[6], e->item_ids);
		re_col_int(&c[7], e->line);
	}
	re_bulk_insert("INSERT INTO roadmap.changelog_entry (repo_id, version, version_key, entry_no, date, "
				   "release_title, section, text, item_ids, line) "
				   "SELECT $1, v, CASE WHEN v <> 'unreleased' THEN roadmap.version_key(v) END, n, d, rt, s, t, "
				   "coalesce(string_to_array(ids, ','), '{}'), ln "
				   "FROM unnest($2, $3, $4, $5, $6, $7, $8, $9) AS u(v, n, d, rt, s, t, ids, ln) "
				   "ON CONFLICT DO NOTHING", repo_id, c, lengthof(types));
}

static void
store_rules_and_plans(int64 repo_id, ReModel *m)
{
	static const Oid rtypes[] = {INT4OID, TEXTOID, TEXTOID, TEXTOID, INT4OID};
	static const Oid ptypes[] = {TEXTOID, TEXTOID, INT4OID, TEXTOID, TEXTOID, TEXTOID};
	ReCol		c[lengthof(ptypes)];
	int			i;

	cols_init(c, rtypes, lengthof(rtypes));
	for (i = 0; i < m->rules.n; i++)
	{
		re_col_int(&c[0], m->rules.v[i].rule_no);
		re_col_text(&c[1], m->rules.v[i].kind);
		re_col_text(&c[2], m->rules.v[i].section);
		re_col_text(&c[3], m->rules.v[i].text);
		re_col_int(&c[4], m->rules.v[i].line);
	}
	re_bulk_insert("INSERT INTO roadmap.constraint_rule (repo_id, rule_no, kind, section, text, line) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6)", repo_id, c, lengthof(rtypes));

	cols_init(c, ptypes, lengthof(ptypes));
	for (i = 0; i < m->plan_items.n; i++)
	{
		RePlanItem *p = &m->plan_items.v[i];

		re_col_text(&c[0], p->version);
		re_col_text(&c[1], p->path);
		re_col_int(&c[2], p->line);
		re_col_text(&c[3], p->item_id);
		re_col_text(&c[4], re_item_status_name(p->status));
		re_col_text(&c[5], p->text);
	}
	re_bulk_insert("INSERT INTO roadmap.plan_item (repo_id, version, path, line, item_id, status, text) "
				   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6, $7)", repo_id, c, lengthof(ptypes));
}

/* Replace the repository's catalog rows with the model. */
static void
store_model(int64 repo_id, ReModel *m, ReFileList *files, const char **kinds)
{
	int			i;

	for (i = 0; i < (int) lengthof(clear_sql); i++)
		re_spi_repo(clear_sql[i], repo_id, NULL, SPI_OK_DELETE);
	store_documents(repo_id, files, kinds);
	store_releases(repo_id, m);
	store_items(repo_id, m);
	store_changelog(repo_id, m);
	store_rules_and_plans(repo_id, m);
}

/*
 * The index links to a file that is not in the commit: read the sections of
 * the releases that pointed there from another markdown file whose name
 * holds the version (roadmap/v0.88.0.md for a missing v0.88.0-full.md),
 * trying the link's own folder first. Returns the file used, or NULL.
 */
static const char *
find_moved_sections(ReHandle *h, ReModel *m, const char *missing, ReFileList *files, const char **kinds)
{
	const char *found = NULL;
	const char *slash = strrchr(missing, '/');
	size_t		dirlen = slash ? (size_t) (slash - missing + 1) : 0;
	int			r,
				pass,
				i;
	MdDoc		doc;

	for (r = 0; r < m->releases.n; r++)
	{
		ReRelease  *rel = &m->releases.v[r];
		bool		done = false;

		if (rel->line_start > 0 || rel->path == NULL || strcmp(rel->path, missing) != 0)
			continue;
		for (pass = 0; pass < 2 && !done; pass++)
			for (i = 0; i < files->n && !done; i++)
			{
				const char *p = files->paths[i];
				const char *base = strrchr(p, '/');

				base = base ? base + 1 : p;
				if (kinds[i] == NULL || strcmp(p, missing) == 0 || strstr(base, rel->version) == NULL)
					continue;
				if (pass == 0 && (strncmp(p, missing, dirlen) != 0 || strchr(p + dirlen, '/') != NULL))
					continue;
				if (load_doc(h, p, &doc, true) && re_model_release_section_in(m, p, &doc, rel->version))
				{
					found = p;
					done = true;
				}
			}
	}
	return found;
}

/* The per-release files the index links to; a missing one is looked for elsewhere. */
static void
read_release_files(ReHandle *h, ReModel *m, ReFileList *files, const char **kinds)
{
	MdDoc		doc;
	int			i;

	for (i = 0; i < m->full_paths.n; i++)
	{
		if (load_doc(h, m->full_paths.v[i], &doc, true))
			re_model_release_file(m, m->full_paths.v[i], &doc);
		else
		{
			const char *found = find_moved_sections(h, m, m->full_paths.v[i], files, kinds);

			ereport(NOTICE, (errmsg("ROADMAP.md links to \"%s\", which is not in commit %s",
									m->full_paths.v[i], h->git.commit_hex),
							 found ? errdetail("The release's section was read from \"%s\", which holds it.", found) : 0));
		}
	}
}

/*
 * The section text of each release not yet released (what enrich reads of
 * its target's own section) into roadmap.release.section_text, so enrich
 * need not open the repository for it. A file holding several sections is
 * read once.
 */
static void
store_sections(ReHandle *h, int64 repo_id, ReModel *m)
{
	Oid			types[3] = {INT8OID, TEXTARRAYOID, TEXTARRAYOID};
	Datum		vals[3];
	Datum	   *vers = palloc(sizeof(Datum) * (m->releases.n + 1)),
			   *texts = palloc(sizeof(Datum) * (m->releases.n + 1));
	const char *last_path = NULL;
	char	   *buf = NULL;
	size_t		len = 0;
	int			i,
				n = 0;

	if (!re_section_catalog())
		return;
	for (i = 0; i < m->releases.n; i++)
	{
		ReRelease  *r = &m->releases.v[i];
		char	   *t;

		if (r->status == RS_RELEASED || r->path == NULL || r->line_start <= 0 || r->line_end < r->line_start)
			continue;
		if (last_path == NULL || strcmp(last_path, r->path) != 0)
		{
			buf = re_handle_read(h, r->path, &len);
			last_path = r->path;
		}
		if (buf == NULL || (t = re_line_range(buf, len, r->line_start, r->line_end)) == NULL)
			continue;
		vers[n] = CStringGetTextDatum(r->version);
		texts[n++] = CStringGetTextDatum(t);
	}
	if (n == 0)
		return;
	vals[0] = Int64GetDatum(repo_id);
	vals[1] = PointerGetDatum(construct_array(vers, n, TEXTOID, -1, false, TYPALIGN_INT));
	vals[2] = PointerGetDatum(construct_array(texts, n, TEXTOID, -1, false, TYPALIGN_INT));
	re_spi_exec("UPDATE roadmap.release r SET section_text = u.t FROM unnest($2, $3) AS u(v, t) "
				"WHERE r.repo_id = $1 AND r.version = u.v", 3, types, vals, NULL, SPI_OK_UPDATE);
}

/*
 * The repository opened and ref resolved by libgit2, or NULL with peeked
 * set when git's own ref files say which commit ref names and that commit
 * is the one last read (re_git_peek_head): an unchanged repository is then
 * recognised without libgit2 (its initialisation and the repository's
 * checks cost 4-5 ms, a third of an enrich on a small repository). A
 * commit the files name that is not the one last read, or any ref or
 * layout they cannot settle, is resolved by libgit2 as before, with every
 * check (ownership, allowed_roots of the git data).
 */
static ReHandle *
open_unless_unchanged(const char *path, const char *ref, char *peeked)
{
	ReHandle   *h;

	if (re_git_peek_head(path, ref, peeked))
	{
		Oid			types[3] = {TEXTOID, TEXTOID, TEXTOID};
		Datum		vals[3] = {CStringGetTextDatum(path), CStringGetTextDatum(ref), CStringGetTextDatum(peeked)};

		re_spi_exec("SELECT 1 FROM roadmap.repository WHERE path = $1 AND ref = $2 AND head_commit = $3",
					3, types, vals, NULL, SPI_OK_SELECT);
		if (SPI_processed == 1)
			return NULL;
	}
	h = re_handle_open(path, "to roadmap.ingest");
	re_handle_resolve(h, ref, path);
	return h;
}

/* An ingest that recognises no release says so, naming the shapes it looks for. */
static void
warn_no_release(const char *commit)
{
	ereport(WARNING,
			(errcode(ERRCODE_WARNING),
			 errmsg("no release recognised in ROADMAP.md of commit %s", commit),
			 errdetail("roadmap_enrich looks for level-2 headings that start with a version (\"## v0.1.0 — Title\"), "
					   "or index tables with Version and Status columns whose rows link to per-release files "
					   "holding headings of level 1 to 3 that start with a version (\"# v0.88.0 — Title\")."),
			 errhint("See docs/ingest.md for the layouts that are understood.")));
}

/* Lock the repository's row (creating it) and return its id and last commit. */
static int64
lock_repository(const char *path, const char *ref, char **last_commit)
{
	Oid			types[2] = {TEXTOID, TEXTOID};
	Datum		vals[2] = {CStringGetTextDatum(path), CStringGetTextDatum(ref)};
	char	   *head;
	char	   *last_ref;

	re_spi_exec("SELECT pg_advisory_xact_lock(hashtext('roadmap_enrich:' || $1))", 1, types, vals, NULL, SPI_OK_SELECT);
	re_spi_exec("INSERT INTO roadmap.repository (path, ref) VALUES ($1, $2) "
				"ON CONFLICT (path) DO UPDATE SET path = EXCLUDED.path "
				"RETURNING repo_id, head_commit, ref", 2, types, vals, NULL, SPI_OK_INSERT_RETURNING);
	head = re_get_text(0, 2);
	last_ref = re_get_text(0, 3);
	/* the same commit read through another ref is still a re-read */
	*last_commit = head && last_ref && strcmp(last_ref, ref) == 0 ? head : NULL;
	return re_get_int8(0, 1, 0);
}

/*
 * A large ingest changes the catalog's size by orders of magnitude before
 * autovacuum notices, and the planner then joins deferred items, items and
 * releases with nested loops over sequential scans: with 20,000 deferred
 * items the gap views took over 180 s instead of 4 s. So an ingest that
 * wrote RE_ANALYZE_ROWS rows or more analyzes the catalog tables it wrote
 * (those the caller may analyze, i.e. owns; others are left to autovacuum).
 * Any ingest analyzes those of them that have no statistics at all yet
 * (reltuples < 0: the first ingest into a database, once): on the planner's
 * defaults enrich's catalog reads took twice as long until autovacuum came
 * by (docs/performance.md). Plans do not change what enrich answers
 * (regression tests determinism and corpus_determinism).
 */
#define RE_ANALYZE_ROWS 10000
static void
analyze_written(int nrows)
{
	uint64		n,
				i;
	char	  **names;

	re_spi_exec(psprintf("SELECT c.relname::text FROM pg_class c "
						 "WHERE c.relnamespace = 'roadmap'::regnamespace AND c.relname IN "
						 "('item', 'release', 'deferred', 'changelog_entry', 'plan_item', 'constraint_rule', 'document', "
						 "'focus_match', 'repo_focus_area', 'repo_pillar', 'item_history', 'probe_hit', 'repository') "
						 "AND pg_has_role(c.relowner, 'USAGE') %s ORDER BY 1",
						 nrows >= RE_ANALYZE_ROWS ? "" : "AND c.reltuples < 0"), 0, NULL, NULL, NULL, SPI_OK_SELECT);
	n = SPI_processed;
	names = palloc(sizeof(char *) * (n + 1));
	for (i = 0; i < n; i++)
		names[i] = SPI_getvalue(SPI_tuptable->vals[i], SPI_tuptable->tupdesc, 1);
	for (i = 0; i < n; i++)
	{
		CHECK_FOR_INTERRUPTS();
		re_spi_exec(psprintf("ANALYZE roadmap.%s", quote_identifier(names[i])), 0, NULL, NULL, NULL, SPI_OK_UTILITY);
	}
}

/*
 * roadmap.deferred: the open deferred items, each with the later item that
 * re-planned it under a new id, if any (docs/proposals.md "Deferred
 * items"). Returns how many.
 */
static int
store_deferred(int64 repo_id, ReModel *m)
{
	ReDeferral *open_items;
	int			nopen = re_model_deferred_traced(m, &open_items),
				i;
	ReCol		dc[5];

	for (i = 0; i < 5; i++)
		re_col_init(&dc[i], TEXTOID);
	for (i = 0; i < nopen; i++)
	{
		const ReItem *it = &m->items.v[open_items[i].item];
		const ReItem *s = open_items[i].successor >= 0 ? &m->items.v[open_items[i].successor] : NULL;

		re_col_text(&dc[0], it->version);
		re_col_text(&dc[1], it->item_id);
		re_col_text(&dc[2], s ? s->version : NULL);
		re_col_text(&dc[3], s ? s->item_id : NULL);
		re_col_text(&dc[4], s ? open_items[i].rule : NULL);
	}
	if (re_deferred_traced_catalog())
		re_bulk_insert("INSERT INTO roadmap.deferred (repo_id, version, item_id, successor_version, successor_id, successor_rule) "
					   "SELECT $1, * FROM unnest($2, $3, $4, $5, $6)", repo_id, dc, 5);
	else						/* 0.1.0 catalog, before ALTER EXTENSION UPDATE */
		re_bulk_insert("INSERT INTO roadmap.deferred (repo_id, version, item_id) "
					   "SELECT $1, * FROM unnest($2, $3)", repo_id, dc, 2);
	return nopen;
}

int64
re_ingest(const char *repo, const char *ref, bool *noop)
{
	TimestampTz started = GetCurrentTimestamp();
	char	   *path;
	ReHandle   *h;
	ReModel		m;
	MdDoc		doc;
	const char **kinds;
	int			ndocs = 0;
	ReFileList	files;
	int			probe_hits;
	int			history_commits = 0;
	int			nfocus = 0;
	int			nwritten;
	bool		from_skill = false;
	char	   *last_commit;
	char		peeked[41];
	const char *commit;
	int64		repo_id;
	int			i;
	StringInfoData counts;
	RePillarDef *pillars;
	int			npillars;

	re_require_read_privilege();
	path = re_resolve_repo_path(repo);
	h = open_unless_unchanged(path, ref, peeked);
	commit = h ? h->git.commit_hex : peeked;

	repo_id = lock_repository(path, ref, &last_commit);
	/* read before focus areas were per repository (0.1.0): read again */
	if (last_commit && strcmp(last_commit, commit) == 0 &&
		re_focus_catalog() &&
		re_spi_repo("SELECT 1 FROM roadmap.repo_focus_area WHERE repo_id = $1 LIMIT 1", repo_id, NULL, SPI_OK_SELECT) == 0)
		last_commit = NULL;
	if (last_commit && strcmp(last_commit, commit) == 0)
	{
		re_run_log(repo_id, "ingest", NULL, commit, started, "noop", NULL, NULL);
		if (h)
			re_handle_close(h);
		*noop = true;
		return repo_id;
	}
	*noop = false;
	if (h == NULL)
	{
		/* the branch moved (or the catalog is older): libgit2 resolves the ref that is read */
		h = re_handle_open(path, "to roadmap.ingest");
		re_handle_resolve(h, ref, path);
	}

	re_handle_list(h, &files);
	/* the markdown documents we consider, by kind; NULL for every other file */
	kinds = palloc0(sizeof(char *) * (files.n + 1));
	for (i = 0; i < files.n; i++)
		if ((kinds[i] = doc_kind(files.paths[i])) != NULL)
			ndocs++;
	ereport(DEBUG1, (errmsg("roadmap_enrich: commit %s has %d markdown files to consider",
							h->git.commit_hex, ndocs)));

	pillars = re_catalog_pillars(&npillars);
	re_model_init(&m, h->arena, pillars, npillars);
	if (!load_doc(h, "ROADMAP.md", &doc, true))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FILE),
				 errmsg("commit %s of \"%s\" has no ROADMAP.md", h->git.commit_hex, path),
				 errdetail("roadmap_enrich reads ROADMAP.md at the top of the commit's tree."),
				 errhint("Check the repository path and the ref (\"%s\").", ref)));
	re_model_roadmap(&m, "ROADMAP.md", &doc);
	read_release_files(h, &m, &files, kinds);
	if (load_doc(h, "CHANGELOG.md", &doc, true))
		re_model_changelog(&m, &doc);
	if (load_doc(h, "AGENTS.md", &doc, true))
		re_model_agents(&m, &doc);
	for (i = 0; i < files.n; i++)
		if (kinds[i] && strcmp(kinds[i], "plan") == 0 && load_doc(h, files.paths[i], &doc, false))
			re_model_plan(&m, files.paths[i], &doc);
	ereport(DEBUG1, (errmsg("roadmap_enrich: parsed %d releases, %d items, %d changelog entries",
							m.releases.n, m.items.n, m.changelog.n)));
	if (m.releases.n == 0)
		warn_no_release(h->git.commit_hex);

	store_model(repo_id, &m, &files, kinds);
	store_sections(h, repo_id, &m);
	probe_hits = re_run_probes(h, repo_id, &files);
	nwritten = m.items.n + m.changelog.n + m.plan_items.n + m.rules.n + store_deferred(repo_id, &m);
	re_ingest_focus(h, repo_id, &m, &files, kinds, &nfocus, &from_skill);
	re_store_evidence(h, repo_id, &files);
	if (re_walk_history_enabled)
		history_commits = re_walk_history(h, repo_id);
	analyze_written(nwritten);
	re_store_focus_scores(repo_id);
	ereport(DEBUG1, (errmsg("roadmap_enrich: probes found %d hits in %d files", probe_hits, files.n)));
	{
		Oid			types[4] = {INT8OID, TEXTOID, TEXTOID, TEXTOID};
		Datum		vals[4] = {Int64GetDatum(repo_id), CStringGetTextDatum(h->git.commit_hex),
		CStringGetTextDatum(m.layout), CStringGetTextDatum(ref)};

		re_spi_exec("UPDATE roadmap.repository SET head_commit = $2, layout = $3, ref = $4, "
					"ingested_at = now() WHERE repo_id = $1", 4, types, vals, NULL, SPI_OK_UPDATE);
	}
	initStringInfo(&counts);
	appendStringInfo(&counts, "{\"documents\": %d, \"releases\": %d, \"items\": %d, "
					 "\"changelog_entries\": %d, \"rules\": %d, \"plan_items\": %d, \"probe_hits\": %d, "
					 "\"history_commits\": %d, \"layout\": \"%s\", \"focus_areas\": %d, \"focus_source\": \"%s\"}",
					 ndocs, m.releases.n, m.items.n, m.changelog.n, m.rules.n, m.plan_items.n, probe_hits,
					 history_commits, m.layout, nfocus, from_skill ? "skill" : "built-in");
	re_run_log(repo_id, "ingest", NULL, h->git.commit_hex, started, "success", counts.data, NULL);
	re_handle_close(h);
	return repo_id;
}
