/*
 * render.c — roadmap.render(version, repo, write, commit), roadmap.diff and
 * the write-back that happens only when the calling transaction commits.
 *
 * render builds the new text of the release's file from the commit that was
 * ingested (never from the work tree) and checks that it parses back into
 * the same items plus the new ones. With write, it checks that the
 * repository can take the write and records a write-back intent in the
 * calling transaction (writeback.c); a background worker applies it after
 * COMMIT. ROLLBACK therefore writes nothing.
 */
#include "postgres.h"

#include "access/xact.h"
#include "catalog/pg_authid.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"
#include "storage/latch.h"

#include "catalog.h"
#include "enrich.h"
#include "glue.h"
#include "ingest.h"
#include "render.h"
#include "writeback.h"
#include "../core/model.h"
#include "../core/render.h"

char	   *re_author_name = NULL;
char	   *re_author_email = NULL;
char	   *re_push_remote = NULL;

void
re_render_guc_init(void)
{
	DefineCustomStringVariable("roadmap_enrich.author_name", "Author name of write-back commits.", NULL,
							   &re_author_name, "roadmap_enrich", PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("roadmap_enrich.author_email", "Author email of write-back commits.", NULL,
							   &re_author_email, "roadmap_enrich@localhost", PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("roadmap_enrich.push_remote",
							   "Remote to push to after a write-back commit (empty: no push).", NULL,
							   &re_push_remote, "", PGC_SUSET, 0, NULL, NULL, NULL);
	re_writeback_guc_init();
}

/* Writing server files needs superuser or pg_write_server_files. */
void
re_require_write_privilege(void)
{
	if (!superuser() && !has_privs_of_role(GetUserId(), ROLE_PG_WRITE_SERVER_FILES))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to write repositories on the server"),
				 errdetail("Writing back the enriched roadmap changes files on the server's file system."),
				 errhint("Grant the role pg_write_server_files, or call with apply => false / write => false.")));
}

static char *
sval(int row, int col)
{
	return SPI_getvalue(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, col);
}

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
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};

	lim.max_bytes = len + 1;
	if (md_parse(a, text, len, &lim, &doc, err, sizeof(err)) != MD_OK)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("the rendered %s does not parse", path), errdetail("%s", err)));
	re_model_init(&m, a);
	if (monolithic)
		re_model_roadmap(&m, path, &doc);
	else
		re_model_release_file(&m, path, &doc);
	re_spi_exec("SELECT item_id FROM roadmap.item WHERE repo_id = $1 AND version = $2", 2, types, vals, NULL, SPI_OK_SELECT);
	for (i = 0; i < (int) SPI_processed + n; i++)
	{
		const char *id = i < (int) SPI_processed ? sval(i, 1) : items[i - SPI_processed].item_id;

		for (k = 0; k < m.items.n; k++)
			if (strcmp(m.items.v[k].version, version) == 0 && strcmp(m.items.v[k].item_id, id) == 0)
				break;
		if (k == m.items.n)
			ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
							errmsg("the rendered section of v%s does not parse back: item %s is missing", version, id),
							errhint("Nothing was written. Report the release file that triggers this.")));
	}
}

