/*
 * feature.c — extract the subject of a planned item: bold lead title,
 * backticked identifiers by kind, and feature kinds matched by the
 * roadmap.feature_kind patterns (data, not code). Nothing here knows any
 * project: the identifier rules are the shapes of SQL, settings, paths and
 * flags, and the kinds come from the catalog.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "feature.h"
#include "describe.h"
#include "strmap.h"

#include <ctype.h>
#include <pcre2.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const ident_kind_names[IK__COUNT] = {
	"function", "guc", "table", "column", "path", "flag", "syntax", "type", "const", "name",
	"guc_enum", "guc_bool", "guc_int", "guc_string", "other"
};

const char *
re_ident_kind_name(ReIdentKind k)
{
	return k >= 0 && k < IK__COUNT ? ident_kind_names[k] : "other";
}

int
re_ident_kind_from_name(const char *name)
{
	int			k;

	if (name == NULL)
		return -1;
	for (k = 0; k < IK__COUNT; k++)
		if (strcmp(name, ident_kind_names[k]) == 0)
			return k;
	return -1;
}

/* Copy s[0..n) without ** markers into out (cap bytes), trimmed of spaces and a trailing "." or ":". */
static size_t
copy_plain(const char *s, size_t n, char *out, size_t cap)
{
	size_t		i,
				k = 0,
				st = 0;

	for (i = 0; i < n && k + 1 < cap; i++)
	{
		if (s[i] == '*' && i + 1 < n && s[i + 1] == '*')
		{
			i++;
			continue;
		}
		out[k++] = s[i];
	}
	out[k] = '\0';
	while (k > 0 && (isspace((unsigned char) out[k - 1]) || out[k - 1] == '.' || out[k - 1] == ':'))
		out[--k] = '\0';
	while (st < k && isspace((unsigned char) out[st]))
		st++;
	if (st)
	{
		memmove(out, out + st, k - st + 1);
		k -= st;
	}
	return k;
}

size_t
re_bold_lead_buf(const char *text, char *out, size_t cap)
{
	const char *p,
			   *end;
	size_t		k;

	if (cap == 0)
		return 0;
	out[0] = '\0';
	if (text == NULL)
		return 0;
	p = text;
	while (isspace((unsigned char) *p) || *p == '~')
		p++;
	if (strncmp(p, "**", 2) == 0 && (end = strstr(p + 2, "**")) != NULL && end > p + 2)
	{
		char	   *open;

		k = copy_plain(p + 2, (size_t) (end - p - 2), out, cap);
		/* "Title (EC-09)" -> "Title" */
		if (k > 0 && out[k - 1] == ')' && (open = strrchr(out, '(')) != NULL && open > out)
		{
			*open = '\0';
			k = (size_t) (open - out);
			while (k > 0 && isspace((unsigned char) out[k - 1]))
				out[--k] = '\0';
		}
		return k;
	}
	/* no bold lead: the part before " — " or the first sentence */
	{
		const char *dash = strstr(p, " \xE2\x80\x94 ");
		const char *dot = strstr(p, ". ");
		size_t		n = strlen(p);

		if (dash && (size_t) (dash - p) < n)
			n = (size_t) (dash - p);
		if (dot && (size_t) (dot - p) < n)
			n = (size_t) (dot - p);
		return copy_plain(p, n, out, cap);
	}
}

char *
re_bold_lead(ReArena *a, const char *text)
{
	size_t		n = text ? strlen(text) + 1 : 1;
	char	   *o = re_alloc(a, n);

	re_bold_lead_buf(text, o, n);
	return o;
}

static const char *const sql_types[] = {
	"boolean", "bool", "text", "int", "integer", "bigint", "smallint", "timestamptz", "timestamp",
	"jsonb", "json", "numeric", "float8", "real", "uuid", "bytea", "date", "oid", "name", "pg_lsn", NULL
};

static bool
is_sql_type(const char *w, size_t n)
{
	return re_word_in(w, n, sql_types);
}

static bool
has_ext(const char *s)
{
	static const char *const ext[] = {".rs", ".md", ".c", ".h", ".sql", ".py", ".go", ".ts", ".js", ".toml",
	".yml", ".yaml", ".json", ".sh", ".txt", NULL};
	const char *dot = strrchr(s, '.');
	int			i;

	if (dot == NULL)
		return false;
	for (i = 0; ext[i]; i++)
		if (strncmp(dot, ext[i], strlen(ext[i])) == 0 &&
			(dot[strlen(ext[i])] == '\0' || dot[strlen(ext[i])] == ':'))
			return true;
	return false;
}

/* Does text (up to n bytes) contain word, case-insensitively? */
static bool
near_word(const char *text, size_t n, const char *word)
{
	size_t		wl = strlen(word),
				i;

	if (text == NULL)
		return false;
	for (i = 0; i + wl <= n && text[i]; i++)
		if (strncasecmp(text + i, word, wl) == 0 &&
			(i == 0 || !isalnum((unsigned char) text[i - 1])) &&
			!isalnum((unsigned char) text[i + wl]))
			return true;
	return false;
}

/* The last word of a dotted name, or the name. */
static const char *
last_part(const char *s)
{
	const char *dot = strrchr(s, '.');

	return dot ? dot + 1 : s;
}

static bool
has_suffix(const char *s, const char *suf)
{
	size_t		n = strlen(s),
				k = strlen(suf);

	return n >= k && strcmp(s + n - k, suf) == 0;
}

static bool
any_suffix(const char *s, const char *const *list)
{
	int			i;

	for (i = 0; list[i]; i++)
		if (has_suffix(s, list[i]))
			return true;
	return false;
}

static bool
is_bool_word(const char *w, size_t n)
{
	static const char *const b[] = {"on", "off", "true", "false", NULL};

	return re_word_in(w, n, b);
}

/* The kind a setting's name suggests: a mode or format lists its values, a size or duration is a number. */
static ReIdentKind
guc_kind_by_name(const char *name)
{
	static const char *const enums[] = {"_mode", "_format", "_strategy", "_policy", "_level", "_method", "_backend",
	NULL};
	static const char *const ints[] = {"_mb", "_kb", "_gb", "_ms", "_seconds", "_secs", "_days", "_hours", "_minutes",
		"_size", "_rows", "_count", "_limit", "_workers", "_threshold", "_interval", "_timeout", "_retries", "_ticks",
	"_depth", "_pct", "_percent", NULL};
	static const char *const strings[] = {"_list", "_names", "_path", "_paths", "_dir", "_prefix", "_schema", NULL};
	const char *w = last_part(name);

	if (any_suffix(w, enums))
		return IK_GUC_ENUM;
	if (any_suffix(w, ints) || strncmp(w, "max_", 4) == 0 || strncmp(w, "min_", 4) == 0)
		return IK_GUC_INT;
	if (any_suffix(w, strings))
		return IK_GUC_STRING;
	if (strncmp(w, "enable_", 7) == 0 || has_suffix(w, "_enabled"))
		return IK_GUC_BOOL;
	return IK_GUC;
}

