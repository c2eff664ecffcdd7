/*
 * upgradepair.c — upgrade references in a release's plan that do not fit
 * its own upgrade (docs/proposals.md "Upgrade references that do not fit").
 */
#include "upgradepair.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "version.h"


/* t without bold markers ("**Upgrade SQL.**" -> "Upgrade SQL."), in place. */
static char *
plain(ReArena *a, char *t)
{
	char	   *r = t,
			   *w = t;

	(void) a;
	for (; *r; r++)
		if (!(r[0] == '*' && r[1] == '*') && !(r[0] == '*' && r > t && r[-1] == '*'))
			*w++ = *r;
	*w = '\0';
	return t;
}

/*
 * The line around at (in a table row, its cell), trimmed of list marks and
 * spaces, cut to about 120 bytes at a word ("…"), without bold markers.
 */
static char *
line_of(ReArena *a, const char *text, const char *at)
{
	const char *s = at,
			   *e = at,
			   *p;

	while (s > text && s[-1] != '\n')
		s--;
	while (*e && *e != '\n')
		e++;
	for (p = s; p < at && isspace((unsigned char) *p); p++)
		;
	if (*p == '|')
	{
		for (s = at; s > p && s[-1] != '|'; s--)
			;
		for (p = at; p < e && *p != '|'; p++)
			;
		e = p;
	}
	while (s < e && (isspace((unsigned char) *s) || ((*s == '-' || *s == '*') && s[1] == ' ') || *s == '>' ||
					 (*s == '[' && s + 2 < e && s[2] == ']')))
		s += (*s == '[') ? 3 : 1;
	while (e > s && isspace((unsigned char) e[-1]))
		e--;
	if (e - s > 120)
	{
		for (p = s + 120; p > s + 60 && *p != ' '; p--)
			;
		return plain(a, re_sprintf(a, "%.*s\xE2\x80\xA6", (int) (p - s), s));
	}
	return plain(a, re_strndup(a, s, (size_t) (e - s)));
}

/* Does a line mention upgrades or migrations? */
static bool
about_upgrade(const char *line)
{
	return re_icontains(line, "upgrad") || re_icontains(line, "migrat") || re_icontains(line, "alter extension");
}

/*
 * Does the line write into the script that starts at span (its backticked
 * name, or the name itself)? A lead "**Upgrade SQL…**" / "**Migration
 * script…**" before it, or a verb right before it: create, extend, populate,
 * add to, write to / into, append to.
 */
static bool
writes_script(const char *text, const char *span)
{
	static const char *const leads[] = {"**upgrade sql", "**migration sql", "**upgrade script", "**migration script"};
	static const char *const verbs[] = {"create ", "extend ", "populate ", "add to ", "write to ", "write into ",
	"append to ", "creates ", "extends ", "populates "};
	const char *s = span;
	size_t		i,
				n;
	const char *p;

	while (s > text && s[-1] != '\n')
		s--;
	for (i = 0; i < sizeof(leads) / sizeof(leads[0]); i++)
		for (p = s, n = strlen(leads[i]); p + n <= span; p++)
			if (strncasecmp(p, leads[i], n) == 0)
				return true;
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
	{
		n = strlen(verbs[i]);
		if ((size_t) (span - s) >= n && strncasecmp(span - n, verbs[i], n) == 0)
			return true;
	}
	return false;
}

/* A version at p ("0.24.0", "v0.24.0") as written without the v, and where it ends; NULL when none. */
static char *
version_at(ReArena *a, const char *p, ReVersion *v, const char **end)
{
	size_t		n = re_version_scan(p, v);

	if (n == 0 || isalnum((unsigned char) p[n]) || (p[n] == '.' && isdigit((unsigned char) p[n + 1])))
		return NULL;
	*end = p + n;
	return (*p == 'v' || *p == 'V') ? re_strndup(a, p + 1, n - 1) : re_strndup(a, p, n);
}

