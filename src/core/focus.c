/*
 * focus.c — the repository's own skill file, derived match terms, and the
 * PCRE2 focus-area matcher (see focus.h).
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include "focus.h"
#include "model.h"

#include <ctype.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Text after "Guiding question:" without quotes and emphasis. */
static char *
question_text(ReArena *a, const char *t)
{
	const char *p = strchr(t, ':');
	char	   *q;
	size_t		n;

	p = p ? p + 1 : t;
	while (*p == ' ' || *p == '*' || *p == '_' || *p == '"' || strncmp(p, "\xE2\x80\x9C", 3) == 0)
		p += (*p & 0x80) ? 3 : 1;
	q = re_strdup(a, p);
	n = strlen(q);
	while (n > 0 && (q[n - 1] == ' ' || q[n - 1] == '*' || q[n - 1] == '_' || q[n - 1] == '"'))
		q[--n] = '\0';
	if (n >= 3 && strcmp(q + n - 3, "\xE2\x80\x9D") == 0)
		q[n - 3] = '\0';
	return q;
}

static ReSkillText *
push_text(ReArena *a, ReSkillText **v, int *n, int *cap)
{
	if (*n == *cap)
	{
		int			nc = *cap ? *cap * 2 : 16;
		ReSkillText *nv = re_alloc(a, sizeof(ReSkillText) * (size_t) nc);

		if (*n)
			memcpy(nv, *v, sizeof(ReSkillText) * (size_t) *n);
		*v = nv;
		*cap = nc;
	}
	memset(&(*v)[*n], 0, sizeof(ReSkillText));
	return &(*v)[(*n)++];
}

/*
 * Pillar sections are headings that say "Pillar" and name one of the six
 * pillars ("### Pillar 1 — CORRECTNESS"). Inside one, the paragraph
 * starting "Guiding question" is the question and top-level list items
 * are the focus areas. List items under a heading containing "Constraints"
 * are constraints, under "Inputs" the inputs to gather. Fenced code (the
 * output template) is not parsed as blocks by cmark, so it adds nothing.
 */
void
re_skill_parse(ReArena *a, const char *text, const MdDoc *doc,
			   const RePillarDef *pillars, int npillars, ReSkill *out)
{
	const char *pillar = NULL;
	int			mode = 0,		/* 1 pillar, 2 constraints, 3 inputs */
				level = 0,
				i,
				acap = 0,
				qcap = 0,
				ccap = 0,
				icap = 0,
				ord = 0;

	memset(out, 0, sizeof(*out));
	if (text && strncmp(text, "---", 3) == 0)
	{
		const char *p = strstr(text, "\nname:");
		const char *end = strstr(text + 3, "\n---");

		if (p && (end == NULL || p < end))
		{
			size_t		n;

			p += 6;
			while (*p == ' ' || *p == '"')
				p++;
			n = strcspn(p, "\"\r\n");
			out->name = re_strndup(a, p, n);
		}
	}
	for (i = 0; i < doc->nblocks; i++)
	{
		const MdBlock *b = &doc->blocks[i];

		if (b->quote_depth > 0 || b->text == NULL)
			continue;
		if (b->kind == MB_HEADING)
		{
			const char *pl = re_pillar_from_heading(pillars, npillars, b->text);
			bool		known = (pl && re_icontains_word(b->text, "pillar")) ||
				re_icontains(b->text, "constraint") || re_icontains(b->text, "inputs");

			if (mode && b->level > level && !known)
				continue;		/* a sub-heading inside the current section */
			mode = 0;
			if (pl && re_icontains_word(b->text, "pillar"))
			{
				mode = 1;
				pillar = pl;
				ord = 0;
			}
			else if (re_icontains(b->text, "constraint"))
				mode = 2;
			else if (re_icontains(b->text, "inputs"))
				mode = 3;
			level = b->level;
			continue;
		}
		if (mode == 1 && b->kind == MB_PARAGRAPH && re_icontains(b->text, "guiding question"))
		{
			ReSkillText *q = push_text(a, &out->questions, &out->nquestions, &qcap);

			q->pillar = pillar;
			q->text = question_text(a, b->text);
			q->line = b->line;
		}
		else if (mode == 1 && b->kind == MB_LIST_ITEM && b->level == 1)
		{
			ReSkillArea *ar;

			if (out->nareas == acap)
			{
				int			nc = acap ? acap * 2 : 32;
				ReSkillArea *nv = re_alloc(a, sizeof(ReSkillArea) * (size_t) nc);

				if (out->nareas)
					memcpy(nv, out->areas, sizeof(ReSkillArea) * (size_t) out->nareas);
				out->areas = nv;
				acap = nc;
			}
			ar = &out->areas[out->nareas++];
			ar->pillar = pillar;
			ar->ord = ++ord;
			ar->name = re_trim(a, b->text);
			if (strlen(ar->name) > 200)
				ar->name[200] = '\0';
			ar->line = b->line;
		}
		else if ((mode == 2 || mode == 3) && b->kind == MB_LIST_ITEM && b->level == 1)
		{
			ReSkillText *t = mode == 2 ? push_text(a, &out->constraints, &out->nconstraints, &ccap)
				: push_text(a, &out->inputs, &out->ninputs, &icap);

			t->text = re_trim(a, b->text);
			t->line = b->line;
		}
	}
}

