/*
 * runlog.h — record failed runs in roadmap.run from a background worker,
 * because the failing transaction itself is rolled back.
 */
#ifndef RE_RUNLOG_H
#define RE_RUNLOG_H

#include "postgres.h"

#include "postmaster/bgworker.h"

/* Call from PG_CATCH (any memory context): queue an 'error' row, never throws. */
void		re_log_failure(MemoryContext cxt, const char *kind, const char *version, const char *repo);

/* Queue an 'error' row with a ready message ("SQLSTATE: …"); never throws. */
void		re_log_run(const char *kind, const char *version, const char *repo, const char *message);

/* A dynamic background worker of this library running function: flags, start and restart set, the rest zero. */
void		re_bgworker_init(BackgroundWorker *w, const char *function, const char *name);

PGDLLEXPORT void re_runlog_main(Datum arg);

#endif
