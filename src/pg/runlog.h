/*
 * runlog.h — record failed runs in roadmap.run from a background worker,
 * because the failing transaction itself is rolled back.
 */
#ifndef RE_RUNLOG_H
#define RE_RUNLOG_H

#include "postgres.h"

/* Call from PG_CATCH (any memory context): queue an 'error' row, never throws. */
void		re_log_failure(MemoryContext cxt, const char *kind, const char *version, const char *repo);

/* Queue an 'error' row with a ready message ("SQLSTATE: …"); never throws. */
void		re_log_run(const char *kind, const char *version, const char *repo, const char *message);

PGDLLEXPORT void re_runlog_main(Datum arg);

#endif
