/*
 * feature.c — extract the subject of a planned item: bold lead title,
 * backticked identifiers by kind, and feature kinds matched by the
 * roadmap.feature_kind patterns (data, not code). Nothing here knows any
 * project: the identifier rules are the shapes of SQL, settings, paths and
 * flags, and the kinds come from the catalog.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "feature.h"

#include <ctype.h>
#include <pcre2.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const ident_kind_names[IK__COUNT] = {
	"function", "guc", "table", "column", "path", "flag", "syntax", "type", "const", "name", "other"
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
	int			i;

	for (i = 0; sql_types[i]; i++)
		if (strlen(sql_types[i]) == n && strncasecmp(w, sql_types[i], n) == 0)
			return true;
	return false;
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

ReIdentKind
re_classify_ident(ReArena *a, const char *span, const char *before, const char *after, char **normalised)
{
	char	   *s = re_trim(a, span);
	size_t		n = strlen(s),
				i;
	bool		upper = true,
				lower = true,
				space = false,
				dot = false;
	size_t		before_n = before ? strlen(before) : 0;
	const char *bctx = before ? before + (before_n > 40 ? before_n - 40 : 0) : NULL;

	*normalised = s;
	if (n == 0)
		return IK_OTHER;
	if (strncmp(s, "--", 2) == 0 && isalpha((unsigned char) s[2]))
	{
		s[strcspn(s, " =")] = '\0';
		return IK_FLAG;
	}
	/* a function: name( … ) ; keep "schema.fn()" */
	{
		char	   *paren = strchr(s, '(');

		if (paren && paren > s && paren[-1] != '!' && strcspn(s, " ") > (size_t) (paren - s))
		{
			size_t		k = (size_t) (paren - s);
			bool		ok = true;

			const char *close = strchr(paren, ')');

			for (i = 0; i < k; i++)
				if (!(isalnum((unsigned char) s[i]) || s[i] == '_' || s[i] == '.'))
					ok = false;
			/* "units().find()" is a method chain, not a SQL function */
			if (close == NULL || strspn(close + 1, " ") != strlen(close + 1))
				ok = false;
			/* a SQL API name is schema-qualified or snake_case ("unwrap()" is not) */
			if (memchr(s, '.', k) == NULL && memchr(s, '_', k) == NULL)
				ok = false;
			if (ok)
			{
				*normalised = re_sprintf(a, "%.*s()", (int) k, s);
				return IK_FUNCTION;
			}
			return IK_OTHER;
		}
	}
	if (strchr(s, '/') || has_ext(s))
	{
		s[strcspn(s, ": ")] = '\0';
		return IK_PATH;
	}
	for (i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (islower(c))
			upper = false;
		if (isupper(c))
			lower = false;
		if (c == ' ')
			space = true;
		if (c == '.')
			dot = true;
	}
	/* SQL syntax: at least two upper-case words, "CREATE STREAM TABLE x AS SELECT" -> leading words */
	if (space && isupper((unsigned char) s[0]))
	{
		size_t		k = 0,
					words = 0,
					end = 0;

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
		if (words >= 2)
		{
			*normalised = re_strndup(a, s, end);
			return IK_SYNTAX;
		}
	}
	/* "name = value" or "name TYPE": keep the name */
	{
		size_t		k = strcspn(s, " =");

		if (k < n)
		{
			const char *rest = s + k;

			while (*rest == ' ')
				rest++;
			if (*rest == '=' || is_sql_type(rest, strcspn(rest, " ,)")))
			{
				bool		setting = *rest == '=';

				s[k] = '\0';
				n = k;
				/* "name TYPE" is a column when the text says so, else a plain name */
				if (!setting && !strchr(s, '.'))
					return near_word(after, 25, "column") || near_word(bctx, 25, "column") ? IK_COLUMN : IK_NAME;
				if (setting && strchr(s, '.'))
					return IK_GUC;
			}
			else
				return IK_OTHER;
		}
	}
	for (i = 0; i < n; i++)
		if (!(isalnum((unsigned char) s[i]) || s[i] == '_' || s[i] == '.'))
			return IK_OTHER;
	dot = strchr(s, '.') != NULL;
	if (dot)
	{
		/* a setting or a relation: the words around it decide */
		if (near_word(after, 60, "GUC") || near_word(after, 60, "setting") || near_word(bctx, 40, "GUC") ||
			near_word(bctx, 40, "setting"))
			return IK_GUC;
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
		return IK_OTHER;
	}
	if (lower && strchr(s, '_'))
	{
		if (near_word(after, 25, "column") || near_word(bctx, 25, "column"))
			return IK_COLUMN;
		return IK_NAME;
	}
	return IK_OTHER;
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
			/* a later, clearer context (column, setting) refines a plain name */
			if (f->ids[i].kind == IK_NAME && kind != IK_NAME)
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