/* The kind of a setting's value: `a|b` lists values, on/off is a switch, digits a number, TEXT free-form. */
static ReIdentKind
guc_kind_by_value(const char *value)
{
	const char *v = value;
	size_t		n,
				i;
	bool		quoted,
				digits = true,
				word = true;

	while (*v == ' ')
		v++;
	quoted = *v == '\'' || *v == '"';
	if (quoted)
		v++;
	n = strcspn(v, "'\" ,)");
	if (n == 0)
		return quoted ? IK_GUC_STRING : IK_GUC;
	if (strchr(v, '|') || (memchr(v, '/', n) && !quoted))
	{
		size_t		k = strcspn(v, "|/");

		return is_bool_word(v, k) ? IK_GUC_BOOL : IK_GUC_ENUM;
	}
	if (is_bool_word(v, n))
		return IK_GUC_BOOL;
	for (i = 0; i < n; i++)
	{
		if (!isdigit((unsigned char) v[i]) && v[i] != '.' && v[i] != '_')
			digits = false;
		if (!(isalnum((unsigned char) v[i]) || v[i] == '_' || v[i] == '-'))
			word = false;
	}
	if (digits)
		return IK_GUC_INT;
	if (!quoted && (strncasecmp(v, "text", n) == 0 || strncasecmp(v, "varchar", n) == 0 || strncasecmp(v, "name", n) == 0))
		return IK_GUC_STRING;
	if (!quoted && (strncasecmp(v, "int", n) == 0 || strncasecmp(v, "integer", n) == 0 || strncasecmp(v, "bigint", n) == 0))
		return IK_GUC_INT;
	if (!quoted && (strncasecmp(v, "bool", n) == 0 || strncasecmp(v, "boolean", n) == 0))
		return IK_GUC_BOOL;
	/* an unquoted keyword is one of the setting's values; a quoted value is text unless its name says mode */
	if (word && !quoted)
		return IK_GUC_ENUM;
	return quoted ? IK_GUC_STRING : IK_GUC;
}

/* The kind of the default the words right after a setting state ("GUC (default `true`)"), else IK_GUC. */
static ReIdentKind
stated_default_kind(const char *after)
{
	const char *d = after ? strstr(after, "default") : NULL;
	char		v[64];
	size_t		n;

	if (d == NULL || d - after > 40)
		return IK_GUC;
	d += 7;
	while (*d == ' ' || *d == ':' || *d == '=' || *d == '`')
		d++;
	n = strcspn(d, "`)");
	if (n == 0 || n >= sizeof(v))
		return IK_GUC;
	memcpy(v, d, n);
	v[n] = '\0';
	/* a number ("1M", "5000 ms", "1,000") or a switch; a word may be any kind of value */
	if (isdigit((unsigned char) v[0]))
		return IK_GUC_INT;
	return is_bool_word(v, strcspn(v, " ,")) ? IK_GUC_BOOL : IK_GUC;
}

ReIdentKind
re_guc_kind(const char *name, const char *value, const char *after)
{
	ReIdentKind k;

	while (value && *value == ' ')
		value++;
	k = value ? guc_kind_by_value(value) : IK_GUC;

	if (k == IK_GUC_STRING && value && (*value == '\'' || *value == '"'))
	{
		/* 'transaction' for a *_mode setting is one of its modes */
		ReIdentKind byname = guc_kind_by_name(name);

		if (byname == IK_GUC_ENUM || byname == IK_GUC_BOOL)
			return byname;
	}
	/* "`x` GUC (default `true`)": a switch, whatever the words between read as */
	if ((k == IK_GUC_STRING || k == IK_GUC) && after && strstr(after, "default") &&
		(near_word(after, 40, "true") || near_word(after, 40, "false")))
		return IK_GUC_BOOL;
	if (k != IK_GUC)
		return k;
	/* a stated default says more than the name: "`x_path` GUC (default `true`)" is a switch */
	if (value == NULL && (k = stated_default_kind(after)) != IK_GUC)
		return k;
	k = guc_kind_by_name(name);
	if (k != IK_GUC)
		return k;
	/* the words right after it: "(default `off`)", "on/off", "one of", "enum" */
	if (after && (near_word(after, 40, "off") || near_word(after, 40, "boolean")))
		return IK_GUC_BOOL;
	if (after && (near_word(after, 40, "enum") || strstr(after, "one of") != NULL))
		return IK_GUC_ENUM;
	return IK_GUC;
}

bool
re_ident_kind_matches(int have, int want)
{
	if (have == want)
		return true;
	return want == IK_GUC && (have == IK_GUC_ENUM || have == IK_GUC_BOOL || have == IK_GUC_INT ||
							  have == IK_GUC_STRING);
}

/* Is word one of the next maxwords plain words of text (stopping at code, brackets or punctuation)? */
static bool
noun_follows(const char *text, const char *word, int maxwords)
{
	const char *p = text;
	size_t		wl = strlen(word);
	int			w;

	if (text == NULL)
		return false;
	for (w = 0; w < maxwords; w++)
	{
		size_t		n;

		while (*p == ' ')
			p++;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-");
		if (n == 0)
			return false;
		if (n == wl && strncasecmp(p, word, wl) == 0 && p[n] != '(')
			return true;
		p += n;
		if (*p != ' ')
			return false;
	}
	return false;
}

/*
 * `name(…)`: a SQL function (schema-qualified or snake_case, not a method
 * chain), or a table when its parentheses hold column definitions or the
 * text calls it a table or indexes it ("`t(version TEXT PRIMARY KEY)`
 * table", "indexes on `t(col)`"). Returns IK__COUNT when s is not call-shaped.
 */
static ReIdentKind
classify_call(ReArena *a, char *s, const char *bctx, const char *after, char **normalised)
{
	char	   *paren = strchr(s, '(');
	const char *close;
	size_t		k,
				i;

	if (!(paren && paren > s && paren[-1] != '!' && strcspn(s, " ") > (size_t) (paren - s)))
		return IK__COUNT;
	k = (size_t) (paren - s);
	close = strrchr(paren, ')');
	for (i = 0; i < k; i++)
		if (!(isalnum((unsigned char) s[i]) || s[i] == '_' || s[i] == '.'))
			return IK_OTHER;
	/* "units().find()" is a method chain, ".unwrap()" a method: neither is a SQL function */
	if (close == NULL || strchr(paren + 1, '(') || strspn(close + 1, " ") != strlen(close + 1) ||
		s[0] == '.' || s[k - 1] == '.' || strstr(s, "..") != NULL)
		return IK_OTHER;
	/* a SQL API name is schema-qualified or snake_case ("unwrap()" is not) */
	if (memchr(s, '.', k) == NULL && memchr(s, '_', k) == NULL)
		return IK_OTHER;
	{
		char	   *args = re_strndup(a, paren + 1, (size_t) (close - paren - 1));

		if (near_word(args, strlen(args), "primary") || near_word(args, strlen(args), "references") ||
			noun_follows(after, "table", 3) || noun_follows(after, "view", 3) ||
			near_word(bctx, 40, "index") || near_word(bctx, 40, "indexes") || near_word(bctx, 40, "FK"))
		{
			*normalised = re_strndup(a, s, k);
			return IK_TABLE;
		}
	}
	*normalised = re_sprintf(a, "%.*s()", (int) k, s);
	return IK_FUNCTION;
}

/* SQL syntax: at least two upper-case words, "CREATE STREAM TABLE x AS SELECT" -> leading words; else IK__COUNT. */
static ReIdentKind
classify_syntax(ReArena *a, const char *s, char **normalised)
{
	size_t		n = strlen(s),
				k = 0,
				words = 0,
				end = 0;

	if (!strchr(s, ' ') || !isupper((unsigned char) s[0]))
		return IK__COUNT;
	while (k < n)
	{
		size_t		w0 = k;

		while (k < n && (isupper((unsigned char) s[k]) || s[k] == '_'))
			k++;
		if (k == w0 || (k < n && s[k] != ' '))
			break;
		words++;
		end = k;
		while (k < n && s[k] == ' ')
			k++;
	}
	if (words < 2)
		return IK__COUNT;
	*normalised = re_strndup(a, s, end);
	return IK_SYNTAX;
}

