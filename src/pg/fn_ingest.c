/*
 * fn_ingest.c — entry point roadmap.ingest(repo, ref).
 */
#include "postgres.h"

#include "executor/spi.h"
#include "fmgr.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "ingest.h"
#include "runlog.h"

/* The work of roadmap.ingest; its caller records a failure. */
static int64
ingest_body(const char *repo, const char *ref)
{
	bool		noop;
	int64		id;

	re_spi_connect();
	id = re_ingest(repo, ref, &noop);
	SPI_finish();
	return id;
}

PG_FUNCTION_INFO_V1(roadmap_ingest);
Datum
roadmap_ingest(PG_FUNCTION_ARGS)
{
	MemoryContext cxt = CurrentMemoryContext;
	const char *repo = text_to_cstring(PG_GETARG_TEXT_PP(0));
	const char *ref = text_to_cstring(PG_GETARG_TEXT_PP(1));
	int64		id = 0;

	PG_TRY();
	{
		id = ingest_body(repo, ref);
	}
	PG_CATCH();
	{
		re_log_failure(cxt, "ingest", NULL, repo);
		PG_RE_THROW();
	}
	PG_END_TRY();
	PG_RETURN_INT64(id);
}
