/*
 * catalog.c — bulk writes into the roadmap catalog through SPI.
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
#include "utils/timestamp.h"

#include "catalog.h"

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

/* Append a row to roadmap.run; returns its run_id. */
int64
re_run_log(int64 repo_id, const char *kind, const char *version, const char *commit,
		   TimestampTz started, const char *outcome, const char *counts_json, const char *error)
{
	Oid			types[8] = {INT8OID, TEXTOID, TEXTOID, TEXTOID, TIMESTAMPTZOID, TEXTOID, TEXTOID, TEXTOID};
	Datum		values[8];
	char		nulls[8];
	bool		isnull;
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
	id = DatumGetInt64(SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull));
	return id;
}
