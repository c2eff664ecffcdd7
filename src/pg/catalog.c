/*
 * catalog.c — the catalog access layer through SPI: a checked connection,
 * typed reads of result rows, parameterised statements and bulk writes.
 *
 * Rows are gathered column by column and written with one
 * INSERT … SELECT FROM unnest($2, $3, …) per table, so ingesting thousands
 * of items costs a handful of SPI calls.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"

#include "catalog.h"

void
re_spi_connect(void)
{
	int			rc = SPI_connect();

	if (rc != SPI_OK_CONNECT)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("roadmap_enrich could not connect to SPI"),
				 errdetail("SPI_connect returned %s.", SPI_result_code_string(rc)),
				 errhint("Call the roadmap functions from a plain SQL statement, not from a context without a transaction.")));
}

/* The binary value of (row, col) of the last SPI result; *isnull set. */
static Datum
get_datum(uint64 row, int col, Oid *type, bool *isnull)
{
	if (SPI_tuptable == NULL || row >= SPI_processed || col < 1 || col > SPI_tuptable->tupdesc->natts)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_COLUMN),
				 errmsg("catalog query result has no column %d in row " UINT64_FORMAT, col, row),
				 errdetail("roadmap_enrich read past the rows or columns its own query returned."),
				 errhint("Check that the roadmap catalog matches the installed library: ALTER EXTENSION roadmap_enrich UPDATE.")));
	*type = SPI_gettypeid(SPI_tuptable->tupdesc, col);
	return SPI_getbinval(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, col, isnull);
}

/* Like get_datum; false for SQL NULL. */
static bool
get_value(uint64 row, int col, Oid *type, Datum *d)
{
	bool		isnull;

	*d = get_datum(row, col, type, &isnull);
	return !isnull;
}

static void
wrong_type(int col, Oid type, const char *want)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("catalog column %d is of type %s, read as %s", col, format_type_be(type), want),
			 errdetail("A catalog table or view does not have the type the library expects."),
			 errhint("Check that the roadmap catalog matches the installed library: ALTER EXTENSION roadmap_enrich UPDATE.")));
}

char *
re_get_text(uint64 row, int col)
{
	Oid			type;
	bool		isnull;
	Datum		d = get_datum(row, col, &type, &isnull);

	if (isnull)
		return NULL;
	if (type == TEXTOID || type == VARCHAROID || type == BPCHAROID)
		return TextDatumGetCString(d);
	/* any other type as its text form (e.g. name, numeric shown to the user) */
	return SPI_getvalue(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, col);
}

/* A text[] column as *n strings (NULL elements skipped); NULL array: none. */
const char *const *
re_get_text_array(uint64 row, int col, int *n)
{
	Oid			type;
	Datum		d;
	Datum	   *elems;
	bool	   *nulls;
	int			nelems,
				i;
	char	  **out;

	*n = 0;
	if (!get_value(row, col, &type, &d))
		return NULL;
	if (type != TEXTARRAYOID)
		wrong_type(col, type, "text[]");
	deconstruct_array(DatumGetArrayTypeP(d), TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &nelems);
	out = palloc0(sizeof(char *) * (nelems + 1));
	for (i = 0; i < nelems; i++)
		if (!nulls[i])
			out[(*n)++] = TextDatumGetCString(elems[i]);
	return (const char *const *) out;
}

/* Columns of the pillar query. */
enum
{
	PS_KEY = 1, PS_NAME, PS_PREFIX, PS_WORDS
};