char *
re_render_apply(int64 repo_id, const char *version, bool write, bool commit)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
	char	   *repo_path,
			   *head,
			   *layout,
			   *path,
			   *theme,
			   *risks,
			   *summary_path,
			   *effort;
	int			line_start,
				line_end,
				level,
				summary_line,
				i,
				n;
	ReHandle   *h;
	ReProposal *items;
	RePillarDef pillars[RE_NPILLARS];
	ReRenderIn	rin;
	ReRenderOut rout;
	char		err[512];
	char	   *text;
	size_t		len;
	char	   *result;
	char	   *summary_text = NULL;
	size_t		summary_len = 0;

	re_spi_exec("SELECT p.path, p.head_commit, p.layout, r.path, r.line_start, r.line_end, r.heading_level, "
				"r.summary_path, r.summary_line, r.effort, e.theme, e.risks "
				"FROM roadmap.release r JOIN roadmap.repository p USING (repo_id) "
				"LEFT JOIN roadmap.enrichment e USING (repo_id, version) "
				"WHERE r.repo_id = $1 AND r.version = $2", 2, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed == 0)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT), errmsg("release %s is not in the roadmap", version),
						errhint("SELECT version FROM roadmap.release WHERE status <> 'released' lists the candidates.")));
	repo_path = sval(0, 1);
	head = sval(0, 2);
	layout = sval(0, 3);
	path = sval(0, 4);
	if (sval(0, 5) == NULL || path == NULL)
		ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						errmsg("release %s has no section to enrich", version),
						errdetail("The roadmap lists it, but no \"## v%s — …\" heading was found in %s.", version,
								  path ? path : "its file"),
						errhint("Add the release section, commit, and run again.")));
	line_start = atoi(sval(0, 5));
	line_end = atoi(sval(0, 6));
	level = sval(0, 7) ? atoi(sval(0, 7)) : 2;
	summary_path = sval(0, 8);
	summary_line = sval(0, 9) ? atoi(sval(0, 9)) : 0;
	effort = sval(0, 10);
	theme = sval(0, 11);
	risks = sval(0, 12);
	if (theme == NULL)
		ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						errmsg("release %s has no stored proposals", version),
						errhint("Run SELECT * FROM roadmap.enrich('%s', apply => false) first.", version)));

	re_spi_exec("SELECT pillar, name, prefix FROM roadmap.pillar ORDER BY ord", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	for (i = 0; i < RE_NPILLARS && i < (int) SPI_processed; i++)
	{
		pillars[i].key = sval(i, 1);
		pillars[i].name = sval(i, 2);
		pillars[i].prefix = sval(i, 3);
		pillars[i].next_number = 0;
	}
	re_spi_exec("SELECT item_id, pillar, title, effort, priority, description, dependencies, schema_change "
				"FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 ORDER BY ord",
				2, types, vals, NULL, SPI_OK_SELECT);
	n = (int) SPI_processed;
	items = palloc0(sizeof(ReProposal) * (n + 1));
	for (i = 0; i < n; i++)
	{
		items[i].item_id = sval(i, 1);
		items[i].pillar = sval(i, 2);
		items[i].title = sval(i, 3);
		items[i].effort = sval(i, 4);
		items[i].priority = sval(i, 5);
		items[i].description = sval(i, 6);
		items[i].dependencies = sval(i, 7);
		items[i].schema_change = sval(i, 8)[0] == 't';
	}

	h = re_handle_open(repo_path, "to roadmap.render");
	re_handle_resolve(h, head, repo_path);
	text = re_handle_read(h, path, &len);
	if (text == NULL)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_FILE),
						errmsg("%s is not in commit %s", path, head)));

	/* monolithic: the Effort Summary row lives in the same file; edit it first (same line count) */
	if (summary_path && summary_line > 0 && strcmp(summary_path, path) == 0 && effort)
	{
		char	   *neweff = re_effort_with_items(h->arena, effort, items, n);
		size_t		nlen;
		char	   *t = strcmp(neweff, effort) != 0 ?
			replace_in_line(text, len, summary_line, effort, neweff, &nlen) : NULL;

		if (t)
		{
			text = t;
			len = nlen;
		}
	}
	else if (summary_path && summary_line > 0 && effort && strcmp(summary_path, path) != 0)
	{
		/* index layout: bump the Scope class when the new items alone are large */
		double		days = 0;
		const char *bump = NULL;

		for (i = 0; i < n; i++)
			days += re_effort_days(items[i].effort);
		if (days >= 15 && strcmp(effort, "Small") == 0)
			bump = "Medium";
		else if (days >= 15 && strcmp(effort, "Medium") == 0)
			bump = "Large";
		if (bump)
		{
			char	   *st = re_handle_read(h, summary_path, &summary_len);

			if (st)
				summary_text = replace_in_line(st, summary_len, summary_line, psprintf("| %s |", effort),
											   psprintf("| %s |", bump), &summary_len);
		}
	}

	memset(&rin, 0, sizeof(rin));
	rin.text = text;
	rin.len = len;
	rin.line_start = line_start;
	rin.line_end = line_end;
	rin.level = level;
	rin.pillars = pillars;
	rin.items = items;
	rin.nitems = n;
	rin.theme = theme;
	rin.risks = risks;
	if (re_render(h->arena, &rin, &rout, err, sizeof(err)) != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("could not render v%s", version),
						errdetail("%s", err)));
	verify_reparse(h->arena, path, rout.text, rout.len, version, strcmp(layout, "monolithic") == 0,
				   items, n, repo_id);
	result = pnstrdup(rout.text, rout.len);

	if (write && (rout.added_rows > 0 || summary_text))
	{
		/* record the intent; the files and the commit happen after COMMIT (writeback.c) */
		ReGitWrite	files[2];
		int			nfiles = 1;

		files[0].path = path;
		files[0].data = rout.text;
		files[0].len = rout.len;
		if (summary_text)
		{
			files[1].path = summary_path;
			files[1].data = summary_text;
			files[1].len = summary_len;
			nfiles = 2;
		}
		(void) re_writeback_queue(h, repo_id, repo_path, version, head, files, nfiles, !commit);
	}
	re_handle_close(h);
	return result;
}

