/*
 * docslist.c — enumerate the settings and SQL functions a release's
 * planned items name that the docs tree never mentions (docslist.h).
 */
#include "docslist.h"
#include "lens.h"
#include "claim.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

int
re_docs_list_want(const ReLensDef *l)
{
	int			k = l->ident_kind ? re_ident_kind_from_name(l->ident_kind) : -1;

	return k == IK_FUNCTION ? IK_FUNCTION : k >= 0 && re_ident_kind_matches(k, IK_GUC) ? IK_GUC : -1;
}

bool
re_docs_list_lens(const ReLensDef *l)
{
	return l->per_release && l->trigger && strcmp(l->trigger, "not_in_docs") == 0 && re_docs_list_want(l) >= 0;
}

static bool
name_char(char c)
{
	return isalnum((unsigned char) c) || c == '_';
}

/* Does hay contain word as a whole word ('_' and '.' are word characters: "x_y" is not "y")? */
static bool
has_word(const char *hay, const char *word)
{
	size_t		n = strlen(word);
	const char *p;

	if (n == 0 || hay == NULL)
		return false;
	for (p = hay; (p = strstr(p, word)) != NULL; p++)
		if ((p == hay || !(name_char(p[-1]) || p[-1] == '.')) && !name_char(p[n]))
			return true;
	return false;
}

/* The part after the last '.', without "()". */
static char *
base_name(ReArena *a, const char *name)
{
	const char *dot = strrchr(name, '.');
	const char *b = dot ? dot + 1 : name;
	size_t		n = strlen(b);

	if (n > 2 && strcmp(b + n - 2, "()") == 0)
		n -= 2;
	return re_strndup(a, b, n);
}

static bool
snake_name(const char *s, size_t n)
{
	size_t		i;
	bool		under = false;

	if (n < 3 || !islower((unsigned char) s[0]))
		return false;
	for (i = 0; i < n; i++)
	{
		if (!(islower((unsigned char) s[i]) || isdigit((unsigned char) s[i]) || s[i] == '_'))
			return false;
		under |= s[i] == '_';
	}
	return under;
}

/*
 * Add name once (settings by full name, functions by base name); own: this
 * mention introduces it (docslist.h), else the item only uses it.
 */
static void
add_name(ReArena *a, ReDocsName *out, int *n, int cap, char *name, int feature, bool fn, bool own)
{
	int			i;

	for (i = 0; i < *n; i++)
		if (fn ? strcmp(base_name(a, out[i].name), base_name(a, name)) == 0 : strcmp(out[i].name, name) == 0)
		{
			out[i].own |= own;
			return;
		}
	if (*n >= cap)
		return;
	out[*n].name = name;
	out[*n].feature = feature;
	out[*n].own = own;
	out[*n].written = NULL;
	(*n)++;
}

/*
 * Does the mention of a setting at [s, e) of text introduce it? Unless the
 * item only sets it ("(`x.y = true`), the …"): a setting it sets introduces
 * it only when "GUC", "setting" or "default" stands within 60 bytes after
 * it or 40 before, in its own sentence.
 */
static bool
introduces(ReArena *a, const char *text, const char *s, const char *e)
{
	static const char *const words[] = {"GUC", "GUCs", "setting", "default", NULL};
	const char *q = e,
			   *from = s - text > 40 ? s - 40 : text,
			   *p;
	size_t		after = strnlen(e, 60);
	char	   *win;
	int			w;

	while (*q == ' ')
		q++;
	if (*q != '=')
		return true;
	/* within its own sentence */
	for (p = s; p > from; p--)
		if (p[-1] == ' ' && p - 1 > text && p[-2] == '.')
		{
			from = p;
			break;
		}
	for (p = e; p < e + after; p++)
		if (p[0] == '.' && (p[1] == ' ' || p[1] == '\0' || p[1] == '\n'))
		{
			after = (size_t) (p - e);
			break;
		}
	win = re_strndup(a, from, (size_t) (e - from) + after);
	for (w = 0; words[w]; w++)
		if (re_icontains_word(win, words[w]))
			return true;
	return false;
}

/* The word right before a code span that opens at open (spaces skipped) equals one of words. */
static bool
word_before(const char *text, const char *open, const char *const *words)
{
	const char *b = open;
	size_t		n = 0;

	while (b > text && b[-1] == ' ')
		b--;
	while (b - (long) n > text && isalpha((unsigned char) b[-1 - (long) n]))
		n++;
	return n && re_word_in(b - n, n, words);
}

