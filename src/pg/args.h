/*
 * args.h — argument checks shared by the SQL entry points. Bottom layer.
 */
#ifndef RE_ARGS_H
#define RE_ARGS_H

#include "postgres.h"

#include "../core/version.h"

/* Parse a version argument or raise 22P02. */
ReVersion	re_parse_version_arg(const char *s);

/* Canonical "X.Y.Z" of a version argument, or a 22P02 error. */
char	   *re_version_arg(const char *s);

#endif
