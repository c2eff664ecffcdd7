/*
 * shipped.c — is a planned item already shipped or documented?
 * See shipped.h and docs/proposals.md "Shipped before it was planned".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "shipped.h"
#include "claim.h"
#include "describe.h"
#include "feature.h"
#include "listed.h"
#include "trace.h"
#include "version.h"

static bool
id_char(char c)
{
	return isalnum((unsigned char) c) || c == '-' || c == '_';
}

/* A whole-token occurrence of tok in text (case as written), from p on, or NULL. */
static const char *
token_at(const char *text, const char *p, const char *tok)
{
	size_t		n = strlen(tok);

	for (; (p = strstr(p, tok)) != NULL; p++)
		if ((p == text || !id_char(p[-1])) && !isalnum((unsigned char) p[n]) && p[n] != '_' &&
			!(p[n] == '-' && isalnum((unsigned char) p[n + 1])))
			return p;
	return NULL;
}

/* Skip a range separator ("–", "—", "-", "..", "to") with blanks around it; NULL when there is none. */
static const char *
range_sep(const char *p)
{
	while (*p == ' ')
		p++;
	if (strncmp(p, "\xE2\x80\x93", 3) == 0 || strncmp(p, "\xE2\x80\x94", 3) == 0)
		p += 3;
	else if (strncmp(p, "..", 2) == 0)
		p += 2;
	else if (*p == '-')
		p++;
	else if (strncmp(p, "to ", 3) == 0)
		p += 3;
	else
		return NULL;
	while (*p == ' ' || *p == '.')
		p++;
	return p;
}

/* "PREFIX-a–b" (or "PREFIX-a–PREFIX-b") holding num, for the series prefix (with its dash). */
static bool
in_range(const char *text, const char *prefix, long num)
{
	size_t		n = strlen(prefix);
	const char *p;

	for (p = text; (p = strstr(p, prefix)) != NULL; p++)
	{
		char	   *e;
		long		lo,
					hi;
		const char *q;

		if (p > text && id_char(p[-1]))
			continue;
		if (!isdigit((unsigned char) p[n]))
			continue;
		lo = strtol(p + n, &e, 10);
		if ((q = range_sep(e)) == NULL)
			continue;
		if (strncmp(q, prefix, n) == 0)
			q += n;
		if (!isdigit((unsigned char) *q))
			continue;
		hi = strtol(q, &e, 10);
		if (isalpha((unsigned char) *e))
			continue;
		if (lo <= num && num <= hi && hi - lo <= 50)
			return true;
	}
	return false;
}

static bool names_id(const char *text, const char *item_id, bool group);

bool
re_text_names_id(const char *text, const char *item_id)
{
	return names_id(text, item_id, true);
}

static bool
names_id(const char *text, const char *item_id, bool group)
{
	size_t		n,
				k;
	const char *p;

	if (text == NULL || item_id == NULL || *item_id == '\0')
		return false;
	if (token_at(text, text, item_id))
		return true;
	n = strlen(item_id);
	for (k = n; k > 0 && isdigit((unsigned char) item_id[k - 1]); k--)
		;
	if (k < n && k > 1 && item_id[k - 1] == '-')
	{
		char		prefix[64];

		if (k >= sizeof(prefix))
			return false;
		memcpy(prefix, item_id, k);
		prefix[k] = '\0';
		if (in_range(text, prefix, strtol(item_id + k, NULL, 10)))
			return true;
	}
	/* the group it belongs to: "A-2-COL" names A-2-COL-2 (a word such as "CDC" or "AUTO" is no group) */
	for (p = text; group && *p;)
	{
		const char *s;
		size_t		len;
		bool		upper = false,
					lower = false;

		while (*p && !id_char(*p))
			p++;
		s = p;
		while (id_char(*p))
			p++;
		len = (size_t) (p - s);
		while (len > 0 && s[len - 1] == '-')
			len--;
		for (k = 0; k < len; k++)
		{
			upper |= isupper((unsigned char) s[k]) != 0;
			lower |= islower((unsigned char) s[k]) != 0;
		}
		if (len >= 3 && len < n && upper && !lower && memchr(s, '-', len) && item_id[len] == '-' &&
			strncmp(item_id, s, len) == 0)
			return true;
	}
	return false;
}

