/*
 * catalog.h — the catalog access layer: checked SPI connection, typed reads
 * of result rows (NULL handled explicitly), parameterised statements and
 * bulk writes. Bottom layer: it calls no other file of src/pg.
 */
#ifndef RE_CATALOG_H
#define RE_CATALOG_H

#include "postgres.h"

#include "../core/pillar.h"

/* One column of values gathered for an INSERT … SELECT FROM unnest(…). */
typedef struct ReCol
{
	Oid			elemtype;
	int			n;
	int			cap;
	Datum	   *vals;
	bool	   *nulls;
} ReCol;

/* SPI_connect, or an ERROR saying why not. */
void		re_spi_connect(void);

/*
 * Typed reads of column col (1-based) of row of the last SPI result.
 * re_get_text returns NULL for SQL NULL; the others return if_null. The
 * column's type is checked: an integer read of a text column is an ERROR,
 * not a silent 0.
 */
char	   *re_get_text(uint64 row, int col);
int32		re_get_int(uint64 row, int col, int32 if_null);
int64		re_get_int8(uint64 row, int col, int64 if_null);
bool		re_get_bool(uint64 row, int col, bool if_null);
double		re_get_float(uint64 row, int col, double if_null);
const char *const *re_get_text_array(uint64 row, int col, int *n);

/*
 * Every row of roadmap.pillar in catalog order (ord), heading words
 * included: what ingest files items under and render recognises. Enrich
 * reads its own set (enabled rows only, with the next free item numbers).
 */
RePillarDef *re_catalog_pillars(int *n);
/* roadmap.pillar has heading_words and enabled (false on a 0.1.0 catalog). */
bool		re_pillar_policy_catalog(void);

void		re_col_init(ReCol *c, Oid elemtype);
void		re_col_text(ReCol *c, const char *s);
void		re_col_int(ReCol *c, int v);
void		re_col_bool(ReCol *c, bool v);
void		re_bulk_insert(const char *sql, int64 repo_id, ReCol *cols, int ncols);
void		re_spi_exec(const char *sql, int nargs, Oid *types, Datum *values, const char *nulls, int expect);
/* The 0.2.0 catalog's successor columns of roadmap.deferred exist (not before ALTER EXTENSION UPDATE). */
bool		re_deferred_traced_catalog(void);
/* Run sql with $1 = repo_id and, unless version is NULL, $2 = version; returns SPI_processed. */
uint64		re_spi_repo(const char *sql, int64 repo_id, const char *version, int expect);
int64		re_run_log(int64 repo_id, const char *kind, const char *version, const char *commit,
					   TimestampTz started, const char *outcome, const char *counts_json, const char *error);

#endif
