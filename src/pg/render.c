/*
 * render.c — render a release's section with its stored proposals.
 *
 * The new text of the release's file is built from the commit that was
 * ingested (never from the work tree) and checked to parse back into the
 * same items plus the new ones. With write, the files are handed to
 * writeback.c, which writes them only when the transaction commits.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "config.h"
#include "handle.h"
#include "render.h"
#include "writeback.h"
#include "../core/model.h"
#include "../core/render.h"

/*
 * Copy of text with the first occurrence of `from` on line `lineno` replaced
 * by `to` (same line count); NULL when the line or the text is not there.
 */
static char *
replace_in_line(const char *text, size_t len, int lineno, const char *from, const char *to, size_t *newlen)
{
	const char *line_s = text;
	const char *eol;
	const char *pos;
	size_t		llen;
	char	   *line;
	int			ln = 1;
	StringInfoData b;

	while (ln < lineno && line_s)
	{
		line_s = memchr(line_s, '\n', len - (line_s - text));
		if (line_s)
			line_s++;
		ln++;
	}
	if (line_s == NULL)
		return NULL;
	eol = memchr(line_s, '\n', len - (line_s - text));
	llen = eol ? (size_t) (eol - line_s) : len - (line_s - text);
	line = pnstrdup(line_s, llen);
	pos = strstr(line, from);
	if (pos == NULL)
		return NULL;
	initStringInfo(&b);
	appendBinaryStringInfo(&b, text, line_s - text);
	appendBinaryStringInfo(&b, line, pos - line);
	appendStringInfoString(&b, to);
	appendBinaryStringInfo(&b, line_s + (pos - line) + strlen(from), len - (line_s - text) - (pos - line) - strlen(from));
	*newlen = b.len;
	return b.data;
}

/* Parse the rendered text back: every old item and every proposal must be there. */
static void
verify_reparse(ReArena *a, const char *path, const char *text, size_t len, const char *version,
			   bool monolithic, const ReProposal *items, int n, int64 repo_id)
{
	MdDoc		doc;
	ReModel		m;
	char		err[256];
	MdLimits	lim = re_md_limits();
	int			i,
				k;
	int			nold;

	lim.max_bytes = len + 1;
	if (md_parse(a, text, len, &lim, &doc, err, sizeof(err)) != MD_OK)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("the rendered %s does not parse", path), errdetail("%s", err)));
	re_model_init(&m, a, NULL, 0);	/* only the item ids are compared: no pillars needed */
	if (monolithic)
		re_model_roadmap(&m, path, &doc);
	else
		re_model_release_file(&m, path, &doc);
	nold = (int) re_spi_repo("SELECT item_id FROM roadmap.item WHERE repo_id = $1 AND version = $2 ORDER BY line, item_id COLLATE \"C\"",
							 repo_id, version, SPI_OK_SELECT);
	for (i = 0; i < nold + n; i++)
	{
		const char *id = i < nold ? re_get_text(i, 1) : items[i - nold].item_id;

		for (k = 0; k < m.items.n; k++)
			if (strcmp(m.items.v[k].version, version) == 0 && strcmp(m.items.v[k].item_id, id) == 0)
				break;
		if (k == m.items.n)
			ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
							errmsg("the rendered section of v%s does not parse back: item %s is missing", version, id),
							errhint("Nothing was written. Report the release file that triggers this.")));
	}
}

/* What the catalog knows about the release section to render. */
typedef struct RenderTarget
{
	char	   *repo_path;
	char	   *head;
	char	   *layout;
	char	   *path;
	int			line_start;
	int			line_end;
	int			level;
	char	   *summary_path;
	int			summary_line;
	char	   *effort;
	char	   *theme;
	char	   *risks;
	int			no_item_notes;	/* no item: the stored risks say why per planned item */
} RenderTarget;

/* Columns of the render-target query. */
enum
{
	RT_REPO_PATH = 1, RT_HEAD, RT_LAYOUT, RT_PATH, RT_LINE_START, RT_LINE_END, RT_LEVEL,
	RT_SUMMARY_PATH, RT_SUMMARY_LINE, RT_EFFORT, RT_THEME, RT_RISKS, RT_NO_ITEM_NOTES
};