/* Phrases that state a status of shipped work (lower case). */
static const char *const ship_phrases[] = {
	"shipped in ", "shipped with ", "shipped since ", "released in v", "already shipped", "already released",
	"already implemented", "already exists", "already existed", "already available", "already done",
	"already delivered", "existed since", "exists since", "no action", NULL
};

/* Words before a phrase that negate it or put it in the future. */
static const char *const ship_negations[] = {
	"not ", "n't ", "never ", "be ", "yet ", "until ", "once ", "if ", "when ", "unless ", NULL
};

/* Where the lower-case line states a shipped status (its first such phrase at or after from), or NULL. */
static const char *
shipped_at(const char *low, const char *from)
{
	int			k,
				j;
	const char *best = NULL;

	for (k = 0; ship_phrases[k]; k++)
	{
		const char *p;
		size_t		n = strlen(ship_phrases[k]);

		for (p = from; (p = strstr(p, ship_phrases[k])) != NULL && (best == NULL || p < best); p += n)
		{
			const char *after = p + n;
			bool		neg = false;

			if ((p > low && isalpha((unsigned char) p[-1])))
				continue;
			/* "shipped in/with/since" is a status only with a release after it */
			if (ship_phrases[k][strlen(ship_phrases[k]) - 1] == ' ' && strncmp(ship_phrases[k], "shipped", 7) == 0 &&
				!(isdigit((unsigned char) *after) || (*after == 'v' && isdigit((unsigned char) after[1]))))
				continue;
			for (j = 0; ship_negations[j] && !neg; j++)
			{
				size_t		m = strlen(ship_negations[j]);
				const char *b = p - m;

				/* the negation right before the phrase, or one word before it */
				if (b >= low && strncmp(b, ship_negations[j], m) == 0)
					neg = true;
				else
				{
					const char *w = p - 1;

					while (w > low && w[-1] != ' ')
						w--;
					w--;
					if (w - m + 1 >= low && w > low && strncmp(w - m + 1, ship_negations[j], m) == 0)
						neg = true;
				}
			}
			if (!neg)
			{
				best = p;
				break;
			}
		}
	}
	return best;
}

static bool
states_shipped(const char *low)
{
	return shipped_at(low, low) != NULL;
}

/* Words between a subject and its status phrase ("FU-1 is already shipped", "X: shipped in"). */
static const char *const ship_fillers[] = {
	"is", "are", "was", "were", "has", "have", "been", "already", "all", "both", "now", "fully", "and", "status",
	NULL
};

/*
 * Is item_id the subject of the line's status phrase? The words right before
 * the phrase are ids, fillers or marks ("FU-1–3 shipped in", "FU-1: already
 * done", "Fuse (shipped in v0.1)" after the id), and one of those ids names
 * the item: "UX-3 — New error variants shipped since v0.23.0" says the
 * variants shipped, not UX-3. A table row's status cell speaks of its row.
 */
static bool
subject_names(const char *line, const char *low, const char *at, const char *item_id)
{
	char		span[4000];
	const char *b = at;

	for (;;)
	{
		const char *e,
				   *w;
		size_t		k,
					len;
		bool		filler = false;

		for (e = b; e > low && !isalnum((unsigned char) e[-1]); e--)
			if (e[-1] == '(')
				return true;	/* "Title (already shipped …)": a status of what precedes it */
		for (w = e; w > low && !isspace((unsigned char) w[-1]) && w[-1] != '('; w--)
			;
		if (w == e)
			break;
		len = (size_t) (e - w);
		for (k = 0; ship_fillers[k]; k++)
			filler |= strlen(ship_fillers[k]) == len && strncmp(w, ship_fillers[k], len) == 0;
		/* an id keeps its case in line: upper-case letters, a dash and a digit */
		if (!filler && !(memchr(w, '-', len) && strcspn(w, "0123456789") < len &&
						 isupper((unsigned char) line[w - low])))
			break;
		b = w;
	}
	memcpy(span, line + (b - low), (size_t) (at - b));
	span[at - b] = '\0';
	return re_text_names_id(span, item_id);
}

