/*
 * enrich.h — shared helpers of the enrich/render entry points.
 */
#ifndef RE_ENRICH_H
#define RE_ENRICH_H

#include "postgres.h"

#include "../core/arena.h"

char	   *re_version_arg(const char *s);
int64		re_resolve_repo(const char *repo, char **path, char **ref);
ReArena    *re_arena_in_context(void);

#endif