/* Read the release's section, file and stored enrichment; errors when absent. */
static void
fetch_target(int64 repo_id, const char *version, RenderTarget *t)
{
	if (re_spi_repo("SELECT p.path, p.head_commit, p.layout, r.path, r.line_start, r.line_end, r.heading_level, "
				"r.summary_path, r.summary_line, r.effort, e.theme, e.risks, "
				"coalesce((e.counts->>'no_item_notes')::int, 0) "
				"FROM roadmap.release r JOIN roadmap.repository p USING (repo_id) "
				"LEFT JOIN roadmap.enrichment e USING (repo_id, version) "
				"WHERE r.repo_id = $1 AND r.version = $2", repo_id, version, SPI_OK_SELECT) == 0)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT), errmsg("release %s is not in the roadmap", version),
						errhint("SELECT version FROM roadmap.release WHERE status <> 'released' lists the candidates.")));
	t->repo_path = re_get_text(0, RT_REPO_PATH);
	t->head = re_get_text(0, RT_HEAD);
	t->layout = re_get_text(0, RT_LAYOUT);
	t->path = re_get_text(0, RT_PATH);
	t->line_start = re_get_int(0, RT_LINE_START, 0);
	if (t->line_start == 0 || t->path == NULL)
		ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						errmsg("release %s has no section to enrich", version),
						errdetail("The roadmap lists it, but no \"## v%s — …\" heading was found in %s.", version,
								  t->path ? t->path : "its file"),
						errhint("Add the release section, commit, and run again.")));
	t->line_end = re_get_int(0, RT_LINE_END, 0);
	t->level = re_get_int(0, RT_LEVEL, 2);
	t->summary_path = re_get_text(0, RT_SUMMARY_PATH);
	t->summary_line = re_get_int(0, RT_SUMMARY_LINE, 0);
	t->effort = re_get_text(0, RT_EFFORT);
	t->theme = re_get_text(0, RT_THEME);
	t->risks = re_get_text(0, RT_RISKS);
	t->no_item_notes = re_get_int(0, RT_NO_ITEM_NOTES, 0);
	if (t->theme == NULL)
		ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						errmsg("release %s has no stored proposals", version),
						errhint("Run SELECT * FROM roadmap.enrich('%s', apply => false) first.", version)));
}

/* The words of one role of roadmap.render_word; an ERROR when the role is missing and required. */
static const char *const *
fetch_words(const char *role, int *n, bool required)
{
	Oid			types[1] = {TEXTOID};
	Datum		vals[1] = {CStringGetTextDatum(role)};
	char	  **words;
	int			i;

	re_spi_exec("SELECT w FROM roadmap.render_word, unnest(words) WITH ORDINALITY AS u(w, k) "
				"WHERE role = $1 AND w <> '' ORDER BY k", 1, types, vals, NULL, SPI_OK_SELECT);
	*n = (int) SPI_processed;
	if (*n == 0 && required)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("roadmap.render_word has no words for role \"%s\"", role),
				 errdetail("Render needs that text to write the release section or the commit."),
				 errhint("Restore the row: UPDATE roadmap.render_word SET words = … WHERE role = '%s', or re-create the extension's row.", role)));
	words = palloc0(sizeof(char *) * (*n + 1));
	for (i = 0; i < *n; i++)
		words[i] = re_get_text(i, 1);
	return (const char *const *) words;
}

/* The words render looks for and writes, from the catalog. */
static void
fetch_render_words(ReRenderWords *w)
{
	int			n;

	w->risks = fetch_words("risks_heading", &w->nrisks, false);
	w->stop = fetch_words("stop_heading", &w->nstop, false);
	w->theme = fetch_words("theme_label", &n, true)[0];
	w->risks_title = fetch_words("risks_title", &n, true)[0];
}

/* The write-back commit's message: roadmap.render_word 'commit_message' with {version} filled in. */
static char *
commit_message(const char *version)
{
	int			n;
	const char *tmpl = fetch_words("commit_message", &n, true)[0];
	StringInfoData b;
	const char *p;

	initStringInfo(&b);
	while ((p = strstr(tmpl, "{version}")) != NULL)
	{
		appendBinaryStringInfo(&b, tmpl, p - tmpl);
		appendStringInfoString(&b, version);
		tmpl = p + strlen("{version}");
	}
	appendStringInfoString(&b, tmpl);
	return b.data;
}