static bool
ship_subject(const char *line, const char *item_id)
{
	char		low[4000];
	const char *at,
			   *q = line;
	size_t		n = strlen(line),
				k;

	while (*q == ' ')
		q++;
	if (*q == '|' || n >= sizeof(low))
		return true;
	for (k = 0; k <= n; k++)
		low[k] = (char) tolower((unsigned char) line[k]);
	for (at = shipped_at(low, low); at; at = shipped_at(low, at + 1))
		if (subject_names(line, low, at, item_id))
			return true;
	return false;
}

char *
re_shipped_fold(ReArena *a, const char *text, size_t cap)
{
	ReBuf		b;
	const char *p = text;
	char	   *o;

	while (*p == ' ' || *p == '\t' || *p == '>' || *p == '-' || *p == '*' || *p == '|')
		p++;
	if (strncmp(p, "[x] ", 4) == 0 || strncmp(p, "[X] ", 4) == 0 || strncmp(p, "[ ] ", 4) == 0)
		p += 4;
	re_buf_init(&b);
	for (; *p; p++)
	{
		if (*p == '*' || *p == '~' || *p == '\r')
			continue;
		if (*p == '"')
			re_buf_puts(&b, "'");
		else if (*p == '|')
			re_buf_puts(&b, ";");
		else if (*p == '\n' || *p == '\t')
			re_buf_puts(&b, " ");
		else if (*p == '.' && p[1] == ' ')
		{
			/* one sentence: a reported text never ends the description's sentence */
			re_buf_puts(&b, ";");
		}
		else if (*p == ' ' && b.len > 0 && b.data[b.len - 1] == ' ')
			continue;
		else
			re_buf_append(&b, p, 1);
	}
	while (b.len > 0 && (b.data[b.len - 1] == ' ' || b.data[b.len - 1] == ';' || b.data[b.len - 1] == '.'))
		b.data[--b.len] = '\0';
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	if (strlen(o) > cap)
	{
		char	   *c = re_clause_cut(a, o, -1, cap);

		o = c ? c : re_sprintf(a, "%.*s…", (int) cap, o);
	}
	return o;
}

char **
re_shipped_lines(ReArena *a, const char *section, int *n)
{
	char	  **out = NULL;
	int			cap = 0;
	bool		fence = false;
	const char *p = section;

	*n = 0;
	while (p && *p)
	{
		const char *e = strchr(p, '\n');
		size_t		len = e ? (size_t) (e - p) : strlen(p);
		const char *q = p;

		while (*q == ' ')
			q++;
		if (strncmp(q, "```", 3) == 0)
			fence = !fence;
		else if (!fence && len > 8 && len < 4000)
		{
			char	   *low = re_strndup(a, p, len);
			char	   *c;

			for (c = low; *c; c++)
				*c = (char) tolower((unsigned char) *c);
			if (states_shipped(low))
			{
				if (*n >= cap)
				{
					char	  **grown = re_alloc(a, sizeof(char *) * (size_t) (cap * 2 + 8));

					if (*n)
						memcpy(grown, out, sizeof(char *) * (size_t) *n);
					out = grown;
					cap = cap * 2 + 8;
				}
				out[(*n)++] = re_strndup(a, p, len);
			}
		}
		p = e ? e + 1 : NULL;
	}
	return out;
}

const char *
re_shipped_line_for(char *const *lines, int n, const char *item_id)
{
	int			i;

	for (i = 0; i < n; i++)
		if (re_text_names_id(lines[i], item_id) && ship_subject(lines[i], item_id))
			return lines[i];
	return NULL;
}

