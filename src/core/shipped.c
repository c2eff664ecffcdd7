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

/*
 * Does the rest of the sentence after a status phrase say what did not ship
 * ("shipped in v0.2.2 but was never properly documented")? Then the item
 * is that missing part, not closed by the status.
 */
static bool
but_missing(const char *after)
{
	static const char *const missing[] = {"never", "not ", "n't", "no ", "lack", "missing", "without", "undocumented", NULL};
	const char *end = after,
			   *b;
	int			k;

	while (*end && *end != '\n' && !(*end == '.' && (end[1] == ' ' || end[1] == '\0')))
		end++;
	for (b = after; (b = strstr(b, " but ")) != NULL && b < end; b += 5)
		for (k = 0; missing[k]; k++)
		{
			const char *m = strstr(b + 5, missing[k]);

			if (m && m < end && m - (b + 5) <= 30)
				return true;
		}
	return false;
}

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
			if (!neg && !but_missing(after))
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

/*
 * Stated defaults (shipped.h; docs/proposals.md "A default the docs state
 * otherwise"). A text is read as tokens: words, code spans (their inside)
 * and the punctuation that ends a clause.
 */
typedef struct DTok
{
	const char *p;				/* start (a code span: after its backtick) */
	size_t		n;
	char		kind;			/* 'w' word, 'c' code span, or ',' ';' '(' ')' '|' '.' and '-' for a dash */
} DTok;

static int
dtokens(ReArena *a, const char *t, DTok **out)
{
	DTok	   *v = re_alloc(a, sizeof(DTok) * (strlen(t) + 1));
	const char *p = t;
	int			n = 0;

	while (*p)
	{
		const char *s = p;

		if (*p == '`' && strchr(p + 1, '`'))
		{
			const char *e = strchr(p + 1, '`');

			v[n++] = (DTok) {p + 1, (size_t) (e - p - 1), 'c'};
			p = e + 1;
			continue;
		}
		if (isalnum((unsigned char) *p) || *p == '_')
		{
			while (isalnum((unsigned char) *p) || *p == '_')
				p++;
			v[n++] = (DTok) {s, (size_t) (p - s), 'w'};
			continue;
		}
		if (strchr(",;()|", *p))
			v[n++] = (DTok) {p, 1, *p};
		else if ((*p == '.' || *p == '!' || *p == '?') && (p[1] == ' ' || p[1] == '\n' || p[1] == '\0'))
			v[n++] = (DTok) {p, 1, '.'};
		else if (strncmp(p, "\xE2\x80\x94", 3) == 0 || strncmp(p, " - ", 3) == 0)
			v[n++] = (DTok) {p, 3, '-'};
		p += (strncmp(p, "\xE2\x80\x94", 3) == 0) ? 3 : 1;
	}
	*out = v;
	return n;
}

static bool
tok_is(const DTok *t, const char *word)
{
	return t->kind == 'w' && t->n == strlen(word) && strncasecmp(t->p, word, t->n) == 0;
}

static bool
tok_in(const DTok *t, const char *const *words)
{
	int			k;

	for (k = 0; words[k]; k++)
		if (tok_is(t, words[k]))
			return true;
	return false;
}

/* The state row a word or a code span ("`'unlogged'`") names, or -1. */
static int
tok_state(const DTok *t, const ReDefaultState *st, int nst)
{
	const char *p = t->p;
	size_t		n = t->n;
	int			k;

	if (t->kind == 'c')
	{
		while (n > 0 && (*p == '\'' || *p == '"' || *p == ' '))
			p++, n--;
		while (n > 0 && (p[n - 1] == '\'' || p[n - 1] == '"' || p[n - 1] == ' '))
			n--;
	}
	else if (t->kind != 'w')
		return -1;
	for (k = 0; k < nst && n > 0; k++)
		if (st[k].word && strlen(st[k].word) == n && strncasecmp(p, st[k].word, n) == 0)
			return k;
	return -1;
}

static bool
clause_stop(const DTok *t)
{
	return t->kind != 'w' && t->kind != 'c';
}

