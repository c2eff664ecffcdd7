/*
 * trace.h — follow a deferred item through the later releases: the item
 * that took it over under a new id (re-planned or delivered). Rules in
 * trace.c and docs/proposals.md.
 */
#ifndef RE_TRACE_H
#define RE_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"

typedef struct ReTracePosting
{
	uint64_t	hash;
	int			item;
} ReTracePosting;

/* qsort/bsearch order of postings: by hash, then item. */
int			re_trace_posting_cmp(const void *x, const void *y);
/* Index of the first of n sorted postings with this hash (n when none). */
size_t		re_trace_first_posting(const ReTracePosting *post, size_t n, uint64_t hash);

typedef struct ReTrace
{
	ReModel    *m;
	const ReRelease **rel;		/* release of each item, or NULL */
	uint64_t   *terms;			/* lead-title terms of every item */
	int		   *start;			/* item -> first term */
	int		   *count;			/* item -> number of terms */
	ReTracePosting *post;		/* (term, item), sorted */
	int			nposting;
	uint64_t   *common;			/* terms in too many titles, sorted */
	int			ncommon;
	int		   *stamp;			/* scratch for candidates() */
	int		   *hits;
	int		   *touched;
	int			round;
} ReTrace;

/* Terms of s (stemmed word hashes, distinct); returns the count. */
int			re_trace_terms(const char *s, uint64_t *out, int max);

/* Backticked snake_case identifiers of a title, without directory or extension. */
int			re_trace_identifiers(const char *title, char *buf, size_t cap, const char **ids, int max);

void		re_trace_init(ReTrace *t, ReModel *m, const ReRelease **rel);
bool		re_trace_common(const ReTrace *t, uint64_t h);

/* The later item that took deferral di over (done first, else earliest), or -1. */
int			re_trace_successor(ReTrace *t, int di, const char **rule);

/* "blocked by ID" in a status text: ID into buf, else NULL. */
const char *re_trace_blocker(const char *status, char *buf, size_t cap);

#endif
