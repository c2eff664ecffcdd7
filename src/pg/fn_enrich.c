/*
 * fn_enrich.c — entry points roadmap.enrich(version, repo, apply) and
 * roadmap.next_version(repo).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "args.h"
#include "catalog.h"
#include "config.h"
#include "enrich.h"
#include "render.h"
#include "repo.h"
#include "runlog.h"

/* The work of roadmap.enrich; its caller records a failure. */
static Datum
enrich_body(FunctionCallInfo fcinfo)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	char	   *version;
	char	   *repo = PG_ARGISNULL(1) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(1));
	bool		apply = PG_ARGISNULL(2) ? true : PG_GETARG_BOOL(2);
	char	   *path,
			   *ref;
	int64		repo_id;
	MemoryContext callcxt = CurrentMemoryContext;
	uint64		i;

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

	re_spi_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	re_enrich_run(repo_id, version, path, ref);
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

	re_spi_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	vals[0] = Int64GetDatum(repo_id);
	re_spi_exec("SELECT version FROM roadmap.release WHERE repo_id = $1 AND status <> 'released' "
				"ORDER BY version_key LIMIT 1", 1, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed > 0)
		result = re_get_text(0, 1);
	if (result)
		result = MemoryContextStrdup(fcinfo->flinfo->fn_mcxt, result);
	SPI_finish();
	if (result == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(result));
}