PG_FUNCTION_INFO_V1(roadmap_render);
Datum
roadmap_render(PG_FUNCTION_ARGS)
{
	char	   *version;
	char	   *repo = PG_ARGISNULL(1) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(1));
	bool		write = PG_ARGISNULL(2) ? true : PG_GETARG_BOOL(2);
	bool		commit = PG_ARGISNULL(3) ? true : PG_GETARG_BOOL(3);
	char	   *path,
			   *ref,
			   *rendered;
	int64		repo_id;
	text	   *result;

	if (PG_ARGISNULL(0))
		ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("version must not be null")));
	version = re_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	re_require_read_privilege();
	if (write)
		re_require_write_privilege();
	SPI_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	{
		bool		noop;

		/* render against the current commit; this holds the repository's lock */
		re_ingest(path, ref, &noop);
		if (write && re_writeback_drain(path))
			re_ingest(path, ref, &noop);
	}
	rendered = re_render_apply(repo_id, version, write, commit);
	result = (text *) SPI_palloc(VARHDRSZ + strlen(rendered));
	SET_VARSIZE(result, VARHDRSZ + strlen(rendered));
	memcpy(VARDATA(result), rendered, strlen(rendered));
	SPI_finish();
	PG_RETURN_TEXT_P(result);
}

PG_FUNCTION_INFO_V1(roadmap_diff);
Datum
roadmap_diff(PG_FUNCTION_ARGS)
{
	char	   *version;
	char	   *repo = PG_ARGISNULL(1) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(1));
	char	   *path,
			   *ref,
			   *newtext;
	int64		repo_id;
	ReHandle   *h;
	ReBuf		d;
	char	   *old;
	size_t		old_len;
	char		err[512];
	text	   *result;
	char	   *file;
	char	   *head;

	if (PG_ARGISNULL(0))
		ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("version must not be null")));
	version = re_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	re_require_read_privilege();
	SPI_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	{
		bool		noop;

		re_ingest(path, ref, &noop);	/* diff against the current commit */
	}
	newtext = re_render_apply(repo_id, version, false, false);
	{
		Oid			types[2] = {INT8OID, TEXTOID};
		Datum		vals[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};

		re_spi_exec("SELECT r.path, p.head_commit FROM roadmap.release r JOIN roadmap.repository p USING (repo_id) "
					"WHERE r.repo_id = $1 AND r.version = $2", 2, types, vals, NULL, SPI_OK_SELECT);
		file = sval(0, 1);
		head = sval(0, 2);
	}
	h = re_handle_open(path, "to roadmap.diff");
	re_handle_resolve(h, head, path);
	if (re_git_read(&h->git, file, h->arena, (size_t) re_max_file_bytes, &old, &old_len, NULL, err, sizeof(err)) != RG_OK)
		ereport(ERROR, (errcode(ERRCODE_UNDEFINED_FILE), errmsg("%s is not in commit %s", file, head)));
	re_buf_init(&d);
	re_git_diff(file, old, old_len, newtext, strlen(newtext), &d);
	result = (text *) SPI_palloc(VARHDRSZ + d.len);
	SET_VARSIZE(result, VARHDRSZ + d.len);
	if (d.len)
		memcpy(VARDATA(result), d.data, d.len);
	re_buf_free(&d);
	re_handle_close(h);
	SPI_finish();
	PG_RETURN_TEXT_P(result);
}