bool
re_pillar_policy_catalog(void)
{
	re_spi_exec("SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid = 'roadmap.pillar'::regclass "
				"AND attname = 'heading_words' AND NOT attisdropped)", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return re_get_bool(0, 1, false);
}

RePillarDef *
re_catalog_pillars(int *n)
{
	RePillarDef *p;
	int			i;

	re_spi_exec(re_pillar_policy_catalog()
				? "SELECT pillar, name, prefix, heading_words FROM roadmap.pillar ORDER BY ord"
				: "SELECT pillar, name, prefix, '{}'::text[] FROM roadmap.pillar ORDER BY ord",
				0, NULL, NULL, NULL, SPI_OK_SELECT);
	*n = (int) SPI_processed;
	p = palloc0(sizeof(RePillarDef) * (*n + 1));
	for (i = 0; i < *n; i++)
	{
		p[i].key = re_get_text(i, PS_KEY);
		p[i].name = re_get_text(i, PS_NAME);
		p[i].prefix = re_get_text(i, PS_PREFIX);
		p[i].words = re_get_text_array(i, PS_WORDS, &p[i].nwords);
		p[i].next_number = 1;
	}
	return p;
}

int64
re_get_int8(uint64 row, int col, int64 if_null)
{
	Oid			type;
	Datum		d;

	if (!get_value(row, col, &type, &d))
		return if_null;
	switch (type)
	{
		case INT2OID:
			return DatumGetInt16(d);
		case INT4OID:
			return DatumGetInt32(d);
		case INT8OID:
			return DatumGetInt64(d);
		case NUMERICOID:
			return DatumGetInt64(DirectFunctionCall1(numeric_int8, d));
		default:
			wrong_type(col, type, "an integer");
	}
	return if_null;
}

int32
re_get_int(uint64 row, int col, int32 if_null)
{
	int64		v = re_get_int8(row, col, if_null);

	if (v < PG_INT32_MIN || v > PG_INT32_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("catalog value " INT64_FORMAT " is out of range for an integer", v),
				 errdetail("Column %d of a catalog query is out of the int4 range.", col),
				 errhint("Check the catalog row that holds this value.")));
	return (int32) v;
}

bool
re_get_bool(uint64 row, int col, bool if_null)
{
	Oid			type;
	Datum		d;

	if (!get_value(row, col, &type, &d))
		return if_null;
	if (type != BOOLOID)
		wrong_type(col, type, "a boolean");
	return DatumGetBool(d);
}

double
re_get_float(uint64 row, int col, double if_null)
{
	Oid			type;
	Datum		d;

	if (!get_value(row, col, &type, &d))
		return if_null;
	switch (type)
	{
		case FLOAT8OID:
			return DatumGetFloat8(d);
		case FLOAT4OID:
			return DatumGetFloat4(d);
		case NUMERICOID:
			return DatumGetFloat8(DirectFunctionCall1(numeric_float8, d));
		case INT2OID:
		case INT4OID:
		case INT8OID:
			return (double) re_get_int8(row, col, 0);
		default:
			wrong_type(col, type, "a number");
	}
	return if_null;
}

void
re_col_init(ReCol *c, Oid elemtype)
{
	memset(c, 0, sizeof(*c));
	c->elemtype = elemtype;
}

static void
col_push(ReCol *c, Datum d, bool isnull)
{
	if (c->n == c->cap)
	{
		c->cap = c->cap ? c->cap * 2 : 64;
		c->vals = c->vals ? repalloc(c->vals, sizeof(Datum) * c->cap) : palloc(sizeof(Datum) * c->cap);
		c->nulls = c->nulls ? repalloc(c->nulls, sizeof(bool) * c->cap) : palloc(sizeof(bool) * c->cap);
	}
	c->vals[c->n] = d;
	c->nulls[c->n] = isnull;
	c->n++;
}

void
re_col_text(ReCol *c, const char *s)
{
	col_push(c, s ? PointerGetDatum(cstring_to_text(s)) : (Datum) 0, s == NULL);
}

void
re_col_int(ReCol *c, int v)
{
	col_push(c, Int32GetDatum(v), false);
}

void
re_col_bool(ReCol *c, bool v)
{
	col_push(c, BoolGetDatum(v), false);
}

static Datum
col_array(ReCol *c)
{
	int16		typlen;
	bool		typbyval;
	char		typalign;
	int			dims[1] = {c->n};
	int			lbs[1] = {1};

	get_typlenbyvalalign(c->elemtype, &typlen, &typbyval, &typalign);
	return PointerGetDatum(construct_md_array(c->vals, c->nulls, 1, dims, lbs, c->elemtype,
											  typlen, typbyval, typalign));
}

/* Run sql with $1 = repo_id and $2.. = one array per column; skip if empty. */
void
re_bulk_insert(const char *sql, int64 repo_id, ReCol *cols, int ncols)
{
	Oid		   *types = palloc(sizeof(Oid) * (ncols + 1));
	Datum	   *values = palloc(sizeof(Datum) * (ncols + 1));
	int			i;

	if (ncols == 0 || cols[0].n == 0)
		return;
	types[0] = INT8OID;
	values[0] = Int64GetDatum(repo_id);
	for (i = 0; i < ncols; i++)
	{
		types[i + 1] = get_array_type(cols[i].elemtype);
		values[i + 1] = col_array(&cols[i]);
	}
	re_spi_exec(sql, ncols + 1, types, values, NULL, SPI_OK_INSERT);
}