/*
 * "name = value" or "name TYPE": the name is kept (s is cut there). A
 * dotted name set to a value is a setting, typed by its value; "name TYPE"
 * is a column when the text says so. Returns IK__COUNT to go on with the
 * cut name, or IK_OTHER for other spans with spaces.
 */
static ReIdentKind
classify_assignment(char *s, const char *bctx, const char *after)
{
	size_t		k = strcspn(s, " ="),
				n = strlen(s);
	const char *rest;
	bool		setting;

	if (k >= n)
		return IK__COUNT;
	rest = s + k;
	while (*rest == ' ')
		rest++;
	if (!(*rest == '=' || is_sql_type(rest, strcspn(rest, " ,)[]"))))
		return IK_OTHER;
	setting = *rest == '=';
	s[k] = '\0';
	if (!setting && !strchr(s, '.'))
		return near_word(after, 12, "column") || near_word(bctx, 25, "column") ? IK_COLUMN : IK_NAME;
	if (setting && strchr(s, '.'))
		return re_guc_kind(s, rest + 1, after);
	if (!setting && (near_word(after, 60, "GUC") || near_word(after, 60, "setting") || near_word(bctx, 40, "GUC")))
		return re_guc_kind(s, rest, after);
	return IK__COUNT;
}

/* A bare word or dotted name: a setting or relation by the words around it, a type, a constant, a column. */
static ReIdentKind
classify_word(const char *s, const char *bctx, const char *after)
{
	size_t		n = strlen(s),
				i;
	bool		upper = true,
				lower = true;

	for (i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (!(isalnum(c) || c == '_' || c == '.'))
			return IK_OTHER;
		if (islower(c))
			upper = false;
		if (isupper(c))
			lower = false;
	}
	if (strchr(s, '.'))
	{
		/* a setting or a relation: the words around it decide */
		if (near_word(after, 60, "GUC") || near_word(after, 60, "setting") || near_word(bctx, 40, "GUC") ||
			near_word(bctx, 40, "setting"))
			return re_guc_kind(s, NULL, after);
		if (near_word(after, 40, "table") || near_word(after, 40, "view") || near_word(after, 40, "catalog") ||
			near_word(bctx, 40, "table") || near_word(bctx, 40, "catalog") || near_word(bctx, 40, "view") ||
			near_word(bctx, 40, "column") || near_word(bctx, 40, "columns"))
			return IK_TABLE;
		/* nothing says which: not claimed as a setting */
		return IK_NAME;
	}
	if (upper && strchr(s, '_'))
		return IK_CONST;
	if (isupper((unsigned char) s[0]) && !upper)
	{
		for (i = 1; i < n; i++)
			if (isupper((unsigned char) s[i]))
				return IK_TYPE;
		/* "`Sink` trait": one capitalised word the text calls a type */
		if (noun_follows(after, "trait", 1) || noun_follows(after, "type", 1) || noun_follows(after, "struct", 1) ||
			noun_follows(after, "interface", 1) || noun_follows(after, "class", 1))
			return IK_TYPE;
		return IK_OTHER;
	}
	if (lower && (near_word(after, 12, "column") || (strchr(s, '_') && near_word(bctx, 25, "column"))))
		return IK_COLUMN;		/* "add `codec` column", "columns `a_b`" */
	if (lower && strchr(s, '_'))
		return IK_NAME;
	return IK_OTHER;
}

ReIdentKind
re_classify_ident(ReArena *a, const char *span, const char *before, const char *after, char **normalised)
{
	char	   *s = re_trim(a, span);
	size_t		before_n = before ? strlen(before) : 0;
	const char *bctx = before ? before + (before_n > 40 ? before_n - 40 : 0) : NULL;
	ReIdentKind k;

	*normalised = s;
	if (s[0] == '\0')
		return IK_OTHER;
	if (strncmp(s, "--", 2) == 0 && isalpha((unsigned char) s[2]))
	{
		s[strcspn(s, " =")] = '\0';
		return IK_FLAG;
	}
	if ((k = classify_call(a, s, bctx, after, normalised)) != IK__COUNT)
		return k;
	if (strchr(s, '/') || has_ext(s))
	{
		s[strcspn(s, ": ")] = '\0';
		return IK_PATH;
	}
	if ((k = classify_syntax(a, s, normalised)) != IK__COUNT)
		return k;
	if ((k = classify_assignment(s, bctx, after)) != IK__COUNT)
		return k;
	return classify_word(s, bctx, after);
}

static void
add_ident(ReFeature *f, char *text, ReIdentKind kind, bool in_title, bool added)
{
	int			i;

	if (kind == IK_OTHER || f->nids >= RE_MAX_IDENTS)
		return;
	for (i = 0; i < f->nids; i++)
		if (strcmp(f->ids[i].text, text) == 0)
		{
			/* a later, clearer context (column, setting, a setting's value) refines a plain name */
			if ((f->ids[i].kind == IK_NAME && kind != IK_NAME) ||
				(f->ids[i].kind == IK_GUC && kind != IK_GUC && re_ident_kind_matches(kind, IK_GUC)))
				f->ids[i].kind = kind;
			f->ids[i].added |= added;
			return;
		}
	f->ids[f->nids].text = text;
	f->ids[f->nids].kind = kind;
	f->ids[f->nids].in_title = in_title;
	f->ids[f->nids].added = added;
	f->nids++;
}

/* Is [s, e) only a list joiner (" and ", ", ", ", and ", " or ", " / ")? */
static bool
joins_list(const char *s, const char *e)
{
	static const char *const joiners[] = {" and ", ", ", ", and ", " or ", ", or ", " / ", " + ", NULL};
	int			i;

	for (i = 0; joiners[i]; i++)
		if ((size_t) (e - s) == strlen(joiners[i]) && strncmp(s, joiners[i], (size_t) (e - s)) == 0)
			return true;
	return false;
}

static void
scan_idents(ReArena *a, ReFeature *f, const char *text, bool in_title)
{
	const char *p = text,
			   *prev_close = NULL;
	bool		prev_added = false;

	while (p && (p = strchr(p, '`')) != NULL)
	{
		const char *close;
		size_t		ticks = 1;
		char	   *span,
				   *norm;
		ReIdentKind k;

		while (p[ticks] == '`')
			ticks++;
		if (ticks > 1)
		{
			/* ``x`` spans are rare in titles: skip the marker */
			p += ticks;
			continue;
		}
		close = strchr(p + 1, '`');
		if (close == NULL)
			break;
		span = re_strndup(a, p + 1, (size_t) (close - p - 1));
		{
			char	   *before = re_strndup(a, text, (size_t) (p - text));
			size_t		bn = strlen(before);
			const char *b40 = before + (bn > 40 ? bn - 40 : 0);
			static const char *const adds[] = {"add", "adds", "new", "expose", "exposes", "introduce", "provide",
			"via", "adding", "behind", "gate", "gated", NULL};
			int			w;
			bool		added = in_title;

			k = re_classify_ident(a, span, before, close + 1, &norm);
			for (w = 0; adds[w] && !added; w++)
				added = near_word(b40, 40, adds[w]);
			/* "`x` (new GUC, default 5000 ms)": the parenthesis says the item adds it */
			if (!added)
			{
				const char *q = close + 1;

				while (*q == ' ')
					q++;
				added = *q == '(' && (strncasecmp(q + 1, "new ", 4) == 0 || strncasecmp(q + 1, "a new ", 6) == 0);
			}
			/* "Add `a(…)` and `b(…)`": a span listed right after an added one is added too */
			if (!added && prev_close && joins_list(prev_close + 1, p))
				added = prev_added;
			/* an unqualified pg_* function is PostgreSQL's own: the feature uses it, it does not add it */
			if (k == IK_FUNCTION && !in_title && strncmp(norm, "pg_", 3) == 0)
				added = false;
			add_ident(f, norm, k, in_title, added);
			prev_added = added;
		}
		prev_close = close;
		p = close + 1;
	}
}