/* Does text hold the series prefix of item_id ("FUSE-" of FUSE-5)? A cheap test before names_id. */
static bool
in_range_any(const char *text, const char *item_id)
{
	size_t		n = strlen(item_id),
				k;
	char		prefix[64];

	for (k = n; k > 0 && isdigit((unsigned char) item_id[k - 1]); k--)
		;
	if (k == n || k < 2 || k >= sizeof(prefix))
		return false;
	memcpy(prefix, item_id, k);
	prefix[k] = '\0';
	return strstr(text, prefix) != NULL;
}

/* The bold lead of a changelog entry: up to ". ", ": " or " — ", at most 200 bytes. */
char *
re_changelog_lead(ReArena *a, const char *text)
{
	size_t		n = strlen(text),
				k;
	const char *cuts[] = {". ", ": ", " \xE2\x80\x94 ", " - ", NULL};

	for (k = 0; cuts[k]; k++)
	{
		const char *c = strstr(text, cuts[k]);

		if (c && (size_t) (c - text) < n)
			n = (size_t) (c - text);
	}
	return re_strndup(a, text, n > 200 ? 200 : n);
}

int
re_changelog_ships(ReArena *a, const char *name, const char *item_id, const char *const *leads,
				   const char *const *texts, int n)
{
	int			i,
				shared;

	if (name == NULL)
		return -1;
	/* it names the id and most of the item's words: not another release's item of the same id */
	for (i = 0; item_id && i < n; i++)
	{
		char		head[301];

		RE_CHECK_INTERRUPTS();
		snprintf(head, sizeof(head), "%s", texts[i]);
		if (strstr(head, item_id) == NULL && !in_range_any(head, item_id))
			continue;
		if (names_id(head, item_id, false) && re_stem_overlap(name, head, false, &shared) >= 0.6 && shared >= 2)
			return i;
	}
	/* its lead is the item's name: every stem, one distinctive, little else */
	for (i = 0; i < n;)
	{
		int			k = re_entry_repeats(a, name, false, leads + i, n - i, 1.0, 1);

		if (k < 0)
			break;
		if (re_stem_overlap(leads[i + k], name, false, &shared) >= 0.75)
			return i + k;
		i += k + 1;
	}
	return -1;
}

/* Words a title may hold beside the identifier it adds. */
static const char *const ident_title_words[] = {
	"implement", "implemented", "add", "adds", "added", "new", "missing", "introduce", "expose", "provide",
	"create", "sql", "function", "functions", "fn", "api", "guc", "gucs", "setting", "option", "helper",
	"introspection", "diagnostic", "utility", "public", "the", "a", "an", NULL
};

bool
re_title_is_ident(const char *title, const char *ident)
{
	ReArena    *a;
	char	   *lead,
			   *base;
	const char *p;
	bool		seen = false,
				ok = true;

	if (title == NULL || ident == NULL)
		return false;
	a = re_arena_new();
	/* "**`f(x)`** Reads …": the bold span is the title */
	if (strncmp(title, "**", 2) == 0 && strstr(title + 2, "**"))
		lead = re_strndup(a, title + 2, (size_t) (strstr(title + 2, "**") - title - 2));
	else
		lead = re_bold_lead(a, title);
	base = re_claim_ident_base(a, ident);
	for (p = lead; *p && ok;)
	{
		if (*p == '`')
		{
			const char *e = strchr(p + 1, '`');
			char	   *span;

			if (e == NULL)
				break;
			span = re_strndup(a, p + 1, (size_t) (e - p - 1));
			/* a call with a named or elided argument adds an argument, not the function */
			if (strstr(span, "=>") || strstr(span, ":=") || strstr(span, "...") || strstr(span, "\xE2\x80\xA6"))
				ok = false;
			else if (strcmp(re_claim_ident_base(a, span), base) == 0)
				seen = true;
			else
				ok = false;
			p = e + 1;
		}
		else if (isalpha((unsigned char) *p))
		{
			const char *s = p;
			char	   *w;
			int			k;
			bool		known = false;

			while (isalpha((unsigned char) *p))
				p++;
			w = re_strndup(a, s, (size_t) (p - s));
			for (k = 0; ident_title_words[k] && !known; k++)
				known = strcasecmp(w, ident_title_words[k]) == 0;
			ok = known;
		}
		else
			p++;
	}
	re_arena_free(a);
	return ok && seen;
}

