/*
 * version.c — release version numbers: parse "v0.36.0", compare numerically.
 */
#include "version.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/*
 * Scan "X.Y.Z" (optionally prefixed by v/V) at the start of s; returns the
 * number of bytes consumed or 0.  Each part is at most 6 digits so that a
 * hostile heading cannot overflow an int.
 */
size_t
re_version_scan(const char *s, ReVersion *out)
{
	const char *p = s;
	int			i;

	if (*p == 'v' || *p == 'V')
		p++;
	for (i = 0; i < 3; i++)
	{
		int			val = 0,
					digits = 0;

		if (i > 0)
		{
			if (*p != '.')
				return 0;
			p++;
		}
		while (isdigit((unsigned char) *p) && digits < 7)
		{
			val = val * 10 + (*p - '0');
			p++;
			digits++;
		}
		if (digits == 0 || digits > 6)
			return 0;
		out->part[i] = val;
	}
	/* "0.1.x" or "1.2.3.4" or "1.2.3a" are not plain versions. */
	if (*p == '.' || isalnum((unsigned char) *p))
		return 0;
	return (size_t) (p - s);
}

bool
re_version_parse(const char *s, ReVersion *out)
{
	size_t		n;

	while (isspace((unsigned char) *s))
		s++;
	n = re_version_scan(s, out);
	if (n == 0)
		return false;
	s += n;
	while (isspace((unsigned char) *s))
		s++;
	return *s == '\0';
}

int
re_version_cmp(const ReVersion *a, const ReVersion *b)
{
	int			i;

	for (i = 0; i < 3; i++)
		if (a->part[i] != b->part[i])
			return a->part[i] < b->part[i] ? -1 : 1;
	return 0;
}

void
re_version_format(const ReVersion *v, char *buf, size_t len)
{
	snprintf(buf, len, "%d.%d.%d", v->part[0], v->part[1], v->part[2]);
}

bool
re_version_upgrade_source(const char *text, const char *target, char *buf, size_t len)
{
	ReVersion	t,
				from,
				to;
	const char *p;

	if (text == NULL || target == NULL || !re_version_parse(target, &t))
		return false;
	for (p = text; *p; p++)
	{
		size_t		n;
		const char *q;

		if (p > text && (isalnum((unsigned char) p[-1]) || p[-1] == '.'))
			continue;
		if ((n = re_version_scan(p, &from)) == 0)
			continue;
		q = p + n;
		while (*q == '`' || *q == ' ')
			q++;
		if (strncmp(q, "\xE2\x86\x92", 3) == 0)
			q += 3;
		else if (strncmp(q, "->", 2) == 0 || strncmp(q, "--", 2) == 0)
			q += 2;
		else if (strncmp(q, "to ", 3) == 0)
			q += 3;
		else
			continue;
		while (*q == '`' || *q == ' ')
			q++;
		if (*q == 'v' || *q == 'V')
			q++;
		/* the target, then no further digit: "0.29.0.sql" names 0.29.0 */
		if (strncmp(q, target, strlen(target)) == 0 && !isdigit((unsigned char) q[strlen(target)]) &&
			re_version_parse(target, &to) && re_version_cmp(&from, &t) < 0)
		{
			re_version_format(&from, buf, len);
			return true;
		}
	}
	return false;
}