/* The word right after a code span (spaces skipped) or right before it equals one of words. */
static bool
span_called(const char *text, const char *open, const char *close, const char *const *words)
{
	const char *q = close + 1;
	size_t		n = 0;

	while (*q == ' ')
		q++;
	while (isalpha((unsigned char) q[n]))
		n++;
	return (n && re_word_in(q, n, words)) || word_before(text, open, words);
}

/*
 * Is the code span that opens at open "`x = value`" (rest after its name at
 * p) an assignment: not a comparison or an expression, and not a condition
 * the prose states ("only if … AND `x = true`", "insert metadata with
 * `x = false`")?
 */
static bool
span_assigns(const char *text, const char *open, const char *p, const char *close)
{
	static const char *const conds[] = {"if", "when", "where", "and", "or", "with", "unless", "while", "whose", NULL};

	while (p < close && *p == ' ')
		p++;
	return p < close && *p == '=' && p[1] != '=' && !word_before(text, open, conds);
}

/*
 * Bare code-span names the item calls a setting: "`x` GUC", "GUC `x`",
 * "`x` setting"; in an item that speaks of GUCs also "`x` boolean" and
 * "`x = value`".
 */
static void
bare_settings(ReArena *a, const char *text, const char *prefix, int feature, ReDocsName *out, int *n, int cap)
{
	static const char *const called[] = {"GUC", "setting", NULL};
	static const char *const typed[] = {"GUC", "setting", "boolean", "bool", NULL};
	bool		gucs = re_icontains_word(text, "GUC") || re_icontains_word(text, "GUCs");
	const char *p = text;

	while ((p = strchr(p, '`')) != NULL)
	{
		const char *close = strchr(p + 1, '`');
		size_t		k;

		if (close == NULL)
			break;
		k = strcspn(p + 1, " =`");
		if (snake_name(p + 1, k) &&
			(span_called(text, p, close, called) ||
			 (gucs && (span_called(text, p, close, typed) || span_assigns(text, p, p + 1 + k, close)))))
			add_name(a, out, n, cap, re_sprintf(a, "%s.%.*s", prefix, (int) k, p + 1), feature, false, true);
		p = close + 1;
	}
}

/* Every "<prefix>.<name>" of text, in code spans or not. */
static void
prefixed_settings(ReArena *a, const char *text, const char *prefix, int feature, ReDocsName *out, int *n, int cap)
{
	size_t		pl = strlen(prefix);
	const char *p;

	for (p = text; (p = strstr(p, prefix)) != NULL; p += pl)
	{
		size_t		k = 0;

		if ((p > text && (name_char(p[-1]) || p[-1] == '.')) || p[pl] != '.')
			continue;
		while (name_char(p[pl + 1 + k]))
			k++;
		if (k < 2 || !islower((unsigned char) p[pl + 1]) || p[pl + 1 + k] == '(' || p[pl + 1 + k] == '.')
			continue;
		add_name(a, out, n, cap, re_strndup(a, p, pl + 1 + k), feature, false,
				 introduces(a, text, p, p + pl + 1 + k));
	}
}

/* A dotted setting with the documented prefix, respelt when its prefix is the same word spelt differently; else NULL. */
static char *
with_prefix(ReArena *a, const char *t, const char *prefix)
{
	size_t		pl = strlen(prefix);

	if (strncmp(t, prefix, pl) == 0 && t[pl] == '.')
		return re_strdup(a, t);
	return re_claim_fix_prefix(a, t, prefix);
}

/*
 * The feature's setting identifiers, written with the documented prefix:
 * own when the title names it or the text adds it (feature.h), or its
 * first mention introduces it.
 */
static void
ident_settings(ReArena *a, const ReFeature *f, const char *prefix, int feature, ReDocsName *out, int *n, int cap)
{
	int			i,
				k;

	for (i = 0; i < f->nids; i++)
	{
		const char *t = f->ids[i].text,
				   *at = f->text ? strstr(f->text, t) : NULL;
		bool		own = f->ids[i].added || f->ids[i].in_title || (at && introduces(a, f->text, at, at + strlen(t)));
		char	   *fixed;

		if (!re_ident_kind_matches((int) f->ids[i].kind, IK_GUC))
			continue;
		if (strchr(t, '.') == NULL)
		{
			if (prefix && snake_name(t, strlen(t)))
				add_name(a, out, n, cap, re_sprintf(a, "%s.%s", prefix, t), feature, false, own);
			continue;
		}
		if (prefix == NULL)
			add_name(a, out, n, cap, re_strdup(a, t), feature, false, own);
		else if ((fixed = with_prefix(a, t, prefix)) != NULL)
		{
			add_name(a, out, n, cap, fixed, feature, false, own);
			if (strcmp(fixed, t) != 0)
				for (k = 0; k < *n; k++)
					if (strcmp(out[k].name, fixed) == 0)
						out[k].written = t;
		}
	}
}