/* Does the heading name base as a token (backslash escapes and backticks left out)? */
static bool
heading_names(ReArena *a, const char *heading, size_t len, const char *base)
{
	ReBuf		b;
	bool		r;
	size_t		k;
	const char *p;

	re_buf_init(&b);
	for (k = 0; k < len; k++)
		if (heading[k] != '\\' && heading[k] != '`')
			re_buf_append(&b, heading + k, 1);
	p = b.data ? strstr(b.data, base) : NULL;
	r = p && (p == b.data || !(isalnum((unsigned char) p[-1]) || p[-1] == '_')) &&
		!(isalnum((unsigned char) p[strlen(base)]) || p[strlen(base)] == '_');
	(void) a;
	re_buf_free(&b);
	return r;
}

const char *
re_ident_documented(const char *ident, const char *const *paths, const char *const *texts, int n,
					char **heading, ReArena *a)
{
	char	   *base = re_claim_ident_base(a, ident);
	int			f;

	if (base == NULL || strlen(base) < 8 || strchr(base, '_') == NULL)
		return NULL;
	for (f = 0; f < n; f++)
	{
		const char *p = texts[f];
		bool		fence = false;

		if (p == NULL || paths[f] == NULL || re_idea_path(paths[f]))
			continue;
		while (*p)
		{
			const char *e = strchr(p, '\n');
			size_t		len = e ? (size_t) (e - p) : strlen(p);

			if (strncmp(p, "```", 3) == 0)
				fence = !fence;
			else if (!fence && *p == '#' && heading_names(a, p, len, base))
			{
				const char *h = p;

				while (*h == '#' || *h == ' ')
					h++;
				*heading = re_shipped_fold(a, re_strndup(a, h, len - (size_t) (h - p)), 120);
				return paths[f];
			}
			if (!e)
				break;
			p = e + 1;
		}
	}
	return NULL;
}

char *
re_reconcile_title(ReArena *a, const ReShipped *sh, const char *ids)
{
	const char *last = strrchr(ids, ' ');

	const char *it = strchr(ids, ',') ? "them" : "it";

	/* "FUSE-1 … FUSE-6" for more than two: a title holds ten words */
	if (last && strchr(ids, ',') != strrchr(ids, ','))
		ids = re_sprintf(a, "%.*s \xE2\x80\xA6 %s", (int) strcspn(ids, ","), ids, last + 1);
	switch (sh->source)
	{
		case RE_SHIP_SECTION:
			return re_sprintf(a, "Close %s: the section marks %s shipped", ids, it);
		case RE_SHIP_CHANGELOG:
			return re_sprintf(a, "Reconcile %s with the shipped %s entry", ids, sh->where);
		case RE_SHIP_CONTRACT:
			/* named by an earlier release's changelog entry rather than a docs heading */
			return re_sprintf(a, "Reconcile %s with the %s `%s`", ids,
							  sh->where && strstr(sh->where, "CHANGELOG") ? "shipped" : "documented", sh->what);
		case RE_SHIP_DOCS:
			return re_sprintf(a, "Reconcile %s with `%s` \xC2\xA7%s", ids, sh->where, sh->what);
		case RE_SHIP_PLAN:
			return re_sprintf(a, "Spike: check %s against `%s`", ids, sh->where);
		default:
			return NULL;
	}
}