/* Leading verbs a title starts with; the noun phrase after them names the feature. */
static const char *const lead_verbs[] = {
	"add", "construct", "implement", "support", "introduce", "build", "create", "define", "make", "enable",
	"expose", "split", "replace", "verify", "wire", "ship", "document", "extend", "remove", "eliminate", "fix",
	"track", "harden", "elevate", "emit", "change", "resolve", "validate", "rename", "batch", "automate", NULL
};

/* Words that end a noun phrase. */
static const char *const stop_words[] = {
	"on", "for", "in", "to", "with", "of", "via", "from", "into", "at", "by", "and", "or", "—", "-", "\xE2\x86\x92", NULL
};

static bool
in_list(const char *w, const char *const *list)
{
	return re_word_in(w, strlen(w), list);
}

/*
 * The feature's short name: the first run of plain words of the title
 * (after a leading verb, before ":" or a preposition, without code spans or
 * parentheses), at most its last three words.
 */
static char *
short_name(ReArena *a, const char *title)
{
	char	   *t = re_strdup(a, title);
	char	   *words[48];
	int			nw = 0,
				i,
				start = -1,
				end = -1;
	char	   *save = NULL,
			   *w;
	ReBuf		b;
	char	   *out;

	t[strcspn(t, ":")] = '\0';
	for (w = strtok_r(t, " ", &save); w && nw < 48; w = strtok_r(NULL, " ", &save))
		words[nw++] = w;
	for (i = 0; i < nw; i++)
	{
		bool		stop = strchr(words[i], '`') || strchr(words[i], '(') || strchr(words[i], ')') ||
			in_list(words[i], stop_words) || (i == 0 && nw > 1 && in_list(words[i], lead_verbs));

		if (!stop && start < 0)
			start = i;
		if (stop && start >= 0)
		{
			end = i;
			break;
		}
	}
	if (start < 0)
		return re_strdup(a, "");
	if (end < 0)
		end = nw;
	if (end - start > 3)
		start = end - 3;
	re_buf_init(&b);
	for (i = start; i < end; i++)
		re_buf_printf(&b, "%s%s", i > start ? " " : "", words[i]);
	out = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	if (out[0] && isupper((unsigned char) out[0]) && islower((unsigned char) out[1]))
		out[0] = (char) tolower((unsigned char) out[0]);
	return out;
}

/*
 * The kinds' compiled patterns, kept between re_feature_memo_begin() and
 * _end() (around re_propose): every feature of the target is matched
 * against every kind, and compiling the same patterns again for each was
 * most of the matching's time (docs/performance.md). A pattern is found by
 * its address and recognised by its bytes (a copy is kept); results are
 * the same without the memo.
 */
typedef struct
{
	const char *ptr;
	char	   *copy;
	pcre2_code *re;
} KindMemo;

static KindMemo kind_memo[RE_MAX_KINDS];
static int	kind_memo_n = -1;		/* -1: no memo */
static bool kind_memo_jit;

void
re_feature_memo_begin(bool jit)
{
	re_feature_memo_end();
	kind_memo_n = 0;
	kind_memo_jit = jit;
}

void
re_feature_memo_end(void)
{
	int			i;

	for (i = 0; i < kind_memo_n; i++)
	{
		pcre2_code_free(kind_memo[i].re);
		free(kind_memo[i].copy);
	}
	kind_memo_n = -1;
}

/* The memo's compiled pattern of kd, or NULL. */
static pcre2_code *
memo_kind(const ReKindDef *kd)
{
	int			i;

	for (i = 0; i < kind_memo_n; i++)
		if (kind_memo[i].ptr == kd->pattern && strcmp(kind_memo[i].copy, kd->pattern) == 0)
			return kind_memo[i].re;
	return NULL;
}

/* Compile a kind's pattern; NULL with err set when it does not compile. Release it with release_kind. */
static pcre2_code *
compile_kind(const ReKindDef *kd, char *err, size_t errlen)
{
	int			ec;
	PCRE2_SIZE	eo;
	pcre2_code *re = memo_kind(kd);

	if (re)
		return re;
	re = pcre2_compile((PCRE2_SPTR) kd->pattern, PCRE2_ZERO_TERMINATED,
					   PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &eo, NULL);
	if (re == NULL && err)
	{
		PCRE2_UCHAR msg[200];

		pcre2_get_error_message(ec, msg, sizeof(msg));
		snprintf(err, errlen, "feature kind \"%s\": pattern at offset %zu: %s", kd->kind, (size_t) eo, (char *) msg);
	}
	if (re && kind_memo_n >= 0 && kind_memo_n < RE_MAX_KINDS)
	{
		char	   *copy = strdup(kd->pattern);

		if (copy)
		{
			/* compiled to machine code once per enrich: every planned item is matched against it */
			if (kind_memo_jit)
				(void) pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
			kind_memo[kind_memo_n].ptr = kd->pattern;
			kind_memo[kind_memo_n].copy = copy;
			kind_memo[kind_memo_n].re = re;
			kind_memo_n++;
		}
	}
	return re;
}

/* Free a pattern compile_kind returned, unless the memo keeps it. */
static void
release_kind(pcre2_code *re)
{
	int			i;

	for (i = 0; i < kind_memo_n; i++)
		if (kind_memo[i].re == re)
			return;
	pcre2_code_free(re);
}

static void sentence_bounds(const char *text, int from, int at, int *s, int *e);

/* Offset of the first match of re in text at or after from, or -1. */
static int
match_from(pcre2_code *re, const char *text, int from)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int			at = -1,
				rc;
	size_t		n = strlen(text);

	if (md == NULL || from < 0 || (size_t) from > n)
	{
		if (md)
			pcre2_match_data_free(md);
		return -1;
	}
	rc = pcre2_match(re, (PCRE2_SPTR) text, n, (PCRE2_SIZE) from, 0, md, NULL);
	/* the machine code's stack is bounded: the interpreter answers what it cannot */
	if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
		rc = pcre2_match(re, (PCRE2_SPTR) text, n, (PCRE2_SIZE) from, PCRE2_NO_JIT, md, NULL);
	if (rc >= 0)
		at = (int) pcre2_get_ovector_pointer(md)[0];
	pcre2_match_data_free(md);
	return at;
}

static int
match_at(pcre2_code *re, const char *text)
{
	return match_from(re, text, 0);
}

/*
 * A function or setting is the feature's own only when the title names it
 * or the text adds it; a fix that mentions `x.mode = on` is not about x.
 */
static bool
needs_added(int kind)
{
	return kind == IK_FUNCTION || re_ident_kind_matches(kind, IK_GUC);
}

/* Base name of a function or relation: no schema, no "()". */
static size_t
base_of(const char *s, const char **base)
{
	const char *b = last_part(s);
	size_t		n = strlen(b);

	if (n > 2 && strcmp(b + n - 2, "()") == 0)
		n -= 2;
	*base = b;
	return n;
}