/* Is token j negated ("not logged", "never `sync`", "not yet logged")? */
static bool
tok_negated(const DTok *v, int j)
{
	static const char *const neg[] = {"not", "never", "no", "non", "nor", NULL};

	return (j >= 1 && tok_in(&v[j - 1], neg)) || (j >= 2 && v[j - 1].kind == 'w' && tok_in(&v[j - 2], neg));
}

/* The first state token from i stepping by dir (+1/-1) within the clause (eight tokens), or -1. */
static int
scan_state(const DTok *v, int n, int i, int dir, const ReDefaultState *st, int nst)
{
	int			j,
				k;

	for (j = i, k = 0; j >= 0 && j < n && k < 8 && !clause_stop(&v[j]); j += dir, k++)
		if (tok_state(&v[j], st, nst) >= 0 && !tok_negated(v, j))
			return j;
	return -1;
}

/* The value token the marker at i states, or -1; *close: the ')' closing "(default …", or -1. */
static int
marker_value(const DTok *v, int n, int i, const ReDefaultState *st, int nst, int *close)
{
	static const char *const change[] = {"flip", "flips", "flipping", "change", "changes", "changing", "changed",
		"switch", "switches", "switching", "new", "make", "makes", "making", "set", "sets", "setting", NULL};
	int			j;

	*close = -1;
	if (tok_is(&v[i], "default") || tok_is(&v[i], "defaults"))
	{
		if (i >= 1 && v[i - 1].kind == '(')
		{
			for (j = i + 1; j < n && *close < 0 && v[j].kind != '(' && v[j].kind != '.'; j++)
				if (v[j].kind == ')')
					*close = j;
			if (i >= 2 && tok_state(&v[i - 2], st, nst) >= 0 && !tok_negated(v, i - 2))
				return i - 2;
			return scan_state(v, n, i + 1, 1, st, nst);
		}
		for (j = i - 1; j >= 0 && j >= i - 3; j--)
			if (tok_in(&v[j], change))
				return -1;
		if (i >= 1 && tok_is(&v[i - 1], "by"))
			return (j = scan_state(v, n, i - 2, -1, st, nst)) >= 0 ? j : scan_state(v, n, i + 1, 1, st, nst);
		if (i >= 1 && v[i - 1].kind == 'c' && tok_state(&v[i - 1], st, nst) >= 0)
			return i - 1;
		return scan_state(v, n, i + 1, 1, st, nst);
	}
	if (tok_is(&v[i], "currently"))
		return (j = scan_state(v, n, i + 1, 1, st, nst)) >= 0 ? j : scan_state(v, n, i - 1, -1, st, nst);
	if (tok_is(&v[i], "today"))
		return (j = scan_state(v, n, i - 1, -1, st, nst)) >= 0 ? j : scan_state(v, n, i + 1, 1, st, nst);
	if (tok_is(&v[i], "current") && i + 1 < n && (tok_is(&v[i + 1], "behaviour") || tok_is(&v[i + 1], "behavior")))
		return scan_state(v, n, i - 1, -1, st, nst);
	return -1;
}

int
re_stated_defaults(ReArena *a, const char *text, const ReDefaultState *st, int nst, ReStatedDefault *out, int max)
{
	DTok	   *v;
	int			n,
				i,
				k,
				got = 0;

	if (text == NULL || nst == 0)
		return 0;
	n = dtokens(a, text, &v);
	for (i = 0; i < n && got < max; i++)
	{
		int			close,
					j = marker_value(v, n, i, st, nst, &close),
					s,
					first,
					last;
		bool		seen = false;
		const char *from,
				   *to;

		if (j < 0)
			continue;
		s = tok_state(&v[j], st, nst);
		for (k = 0; k < got && !seen; k++)
			seen = strcmp(out[k].value->state, st[s].state) == 0 && strcmp(out[k].value->axis, st[s].axis) == 0;
		if (seen)
			continue;
		first = j < i ? j : (i >= 1 && v[i - 1].kind == '(' ? i - 1 : i);
		last = close >= 0 ? close : (j > i ? j : i + (tok_is(&v[i], "current") ? 1 : 0));
		from = v[first].p - (v[first].kind == 'c' ? 1 : 0);
		to = v[last].p + v[last].n + (v[last].kind == 'c' ? 1 : 0);
		out[got].value = &st[s];
		out[got++].quote = re_strndup(a, from, (size_t) (to - from));
	}
	return got;
}

