/*
 * enrich.h — choose and store a planned release's proposals.
 */
#ifndef RE_ENRICH_H
#define RE_ENRICH_H

#include "postgres.h"

/* Re-read the ref, choose and store the proposals of (repo, version); caller has SPI connected. */
void		re_enrich_run(int64 repo_id, const char *version, const char *path, const char *ref);

#endif
