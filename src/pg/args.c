/*
 * args.c — argument checks shared by the SQL entry points.
 */
#include "postgres.h"

#include "args.h"

/* Parse a version argument or raise 22P02. */
ReVersion
re_parse_version_arg(const char *s)
{
	ReVersion	v;

	if (!re_version_parse(s, &v))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("malformed release version: \"%s\"", s),
				 errhint("Write versions as X.Y.Z, optionally prefixed with v (e.g. 0.36.0 or v0.36.0).")));
	return v;
}

/* Canonical "X.Y.Z" of a version argument, or a 22P02 error. */
char *
re_version_arg(const char *s)
{
	ReVersion	v = re_parse_version_arg(s);
	char		buf[32];

	re_version_format(&v, buf, sizeof(buf));
	return pstrdup(buf);
}