char *
re_reconcile_description(ReArena *a, const ReShipped *sh, const char *ids, const char *name, const char *version)
{
	bool		many = strchr(ids, ',') != NULL;
	const char *it = many ? "them" : "it";

	switch (sh->source)
	{
		case RE_SHIP_SECTION:
			return re_sprintf(a, "The release plans %s (\"%s\") as open work, yet its own section says: %s. "
							  "Close the row%s, or state what %s still add%s beyond the shipped work. "
							  "Verify: the section lists %s as done, or each open row names what it adds.",
							  ids, name, sh->text, many ? "s" : "", many ? "they" : "it", many ? "" : "s", ids);
		case RE_SHIP_CHANGELOG:
			return re_sprintf(a, "The release plans %s (\"%s\"), yet `CHANGELOG.md` %s already ships %s: %s. "
							  "Close %s, or keep the shipped behaviour and say what this release adds to it. "
							  "Verify: the section marks %s done, or names the change to the shipped behaviour with a test for it.",
							  ids, name, sh->where, it, sh->text, it, ids);
		case RE_SHIP_CONTRACT:
			return re_sprintf(a, "%s plans `%s` (\"%s\") as new, yet %s already %s it: %s. "
							  "Keep the documented contract (arguments, result columns, values), or plan the change as a breaking one with an upgrade note. "
							  "Verify: a test calls `%s` as the documented contract says and passes, or the section lists each change to that contract.",
							  ids, sh->what, name, sh->where, sh->where && strstr(sh->where, "CHANGELOG") ? "ships" : "documents",
							  sh->text, sh->what);
		case RE_SHIP_DOCS:
			return re_sprintf(a, "The release plans %s (\"%s\"), yet `%s` \xC2\xA7%s describes %s as existing: %s. "
							  "Mark %s done if %s shipped, or say what this release adds. "
							  "Verify: the section marks %s done, or a test shows the behaviour the section adds beyond what \xC2\xA7%s describes.",
							  ids, name, sh->where, sh->what, it, sh->text, it, many ? "they" : "it", ids, sh->what);
		case RE_SHIP_PLAN:
			return re_sprintf(a, "v%s plans %s (\"%s\"), yet the project's own `%s` says: %s%s "
							  "Before building on it, prove the mechanism in a spike, or change the plan to one the document allows. "
							  "Verify: a prototype shows the planned mechanism doing what %s needs on the supported PostgreSQL versions, or the section names the mechanism it uses instead.",
							  version, ids, name, sh->where, sh->text,
							  *sh->text && strchr(".!?", sh->text[strlen(sh->text) - 1]) ? "" : ".", ids);
		default:
			return NULL;
	}
}

/* Case-insensitive strstr for an ASCII lower-case needle. */
static const char *
find_ci(const char *hay, const char *needle)
{
	size_t		n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return hay;
	return NULL;
}

int
re_doc_arrived(const char *text, const char *target)
{
	static const char *const forms[] = {"new in ", "added in ", "introduced in ", "available since ", "shipped in ",
	"since ", NULL};
	ReVersion	tv,
				v;
	int			k;

	if (text == NULL || !re_version_parse(target, &tv))
		return -1;
	for (k = 0; forms[k]; k++)
	{
		const char *p;
		size_t		n = strlen(forms[k]);

		for (p = text; (p = find_ci(p, forms[k])) != NULL; p += n)
		{
			const char *q = p + n,
					   *b = p;

			if (p > text && isalpha((unsigned char) p[-1]))
				continue;
			if (*q == 'v' || *q == 'V')
				q++;
			if (!isdigit((unsigned char) *q) || re_version_scan(q, &v) == 0 || re_version_cmp(&v, &tv) >= 0)
				continue;
			/* the sentence it is in: back to a line start or ". " */
			while (b > text && b[-1] != '\n' && !(b - 1 > text && b[-2] == '.' && b[-1] == ' '))
				b--;
			return (int) (b - text);
		}
	}
	return -1;
}

/* Does the sentence deny a capability ("cannot", "impossible", "no way to", "is never called")? */
static bool
denies(const char *t)
{
	static const char *const phrases[] = {"cannot ", "can't ", "can not ", "impossible", "not possible",
	"no way to ", "never called", "is never reached", "rejects that syntax", "will reject", NULL};
	int			i;

	for (i = 0; phrases[i]; i++)
		if (re_icontains(t, phrases[i]))
			return true;
	return false;
}

/* Number of code spans in t. */
static int
code_spans(const char *t)
{
	int			ticks = 0;

	for (; *t; t++)
		ticks += *t == '`';
	return ticks / 2;
}