/* Generic words that say nothing about a domain. */
static const char *const generic[] = {
	"about", "above", "across", "after", "against", "along", "among", "around", "based", "because",
	"before", "being", "below", "better", "between", "cases", "could", "coverage", "correctness",
	"currently", "during", "either", "every", "existing", "general", "handling", "improvement",
	"improvements", "instead", "issues", "large", "level", "major", "minor", "other", "overall",
	"possible", "quality", "should", "since", "small", "support", "their", "there", "these", "those",
	"through", "under", "until", "using", "various", "where", "which", "while", "within", "without",
	"would", "surfaced", "currently", "tested", "tests", "where", "proper", "correct",
};

static bool
is_generic(const char *w)
{
	size_t		k;

	for (k = 0; k < sizeof(generic) / sizeof(generic[0]); k++)
		if (strcasecmp(w, generic[k]) == 0)
			return true;
	return false;
}

/* Cut one common suffix when at least five letters remain. */
static void
stem(char *w)
{
	static const char *const suf[] = {"ations", "ation", "ness", "ment", "ance", "ence", "ions", "ion",
	"ity", "ing", "ive", "ies", "ed", "es", "s"};
	size_t		n = strlen(w),
				k;

	for (k = 0; k < sizeof(suf) / sizeof(suf[0]); k++)
	{
		size_t		m = strlen(suf[k]);

		if (n >= m + 5 && strcasecmp(w + n - m, suf[k]) == 0)
		{
			w[n - m] = '\0';
			return;
		}
	}
}

static void
add_term(ReBuf *b, const char *t, size_t n)
{
	size_t		i;
	char		probe[256];

	if (n == 0 || n > 100)
		return;
	/* skip duplicates */
	snprintf(probe, sizeof(probe), "|%.*s|", (int) n, t);
	for (i = 0; probe[i]; i++)
		probe[i] = (char) tolower((unsigned char) probe[i]);
	if (b->len && b->data)
	{
		char	   *wrapped = malloc(b->len + 3);
		bool		dup;

		if (wrapped == NULL)
			return;
		snprintf(wrapped, b->len + 3, "|%s|", b->data);
		dup = strstr(wrapped, probe) != NULL;
		free(wrapped);
		if (dup)
			return;
		re_buf_puts(b, "|");
	}
	for (i = 0; i < n; i++)
	{
		char		c = (char) tolower((unsigned char) t[i]);

		if (!isalnum((unsigned char) c) && c != '_' && !(c & 0x80))
			re_buf_append(b, "\\", 1);
		re_buf_append(b, &c, 1);
	}
}

/*
 * The rule (docs/scoring.md): the terms of an area are
 *   - each `code span` that contains a letter or digit, verbatim;
 *   - each word (letters, digits, '_' and inner '-') that has an upper-case
 *     letter after its first character (SPARQL, SHACL, JSON-LD, BSBM) or a
 *     digit or '_', verbatim;
 *   - each other word of five letters or more that is not a generic word
 *     (coverage, support, handling, …), with one common suffix cut when
 *     five letters remain (stratified → stratifi, recursive → recurs),
 *     so that related forms match;
 * lower-cased, de-duplicated, escaped and joined with '|'. Matching is
 * case-insensitive and anchored at a word start, never at a word end.
 * When no word qualifies, the whole name is the only term.
 */
char *
re_focus_terms(ReArena *a, const char *name)
{
	ReBuf		b;
	const char *p = name;
	char	   *res;

	re_buf_init(&b);
	while (*p)
	{
		if (*p == '`')
		{
			const char *e = strchr(p + 1, '`');
			const char *q;
			bool		word = false;

			if (e == NULL)
				break;
			for (q = p + 1; q < e; q++)
				word |= isalnum((unsigned char) *q) != 0;
			/* a term must start with a word character to match at a word start */
			for (q = p + 1; q < e && !isalnum((unsigned char) *q) && *q != '_'; q++)
				;
			if (word)
				add_term(&b, q, (size_t) (e - q));
			p = e + 1;
			continue;
		}
		if (isalnum((unsigned char) *p) || *p == '_')
		{
			const char *s = p;
			char		w[128];
			size_t		n,
						i;
			bool		special = false,
						letters = true;

			while (isalnum((unsigned char) *p) || *p == '_' ||
				   (*p == '-' && (isalnum((unsigned char) p[1]))))
				p++;
			n = (size_t) (p - s);
			if (n >= sizeof(w))
				continue;
			memcpy(w, s, n);
			w[n] = '\0';
			for (i = 0; i < n; i++)
			{
				if ((i > 0 && isupper((unsigned char) w[i]) && !(w[i - 1] == '-')) ||
					isdigit((unsigned char) w[i]) || w[i] == '_')
					special = true;
				if (!isalpha((unsigned char) w[i]))
					letters = false;
			}
			if (n >= 2 && isupper((unsigned char) w[0]) && isupper((unsigned char) w[1]))
				special = true;
			if (special)
			{
				bool		digits_only = true;

				for (i = 0; i < n; i++)
					digits_only &= isdigit((unsigned char) w[i]) != 0;
				if (!digits_only)
					add_term(&b, w, n);
			}
			else if (n >= 5 && !is_generic(w))
			{
				if (letters)
					stem(w);
				add_term(&b, w, strlen(w));
			}
			continue;
		}
		p++;
	}
	if (b.len == 0)
		add_term(&b, name, strlen(name));
	res = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return res;
}

