/*
 * fn_render.c — entry points roadmap.render(version, repo, write, commit)
 * and roadmap.diff(version, repo).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "utils/builtins.h"

#include "args.h"
#include "catalog.h"
#include "config.h"
#include "handle.h"
#include "ingest.h"
#include "render.h"
#include "repo.h"
#include "writeback.h"

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
	re_spi_connect();
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
	text	   *result;
	char	   *file;
	char	   *head;

	if (PG_ARGISNULL(0))
		ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("version must not be null")));
	version = re_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	re_require_read_privilege();
	re_spi_connect();
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
		file = re_get_text(0, 1);
		head = re_get_text(0, 2);
	}
	h = re_handle_open(path, "to roadmap.diff");
	re_handle_resolve(h, head, path);
	old = re_handle_read(h, file, &old_len);
	if (old == NULL)
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