int
re_default_objects(ReArena *a, const char *const *idents, int nidents, const char ***out)
{
	const char **o = re_alloc(a, sizeof(char *) * (size_t) (nidents * 8 + 1));
	int			n = 0,
				i;

	for (i = 0; i < nidents; i++)
	{
		char	   *base = idents[i] ? re_claim_ident_base(a, idents[i]) : NULL,
				   *prev = NULL,
				   *w;
		int			k;

		if (base == NULL || strlen(base) < 8 || strchr(base, '_') == NULL || n >= nidents * 8)
			continue;
		for (k = 0; k < n && strcmp(o[k], base) != 0; k++)
			;
		if (k < n)
			continue;
		o[n++] = base;
		/* "change_buffer_durability": "change buffer", "buffer durability" (words of four letters or more) */
		for (w = strtok(re_strdup(a, base), "_"); w && n < nidents * 8; w = strtok(NULL, "_"))
		{
			bool		word = strlen(w) >= 4;
			const char *c;

			for (c = w; *c && word; c++)
				word = isalpha((unsigned char) *c);
			if (word && prev)
				o[n++] = re_sprintf(a, "%s %s", prev, w);
			prev = word ? w : NULL;
		}
	}
	*out = o;
	return n;
}

/*
 * Does the sentence name the object: an identifier as a token, a pair "a b"
 * as adjacent words ("a bs", "a bes")? *named: the words, lower-case.
 */
static bool
names_object(ReArena *a, const char *sentence, const DTok *v, int n, const char *object, char **named)
{
	const char *sp = strchr(object, ' ');
	size_t		n1,
				n2;
	int			i;

	*named = re_strdup(a, object);
	if (sp == NULL)
		return re_icontains_word(sentence, object);
	n1 = (size_t) (sp - object);
	n2 = strlen(sp + 1);
	for (i = 0; i + 1 < n; i++)
		if (v[i].kind == 'w' && v[i].n == n1 && strncasecmp(v[i].p, object, n1) == 0 && v[i + 1].kind == 'w' &&
			v[i + 1].n >= n2 && strncasecmp(v[i + 1].p, sp + 1, n2) == 0 &&
			(v[i + 1].n == n2 || (v[i + 1].n == n2 + 1 && tolower((unsigned char) v[i + 1].p[n2]) == 's') ||
			 (v[i + 1].n == n2 + 2 && strncasecmp(v[i + 1].p + n2, "es", 2) == 0)))
		{
			char	   *c;

			*named = re_strndup(a, v[i].p, (size_t) (v[i + 1].p + v[i + 1].n - v[i].p));
			for (c = *named; *c; c++)
				*c = (char) tolower((unsigned char) *c);
			return true;
		}
	return false;
}

/*
 * What a sentence with a default marker says of the stated value's axis:
 * 1 and *other when it names another state (not negated) and not the
 * stated one, 2 when it names the stated one, else 0.
 */
static int
axis_says(const DTok *v, int n, const ReDefaultState *stated, const ReDefaultState *st, int nst,
		  const ReDefaultState **other)
{
	bool		marker = false;
	int			i,
				k;

	*other = NULL;
	for (i = 0; i < n && !marker; i++)
		marker = tok_is(&v[i], "default") || tok_is(&v[i], "defaults");
	for (i = 0; i < n && marker; i++)
	{
		if ((k = tok_state(&v[i], st, nst)) < 0 || strcmp(st[k].axis, stated->axis) != 0 || tok_negated(v, i))
			continue;
		if (strcmp(st[k].state, stated->state) == 0)
			return 2;
		if (*other == NULL)
			*other = &st[k];
	}
	return *other ? 1 : 0;
}

/* The heading line at h, folded ("### `pg_trickle.unlogged_buffers`" -> "pg_trickle.unlogged_buffers"). */
static char *
heading_text(ReArena *a, const char *h)
{
	size_t		len = strcspn(h, "\n");
	char	   *o;
	size_t		k,
				m = 0;

	while (len > 0 && (*h == '#' || *h == ' '))
		h++, len--;
	o = re_alloc(a, len + 1);
	for (k = 0; k < len; k++)
		if (h[k] != '`' && h[k] != '\\' && h[k] != '\r')
			o[m++] = h[k];
	o[m] = '\0';
	return re_shipped_fold(a, o, 120);
}

