/*
 * history.c — carry-over age of open deferred items, found by walking the
 * repository's first-parent history through core/gitrepo.c.
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

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "executor/spi.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "config.h"
#include "errors.h"
#include "history.h"
#include "../core/model.h"
#include "../core/version.h"

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
	ReGitOid	oid;
	int		   *status;			/* per tracked item: -1 absent, else ReItemStatus */
	char	   *latest;			/* CHANGELOG.md blobs: newest version */
	struct BlobEntry *next;
} BlobEntry;

typedef struct Walk
{
	ReHandle   *h;
	ReGitWalk  *gw;
	Tracked    *t;
	int			n;
	int			active;
	char	  **versions;		/* t[i].version, for the batch scan */
	char	  **ids;			/* t[i].item_id */
	BlobEntry  *cache[1024];	/* hash buckets by the oid's first bytes */
} Walk;

static unsigned
bucket(const ReGitOid *oid)
{
	return ((unsigned) oid->id[0] << 2 | oid->id[1] >> 6) & 1023;
}

static BlobEntry *
cache_find(Walk *w, const ReGitOid *oid)
{
	BlobEntry  *e;

	for (e = w->cache[bucket(oid)]; e; e = e->next)
		if (memcmp(e->oid.id, oid->id, sizeof(oid->id)) == 0)
			return e;
	return NULL;
}

static BlobEntry *
cache_add(Walk *w, const ReGitOid *oid)
{
	BlobEntry  *e = palloc0(sizeof(BlobEntry));

	e->oid = *oid;
	e->next = w->cache[bucket(oid)];
	w->cache[bucket(oid)] = e;
	return e;
}

/* Highest "## [X.Y.Z]" / "## X.Y.Z" heading of a CHANGELOG blob (a line scan) into out. */
static void
changelog_latest(const char *buf, size_t len, void *arg)
{
	char	   *out = arg;
	const char *p = buf,
			   *end = buf + len;
	ReVersion	best = {{-1, 0, 0}};
	bool		found = false;

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
	if (found)
		re_version_format(&best, out, 32);
}

typedef struct StatusScan
{
	Walk	   *w;
	int		   *status;
} StatusScan;

static void
scan_statuses(const char *buf, size_t len, void *arg)
{
	StatusScan *s = arg;

	/* "open" counts only when a status mark said so: the scan gives -1 otherwise */
	re_quick_item_statuses(buf, len, s->w->n, (const char *const *) s->w->versions,
						   (const char *const *) s->w->ids, s->status);
}

/*
 * Read an old blob through fn after checking its size in the object header:
 * one over max_file_bytes is skipped with a NOTICE (its items count as
 * absent, so their walk stops there); the call's byte budget is an ERROR.
 */
static bool
history_blob(Walk *w, const ReGitOid *oid, const char *what, ReGitBlobFn fn, void *arg)
{
	char		err[512];
	RgStatus	st = re_git_blob_with(&w->h->git, oid, what, (size_t) re_max_file_bytes, fn, arg,
									  err, sizeof(err));

	if (st == RG_OK)
		return true;
	if (st == RG_ETOTAL)
		re_report_git_read(st, what, w->h->git.commit_hex, err);
	if (st == RG_ETOOBIG)
		ereport(NOTICE, (errmsg("history walk skipped an old version of %s: %s", what, err)));
	return false;
}

/* Record the status of every tracked item in a release-file blob (line scan). */
static BlobEntry *
parse_release_blob(Walk *w, const ReGitOid *oid)
{
	BlobEntry  *e = cache_add(w, oid);
	StatusScan	s;
	int			i;

	e->status = palloc(sizeof(int) * w->n);
	for (i = 0; i < w->n; i++)
		e->status[i] = -1;
	s.w = w;
	s.status = e->status;
	(void) history_blob(w, oid, "a release file", scan_statuses, &s);
	return e;
}

/* Newest released version in the current commit's CHANGELOG.md, or NULL. */
static char *
latest_release_at(Walk *w)
{
	ReGitOid	oid;
	BlobEntry  *e;

	if (!re_git_walk_entry(w->gw, "CHANGELOG.md", &oid))
		return NULL;
	e = cache_find(w, &oid);
	if (e == NULL)
	{
		char		latest[32] = "";

		e = cache_add(w, &oid);
		if (history_blob(w, &oid, "CHANGELOG.md", changelog_latest, latest) && latest[0])
			e->latest = pstrdup(latest);
	}
	return e->latest;
}

static void
walk_free(void *arg)
{
	re_git_walk_end((ReGitWalk *) arg);
}

