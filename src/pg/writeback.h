/*
 * writeback.h — write-back intents: recorded by the calling transaction,
 * applied after it commits by a background worker (docs/writeback.md).
 * Calls catalog, config, errors, handle and runlog.
 */
#ifndef RE_WRITEBACK_H
#define RE_WRITEBACK_H

#include "postgres.h"

#include "handle.h"
#include "../core/gitwrite.h"

/*
 * Check that the repository can take the write now (so the error comes at
 * once), then record the intent in the calling transaction. h is the
 * repository, resolved at base_commit. Returns the intent id.
 */
int64		re_writeback_queue(ReHandle *h, int64 repo_id, const char *repo_path, const char *version,
							   const char *base_commit, const char *message, const ReGitWrite *files, int nfiles,
							   bool files_only);

/*
 * Wait (at most roadmap_enrich.writeback_wait) until committed intents of
 * other transactions on repo_path are applied; true when there were any.
 */
bool		re_writeback_drain(const char *repo_path);

PGDLLEXPORT void re_writeback_main(Datum arg);

#endif