static void
scan_idents(ReArena *a, ReFeature *f, const char *text, bool in_title)
{
	const char *p = text;

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
			"via", NULL};
			int			w;
			bool		added = in_title;

			k = re_classify_ident(a, span, before, close + 1, &norm);
			for (w = 0; adds[w] && !added; w++)
				added = near_word(b40, 40, adds[w]);
			add_ident(f, norm, k, in_title, added);
		}
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
	"on", "for", "in", "to", "with", "of", "via", "from", "into", "at", "by", "and", "or", "—", "-", NULL
};

static bool
in_list(const char *w, const char *const *list)
{
	int			i;

	for (i = 0; list[i]; i++)
		if (strcasecmp(w, list[i]) == 0)
			return true;
	return false;
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

static bool
pattern_matches(const char *pattern, const char *text)
{
	int			ec;
	PCRE2_SIZE	eo;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR) pattern, PCRE2_ZERO_TERMINATED,
								   PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &eo, NULL);
	pcre2_match_data *md;
	bool		hit = false;

	if (re == NULL)
		return false;
	md = pcre2_match_data_create_from_pattern(re, NULL);
	if (md)
	{
		hit = pcre2_match(re, (PCRE2_SPTR) text, strlen(text), 0, 0, md, NULL) >= 0;
		pcre2_match_data_free(md);
	}
	pcre2_code_free(re);
	return hit;
}

int
re_feature_extract(ReArena *a, const char *item_id, const char *title, const char *description,
				   const char *priority, const ReKindDef *kinds, int nkinds, ReFeature *out,
				   char *err, size_t errlen)
{
	char	   *text;
	int			k,
				i;

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
	text = re_sprintf(a, "%s %s", title ? title : "", description ? description : "");
	for (k = 0; k < nkinds && k < RE_MAX_KINDS; k++)
	{
		bool		hit = false;
		int			ik = re_ident_kind_from_name(kinds[k].ident_kind);

		/* an identifier kind and a pattern: both must hold */
		if (ik >= 0)
			for (i = 0; i < out->nids; i++)
				if ((int) out->ids[i].kind == ik && (out->ids[i].added || ik != IK_FUNCTION))
					hit = true;
		if ((hit || ik < 0) && kinds[k].pattern && *kinds[k].pattern)
		{
			int			ec;
			PCRE2_SIZE	eo;
			pcre2_code *re = pcre2_compile((PCRE2_SPTR) kinds[k].pattern, PCRE2_ZERO_TERMINATED,
										   PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &eo, NULL);
			pcre2_match_data *md;

			if (re == NULL)
			{
				PCRE2_UCHAR msg[200];

				pcre2_get_error_message(ec, msg, sizeof(msg));
				snprintf(err, errlen, "feature kind \"%s\": pattern at offset %zu: %s", kinds[k].kind,
						 (size_t) eo, (char *) msg);
				return -1;
			}
			md = pcre2_match_data_create_from_pattern(re, NULL);
			hit = false;
			if (md)
			{
				hit = pcre2_match(re, (PCRE2_SPTR) text, strlen(text), 0, 0, md, NULL) >= 0;
				pcre2_match_data_free(md);
			}
			pcre2_code_free(re);
		}
		if (hit)
			out->kinds |= 1u << k;
	}
	/* an exclusive kind the title itself states is all the feature is (a tutorial is docs) */
	for (k = 0; k < nkinds && k < RE_MAX_KINDS; k++)
		if (kinds[k].exclusive && (out->kinds & (1u << k)) && kinds[k].pattern &&
			pattern_matches(kinds[k].pattern, out->title))
		{
			out->kinds = 1u << k;
			break;
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
			if ((int) f->ids[i].kind == kind && f->ids[i].in_title == (pass == 0) &&
				(f->ids[i].added || kind != IK_FUNCTION))
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
			if (f->ids[i].kind == order[k] && f->ids[i].in_title)
				return &f->ids[i];
	for (k = 0; k < 2; k++)
		for (i = 0; i < f->nids; i++)
			if (f->ids[i].kind == order[k] && (f->ids[i].added || order[k] != IK_FUNCTION))
				return &f->ids[i];
	return NULL;
}