/* The stored proposals of (repo, version), in order. */
static ReProposal *
fetch_proposals(int64 repo_id, const char *version, int *n)
{
	ReProposal *items;
	int			i;

	*n = (int) re_spi_repo("SELECT item_id, pillar, title, effort, priority, description, dependencies, schema_change "
						   "FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 ORDER BY ord",
						   repo_id, version, SPI_OK_SELECT);
	items = palloc0(sizeof(ReProposal) * (*n + 1));
	for (i = 0; i < *n; i++)
	{
		items[i].item_id = re_get_text(i, 1);
		items[i].pillar = re_get_text(i, 2);
		items[i].title = re_get_text(i, 3);
		items[i].effort = re_get_text(i, 4);
		items[i].priority = re_get_text(i, 5);
		items[i].description = re_get_text(i, 6);
		items[i].dependencies = re_get_text(i, 7);
		items[i].schema_change = re_get_bool(i, 8, false);
	}
	return items;
}

/*
 * Update the release's effort for the new items. Monolithic layout: the
 * Effort Summary row lives in the section's file; edit it in *text (same
 * line count). Index layout: bump the Scope class in the summary file when
 * the new items alone are large; returns that file's new text (or NULL).
 */
static char *
edit_effort(ReHandle *h, const RenderTarget *t, const ReProposal *items, int n,
			char **text, size_t *len, size_t *summary_len)
{
	int			i;

	if (t->summary_path == NULL || t->summary_line <= 0 || t->effort == NULL)
		return NULL;
	if (strcmp(t->summary_path, t->path) == 0)
	{
		char	   *neweff = re_effort_with_items(h->arena, t->effort, items, n);
		size_t		nlen;
		char	   *edited = strcmp(neweff, t->effort) != 0 ?
			replace_in_line(*text, *len, t->summary_line, t->effort, neweff, &nlen) : NULL;

		if (edited)
		{
			*text = edited;
			*len = nlen;
		}
		return NULL;
	}
	else
	{
		double		days = 0;
		const char *bump = NULL;
		char	   *st;

		for (i = 0; i < n; i++)
			days += re_effort_days(items[i].effort);
		if (days >= 15 && strcmp(t->effort, "Small") == 0)
			bump = "Medium";
		else if (days >= 15 && strcmp(t->effort, "Medium") == 0)
			bump = "Large";
		if (bump == NULL)
			return NULL;
		st = re_handle_read(h, t->summary_path, summary_len);
		if (st == NULL)
			return NULL;
		return replace_in_line(st, *summary_len, t->summary_line, psprintf("| %s |", t->effort),
							   psprintf("| %s |", bump), summary_len);
	}
}

char *
re_render_apply(int64 repo_id, const char *version, bool write, bool commit)
{
	RenderTarget t;
	ReHandle   *h;
	ReProposal *items;
	int			n;
	ReRenderIn	rin;
	ReRenderOut rout;
	char		err[512];
	char	   *text;
	size_t		len;
	char	   *result;
	char	   *summary_text;
	size_t		summary_len = 0;

	memset(&rin, 0, sizeof(rin));
	fetch_target(repo_id, version, &t);
	rin.pillars = re_catalog_pillars(&rin.npillars);
	fetch_render_words(&rin.words);
	items = fetch_proposals(repo_id, version, &n);

	h = re_handle_open(t.repo_path, "to roadmap.render");
	re_handle_resolve(h, t.head, t.repo_path);
	text = re_handle_read(h, t.path, &len);
	if (text == NULL)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_FILE),
						errmsg("%s is not in commit %s", t.path, t.head)));
	summary_text = edit_effort(h, &t, items, n, &text, &len, &summary_len);

	rin.text = text;
	rin.len = len;
	rin.line_start = t.line_start;
	rin.line_end = t.line_end;
	rin.level = t.level;
	rin.items = items;
	rin.nitems = n;
	rin.theme = t.theme;
	rin.risks = t.risks;
	rin.no_item_notes = t.no_item_notes;
	if (re_render(h->arena, &rin, &rout, err, sizeof(err)) != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("could not render v%s", version),
						errdetail("%s", err)));
	verify_reparse(h->arena, t.path, rout.text, rout.len, version, strcmp(t.layout, "monolithic") == 0,
				   items, n, repo_id);
	result = pnstrdup(rout.text, rout.len);

	/* nothing new: no write, no commit */
	if (write && (rout.added_rows > 0 || rout.added_notes > 0 || summary_text))
	{
		ReGitWrite	files[2] = {{t.path, rout.text, rout.len}, {t.summary_path, summary_text, summary_len}};

		/* record the intent; the files and the commit happen after COMMIT (writeback.c) */
		(void) re_writeback_queue(h, repo_id, t.repo_path, version, t.head, commit_message(version),
								  files, summary_text ? 2 : 1, !commit);
	}
	re_handle_close(h);
	return result;
}