/*
 * Settle what the feature names once all spans are read: a "function"
 * whose name is a relation the text calls a table is that table; a title's
 * short function name (`alter_x()`) stands for the text's full one
 * (`schema.bulk_alter_x()`) when the text adds it.
 */
/*
 * An unqualified `name()` that the item never shows schema-qualified, in an
 * item about source files or SPI queries, is the project's internal code,
 * not a SQL function it exposes.
 */
static bool
internal_function(const ReFeature *f, int i, const char *text)
{
	const char *bi,
			   *bj;
	size_t		ni = base_of(f->ids[i].text, &bi),
				nj;
	bool		code = near_word(text, strlen(text), "SPI");
	int			j;

	if (strchr(f->ids[i].text, '.'))
		return false;
	for (j = 0; j < f->nids; j++)
	{
		if (f->ids[j].kind == IK_PATH)
			code = true;
		nj = base_of(f->ids[j].text, &bj);
		if (j != i && f->ids[j].kind == IK_FUNCTION && strchr(f->ids[j].text, '.') && nj == ni &&
			strncmp(bi, bj, ni) == 0)
			return false;
	}
	return code;
}

static void
settle_idents(ReFeature *f, const char *text)
{
	int			i,
				j;

	for (i = 0; i < f->nids; i++)
	{
		const char *bi,
				   *bj;
		size_t		ni,
					nj;

		if (f->ids[i].kind != IK_FUNCTION)
			continue;
		if (internal_function(f, i, text))
		{
			f->ids[i].kind = IK_NAME;
			continue;
		}
		ni = base_of(f->ids[i].text, &bi);
		for (j = 0; j < f->nids; j++)
		{
			if (j == i)
				continue;
			nj = base_of(f->ids[j].text, &bj);
			if (f->ids[j].kind == IK_TABLE && ni == nj && strncmp(bi, bj, ni) == 0)
			{
				f->ids[i].kind = IK_TABLE;
				f->ids[i].text[strlen(f->ids[i].text) - 2] = '\0';
				break;
			}
			if (f->ids[i].in_title && f->ids[j].kind == IK_FUNCTION && !f->ids[j].in_title && f->ids[j].added &&
				nj > ni && strncmp(bj + nj - ni, bi, ni) == 0 && (bj[nj - ni - 1] == '_' || bj[nj - ni - 1] == '.'))
			{
				f->ids[i].text = f->ids[j].text;
				break;
			}
		}
	}
}

/*
 * Where the section text says the feature is of a kind: the first match in
 * a sentence that says what the item adds ("Add …", "Introduce …"), else
 * the first match; -1 when the section text has none.
 */
static int
best_match(pcre2_code *re, const ReFeature *f)
{
	static const char *const adds[] = {"add", "adds", "introduce", "introduces", "construct", "define", "expose",
	"implement", "gate", NULL};
	int			first = match_from(re, f->text, f->desc_at),
				at = first,
				tries = 0;

	while (at >= 0 && tries++ < 8)
	{
		int			s,
					e,
					w;

		sentence_bounds(f->text, f->desc_at, at, &s, &e);
		for (w = 0; adds[w]; w++)
			if (near_word(f->text + s, (size_t) (e - s), adds[w]))
				return at;
		at = e < (int) strlen(f->text) ? match_from(re, f->text, e) : -1;
	}
	return first;
}

/* Which kinds the feature has, and where in f->text each pattern matched. */
static int
match_kinds(ReFeature *f, const ReKindDef *kinds, int nkinds, char *err, size_t errlen)
{
	int			k,
				i;

	for (k = 0; k < nkinds && k < RE_MAX_KINDS; k++)
	{
		bool		hit = false;
		int			ik = re_ident_kind_from_name(kinds[k].ident_kind);

		f->kind_at[k] = -1;
		/* an identifier kind and a pattern: both must hold */
		if (ik >= 0)
			for (i = 0; i < f->nids; i++)
				if (re_ident_kind_matches((int) f->ids[i].kind, ik) && (f->ids[i].added || !needs_added(ik)))
					hit = true;
		if ((hit || ik < 0) && kinds[k].pattern && *kinds[k].pattern)
		{
			pcre2_code *re = compile_kind(&kinds[k], err, errlen);

			if (re == NULL)
				return -1;
			/*
			 * where the section text says it, else where the title does; a
			 * pattern anchored with ^ is about the title alone
			 */
			f->kind_at[k] = kinds[k].pattern[0] == '^' ? match_at(re, f->title) : best_match(re, f);
			if (f->kind_at[k] < 0 && kinds[k].pattern[0] != '^')
				f->kind_at[k] = match_at(re, f->text);
			hit = f->kind_at[k] >= 0;
			release_kind(re);
		}
		if (hit)
			RE_KIND_SET(f, k);
	}
	return 0;
}

/*
 * The feature is its exclusive kind k only, plus the identifier-only kinds
 * (no pattern) of an identifier its text adds outside the title: a test item
 * whose text declares "`x.timeout_ms` (new GUC, …)" still adds that setting,
 * while the function a test's title names is the one it tests, not one it adds.
 */
static void
keep_only(ReFeature *f, int k, const ReKindDef *kinds, int nkinds)
{
	unsigned long long keep[RE_MAX_KINDS / 64];
	int			kk,
				i;

	memset(keep, 0, sizeof(keep));
	keep[k / 64] |= RE_KIND_BIT(k);
	for (kk = 0; kk < nkinds && kk < RE_MAX_KINDS; kk++)
	{
		int			ik = re_ident_kind_from_name(kinds[kk].ident_kind);

		if (!RE_KIND_HAS(f, kk) || kinds[kk].pattern || ik < 0)
			continue;
		for (i = 0; i < f->nids; i++)
			if (!f->ids[i].in_title && f->ids[i].added && re_ident_kind_matches((int) f->ids[i].kind, ik))
				keep[kk / 64] |= RE_KIND_BIT(kk);
	}
	memcpy(f->kinds, keep, sizeof(keep));
}

int
re_feature_extract(ReArena *a, const char *item_id, const char *title, const char *description,
				   const char *priority, const ReKindDef *kinds, int nkinds, ReFeature *out,
				   char *err, size_t errlen)
{
	int			k;

	RE_CHECK_INTERRUPTS();
	memset(out, 0, sizeof(*out));
	out->item_id = item_id;
	out->priority = priority;
	out->title = re_bold_lead(a, title ? title : "");
	if (out->title[0] == '\0')
		out->title = re_strdup(a, item_id);
	out->short_name = short_name(a, out->title);
	scan_idents(a, out, out->title, true);
	/* the rest of a long cell, then the section text */
	if (title && strlen(title) > strlen(out->title) + 8)
		scan_idents(a, out, title, false);
	if (description)
		scan_idents(a, out, description, false);
	out->text = re_sprintf(a, "%s %s", title ? title : "", description ? description : "");
	settle_idents(out, out->text);
	out->desc_at = (int) strlen(title ? title : "") + 1;
	if (match_kinds(out, kinds, nkinds, err, errlen) != 0)
		return -1;
	/* an exclusive kind the title itself states is all the feature is (a tutorial is docs) */
	for (k = 0; k < nkinds && k < RE_MAX_KINDS; k++)
		if (kinds[k].exclusive && RE_KIND_HAS(out, k) && kinds[k].pattern)
		{
			pcre2_code *re = compile_kind(&kinds[k], NULL, 0);
			bool		in_title = re && match_at(re, out->title) >= 0;

			if (re)
				release_kind(re);
			if (in_title)
			{
				keep_only(out, k, kinds, nkinds);
				break;
			}
		}
	return 0;
}

