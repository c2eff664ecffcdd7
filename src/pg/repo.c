/*
 * repo.c — resolve the repository argument of the entry points.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "config.h"
#include "ingest.h"
#include "repo.h"

/* Resolve the repo argument (NULL = the only registered one) to id and path. */
int64
re_resolve_repo(const char *repo, char **path, char **ref)
{
	Oid			types[1] = {TEXTOID};
	Datum		vals[1];

	if (repo == NULL)
	{
		re_spi_exec("SELECT repo_id, path, ref FROM roadmap.repository ORDER BY repo_id", 0, NULL, NULL, NULL, SPI_OK_SELECT);
		if (SPI_processed == 0)
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_OBJECT),
					 errmsg("no repository has been ingested yet"),
					 errhint("Run SELECT roadmap.ingest('/path/to/repository') first, or pass the repository path.")));
		if (SPI_processed > 1)
			ereport(ERROR,
					(errcode(ERRCODE_AMBIGUOUS_PARAMETER),
					 errmsg("%d repositories are registered; say which one", (int) SPI_processed),
					 errhint("Pass the repository path as the repo argument.")));
	}
	else
	{
		char	   *canonical = re_resolve_repo_path(repo);
		bool		noop;

		vals[0] = CStringGetTextDatum(canonical);
		re_spi_exec("SELECT repo_id, path, ref FROM roadmap.repository WHERE path = $1", 1, types, vals, NULL, SPI_OK_SELECT);
		if (SPI_processed == 0)
		{
			re_ingest(canonical, "HEAD", &noop);
			re_spi_exec("SELECT repo_id, path, ref FROM roadmap.repository WHERE path = $1", 1, types, vals, NULL, SPI_OK_SELECT);
		}
	}
	*path = re_get_text(0, 2);
	*ref = re_get_text(0, 3);
	return re_get_int8(0, 1, 0);
}