/* Add the sentences of one paragraph that deny a mechanism. */
static void
paragraph_denials(ReArena *a, const char *para, size_t len, char ***out, int *n, int *cap)
{
	const char *p = para,
			   *end = para + len,
			   *start = para;
	bool		code = false;

	for (; p <= end; p++)
	{
		char	   *t;

		if (p < end && *p == '`')
			code = !code;
		if (p < end && !(!code && (*p == '.' || *p == '!' || *p == '?') && (p + 1 == end || p[1] == ' ' || p[1] == '\n')))
			continue;
		t = re_strndup(a, start, (size_t) (p < end ? p + 1 - start : p - start));
		start = p + 1;
		if (!denies(t) || code_spans(t) < 2)
			continue;
		if (*n == *cap)
		{
			char	  **grown = re_alloc(a, sizeof(char *) * (size_t) (*cap * 2 + 8));

			if (*n)
				memcpy(grown, *out, sizeof(char *) * (size_t) *n);
			*out = grown;
			*cap = *cap * 2 + 8;
		}
		(*out)[(*n)++] = re_shipped_fold(a, t, 300);
	}
}

char	  **
re_plan_denials(ReArena *a, const char *text, int *n)
{
	char	  **out = NULL;
	int			cap = 0;
	const char *line,
			   *para = NULL;
	bool		fence = false;

	*n = 0;
	for (line = text ? text : ""; *line;)
	{
		const char *eol = strchr(line, '\n');
		const char *next = eol ? eol + 1 : line + strlen(line);
		const char *s = line;
		bool		prose;

		RE_CHECK_INTERRUPTS();
		while (*s == ' ' || *s == '\t' || *s == '>')
			s++;
		if (strncmp(s, "```", 3) == 0 || strncmp(s, "~~~", 3) == 0)
			fence = !fence;
		prose = !fence && *s && *s != '\n' && *s != '\r' && *s != '#' && *s != '|' && strncmp(s, "```", 3) != 0 &&
			strncmp(s, "~~~", 3) != 0 && !(s[0] == '-' && s[1] == ' ' && s[2] == '[');
		if (!prose || ((s[0] == '-' || s[0] == '*') && s[1] == ' '))
		{
			if (para)
				paragraph_denials(a, para, (size_t) (line - para), &out, n, &cap);
			para = prose ? s : NULL;
		}
		else if (para == NULL)
			para = s;
		line = next;
	}
	if (para)
		paragraph_denials(a, para, strlen(para), &out, n, &cap);
	return out;
}

/* Length of an identifier without its argument list ("f(x)" -> "f"). */
static size_t
ident_len(const char *t, size_t n)
{
	const char *paren = memchr(t, '(', n);

	return paren ? (size_t) (paren - t) : n;
}

/* Does span (n bytes) match ident: one starts the other at a word boundary, the shorter six bytes or more? */
static bool
span_matches(const char *span, size_t n, const char *ident)
{
	size_t		ns = ident_len(span, n),
				ni = ident_len(ident, strlen(ident)),
				k = ns < ni ? ns : ni;

	if (k < 6 || strncmp(span, ident, k) != 0)
		return false;
	return ns == ni || (ns > ni ? !isalnum((unsigned char) span[k]) && span[k] != '_'
						: !isalnum((unsigned char) ident[k]) && ident[k] != '_');
}

bool
re_denial_names(const char *sentence, const char *const *idents, int nidents)
{
	const char *p = sentence;
	int			first = -1,
				i;

	while ((p = strchr(p, '`')) != NULL)
	{
		const char *close = strchr(p + 1, '`');

		if (close == NULL)
			break;
		for (i = 0; i < nidents; i++)
			if (idents[i] && span_matches(p + 1, (size_t) (close - p - 1), idents[i]))
			{
				if (first >= 0 && i != first && strcmp(idents[i], idents[first]) != 0)
					return true;
				if (first < 0)
					first = i;
				break;
			}
		p = close + 1;
	}
	return false;
}