int
re_feature_own_text(ReArena *a, ReFeature *f, const ReKindDef *kinds, int nkinds, char *err, size_t errlen)
{
	int			k;

	if (f->notes_at <= 0 || f->text == NULL)
		return 0;
	for (k = 0; k < nkinds && k < RE_MAX_KINDS; k++)
	{
		pcre2_code *re;
		char	   *own;

		if (!kinds[k].own_text || !RE_KIND_HAS(f, k) || f->kind_at[k] < f->notes_at || !kinds[k].pattern)
			continue;
		if ((re = compile_kind(&kinds[k], err, errlen)) == NULL)
			return -1;
		/* the title and description alone: a match there is the item's own */
		own = re_strndup(a, f->text, (size_t) f->notes_at);
		f->kind_at[k] = match_at(re, own);
		release_kind(re);
		if (f->kind_at[k] < 0)
			f->kinds[k / 64] &= ~RE_KIND_BIT(k);
	}
	return 0;
}

const ReIdent *
re_feature_ident(const ReFeature *f, int kind)
{
	int			i,
				pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < f->nids; i++)
			if (re_ident_kind_matches((int) f->ids[i].kind, kind) && f->ids[i].in_title == (pass == 0) &&
				(f->ids[i].added || !needs_added(kind)))
				return &f->ids[i];
	return NULL;
}

const ReIdent *
re_feature_primary(const ReFeature *f)
{
	static const ReIdentKind order[] = {IK_FUNCTION, IK_GUC, IK_SYNTAX, IK_COLUMN, IK_TABLE, IK_TYPE, IK_CONST};
	int			i,
				k;

	/*
	 * An identifier in the title names the feature; from the text only a
	 * function or setting it adds (other names there may be incidental).
	 */
	for (k = 0; k < (int) (sizeof(order) / sizeof(order[0])); k++)
		for (i = 0; i < f->nids; i++)
			if (re_ident_kind_matches((int) f->ids[i].kind, order[k]) && f->ids[i].in_title)
				return &f->ids[i];
	for (k = 0; k < 2; k++)
		for (i = 0; i < f->nids; i++)
			if (re_ident_kind_matches((int) f->ids[i].kind, order[k]) && (f->ids[i].added || !needs_added(order[k])))
				return &f->ids[i];
	return NULL;
}

/* Bounds of the sentence of text around at: [*s, *e). Sentences end at ". " + capital/code/quote outside code spans. */
static void
sentence_bounds(const char *text, int from, int at, int *s, int *e)
{
	int			i,
				start = from,
				n = (int) strlen(text);
	bool		code = false;

	for (i = from; i < n; i++)
	{
		bool		end;

		if (text[i] == '`')
			code = !code;
		end = !code && ((strchr(".!?", text[i]) && (text[i + 1] == ' ' || text[i + 1] == '\n') &&
						 (isupper((unsigned char) text[i + 2]) || text[i + 2] == '`' || text[i + 2] == '"' ||
						  text[i + 2] == '*')) || (text[i] == '\n' && text[i + 1] == '\n'));
		if (end || i + 1 == n)
		{
			if (at < 0 || at <= i)
			{
				*s = start;
				*e = text[i] == '\n' ? i : i + 1;
				return;
			}
			start = i + 2;
		}
	}
	*s = start < n ? start : n;
	*e = n;
}

static char *squeeze(ReArena *a, const char *s, size_t n);

/* Is text[s, e) of f a sentence its title cell holds after the lead (same words, spacing aside)? */
static bool
in_title_tail(ReArena *a, const ReFeature *f, int s, int e)
{
	int			tail = re_feature_tail_at(f);
	char	   *title,
			   *sent;

	if (tail < 0 || e <= s)
		return false;
	title = squeeze(a, f->text + tail, (size_t) (f->desc_at - 1 - tail));
	sent = squeeze(a, f->text + s, (size_t) (e - s));
	while (*sent == ' ')
		sent++;
	return *sent != '\0' && strstr(title, sent) != NULL;
}

int
re_feature_tail_at(const ReFeature *f)
{
	int			s,
				e;

	if (f->text == NULL || f->desc_at < 2)
		return -1;
	/* the cell's first sentence is its lead; the next starts two bytes after its end */
	sentence_bounds(f->text, 0, 0, &s, &e);
	return e + 2 < f->desc_at - 1 ? e + 1 : -1;
}

char *
re_feature_sentence(ReArena *a, const ReFeature *f, int at, size_t cap)
{
	int			s,
				e,
				from = f->desc_at,
				tail = re_feature_tail_at(f),
				rel;
	char	   *o,
			   *colon;
	size_t		n,
				i,
				skip;

	if (f->text != NULL && tail >= 0 && at >= tail && at < f->desc_at - 1)
	{
		/* a match in the title cell's text after its lead: that sentence, never past the cell */
		sentence_bounds(f->text, tail, at, &s, &e);
		if (e > f->desc_at - 1)
			e = f->desc_at - 1;
	}
	else if (f->text == NULL || from >= (int) strlen(f->text))
		return NULL;			/* no section text */
	else
		sentence_bounds(f->text, from, at >= from ? at : -1, &s, &e);
	/*
	 * notes from the release section are read, not quoted: a quote cites the
	 * item's own catalog text; a note that repeats the title cell's tail
	 * (a "**Lead.** rest" row) is that text
	 */
	if (f->notes_at > 0 && (at >= f->notes_at || s >= f->notes_at) && !in_title_tail(a, f, s, e))
		return NULL;
	rel = at >= s && at < e ? at - s : -1;	/* where the kind matched, in the sentence */
	o = re_strndup(a, f->text + s, (size_t) (e - s));
	for (i = 0; o[i]; i++)
		if (o[i] == '\n' || o[i] == '\t')
			o[i] = ' ';
	for (skip = 0; o[skip] == ' '; skip++)
		;
	/* a leading label ("Fix:", "In short:") of up to four words is not the feature's text; "(default: 30 days)" is */
	colon = strchr(o + skip, ':');
	if (colon && colon - (o + skip) < 30 && colon[1] == ' ' && memchr(o + skip, '`', (size_t) (colon - o - skip)) == NULL &&
		memchr(o + skip, '(', (size_t) (colon - o - skip)) == NULL)
	{
		int			words = 1;
		const char *q;

		for (q = o + skip; q < colon; q++)
			words += *q == ' ';
		if (words <= 4)
			for (skip = (size_t) (colon + 1 - o); o[skip] == ' '; skip++)
				;
	}
	o += skip;
	rel = rel < 0 ? -1 : rel < (int) skip ? 0 : rel - (int) skip;
	n = strlen(o);
	while (n > 0 && (o[n - 1] == '.' || o[n - 1] == ' '))
		o[--n] = '\0';
	if (rel >= (int) n)
		rel = n > 0 ? (int) n - 1 : -1;
	/* too long: whole clauses around where it matched (describe.c), else no quote */
	return n > cap ? re_clause_cut(a, o, rel, cap) : o;
}

/* Is item_id at p a whole token (not CDC-1 inside CDC-10 or XCDC-1)? */
static bool
id_at(const char *start, const char *p, const char *item_id)
{
	size_t		n = strlen(item_id);
	char		c = p[n];

	if (p > start && (isalnum((unsigned char) p[-1]) || p[-1] == '-' || p[-1] == '_'))
		return false;
	return !(isalnum((unsigned char) c) || c == '_' || (c == '-' && isalnum((unsigned char) p[n + 1])));
}

