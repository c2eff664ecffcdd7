/*
 * ingest.h — read a repository's roadmap files at a ref into the catalog.
 */
#ifndef RE_INGEST_H
#define RE_INGEST_H

#include "postgres.h"

/* Caller has SPI connected. Sets *noop when the commit was already read. */
int64		re_ingest(const char *repo, const char *ref, bool *noop);

#endif
