/*
 * deferral.c — what a deferred item's proposal says: its priority after a
 * harmless skip reason, the Verify its deliverable calls for, and the
 * Conflicts & Risks note for one a later release re-planned. The rules are
 * in docs/proposals.md, "Deferred items".
 */
#include "deferral.h"
#include "describe.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

char *
re_title_core(ReArena *a, const char *t, bool every_paren)
{
	char	   *o = re_strdup(a, t);
	char	   *cut;
	size_t		n;

	if ((cut = strstr(o, " \xE2\x80\x94 ")) != NULL)
		*cut = '\0';
	if ((cut = strstr(o, ". ")) != NULL)
		*cut = '\0';
	if ((cut = strstr(o, "; ")) != NULL)
		*cut = '\0';
	n = strlen(o);
	while (n > 0 && o[n - 1] == ')' && (cut = strrchr(o, '(')) != NULL && cut > o)
	{
		*cut = '\0';
		n = strlen(o);
		while (n > 0 && o[n - 1] == ' ')
			o[--n] = '\0';
		if (!every_paren)
			break;
	}
	return o;
}

/* "P0" < "P1" < "P2": the lower of the two priorities (the larger number). */
const char *
re_deferred_priority(const ReDeferredIn *d, const char *prio)
{
	if (d->reason_priority && strlen(d->reason_priority) == 2 && d->reason_priority[0] == 'P' &&
		strcmp(d->reason_priority, prio) > 0)
		return d->reason_priority;
	return prio;
}

/* The first backticked span of t whose text satisfies pred, copied, or NULL. */
static char *
span_where(ReArena *a, const char *t, bool (*pred) (const char *s, size_t n))
{
	const char *p = t;

	while (p && (p = strchr(p, '`')) != NULL)
	{
		const char *e = strchr(p + 1, '`');

		if (e == NULL)
			return NULL;
		if (e > p + 1 && pred(p + 1, (size_t) (e - p - 1)))
			return re_strndup(a, p + 1, (size_t) (e - p - 1));
		p = e + 1;
	}
	return NULL;
}