/* Is the function written with a SQL signature: a type, a default or a named argument in its parentheses? */
static bool
sql_signature(ReArena *a, const ReFeature *f, const char *ident)
{
	static const char *const types[] = {"TEXT", "INT", "INTEGER", "BIGINT", "BOOLEAN", "BOOL", "JSONB", "JSON",
		"NAME", "REGCLASS", "INTERVAL", "TIMESTAMPTZ", "TIMESTAMP", "OID", "FLOAT8", "NUMERIC", "DEFAULT",
	"VARIADIC", NULL};
	char	   *w = re_lens_written(a, f, ident);
	const char *open = strchr(w, '(');
	int			i;

	if (open == NULL || open[1] == ')')
		return false;
	if (strstr(open, "=>") || strstr(open, ":="))
		return true;
	for (i = 0; types[i]; i++)
		if (has_word(open, types[i]))
			return true;
	return false;
}

static void
item_functions(ReArena *a, const ReFeature *f, const char *schema, int feature, ReDocsName *out, int *n, int cap)
{
	int			i;

	for (i = 0; i < f->nids; i++)
	{
		const char *t = f->ids[i].text,
				   *dot = strchr(t, '.');

		if (f->ids[i].kind != IK_FUNCTION)
			continue;
		if (dot ? !(schema && (size_t) (dot - t) == strlen(schema) && strncmp(t, schema, strlen(schema)) == 0)
			: (strncmp(t, "pg_", 3) == 0 || !sql_signature(a, f, t)))
			continue;
		add_name(a, out, n, cap, re_strdup(a, t), feature, true, true);
	}
}

const char *
re_docs_function_schema(ReArena *a, const ReFeature *fs, int nf)
{
	const char *best = NULL;
	int			best_n = 0,
				i,
				k;

	for (i = 0; i < nf; i++)
		for (k = 0; k < fs[i].nids; k++)
		{
			const char *t = fs[i].ids[k].text,
					   *dot = strchr(t, '.');
			char	   *q;
			int			j,
						m,
						cnt = 0;

			if (fs[i].ids[k].kind != IK_FUNCTION || dot == NULL)
				continue;
			q = re_strndup(a, t, (size_t) (dot - t));
			for (j = 0; j < nf; j++)
				for (m = 0; m < fs[j].nids; m++)
					if (fs[j].ids[m].kind == IK_FUNCTION && strncmp(fs[j].ids[m].text, q, strlen(q)) == 0 &&
						fs[j].ids[m].text[strlen(q)] == '.')
						cnt++;
			if (cnt > best_n)
			{
				best = q;
				best_n = cnt;
			}
		}
	return best;
}

/* Does docs mention the name? */
static bool
mentioned(ReArena *a, const char *docs, const char *name, bool fn)
{
	char	   *b = base_name(a, name);

	if (fn)
	{
		const char *p;
		size_t		n = strlen(b);

		for (p = docs; (p = strstr(p, b)) != NULL; p++)
			if ((p == docs || !name_char(p[-1])) && p[n] == '(')
				return true;
		return false;
	}
	/* the full name only: a bare word may be PostgreSQL's own setting of the same name */
	return strstr(docs, name) != NULL;
}

int
re_docs_missing(ReArena *a, const ReFeature *fs, int nf, const bool *skip, int want, const char *prefix,
				const char *schema, const char *docs, ReDocsName **out)
{
	int			cap = nf * (RE_MAX_IDENTS + 8) + 64,
				n = 0,
				i,
				k;
	bool		fn = want == IK_FUNCTION;
	ReDocsName *all = re_alloc(a, sizeof(ReDocsName) * (size_t) cap);

	*out = all;
	if (docs == NULL || *docs == '\0')
		return 0;
	for (i = 0; i < nf; i++)
	{
		RE_CHECK_INTERRUPTS();
		if (skip && skip[i])
			continue;
		if (fn)
			item_functions(a, &fs[i], schema, i, all, &n, cap);
		else
		{
			ident_settings(a, &fs[i], prefix, i, all, &n, cap);
			if (prefix && fs[i].text)
			{
				prefixed_settings(a, fs[i].text, prefix, i, all, &n, cap);
				bare_settings(a, fs[i].text, prefix, i, all, &n, cap);
			}
		}
	}
	for (i = k = 0; i < n; i++)
		if (all[i].own && !mentioned(a, docs, all[i].name, fn))
			all[k++] = all[i];
	return k;
}