static bool
seen(const ReUpgradeRef *out, int n, const char *ref)
{
	int			i;

	for (i = 0; i < n; i++)
		if (strcmp(out[i].ref, ref) == 0)
			return true;
	return false;
}

/* A script "<name>--A--B.sql" whose "--" starts at p, B not the target, that its line writes into. */
static bool
file_ref(ReArena *a, const char *text, const char *p, const ReVersion *t, ReUpgradeRef *r)
{
	const char *s = p,
			   *q,
			   *e;
	ReVersion	from,
				to;
	char	   *fa,
			   *fb;

	while (s > text && (isalnum((unsigned char) s[-1]) || s[-1] == '_'))
		s--;
	if (s == p || (fa = version_at(a, p + 2, &from, &q)) == NULL || strncmp(q, "--", 2) != 0)
		return false;
	/* "0.24.0.sql": the version ends at ".sql" (a plain version scan refuses the dot after it) */
	for (e = q + 2; isdigit((unsigned char) *e) || (*e == '.' && isdigit((unsigned char) e[1])); e++)
		;
	fb = re_strndup(a, q + 2, (size_t) (e - q - 2));
	if (strncmp(e, ".sql", 4) != 0 || !re_version_parse(fb, &to) || re_version_cmp(&to, t) == 0)
		return false;
	q = s;
	while (q > text && (q[-1] == '/' || isalnum((unsigned char) q[-1]) || q[-1] == '_' || q[-1] == '.'))
		q--;
	if (q > text && q[-1] == '`')
		q--;
	if (!writes_script(text, q))
		return false;
	r->ref = re_strndup(a, s, (size_t) (e + 4 - s));
	r->name = re_strndup(a, s, (size_t) (p - s));
	r->from = fa;
	r->to = fb;
	r->file = true;
	return true;
}

/* A pair "A → B" starting at p on a line about upgrades, B the target and A not before it. */
static bool
arrow_ref(ReArena *a, const char *text, const char *p, const ReVersion *t, ReUpgradeRef *r)
{
	const char *q,
			   *e;
	ReVersion	from,
				to;
	char	   *fa,
			   *fb;

	if ((p > text && (isalnum((unsigned char) p[-1]) || p[-1] == '.' || p[-1] == '-')) ||
		(fa = version_at(a, p, &from, &q)) == NULL)
		return false;
	while (*q == ' ' || *q == '`')
		q++;
	if (strncmp(q, RE_ARROW, 3) == 0)
		q += 3;
	else if (strncmp(q, "->", 2) == 0)
		q += 2;
	else
		return false;
	while (*q == ' ' || *q == '`')
		q++;
	if ((fb = version_at(a, q, &to, &e)) == NULL || re_version_cmp(&to, t) != 0 || re_version_cmp(&from, &to) < 0 ||
		!about_upgrade(line_of(a, text, p)))
		return false;
	r->ref = re_sprintf(a, "%s " RE_ARROW " %s", fa, fb);
	r->name = NULL;
	r->from = fa;
	r->to = fb;
	r->file = false;
	return true;
}

int
re_stale_upgrade_refs(ReArena *a, const char *text, const char *target, ReUpgradeRef *out, int max)
{
	ReVersion	t;
	const char *p;
	int			n = 0;

	if (text == NULL || target == NULL || !re_version_parse(target, &t))
		return 0;
	for (p = text; *p && n < max; p++)
	{
		ReUpgradeRef r;

		if (*p == '\n')
			RE_CHECK_INTERRUPTS();
		memset(&r, 0, sizeof(r));
		if (!((p[0] == '-' && p[1] == '-' && file_ref(a, text, p, &t, &r)) ||
			  (isdigit((unsigned char) *p) && arrow_ref(a, text, p, &t, &r))))
			continue;
		if (seen(out, n, r.ref))
			continue;
		r.line = line_of(a, text, p);
		out[n++] = r;
	}
	return n;
}