static bool
has(const char *s, size_t n, const char *needle)
{
	size_t		k = strlen(needle),
				i;

	for (i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return true;
	return false;
}

static bool
is_doc(const char *s, size_t n)
{
	return (n > 3 && strncasecmp(s + n - 3, ".md", 3) == 0) || strncmp(s, "docs/", 5) == 0;
}

static bool
is_bench(const char *s, size_t n)
{
	return strncmp(s, "benches/", 8) == 0 || has(s, n, "bench");
}

static bool
is_infra(const char *s, size_t n)
{
	return has(s, n, "dockerfile") || has(s, n, "compose") || has(s, n, ".yml") || has(s, n, ".yaml") ||
		has(s, n, ".github/");
}

static bool
is_function(const char *s, size_t n)
{
	return n > 2 && s[n - 2] == '(' && s[n - 1] == ')';
}

/* schema.name or prefix.setting: one dot, an underscore, no path, no call */
static bool
is_setting(const char *s, size_t n)
{
	const char *dot = memchr(s, '.', n);

	return dot && !memchr(s, '/', n) && !memchr(s, '(', n) && !memchr(s, ' ', n) && memchr(s, '_', n) &&
		!memchr(dot + 1, '.', n - (size_t) (dot + 1 - s));
}

static bool
is_test_file(const char *s, size_t n)
{
	return strncmp(s, "tests/", 6) == 0 && n > 6;
}

/* "≥ 50 k rows/s" from the first comparison with a number in text, or NULL. */
static char *
threshold(ReArena *a, const char *text)
{
	static const char *const ops[] = {"\xE2\x89\xA5", "\xE2\x89\xA4", ">=", "<=", "> ", "< ", NULL};
	const char *p;

	for (p = text; p && *p; p++)
	{
		int			i;

		for (i = 0; ops[i]; i++)
		{
			size_t		k = strlen(ops[i]),
						n = 0;
			const char *q = p + k;

			if (strncmp(p, ops[i], k) != 0)
				continue;
			while (*q == ' ')
				q++;
			if (!isdigit((unsigned char) *q))
				continue;
			while (q[n] && q[n] != ';' && q[n] != ')' && q[n] != ',' && q[n] != '(' && n < 40)
				n++;
			/* stop before the verb that follows the figure ("> 50 k rows/s verified manually") */
			{
				char	   *o = re_strndup(a, p, (size_t) (q - p) + n);
				char	   *w;

				if ((w = strstr(o, " verified")) != NULL || (w = strstr(o, " measured")) != NULL ||
					(w = strstr(o, " in ")) != NULL)
					*w = '\0';
				while (*o && o[strlen(o) - 1] == ' ')
					o[strlen(o) - 1] = '\0';
				return o;
			}
		}
	}
	return NULL;
}

/* A capitalised word of the title that is not its first word nor inside a code span: what a grep looks for. */
static char *
grep_term(ReArena *a, const char *t)
{
	const char *p = t;
	bool		code = false,
				first = true;

	for (; *p; p++)
	{
		if (*p == '`')
			code = !code;
		else if (!code && isupper((unsigned char) *p) && (p == t || p[-1] == ' '))
		{
			size_t		n = 0;

			while (isalnum((unsigned char) p[n]) || p[n] == '_')
				n++;
			if (!first && n >= 3)
				return re_strndup(a, p, n);
		}
		if (!code && isalpha((unsigned char) *p))
			first = false;
	}
	return NULL;
}

/*
 * The Verify of a deferred item, chosen by its deliverable: a document is
 * checked by grep and the link check, a benchmark by its figure against a
 * threshold, a Dockerfile / compose file / workflow by its CI job, a
 * setting by SHOW and the behaviour it enforces, a function by a
 * regression test calling it, a test file by running it; anything else by
 * a regression test that fails without the change.
 */
char *
re_deferred_verify(ReArena *a, const ReDeferredIn *d, const char *core)
{
	const char *t = d->title ? d->title : core;
	char	   *s;

	if ((s = span_where(a, t, is_doc)) != NULL || re_icontains_word(core, "diagram") ||
		re_icontains_word(core, "docs") || re_icontains_word(core, "tutorial") || re_icontains_word(core, "guide"))
	{
		char	   *term = grep_term(a, t);
		const char *file = s ? s : "docs/";

		if (term)
			return re_sprintf(a, "Verify: `grep -rn '%s' %s` finds the new %s, and the docs link check passes",
							  term, file, re_icontains_word(core, "diagram") ? "diagram" : "section");
		return re_sprintf(a, "Verify: `%s` has the section v%s planned and the docs link check passes", file, d->version);
	}
	if ((s = span_where(a, t, is_bench)) != NULL || re_icontains(core, "benchmark"))
	{
		char	   *th = threshold(a, d->status_text);
		const char *figure = re_icontains(core, "throughput") ? "throughput" :
			re_icontains(core, "latency") ? "latency" : "time per run";

		if (th == NULL)
			th = threshold(a, d->description);
		if (th)
			return re_sprintf(a, "Verify: %s%s%s reports %s, and it stays %s (the figure v%s quotes)",
							  s ? "`" : "", s ? s : "the benchmark", s ? "`" : "", figure, th, d->version);
		return re_sprintf(a, "Verify: %s%s%s reports %s, recorded with the previous release's figure and within 5%% of it",
						  s ? "`" : "", s ? s : "the benchmark", s ? "`" : "", figure);
	}
	if ((s = span_where(a, t, is_infra)) != NULL || re_icontains(core, "docker-compose") ||
		re_icontains(core, "docker compose"))
		return re_sprintf(a, "Verify: the CI job that builds and runs %s%s%s goes green on a pull request",
						  s ? "`" : "", s ? s : re_title_core(a, core, false), s ? "`" : "");
	if ((s = span_where(a, t, is_function)) != NULL)
		return re_sprintf(a, "Verify: a regression test calls `%s` and checks its result", s);
	if ((s = span_where(a, t, is_setting)) != NULL)
		return re_sprintf(a, "Verify: `SHOW %s` returns its default, and a regression test that sets it shows %s enforced",
						  s, re_icontains_word(core, "GUC") ? "the limit" : "the behaviour");
	if ((s = span_where(a, t, is_test_file)) != NULL)
		return re_sprintf(a, "Verify: `%s` runs green in CI", s);
	return re_sprintf(a, "Verify: a regression test of \"%s\" fails before the change and passes after it", re_inner_quotes(a, core));
}

/*
 * The successor is this deferral's own write-back: it sits in the target
 * and its title, without a leading "Complete ", starts the deferral's
 * title core (enrich wrote it on an earlier run). Such a deferral stays a
 * candidate, so the selector sees its pillar as enriched and the item as
 * listed, and a second run changes nothing.
 */
bool
re_deferred_written_back(ReArena *a, const ReProposeIn *in, const ReDeferredIn *d)
{
	const char *st = d->successor_title;
	char	   *core;
	size_t		n;

	if (d->successor_id == NULL || st == NULL || in->version == NULL || strcmp(d->successor_version, in->version) != 0)
		return false;
	if (strncmp(st, "Complete ", 9) == 0)
		st += 9;
	core = re_title_core(a, re_bold_lead(a, d->title), false);
	n = strlen(st);
	return n >= 8 && strncasecmp(core, st, n) == 0;
}

/*
 * Conflicts & Risks notes for deferred items a later release, up to the
 * target, took over under a new id: not proposed again, the planner checks
 * the successor covers them.
 */
int
re_deferred_replanned(ReArena *a, const ReProposeIn *in, ReBuf *risks)
{
	int			i,
				n = 0;

	for (i = 0; i < in->ndeferred; i++)
	{
		const ReDeferredIn *d = &in->deferred[i];

		if (d->successor_id == NULL || re_deferred_written_back(a, in, d))
			continue;
		n++;
		if (n > 8)
			continue;
		re_buf_printf(risks, "- **v%s %s** (\"%s\") was re-planned as v%s %s (\"%s\", %s, matched by %s): confirm it covers the deferral.\n",
					  d->version, d->item_id, re_title_core(a, re_bold_lead(a, d->title), false),
					  d->successor_version, d->successor_id,
					  re_title_core(a, re_bold_lead(a, d->successor_title ? d->successor_title : d->successor_id), false),
					  d->successor_status ? d->successor_status : "open",
					  d->successor_rule ? d->successor_rule : "title");
	}
	if (n > 8)
		re_buf_printf(risks, "- %d more deferred items were re-planned under new ids in later releases.\n", n - 8);
	return n;
}