/* A table row reported as prose: "`false` | **(Default)** Buffers … |" -> "`false`: (Default) Buffers …". */
static char *
row_prose(ReArena *a, const char *sent)
{
	ReBuf		b;
	const char *p;
	char	   *o;
	size_t		n = strlen(sent);

	while (n > 0 && (sent[n - 1] == '|' || sent[n - 1] == ' '))
		n--;
	re_buf_init(&b);
	for (p = sent; p < sent + n; p++)
		if (strncmp(p, " | ", 3) == 0)
		{
			re_buf_append(&b, b.len ? ": " : "", b.len ? 2 : 0);
			p += 2;
		}
		else
			re_buf_append(&b, p, 1);
	o = b.len ? re_buf_to_arena(a, &b) : re_strdup(a, "");
	re_buf_free(&b);
	return o;
}

/*
 * Read one text's sentences that state a default of the object: 2 when one
 * agrees with the stated value, else 1 when one contradicts it (out filled,
 * but for its path, unless out->documented is set already), else 0.
 */
static int
conflict_in(ReArena *a, const ReStatedDefault *stated, const ReDefaultState *st, int nst, const char *const *objects,
			int nobjects, const char *text, ReDefaultConflict *out)
{
	const char *line = text,
			   *heading = NULL;
	bool		fence = false;
	char	   *last = NULL;
	int			found = 0;

	for (; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] ? 1 : 0))
	{
		size_t		len = strcspn(line, "\n");
		const char *p;

		if (strncmp(line, "```", 3) == 0 || strncmp(line, "~~~", 3) == 0)
			fence = !fence;
		else if (!fence && *line == '#')
			heading = line;
		for (p = line; !fence && *line != '#' && p + 7 <= line + len; p++)
		{
			char	   *sent,
					   *head,
					   *named = NULL;
			DTok	   *v;
			int			n,
						k,
						says;
			const ReDefaultState *other;

			if (strncasecmp(p, "default", 7) != 0 || (p > line && isalnum((unsigned char) p[-1])))
				continue;
			sent = re_claim_sentence(a, text, (int) (p - text));
			if (last && strcmp(last, sent) == 0)
				continue;
			last = sent;
			n = dtokens(a, sent, &v);
			if ((says = axis_says(v, n, stated->value, st, nst, &other)) == 0)
				continue;
			head = heading ? heading_text(a, heading) : NULL;
			for (k = 0; k < nobjects; k++)
				if (names_object(a, sent, v, n, objects[k], &named) ||
					(strchr(objects[k], ' ') == NULL && head && re_icontains_word(head, objects[k])))
					break;
			if (k == nobjects)
				continue;
			if (says == 2)
				return 2;
			found = 1;
			if (out->documented == NULL)
			{
				out->documented = other;
				out->heading = head;
				out->sentence = re_shipped_fold(a, row_prose(a, sent), 240);
				out->object = named;
			}
		}
	}
	return found;
}

bool
re_default_conflict(ReArena *a, const ReStatedDefault *stated, const ReDefaultState *st, int nst,
					const char *const *objects, int nobjects, const char *const *paths, const char *const *texts, int n,
					ReDefaultConflict *out)
{
	int			f,
				r;

	memset(out, 0, sizeof(*out));
	if (stated == NULL || stated->value == NULL || nobjects == 0)
		return false;
	for (f = 0; f < n; f++)
	{
		bool		had = out->documented != NULL;

		RE_CHECK_INTERRUPTS();
		if (texts[f] == NULL || (r = conflict_in(a, stated, st, nst, objects, nobjects, texts[f], out)) == 0)
			continue;
		if (r == 2)
		{
			memset(out, 0, sizeof(*out));
			return false;		/* a document agrees: the default is not the plan's to flip */
		}
		if (!had)
			out->path = paths[f];
	}
	if (out->documented == NULL)
		return false;
	out->stated = stated->value;
	out->quote = stated->quote;
	return true;
}