/* Lower-case, no backticks, blanks collapsed; head_only stops at " (" or " — ". */
char *
re_focus_norm_name(ReArena *a, const char *name, bool head_only)
{
	size_t		n = strlen(name),
				o = 0,
				i;
	char	   *out = re_alloc(a, n + 1);

	for (i = 0; i < n; i++)
	{
		char		c = name[i];

		if (head_only && (strncmp(name + i, " (", 2) == 0 || strncmp(name + i, " \xE2\x80\x94 ", 5) == 0))
			break;
		if (c == '`' || c == '*')
			continue;
		if (isspace((unsigned char) c))
		{
			if (o > 0 && out[o - 1] != ' ')
				out[o++] = ' ';
			continue;
		}
		out[o++] = (char) tolower((unsigned char) c);
	}
	while (o > 0 && (out[o - 1] == ' ' || out[o - 1] == '.'))
		o--;
	out[o] = '\0';
	return out;
}

int
re_focus_compile(ReFocusSet *s, const char *const *matches, int n, char *err, size_t errlen)
{
	int			k;

	memset(s, 0, sizeof(*s));
	s->re = calloc((size_t) (n > 0 ? n : 1), sizeof(void *));
	if (s->re == NULL)
	{
		snprintf(err, errlen, "out of memory");
		return 0;
	}
	s->n = n;
	for (k = 0; k < n; k++)
	{
		int			ec;
		PCRE2_SIZE	eo;
		size_t		len = strlen(matches[k]) + 64;
		char	   *pat = malloc(len);

		if (pat == NULL)
		{
			snprintf(err, errlen, "out of memory");
			return k;
		}
		/* \m of PostgreSQL regular expressions: a word character not preceded by one */
		snprintf(pat, len, "(?<![[:alnum:]_])(?=[[:alnum:]_])(?:%s)", matches[k]);
		s->re[k] = pcre2_compile((PCRE2_SPTR) pat, PCRE2_ZERO_TERMINATED,
								 PCRE2_CASELESS | PCRE2_DOTALL | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
								 &ec, &eo, NULL);
		free(pat);
		if (s->re[k] == NULL)
		{
			PCRE2_UCHAR msg[256];

			pcre2_get_error_message(ec, msg, sizeof(msg));
			snprintf(err, errlen, "%s at offset %d of \"%s\"", (char *) msg,
					 (int) eo > 36 ? (int) eo - 36 : 0, matches[k]);
			return k;
		}
		(void) pcre2_jit_compile(s->re[k], PCRE2_JIT_COMPLETE);
	}
	s->md = pcre2_match_data_create(4, NULL);
	if (s->md == NULL)
	{
		snprintf(err, errlen, "out of memory");
		return 0;
	}
	return -1;
}

bool
re_focus_match(const ReFocusSet *s, int k, const char *text, size_t len)
{
	if (text == NULL || k < 0 || k >= s->n || s->re[k] == NULL)
		return false;
	return pcre2_match(s->re[k], (PCRE2_SPTR) text, len, 0, 0, s->md, NULL) >= 0;
}

bool
re_focus_match_at(const ReFocusSet *s, int k, const char *text, size_t len, size_t *at)
{
	if (text == NULL || k < 0 || k >= s->n || s->re[k] == NULL ||
		pcre2_match(s->re[k], (PCRE2_SPTR) text, len, 0, 0, s->md, NULL) < 0)
		return false;
	*at = (size_t) pcre2_get_ovector_pointer(s->md)[0];
	return true;
}

void
re_focus_free(ReFocusSet *s)
{
	int			k;

	for (k = 0; k < s->n && s->re; k++)
		if (s->re[k])
			pcre2_code_free(s->re[k]);
	free(s->re);
	if (s->md)
		pcre2_match_data_free(s->md);
	memset(s, 0, sizeof(*s));
}
