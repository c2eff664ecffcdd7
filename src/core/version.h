/*
 * version.h — release version numbers: parse "v0.36.0", compare numerically.
 */
#ifndef RE_VERSION_H
#define RE_VERSION_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ReVersion
{
	int			part[3];
} ReVersion;

bool		re_version_parse(const char *s, ReVersion *out);
size_t		re_version_scan(const char *s, ReVersion *out);
int			re_version_cmp(const ReVersion *a, const ReVersion *b);
void		re_version_format(const ReVersion *v, char *buf, size_t len);

/*
 * The version text says an upgrade to target starts from: the first
 * "X → target" (also "X -> target", "X--target", "X to target", with or
 * without "v" and backticks) with X below target, formatted into buf.
 * False when text states none.
 */
bool		re_version_upgrade_source(const char *text, const char *target, char *buf, size_t len);

#endif
