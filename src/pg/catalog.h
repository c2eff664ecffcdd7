/*
 * catalog.h — bulk writes into the roadmap catalog through SPI.
 */
#ifndef RE_CATALOG_H
#define RE_CATALOG_H

#include "postgres.h"

/* One column of values gathered for an INSERT … SELECT FROM unnest(…). */
typedef struct ReCol
{
	Oid			elemtype;
	int			n;
	int			cap;
	Datum	   *vals;
	bool	   *nulls;
} ReCol;

void		re_col_init(ReCol *c, Oid elemtype);
void		re_col_text(ReCol *c, const char *s);
void		re_col_int(ReCol *c, int v);
void		re_col_bool(ReCol *c, bool v);
void		re_bulk_insert(const char *sql, int64 repo_id, ReCol *cols, int ncols);
void		re_spi_exec(const char *sql, int nargs, Oid *types, Datum *values, const char *nulls, int expect);
int64		re_run_log(int64 repo_id, const char *kind, const char *version, const char *commit,
					   TimestampTz started, const char *outcome, const char *counts_json, const char *error);

#endif