/* The open deferred items whose age is tracked, sorted by version (SPI connected). */
static void
load_tracked(Walk *w, int64 repo_id)
{
	int			i;

	re_spi_repo("DELETE FROM roadmap.item_history WHERE repo_id = $1", repo_id, NULL, SPI_OK_DELETE);
	w->n = (int) re_spi_repo("SELECT d.version, d.item_id, i.path FROM roadmap.deferred d "
							 "JOIN roadmap.item i USING (repo_id, version, item_id) "
							 "JOIN roadmap.release r USING (repo_id, version) "
							 "WHERE d.repo_id = $1 ORDER BY r.version_key, d.version COLLATE \"C\", d.item_id COLLATE \"C\"",
							 repo_id, NULL, SPI_OK_SELECT);
	if (w->n == 0)
		return;
	w->t = palloc0(sizeof(Tracked) * w->n);
	w->versions = palloc(sizeof(char *) * w->n);
	w->ids = palloc(sizeof(char *) * w->n);
	for (i = 0; i < w->n; i++)
	{
		w->t[i].version = re_get_text(i, 1);
		w->t[i].item_id = re_get_text(i, 2);
		w->versions[i] = w->t[i].version;
		w->ids[i] = w->t[i].item_id;
		w->t[i].path = re_get_text(i, 3);
		w->t[i].active = w->t[i].path != NULL;
	}
}

static void
retire(Walk *w, int i)
{
	w->t[i].active = false;
	w->active--;
}

/* One commit of the walk: extend the open run of every still-active item. */
static void
visit_commit(Walk *w, const char *hex, long long time)
{
	char	   *latest = latest_release_at(w);
	const char *last_path = NULL;
	ReGitOid	last_oid;
	bool		have_oid = false;
	int			i;

	for (i = 0; i < w->n; i++)
	{
		BlobEntry  *e;
		int			st;

		if (!w->t[i].active)
			continue;
		/* the walk's commit and tree are freed with the handle: a cancel here leaks nothing */
		CHECK_FOR_INTERRUPTS();
		/* items are sorted by version, so runs share a path: look it up once */
		if (last_path == NULL || strcmp(last_path, w->t[i].path) != 0)
		{
			last_path = w->t[i].path;
			/* before the index layout, the release lived in the monolithic ROADMAP.md */
			have_oid = re_git_walk_entry(w->gw, w->t[i].path, &last_oid) ||
				(strcmp(w->t[i].path, "ROADMAP.md") != 0 &&
				 re_git_walk_entry(w->gw, "ROADMAP.md", &last_oid));
		}
		if (!have_oid)
		{
			retire(w, i);
			continue;
		}
		e = cache_find(w, &last_oid);
		if (e == NULL || e->status == NULL)
			e = parse_release_blob(w, &last_oid);
		st = e->status[i];
		if (st < 0 || st == IS_DONE)
		{
			retire(w, i);
			continue;
		}
		strlcpy(w->t[i].first_commit, hex, sizeof(w->t[i].first_commit));
		w->t[i].first_time = (int64) time;
		w->t[i].first_release = latest;
		w->t[i].commits++;
	}
}

/* Store the items that were seen open in at least one commit. */
static void
store_history(Walk *w, int64 repo_id)
{
	ReCol		c[7];
	int			i;

	for (i = 0; i < 7; i++)
		re_col_init(&c[i], i == 6 ? INT4OID : TEXTOID);
	for (i = 0; i < w->n; i++)
	{
		if (w->t[i].commits == 0)
			continue;
		re_col_text(&c[0], w->t[i].version);
		re_col_text(&c[1], w->t[i].item_id);
		re_col_text(&c[2], w->t[i].first_commit);
		re_col_text(&c[3], psprintf(INT64_FORMAT, w->t[i].first_time));
		re_col_text(&c[4], w->t[i].first_release);
		re_col_text(&c[5], w->t[i].path);
		re_col_int(&c[6], w->t[i].commits);
	}
	re_bulk_insert("INSERT INTO roadmap.item_history (repo_id, version, item_id, first_seen_commit, first_seen_at, "
				   "first_seen_release, path, commits_open) "
				   "SELECT $1, v, id, fc, to_timestamp(ft::bigint), fr, p, n FROM unnest($2, $3, $4, $5, $6, $7, $8) "
				   "AS u(v, id, fc, ft, fr, p, n)", repo_id, c, 7);
}

/* Walk history for the tracked items and store roadmap.item_history rows. */
int
re_walk_history(ReHandle *h, int64 repo_id)
{
	Walk		w;
	char		err[256];
	char		hex[41];
	long long	time;
	int			walked = 0;

	memset(&w, 0, sizeof(w));
	w.h = h;
	load_tracked(&w, repo_id);
	if (w.n == 0)
		return 0;
	w.gw = re_git_walk_begin(&h->git, err, sizeof(err));
	if (w.gw == NULL)
		ereport(ERROR, (errcode(ERRCODE_IO_ERROR), errmsg("could not walk the repository's history")));
	re_handle_on_release(h, walk_free, w.gw);
	w.active = w.n;
	while (w.active > 0 && walked < re_history_depth && re_git_walk_next(w.gw, hex, &time))
	{
		CHECK_FOR_INTERRUPTS();
		walked++;
		visit_commit(&w, hex, time);
		if (walked % 100 == 0)
			ereport(DEBUG1, (errmsg("roadmap_enrich: history walk at %d commits, %d items still open", walked, w.active)));
	}
	store_history(&w, repo_id);
	ereport(DEBUG1, (errmsg("roadmap_enrich: history walk read %d commits for %d items", walked, w.n)));
	return walked;
}
