/*
 * history.c — carry-over age of open deferred items, found by walking the
 * repository's first-parent history with libgit2.
 *
 * For each item that a released version left skipped/deferred/not started,
 * walk back from the ingested commit while the item is still present and
 * not done — in the file where it lives now, or in the monolithic
 * ROADMAP.md of commits from before the index layout; the oldest such
 * commit is where it was first seen open, and the newest version in CHANGELOG.md at that
 * commit is the release that left it open. Blobs are parsed once per blob
 * id, so unchanged files cost one tree lookup per commit.
 */
#include "postgres.h"

#include <git2.h>

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "executor/spi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "catalog.h"
#include "glue.h"
#include "history.h"
#include "../core/model.h"

int			re_history_depth = 2000;

typedef struct Tracked
{
	char	   *version;
	char	   *item_id;
	char	   *path;
	bool		active;
	char		first_commit[41];
	int64		first_time;
	char	   *first_release;
	int			commits;
} Tracked;

/* Cache of parsed blobs: oid -> statuses of tracked items in it. */
typedef struct BlobEntry
{
	git_oid		oid;
	int		   *status;			/* per tracked item: -1 absent, else ReItemStatus */
	char	   *latest;			/* CHANGELOG.md blobs: newest version */
	struct BlobEntry *next;
} BlobEntry;

typedef struct Walk
{
	ReHandle   *h;
	Tracked    *t;
	int			n;
	char	  **versions;		/* t[i].version, for the batch scan */
	char	  **ids;			/* t[i].item_id */
	BlobEntry  *cache[1024];	/* hash buckets by the oid's first bytes */
} Walk;

static unsigned
bucket(const git_oid *oid)
{
	return ((unsigned) oid->id[0] << 2 | oid->id[1] >> 6) & 1023;
}

static BlobEntry *
cache_find(Walk *w, const git_oid *oid)
{
	BlobEntry  *e;

	for (e = w->cache[bucket(oid)]; e; e = e->next)
		if (git_oid_equal(&e->oid, oid))
			return e;
	return NULL;
}

/* Highest "## [X.Y.Z]" / "## X.Y.Z" heading of a CHANGELOG blob (a line scan). */
static char *
changelog_latest(const char *buf, size_t len)
{
	const char *p = buf,
			   *end = buf + len;
	ReVersion	best = {{-1, 0, 0}};
	bool		found = false;
	char		out[32];

	while (p < end)
	{
		const char *nl = memchr(p, '\n', end - p);
		const char *q = p;

		if (!nl)
			nl = end;
		if (nl - p > 3 && p[0] == '#' && p[1] == '#' && p[2] == ' ')
		{
			ReVersion	v;

			q = p + 3;
			while (q < nl && (*q == '[' || *q == ' '))
				q++;
			if (re_version_scan(q, &v) > 0 && (!found || re_version_cmp(&v, &best) > 0))
			{
				best = v;
				found = true;
			}
		}
		p = nl + 1;
	}
	if (!found)
		return NULL;
	re_version_format(&best, out, sizeof(out));
	return pstrdup(out);
}

/*
 * Look up an old blob after checking its size in the object header: one
 * over max_file_bytes is skipped (its items count as absent, so their walk
 * stops there), the ingest's total-bytes budget raises an ERROR.
 */
static bool
history_blob(Walk *w, const git_oid *oid, const char *what, git_blob **blob)
{
	char		err[512];
	char		hex[41];
	RgStatus	st = re_git_blob_capped(&w->h->git, oid, what, (size_t) re_max_file_bytes, blob, err, sizeof(err));

	if (st == RG_OK)
		return true;
	git_oid_tostr(hex, sizeof(hex), oid);
	if (st == RG_ETOTAL)
		re_report_git_error(st, what, hex, err);
	ereport(NOTICE,
			(errmsg("history walk skipped blob %s: %s", hex, err)));
	return false;
}

