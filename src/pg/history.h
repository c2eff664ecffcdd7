/*
 * history.h — carry-over age of deferred items from the git history.
 */
#ifndef RE_HISTORY_H
#define RE_HISTORY_H

#include "handle.h"

/* Caller has SPI connected; fills roadmap.item_history; returns commits read. */
int			re_walk_history(ReHandle *h, int64 repo_id);

#endif