void
re_spi_exec(const char *sql, int nargs, Oid *types, Datum *values, const char *nulls, int expect)
{
	int			rc = SPI_execute_with_args(sql, nargs, types, values, nulls, false, 0);

	if (rc != expect)
		elog(ERROR, "roadmap_enrich: SPI returned %s for: %s", SPI_result_code_string(rc), sql);
}

bool
re_deferred_traced_catalog(void)
{
	re_spi_exec("SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('roadmap.deferred') "
				"AND attname = 'successor_id' AND NOT attisdropped", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return SPI_processed == 1;
}

/*
 * A statement about one repository ($1 = repo_id, $2 = version or absent).
 * Reads run as generic plans: the planner estimates "repo_id = $1" from
 * the column's number of distinct values, not from the value. A custom plan
 * estimated the value itself, and an ingest writes its rows under a repo_id
 * that statistics taken earlier have never seen (a repository ingested
 * anew, or re-read before autovacuum ran): every row count came out as 1,
 * and enrich's gap queries and the history walk's item query ran nested
 * loops over whole tables (docs/performance.md). Deletes keep custom plans:
 * for such a repo_id they scan its index, which stays cheap while the
 * tables hold the dead rows of earlier ingests (a generic plan scanned the
 * whole table, dead rows included).
 */
uint64
re_spi_repo(const char *sql, int64 repo_id, const char *version, int expect)
{
	Oid			types[2] = {INT8OID, TEXTOID};
	Datum		values[2];
	SPIPlanPtr	plan;
	int			rc;

	values[0] = Int64GetDatum(repo_id);
	values[1] = version ? CStringGetTextDatum(version) : (Datum) 0;
	if (expect != SPI_OK_SELECT)
	{
		re_spi_exec(sql, version ? 2 : 1, types, values, NULL, expect);
		return SPI_processed;
	}
	plan = SPI_prepare_cursor(sql, version ? 2 : 1, types, CURSOR_OPT_GENERIC_PLAN);
	if (plan == NULL)
		elog(ERROR, "roadmap_enrich: SPI_prepare returned %s for: %s", SPI_result_code_string(SPI_result), sql);
	rc = SPI_execute_plan(plan, values, NULL, false, 0);
	if (rc != expect)
		elog(ERROR, "roadmap_enrich: SPI returned %s for: %s", SPI_result_code_string(rc), sql);
	SPI_freeplan(plan);
	return SPI_processed;
}

/* Append a row to roadmap.run; returns its run_id. */
int64
re_run_log(int64 repo_id, const char *kind, const char *version, const char *commit,
		   TimestampTz started, const char *outcome, const char *counts_json, const char *error)
{
	Oid			types[8] = {INT8OID, TEXTOID, TEXTOID, TEXTOID, TIMESTAMPTZOID, TEXTOID, TEXTOID, TEXTOID};
	Datum		values[8];
	char		nulls[8];
	int64		id;

	memset(nulls, ' ', sizeof(nulls));

	values[0] = Int64GetDatum(repo_id);
	if (repo_id <= 0)
		nulls[0] = 'n';
	values[1] = CStringGetTextDatum(kind);
	values[2] = version ? CStringGetTextDatum(version) : (Datum) 0;
	nulls[2] = version ? ' ' : 'n';
	values[3] = commit ? CStringGetTextDatum(commit) : (Datum) 0;
	nulls[3] = commit ? ' ' : 'n';
	values[4] = TimestampTzGetDatum(started);
	values[5] = CStringGetTextDatum(outcome);
	values[6] = counts_json ? CStringGetTextDatum(counts_json) : (Datum) 0;
	nulls[6] = counts_json ? ' ' : 'n';
	values[7] = error ? CStringGetTextDatum(error) : (Datum) 0;
	nulls[7] = error ? ' ' : 'n';
	re_spi_exec("INSERT INTO roadmap.run (repo_id, kind, version, commit, started_at, finished_at, outcome, counts, error) "
				"VALUES ($1, $2, $3, $4, $5, clock_timestamp(), $6, $7::jsonb, $8) RETURNING run_id",
				8, types, values, nulls, SPI_OK_INSERT_RETURNING);
	id = re_get_int8(0, 1, 0);
	return id;
}