/* Record the status of every tracked item in a release-file blob (line scan). */
static BlobEntry *
parse_release_blob(Walk *w, const git_oid *oid)
{
	BlobEntry  *e = palloc0(sizeof(BlobEntry));
	git_blob   *blob = NULL;
	int			i;

	e->oid = *oid;
	e->status = palloc(sizeof(int) * w->n);
	for (i = 0; i < w->n; i++)
		e->status[i] = -1;
	(void) i;
	if (history_blob(w, oid, "a release file", &blob))
	{
		const char *buf = git_blob_rawcontent(blob);
		size_t		len = (size_t) git_blob_rawsize(blob);

		/* "open" counts only when a status mark said so: the scan gives -1 otherwise */
		re_quick_item_statuses(buf, len, w->n, (const char *const *) w->versions,
							   (const char *const *) w->ids, e->status);
		git_blob_free(blob);
	}
	e->next = w->cache[bucket(oid)];
	w->cache[bucket(oid)] = e;
	return e;
}

static char *
latest_release_at(Walk *w, git_tree *tree)
{
	git_tree_entry *te = NULL;
	BlobEntry  *e;
	char	   *latest = NULL;

	git_oid		oid;

	if (git_tree_entry_bypath(&te, tree, "CHANGELOG.md") != 0)
		return NULL;
	oid = *git_tree_entry_id(te);
	git_tree_entry_free(te);
	e = cache_find(w, &oid);
	if (e == NULL)
	{
		git_blob   *blob = NULL;

		e = palloc0(sizeof(BlobEntry));
		e->oid = oid;
		if (history_blob(w, &e->oid, "CHANGELOG.md", &blob))
		{
			e->latest = changelog_latest(git_blob_rawcontent(blob), (size_t) git_blob_rawsize(blob));
			git_blob_free(blob);
		}
		e->next = w->cache[bucket(&e->oid)];
		w->cache[bucket(&e->oid)] = e;
	}
	latest = e->latest;
	return latest;
}

/* libgit2 objects the walk holds; freed by the handle on ERROR (a cancel included). */
typedef struct Held
{
	git_revwalk *rw;
	git_commit *commit;
	git_tree   *tree;
} Held;

static void
held_free(void *arg)
{
	Held	   *hd = arg;

	if (hd->tree)
		git_tree_free(hd->tree);
	if (hd->commit)
		git_commit_free(hd->commit);
	if (hd->rw)
		git_revwalk_free(hd->rw);
	hd->tree = NULL;
	hd->commit = NULL;
	hd->rw = NULL;
}

