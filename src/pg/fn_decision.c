/*
 * fn_decision.c — entry points for the planner's decisions:
 * roadmap.dismiss(version, item, reason, repo) and roadmap.stale_after().
 */
#include "postgres.h"

#include <ctype.h>

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "utils/builtins.h"

#include "args.h"
#include "catalog.h"
#include "config.h"
#include "repo.h"

PG_FUNCTION_INFO_V1(roadmap_stale_after);
Datum
roadmap_stale_after(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(re_stale_after);
}

/* "STAB-2", "A09": an item id rather than a title */
static bool
looks_like_id(const char *s)
{
	const char *p;

	if (strlen(s) > 16 || strchr(s, ' '))
		return false;
	for (p = s; *p; p++)
		if (!(isupper((unsigned char) *p) || isdigit((unsigned char) *p) || *p == '-' || *p == '.'))
			return false;
	return true;
}

/*
 * roadmap.dismiss(version, item, reason, repo): record that the planner
 * does not want item (a stored proposal's id or title) for version. The
 * decision keeps the proposal's title and source ref, so it still matches
 * after a re-ingest renumbers the proposals.
 */
PG_FUNCTION_INFO_V1(roadmap_dismiss);
Datum
roadmap_dismiss(PG_FUNCTION_ARGS)
{
	char	   *version,
			   *item,
			   *reason,
			   *path,
			   *ref;
	char	   *repo = PG_ARGISNULL(3) ? NULL : text_to_cstring(PG_GETARG_TEXT_PP(3));
	int64		repo_id,
				id;
	Oid			types[4] = {INT8OID, TEXTOID, TEXTOID, TEXTOID};
	Datum		vals[4];

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("version and item must not be null"),
				 errhint("Pass the release and the proposal's item id, e.g. roadmap.dismiss('0.36.0', 'STAB-2', 'covered by A12').")));
	if (PG_ARGISNULL(2) || VARSIZE_ANY_EXHDR(PG_GETARG_TEXT_PP(2)) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a dismissal needs a reason"),
				 errdetail("The reason is shown by roadmap.explain to the next planner."),
				 errhint("Say why the item is not wanted, e.g. 'done outside the roadmap'.")));
	version = re_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	item = text_to_cstring(PG_GETARG_TEXT_PP(1));
	reason = text_to_cstring(PG_GETARG_TEXT_PP(2));
	re_require_write_privilege();

	re_spi_connect();
	repo_id = re_resolve_repo(repo, &path, &ref);
	vals[0] = Int64GetDatum(repo_id);
	vals[1] = CStringGetTextDatum(version);
	vals[2] = CStringGetTextDatum(item);
	vals[3] = CStringGetTextDatum(reason);
	re_spi_exec("SELECT 1 FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 "
				"AND (item_id = $3 OR lower(title) = lower($3))", 3, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed == 0 && looks_like_id(item))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("no proposal \"%s\" for release %s", item, version),
				 errdetail("The item is neither the id nor the title of a stored proposal."),
				 errhint("Run SELECT item_id, title FROM roadmap.proposal WHERE version = '%s', or pass the title to dismiss.", version)));
	re_spi_exec("INSERT INTO roadmap.decision (repo_path, version, item_ref, title, source_ref, verdict, reason) "
				"SELECT r.path, $2, $3, coalesce(p.title, $3), p.source_ref, 'dismissed', $4 "
				"FROM roadmap.repository r LEFT JOIN roadmap.proposal p ON p.repo_id = r.repo_id AND p.version = $2 "
				"AND (p.item_id = $3 OR lower(p.title) = lower($3)) WHERE r.repo_id = $1 "
				"RETURNING decision_id", 4, types, vals, NULL, SPI_OK_INSERT_RETURNING);
	id = re_get_int8(0, 1, 0);
	/* the stored proposal goes at once; the next enrich will not write it again */
	re_spi_exec("DELETE FROM roadmap.proposal WHERE repo_id = $1 AND version = $2 "
				"AND (item_id = $3 OR lower(title) = lower($3))", 3, types, vals, NULL, SPI_OK_DELETE);
	SPI_finish();
	PG_RETURN_INT64(id);
}