/* Whitespace runs as one space, "**" dropped, trimmed. */
static char *
squeeze(ReArena *a, const char *s, size_t n)
{
	char	   *out = re_alloc(a, n + 1);
	size_t		o = 0,
				i;

	for (i = 0; i < n; i++)
	{
		if (s[i] == '*' && i + 1 < n && s[i + 1] == '*')
		{
			i++;
			continue;
		}
		/* a blockquote's marks */
		if (s[i] == '>' && (i == 0 || s[i - 1] == '\n' || (s[i - 1] == ' ' && i >= 2 && s[i - 2] == '\n')))
			continue;
		if (isspace((unsigned char) s[i]))
		{
			if (o > 0 && out[o - 1] != ' ')
				out[o++] = ' ';
			continue;
		}
		out[o++] = s[i];
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return out;
}

/* Append a paragraph the description does not hold yet (by its first 60 characters). */
static void
add_note(ReArena *a, ReBuf *b, const char *desc, const char *para, size_t n)
{
	char	   *t = squeeze(a, para, n);
	char		key[61];
	const char *p;
	bool		code = false;

	/* the rest of a bold lead line: "— Today …", ": …" */
	while (*t && (strchr(" :.-", *t) || strncmp(t, "\xE2\x80\x94", 3) == 0 || strncmp(t, "\xE2\x80\x93", 3) == 0))
		t += (unsigned char) *t >= 0x80 ? 3 : 1;
	/* a cell cut inside a code span: drop the open span, it would pair with the next note's */
	for (p = t; *p; p++)
		if (*p == '`')
			code = !code;
	if (code)
	{
		*strrchr(t, '`') = '\0';
		code = false;
	}
	if (strlen(t) < 12)
		return;
	snprintf(key, sizeof(key), "%s", t);
	if (strstr(desc, key) || (b->len && strstr(b->data, key)))
		return;
	/* a paragraph of its own, and each clause too: {quote} cites the clause that states the premise */
	re_buf_puts(b, "\n\n");
	for (p = t; *p; p++)
	{
		if (*p == '`')
			code = !code;
		if (!code && p[0] == ';' && p[1] == ' ')
		{
			re_buf_puts(b, "\n\n");
			p++;
			continue;
		}
		re_buf_append(b, p, 1);
	}
}

/* A field line whose value denies it ("Dependencies: None.", "Schema change: No."): no note. */
static bool
is_empty_field(const char *s, const char *next)
{
	const char *colon = memchr(s, ':', (size_t) (next - s));
	const char *v;
	size_t		n;

	if (colon == NULL || colon - s > 40 || !isupper((unsigned char) *s))
		return false;
	for (v = colon + 1; *v == ' '; v++)
		;
	for (n = 0; v + n < next && v[n] != '\n' && v[n] != '\r' && v[n] != '.'; n++)
		;
	return (n == 2 && strncasecmp(v, "no", 2) == 0) || (n == 4 && strncasecmp(v, "none", 4) == 0) ||
		(n == 3 && strncasecmp(v, "n/a", 3) == 0);
}

static bool
is_bullet(const char *s)
{
	return ((s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ') ||
		(isdigit((unsigned char) s[0]) && (s[1] == '.' || (isdigit((unsigned char) s[1]) && s[2] == '.')));
}

static bool
is_checklist(const char *s)
{
	const char *p = s + 1;

	while (*p == ' ')
		p++;
	return p[0] == '[' && p[2] == ']';
}

/* A table row whose first cell is the item's id. */
static bool
row_of(const char *s, const char *next, const char *item_id)
{
	const char *p = s + 1;
	const char *bar;

	while (*p == ' ' || *p == '*' || *p == '~')
		p++;
	bar = memchr(p, '|', (size_t) (next - p));
	return bar && strncmp(p, item_id, strlen(item_id)) == 0 && id_at(p, p, item_id) &&
		strspn(p + strlen(item_id), " *~") == (size_t) (bar - p - strlen(item_id));
}

/*
 * The item's own table row: a cell longer than the title holds (ingest keeps
 * 300 characters of a cell) is a note, cut to the sentences the title lacks.
 */
static void
row_note(ReArena *a, ReBuf *b, const char *dsq, const char *tsq, const char *s, const char *next)
{
	const char *cell = memchr(s + 1, '|', (size_t) (next - s - 1));
	const char *end;
	char	   *t;

	if (cell == NULL)
		return;
	for (end = cell + 1; end < next && *end != '|'; end++)
		if (*end == '\\' && end[1] == '|')
			end++;			/* an escaped bar is part of the cell */
	if (end >= next)
		return;
	t = squeeze(a, cell + 1, (size_t) (end - cell - 1));
	if (strlen(t) <= strlen(tsq) + 8 || strstr(tsq, t))
		return;
	/* what the title lacks, from the start of the sentence the title was cut in */
	if (strlen(tsq) > 40 && strncmp(t, tsq, strlen(tsq) - 4) == 0)
	{
		char	   *cut = t + strlen(tsq) - 4;
		char	   *p;

		char		key[61];

		for (p = cut; p > t + 1 && !(p[-2] == '.' && p[-1] == ' '); p--)
			;
		t = p > t + 1 ? p : t;
		/*
		 * the lead's note holds that sentence's start already (a cell "**Lead.**
		 * rest" cut at 300 characters): go on from the word the title stops in,
		 * or add_note would drop the rest of the cell as held
		 */
		snprintf(key, sizeof(key), "%s", t);
		if (b->len && strstr(b->data, key))
		{
			while (*cut && *cut != ' ')
				cut++;
			t = cut;
		}
	}
	add_note(a, b, dsq, t, strlen(t));
}

/* The planned items of one section, indexed by id: one pass gives every item its notes. */
typedef struct NoteSet
{
	int			n;
	const char *const *ids;
	ReStrMap	map;			/* id -> first item with it */
	int		   *same;			/* next item with the same id, or -1 */
	size_t	   *lens;			/* the distinct id lengths */
	int			nlens;
	ReBuf	   *bufs;
	char	  **dsq;
	int		   *block;			/* items whose bold lead opened the current block */
	int			nblock;
	size_t	   *tail;			/* per item: bytes its title's tail note holds (0: none), until its row is read */
} NoteSet;

/* The items whose id is a whole token at p (at most max of them, into hits). */
static int
ids_at(ReArena *a, NoteSet *ns, const char *start, const char *p, int *hits, int max)
{
	int			k,
				nh = 0;
	char		buf[256];

	if (p > start && (isalnum((unsigned char) p[-1]) || p[-1] == '-' || p[-1] == '_'))
		return 0;
	for (k = 0; k < ns->nlens; k++)
	{
		size_t		len = ns->lens[k];
		char	   *key = len < sizeof(buf) ? buf : re_alloc(a, len + 1);
		int			i;

		if (strnlen(p, len) < len)
			continue;
		memcpy(key, p, len);
		key[len] = '\0';
		for (i = re_strmap_get(&ns->map, key); i >= 0 && nh < max; i = ns->same[i])
			if (id_at(start, p, ns->ids[i]))
				hits[nh++] = i;
	}
	return nh;
}

/* End a chunk: the block's items take it whole; a bullet goes to every other item it names. */
static void
flush_chunks(ReArena *a, NoteSet *ns, const char *chunk, int kind, const char *end)
{
	int			i,
				k;
	char	   *t;
	const char *p;
	int			hits[64];

	if (chunk == NULL || end <= chunk)
		return;
	for (i = 0; i < ns->nblock; i++)
		add_note(a, &ns->bufs[ns->block[i]], ns->dsq[ns->block[i]], chunk, (size_t) (end - chunk));
	if (kind != 2 || is_checklist(chunk))
		return;
	t = re_strndup(a, chunk, (size_t) (end - chunk));
	for (p = t; *p; p++)
	{
		int			nh = ids_at(a, ns, t, p, hits, 64);

		for (k = 0; k < nh; k++)
		{
			for (i = 0; i < ns->nblock && ns->block[i] != hits[k]; i++)
				;
			if (i == ns->nblock)
				add_note(a, &ns->bufs[hits[k]], ns->dsq[hits[k]], chunk, (size_t) (end - chunk));
		}
	}
}

/*
 * Item k's own table row: the rest of its cell. When the whole cell holds
 * the title's tail (ingest keeps 300 bytes of it) and more, it replaces the
 * tail note, whose first 60 bytes would otherwise drop it as a repeat.
 */
static void
item_row_note(ReArena *a, NoteSet *ns, const char *const *titles, int k, const char *s, const char *next)
{
	const char *t = titles[k] ? titles[k] : "";
	ReBuf	   *b = &ns->bufs[k];
	size_t		tail = ns->tail[k];

	if (tail > 0 && b->len == tail)
	{
		char		lead[512];
		size_t		ln = re_bold_lead_buf(t, lead, sizeof(lead));

		b->len = 0;
		b->data[0] = '\0';
		row_note(a, b, ns->dsq[k], squeeze(a, t, strlen(t)), s, next);
		if (b->len == 0)
			add_note(a, b, ns->dsq[k], t + ln, strlen(t) - ln);
	}
	else
		row_note(a, b, ns->dsq[k], squeeze(a, t, strlen(t)), s, next);
	ns->tail[k] = 0;
}

/* The items whose table row this is (its first cell is the id), into hits; their number. */
static int
row_items(ReArena *a, NoteSet *ns, const char *s, const char *next, int *hits)
{
	const char *p = s + 1;
	int			nh,
				i,
				n = 0;

	while (*p == ' ' || *p == '*' || *p == '~')
		p++;
	nh = ids_at(a, ns, p, p, hits, 8);
	for (i = 0; i < nh; i++)
		if (row_of(s, next, ns->ids[hits[i]]))
			hits[n++] = hits[i];
	return n;
}

/* One line of the section through the notes state machine; returns the new chunk start. */
static const char *
note_line(ReArena *a, NoteSet *ns, const char *const *titles, const char *line, const char *next,
		  const char *chunk, int *kind, bool *fence)
{
	const char *s = line;
	int			rows[8],
				nrow,
				i;

	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "```", 3) == 0 || strncmp(s, "~~~", 3) == 0 || *fence)
	{
		if (strncmp(s, "```", 3) == 0 || strncmp(s, "~~~", 3) == 0)
			*fence = !*fence;
		flush_chunks(a, ns, chunk, *kind, line);
		return NULL;
	}
	if (*s == '|' && (nrow = row_items(a, ns, s, next, rows)) > 0)
	{
		flush_chunks(a, ns, chunk, *kind, line);
		ns->nblock = 0;
		for (i = 0; i < nrow; i++)
			item_row_note(a, ns, titles, rows[i], s, next);
		return NULL;
	}
	if (*s == '\n' || *s == '\r' || *s == '\0' || *s == '#' || *s == '|' || strncmp(s, "---", 3) == 0 ||
		is_empty_field(s, next))
	{
		flush_chunks(a, ns, chunk, *kind, line);
		if (*s == '#' || *s == '|' || strncmp(s, "---", 3) == 0)
			ns->nblock = 0;
		return NULL;
	}
	if (strncmp(s, "**", 2) == 0 || is_bullet(s))
	{
		bool		lead = strncmp(s, "**", 2) == 0;
		const char *bold = lead ? strstr(s + 2, "**") : NULL;

		flush_chunks(a, ns, chunk, *kind, line);
		if (lead)
			ns->nblock = ids_at(a, ns, s + 2, s + 2, ns->block, ns->n);
		*kind = lead ? 0 : 2;
		return lead && ns->nblock > 0 && bold && bold < next ? bold + 2 : s;
	}
	if (chunk == NULL)
	{
		*kind = 0;
		return s;
	}
	return chunk;
}

/*
 * Each item's notes in its release's section beyond its catalog description
 * (docs/proposals.md "Features"): the block a bold lead naming the id opens
 * (`**ID** — …`, `**ID — Title.**`) up to the next bold lead, heading, rule
 * or table, without code fences; and each bullet elsewhere in the section
 * that names the id and is no checklist entry (an exit criterion is the
 * plan's own check; a Conflicts & Risks bullet says what could go wrong).
 * Paragraphs the description holds already are left out. out[i] is item i's
 * description with its notes appended. One pass over the section for all
 * items: a scan per item was quadratic (~99 s for a 100,000-item release).
 */
void
re_feature_notes_all(ReArena *a, const char *section, int n, const char *const *ids, const char *const *titles,
					 const char *const *descs, char **out)
{
	NoteSet		ns;
	const char *line,
			   *chunk = NULL;
	int			i,
				k,
				kind = 0;
	long		nlines = 0;
	bool		fence = false;
	char		lead[512];

	memset(&ns, 0, sizeof(ns));
	ns.n = n;
	ns.ids = ids;
	re_strmap_init(&ns.map, a);
	ns.same = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	ns.block = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	ns.bufs = re_alloc(a, sizeof(ReBuf) * (size_t) (n + 1));
	ns.dsq = re_alloc(a, sizeof(char *) * (size_t) (n + 1));
	ns.lens = re_alloc(a, sizeof(size_t) * (size_t) (n + 1));
	ns.tail = re_alloc(a, sizeof(size_t) * (size_t) (n + 1));
	for (i = n - 1; i >= 0; i--)
	{
		const char *d = descs[i] ? descs[i] : "";
		size_t		len = ids[i] ? strlen(ids[i]) : 0;

		re_buf_init(&ns.bufs[i]);
		ns.dsq[i] = squeeze(a, d, strlen(d));
		ns.same[i] = -1;
		if (len == 0 || section == NULL)
			continue;
		ns.same[i] = re_strmap_get(&ns.map, ids[i]);
		re_strmap_put(&ns.map, ids[i], i);
		for (k = 0; k < ns.nlens && ns.lens[k] != len; k++)
			;
		if (k == ns.nlens)
			ns.lens[ns.nlens++] = len;
		/* a cell "**Lead.** rest": the lead is the feature's title, the rest is said about it */
		if (titles[i] && strlen(titles[i]) > re_bold_lead_buf(titles[i], lead, sizeof(lead)) + 8 &&
			strncmp(titles[i], lead, strlen(lead)) == 0)
			add_note(a, &ns.bufs[i], ns.dsq[i], titles[i] + strlen(lead), strlen(titles[i]) - strlen(lead));
		ns.tail[i] = ns.bufs[i].len;
	}
	for (line = section ? section : ""; *line;)
	{
		const char *eol = strchr(line, '\n');
		const char *next = eol ? eol + 1 : line + strlen(line);

		if (++nlines % 4096 == 0)
			RE_CHECK_INTERRUPTS();
		chunk = note_line(a, &ns, titles, line, next, chunk, &kind, &fence);
		line = next;
	}
	flush_chunks(a, &ns, chunk, kind, line);
	for (i = 0; i < n; i++)
	{
		const char *d = descs[i] ? descs[i] : "";

		out[i] = ns.bufs[i].len ? re_sprintf(a, "%s%s", d, ns.bufs[i].data) : re_strdup(a, d);
		re_buf_free(&ns.bufs[i]);
	}
}
