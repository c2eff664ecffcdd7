/*
 * writeback.h — the transactional write-back: files queued during the
 * transaction are written and committed with libgit2 by a pre-commit
 * callback, so ROLLBACK writes nothing. Calls config, errors and handle.
 */
#ifndef RE_WRITEBACK_H
#define RE_WRITEBACK_H

#include "postgres.h"

#include "handle.h"

/* Install the write-back test hook (roadmap_enrich.debug_fault_delay). */
void		re_writeback_init(void);

/*
 * Queue files of h's repository for the pre-commit write (and a commit with
 * message when commit is true). Fails now, not at commit time, when the
 * repository cannot take the write. The previous contents are read from h's
 * commit so a failed commit can put them back.
 */
void		re_writeback_queue(ReHandle *h, const char *repo_path, const char *head, const char *message,
							   bool commit, const ReGitWrite *files, int nfiles);

#endif
