/*
 * repo.h — the repository argument of an entry point: which registered
 * repository it names. Calls catalog, config and ingest.
 */
#ifndef RE_REPO_H
#define RE_REPO_H

#include "postgres.h"

/*
 * Resolve the repo argument (NULL = the only registered one) to its id,
 * path and ref; a path not registered yet is ingested at HEAD first.
 * Caller has SPI connected.
 */
int64		re_resolve_repo(const char *repo, char **path, char **ref);

#endif