/* Walk history for the tracked items and store roadmap.item_history rows. */
int
re_walk_history(ReHandle *h, int64 repo_id)
{
	Walk		w;
	Held	   *hd = palloc0(sizeof(Held));
	git_revwalk *rw = NULL;
	git_oid		oid;
	Oid			types[1] = {INT8OID};
	Datum		vals[1] = {Int64GetDatum(repo_id)};
	int			i,
				active,
				walked = 0;
	ReCol		c[7];

	re_spi_exec("DELETE FROM roadmap.item_history WHERE repo_id = $1", 1, types, vals, NULL, SPI_OK_DELETE);
	re_spi_exec("SELECT d.version, d.item_id, i.path FROM roadmap.deferred d "
				"JOIN roadmap.item i USING (repo_id, version, item_id) "
				"JOIN roadmap.release r USING (repo_id, version) "
				"WHERE d.repo_id = $1 ORDER BY r.version_key, d.item_id COLLATE \"C\"", 1, types, vals, NULL, SPI_OK_SELECT);
	memset(&w, 0, sizeof(w));
	w.h = h;
	w.n = (int) SPI_processed;
	if (w.n == 0)
		return 0;
	w.t = palloc0(sizeof(Tracked) * w.n);
	w.versions = palloc(sizeof(char *) * w.n);
	w.ids = palloc(sizeof(char *) * w.n);
	for (i = 0; i < w.n; i++)
	{
		w.t[i].version = SPI_getvalue(SPI_tuptable->vals[i], SPI_tuptable->tupdesc, 1);
		w.t[i].item_id = SPI_getvalue(SPI_tuptable->vals[i], SPI_tuptable->tupdesc, 2);
		w.versions[i] = w.t[i].version;
		w.ids[i] = w.t[i].item_id;
		w.t[i].path = SPI_getvalue(SPI_tuptable->vals[i], SPI_tuptable->tupdesc, 3);
		w.t[i].active = w.t[i].path != NULL;
	}
	re_handle_on_release(h, held_free, hd);
	if (git_revwalk_new(&rw, h->git.repo) != 0)
		ereport(ERROR, (errcode(ERRCODE_IO_ERROR), errmsg("could not walk the repository's history")));
	hd->rw = rw;
	git_revwalk_simplify_first_parent(rw);
	git_revwalk_push(rw, git_commit_id(h->git.commit));
	active = w.n;
	while (active > 0 && walked < re_history_depth && git_revwalk_next(&oid, rw) == 0)
	{
		git_commit *commit = NULL;
		git_tree   *tree = NULL;
		char	   *latest;
		char		hex[41];
		const char *last_path;
		git_oid		last_oid;
		bool		have_oid = false;

		/* the commit and tree are in hd, so a cancel anywhere below leaks nothing */
		CHECK_FOR_INTERRUPTS();
		if (git_commit_lookup(&commit, h->git.repo, &oid) != 0)
			break;
		hd->commit = commit;
		if (git_commit_tree(&tree, commit) != 0)
		{
			git_commit_free(commit);
			hd->commit = NULL;
			break;
		}
		hd->tree = tree;
		walked++;
		git_oid_tostr(hex, sizeof(hex), &oid);
		latest = latest_release_at(&w, tree);
		last_path = NULL;
		for (i = 0; i < w.n; i++)
		{
			git_tree_entry *te = NULL;
			BlobEntry  *e;
			int			st;

			if (!w.t[i].active)
				continue;
			CHECK_FOR_INTERRUPTS();
			/* items are sorted by version, so runs share a path: look it up once */
			if (last_path == NULL || strcmp(last_path, w.t[i].path) != 0)
			{
				last_path = w.t[i].path;
				have_oid = false;
				/* before the index layout, the release lived in the monolithic ROADMAP.md */
				if (git_tree_entry_bypath(&te, tree, w.t[i].path) == 0 ||
					(strcmp(w.t[i].path, "ROADMAP.md") != 0 &&
					 git_tree_entry_bypath(&te, tree, "ROADMAP.md") == 0))
				{
					last_oid = *git_tree_entry_id(te);
					have_oid = true;
					git_tree_entry_free(te);
				}
			}
			if (!have_oid)
			{
				w.t[i].active = false;
				active--;
				continue;
			}
			e = cache_find(&w, &last_oid);
			if (e == NULL || e->status == NULL)
				e = parse_release_blob(&w, &last_oid);
			st = e->status[i];
			if (st < 0 || st == IS_DONE)
			{
				w.t[i].active = false;
				active--;
				continue;
			}
			strlcpy(w.t[i].first_commit, hex, sizeof(w.t[i].first_commit));
			w.t[i].first_time = (int64) git_commit_time(commit);
			w.t[i].first_release = latest;
			w.t[i].commits++;
		}
		git_tree_free(tree);
		git_commit_free(commit);
		hd->tree = NULL;
		hd->commit = NULL;
		if (walked % 100 == 0)
			ereport(DEBUG1, (errmsg("roadmap_enrich: history walk at %d commits, %d items still open", walked, active)));
	}

	for (i = 0; i < 7; i++)
		re_col_init(&c[i], i == 6 ? INT4OID : TEXTOID);
	for (i = 0; i < w.n; i++)
	{
		if (w.t[i].commits == 0)
			continue;
		re_col_text(&c[0], w.t[i].version);
		re_col_text(&c[1], w.t[i].item_id);
		re_col_text(&c[2], w.t[i].first_commit);
		re_col_text(&c[3], psprintf(INT64_FORMAT, w.t[i].first_time));
		re_col_text(&c[4], w.t[i].first_release);
		re_col_text(&c[5], w.t[i].path);
		re_col_int(&c[6], w.t[i].commits);
	}
	re_bulk_insert("INSERT INTO roadmap.item_history (repo_id, version, item_id, first_seen_commit, first_seen_at, "
				   "first_seen_release, path, commits_open) "
				   "SELECT $1, v, id, fc, to_timestamp(ft::bigint), fr, p, n FROM unnest($2, $3, $4, $5, $6, $7, $8) "
				   "AS u(v, id, fc, ft, fr, p, n)", repo_id, c, 7);
	ereport(DEBUG1, (errmsg("roadmap_enrich: history walk read %d commits for %d items", walked, w.n)));
	return walked;
}
