/*
 * fn_user_rows.c — trigger roadmap.user_row_marker(key_column): keeps the
 * planner's rows of a user-editable catalog table apart from the rows the
 * extension ships, so pg_dump (pg_extension_config_dump with the filter
 * WHERE NOT builtin) writes exactly the planner's rows.
 *
 * - Rows written by the extension's own scripts (CREATE/ALTER EXTENSION)
 *   are builtin; every row a user inserts or updates is not.
 * - A user row whose key equals a shipped row's key replaces that row in
 *   place (an UPDATE, so references to it stay valid) instead of failing
 *   on the primary key. This is what pg_restore does with an edited
 *   shipped row: CREATE EXTENSION has just inserted the shipped version.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "commands/trigger.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"

#include "catalog.h"

#define BUILTIN_COLUMN "builtin"

/* The trigger's table, its key column and builtin column numbers; errors when misdeclared. */
static void
trigger_columns(TriggerData *td, int *key, int *builtin)
{
	TupleDesc	desc = RelationGetDescr(td->tg_relation);

	if (td->tg_trigger->tgnargs != 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("roadmap.user_row_marker() takes the key column's name as its one argument"),
				 errhint("CREATE TRIGGER … EXECUTE FUNCTION roadmap.user_row_marker('key_column').")));
	*key = SPI_fnumber(desc, td->tg_trigger->tgargs[0]);
	*builtin = SPI_fnumber(desc, BUILTIN_COLUMN);
	if (*key <= 0 || *builtin <= 0 || TupleDescAttr(desc, *builtin - 1)->atttypid != BOOLOID)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_COLUMN),
				 errmsg("table \"%s\" needs a key column \"%s\" and a boolean column \"%s\" for roadmap.user_row_marker()",
						RelationGetRelationName(td->tg_relation), td->tg_trigger->tgargs[0], BUILTIN_COLUMN),
				 errhint("Add the column in the upgrade script, as for roadmap.focus_area.")));
}

/* tuple with column builtin set to value. */
static HeapTuple
with_builtin(TriggerData *td, HeapTuple tuple, int builtin, bool value)
{
	int			cols[1] = {builtin};
	Datum		vals[1] = {BoolGetDatum(value)};
	bool		nulls[1] = {false};

	return heap_modify_tuple_by_cols(tuple, RelationGetDescr(td->tg_relation), 1, cols, vals, nulls);
}

/*
 * Copy the new row's values onto the shipped row with the same key; true
 * when there was one. The UPDATE fires this trigger again, which marks the
 * row as the user's.
 */
static bool
replace_shipped(TriggerData *td, HeapTuple tuple, int key)
{
	Relation	rel = td->tg_relation;
	TupleDesc	desc = RelationGetDescr(rel);
	StringInfoData sql;
	Oid		   *types = palloc(sizeof(Oid) * desc->natts);
	Datum	   *vals = palloc(sizeof(Datum) * desc->natts);
	char	   *nulls = palloc(desc->natts + 1);
	int			i,
				n = 0,
				keyarg = 0;
	bool		isnull;

	initStringInfo(&sql);
	appendStringInfo(&sql, "UPDATE %s SET (",
					 quote_qualified_identifier(get_namespace_name(RelationGetNamespace(rel)),
												RelationGetRelationName(rel)));
	for (i = 1; i <= desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i - 1);

		if (att->attisdropped || att->attgenerated)
			continue;
		types[n] = att->atttypid;
		vals[n] = SPI_getbinval(tuple, desc, i, &isnull);
		nulls[n] = isnull ? 'n' : ' ';
		if (i == key)
			keyarg = n + 1;
		appendStringInfo(&sql, "%s%s", n ? ", " : "", quote_identifier(NameStr(att->attname)));
		n++;
	}
	appendStringInfoString(&sql, ") = ROW(");
	for (i = 1; i <= n; i++)
		appendStringInfo(&sql, "%s$%d", i > 1 ? ", " : "", i);
	appendStringInfo(&sql, ") WHERE %s = $%d AND %s",
					 quote_identifier(NameStr(TupleDescAttr(desc, key - 1)->attname)), keyarg,
					 quote_identifier(BUILTIN_COLUMN));
	re_spi_connect();
	re_spi_exec(sql.data, n, types, vals, nulls, SPI_OK_UPDATE);
	n = (int) SPI_processed;
	SPI_finish();
	return n > 0;
}

PG_FUNCTION_INFO_V1(roadmap_user_row_marker);
Datum
roadmap_user_row_marker(PG_FUNCTION_ARGS)
{
	TriggerData *td = (TriggerData *) fcinfo->context;
	HeapTuple	tuple;
	int			key,
				builtin;

	if (!CALLED_AS_TRIGGER(fcinfo) || !TRIGGER_FIRED_BEFORE(td->tg_event) || !TRIGGER_FIRED_FOR_ROW(td->tg_event) ||
		!(TRIGGER_FIRED_BY_INSERT(td->tg_event) || TRIGGER_FIRED_BY_UPDATE(td->tg_event)))
		ereport(ERROR,
				(errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
				 errmsg("roadmap.user_row_marker() must run as a BEFORE INSERT OR UPDATE row trigger")));
	trigger_columns(td, &key, &builtin);
	tuple = TRIGGER_FIRED_BY_UPDATE(td->tg_event) ? td->tg_newtuple : td->tg_trigtuple;

	/* the extension's scripts write shipped rows (and may update them as they are) */
	if (creating_extension)
		return PointerGetDatum(TRIGGER_FIRED_BY_INSERT(td->tg_event) ? with_builtin(td, tuple, builtin, true) : tuple);
	tuple = with_builtin(td, tuple, builtin, false);
	if (TRIGGER_FIRED_BY_INSERT(td->tg_event) && replace_shipped(td, tuple, key))
		return PointerGetDatum(NULL);	/* the shipped row now holds the values */
	return PointerGetDatum(tuple);
}
