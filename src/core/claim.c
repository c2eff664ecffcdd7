/*
 * claim.c — what the repository's documents say is already true (see
 * claim.h and docs/proposals.md "Claimed by the docs").
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "claim.h"
#include "feature.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <pcre2.h>

static pcre2_code *
compile(const char *pattern, char *err, size_t errlen)
{
	int			ec;
	PCRE2_SIZE	eo;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR) pattern, PCRE2_ZERO_TERMINATED,
								   PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &ec, &eo, NULL);

	if (re == NULL && err)
	{
		PCRE2_UCHAR msg[200];

		pcre2_get_error_message(ec, msg, sizeof(msg));
		snprintf(err, errlen, "pattern \"%s\" at offset %zu: %s", pattern, (size_t) eo, (char *) msg);
	}
	return re;
}

/* Does re match text[from..]? Sets *at and *end to the match when it does. */
static bool
match(pcre2_code *re, pcre2_match_data *md, const char *text, size_t len, size_t from, size_t *at, size_t *end)
{
	PCRE2_SIZE *ov;

	if (from > len || pcre2_match(re, (PCRE2_SPTR) text, len, from, 0, md, NULL) < 0)
		return false;
	ov = pcre2_get_ovector_pointer(md);
	*at = ov[0];
	*end = ov[1];
	return true;
}

/* Does the line at p start a block of its own (heading, table row, list item, quote)? */
static bool
block_line(const char *p)
{
	while (*p == ' ')
		p++;
	if (*p == '#' || *p == '|' || *p == '>')
		return true;
	if ((*p == '-' || *p == '*' || *p == '+') && p[1] == ' ')
		return true;
	while (isdigit((unsigned char) *p))
		p++;
	return (*p == '.' || *p == ')') && p[1] == ' ';
}

static bool
sentence_end(const char *p)
{
	return (*p == '.' || *p == '!' || *p == '?') && (p[1] == ' ' || p[1] == '\n' || p[1] == '\0');
}

/* Bounds [*s, *e) of the sentence around at: a heading or table row is one line, else up to ". " or a block edge. */
static void
sentence_bounds(const char *text, int at, int *s, int *e)
{
	int			ls = at,
				i = at,
				j = at;

	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	{
		const char *f = text + ls;

		while (*f == ' ')
			f++;
		if (*f == '#' || *f == '|')
		{
			*s = ls;
			while (text[j] && text[j] != '\n')
				j++;
			*e = j;
			return;
		}
	}
	while (i > 0 && !sentence_end(text + i - 1))
	{
		if (text[i - 1] == '\n' && (block_line(text + i) || (i >= 2 && text[i - 2] == '\n')))
			break;
		i--;
	}
	while (text[j])
	{
		if (sentence_end(text + j))
		{
			j++;
			break;
		}
		if (text[j] == '\n' && (text[j + 1] == '\n' || text[j + 1] == '\0' || block_line(text + j + 1)))
			break;
		j++;
	}
	*s = i;
	*e = j;
}

char *
re_claim_sentence(ReArena *a, const char *text, int at)
{
	int			s,
				e;
	ReBuf		b;
	const char *p;
	char	   *o;
	bool		space = false;

	sentence_bounds(text, at, &s, &e);
	p = text + s;
	while (p < text + e && (*p == ' ' || *p == '#' || *p == '|' || *p == '>' || *p == '\n'))
		p++;
	if ((*p == '-' || *p == '*' || *p == '+') && p[1] == ' ')
		p += 2;
	re_buf_init(&b);
	for (; p < text + e && b.len < 300; p++)
	{
		if (*p == '\n' || *p == ' ' || *p == '\t')
		{
			space = b.len > 0;
			continue;
		}
		if (space)
			re_buf_append(&b, " ", 1);
		space = false;
		re_buf_append(&b, p, 1);
	}
	while (b.len > 0 && (b.data[b.len - 1] & 0xC0) == 0x80)
		b.len--;				/* never end inside a UTF-8 sequence */
	if (b.len > 0 && (unsigned char) b.data[b.len - 1] >= 0xC0)
		b.len--;
	if (b.len > 0)
		b.data[b.len] = '\0';
	o = b.len > 0 ? re_buf_to_arena(a, &b) : re_strdup(a, "");
	re_buf_free(&b);
	return o;
}

/* Is the line starting at p a code fence (``` or ~~~ after at most three blanks)? */
static bool
fence_line(const char *p)
{
	int			k = 0;

	while (*p == ' ' && k < 3)
		p++, k++;
	return (p[0] == '`' || p[0] == '~') && p[1] == p[0] && p[2] == p[0];
}

/* Advance the fence state over the lines starting from *pos up to at: true when at is inside fenced code. */
static bool
in_fence(const char *text, size_t *pos, bool *fenced, size_t at)
{
	size_t		p = *pos;			/* always a line start */

	while (p <= at && text[p])
	{
		if (fence_line(text + p))
			*fenced = !*fenced;
		while (text[p] && text[p] != '\n')
			p++;
		if (text[p])
			p++;
	}
	*pos = p;
	return *fenced;
}

static int	word_at(const char *text, const char *word);

/* The claim form a sentence states, "" for a key named, or NULL. */
static const char *
sentence_claims(pcre2_code **res, pcre2_match_data *md, const ReClaimForm *forms, int nforms, const char *sent,
				const char *key)
{
	const char *hit = NULL;
	size_t		len = strlen(sent),
				at,
				end;
	int			k;

	for (k = 0; k < nforms; k++)
		if (res[k] && match(res[k], md, sent, len, 0, &at, &end))
		{
			if (forms[k].negates)
				return NULL;
			if (hit == NULL)
				hit = forms[k].form;
		}
	if (hit == NULL && key && word_at(sent, key) >= 0)
		hit = "";
	return hit;
}

/* Search one text for the claim; true when found (out filled). */
static bool
claim_in(ReArena *a, pcre2_code *prop, pcre2_code **res, pcre2_match_data *md, const ReClaimForm *forms,
		 int nforms, const char *key, const char *path, const char *text, ReClaim *out)
{
	size_t		len = strlen(text),
				from = 0,
				fpos = 0,
				at,
				end;
	bool		fenced = false;
	int			last_s = -1;

	while (match(prop, md, text, len, from, &at, &end))
	{
		int			s,
					e;

		from = end > at ? end : at + 1;
		if (in_fence(text, &fpos, &fenced, at))
			continue;
		sentence_bounds(text, (int) at, &s, &e);
		if (s == last_s)
			continue;
		last_s = s;
		{
			char	   *sent = re_claim_sentence(a, text, (int) at);
			const char *form = sentence_claims(res, md, forms, nforms, sent, key);

			if (form)
			{
				out->path = path;
				out->sentence = sent;
				out->form = *form ? form : NULL;
				return true;
			}
		}
	}
	return false;
}

int
re_claim_find(ReArena *a, const char *property, const char *key, const ReClaimForm *forms, int nforms,
			  const ReClaimTexts *texts, ReClaim *out, char *err, size_t errlen)
{
	pcre2_code *prop;
	pcre2_code **res;
	pcre2_match_data *md;
	int			found = 0,
				k,
				i;

	memset(out, 0, sizeof(*out));
	if (property == NULL || *property == '\0' || texts == NULL || texts->n == 0)
		return 0;
	if ((prop = compile(property, err, errlen)) == NULL)
		return -1;
	res = re_alloc(a, sizeof(pcre2_code *) * (size_t) (nforms + 1));
	for (k = 0; k < nforms; k++)
		if ((res[k] = compile(forms[k].pattern, err, errlen)) == NULL)
			found = -1;
	md = pcre2_match_data_create(8, NULL);
	for (i = 0; found == 0 && md && i < texts->n; i++)
		if (texts->texts[i] &&
			claim_in(a, prop, res, md, forms, nforms, key, texts->paths[i], texts->texts[i], out))
			found = 1;
	if (md)
		pcre2_match_data_free(md);
	for (k = 0; k < nforms; k++)
		if (res[k])
			pcre2_code_free(res[k]);
	pcre2_code_free(prop);
	return found;
}

/* The first "# " heading of text, or NULL. */
static char *
first_heading(ReArena *a, const char *text)
{
	const char *p = text;

	while (p && *p)
	{
		if (p[0] == '#' && p[1] == ' ')
		{
			const char *e = strchr(p, '\n');
			size_t		n = e ? (size_t) (e - p - 2) : strlen(p + 2);

			while (n > 0 && (p[2 + n - 1] == ' ' || p[2 + n - 1] == '\r'))
				n--;
			return re_strndup(a, p + 2, n);
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* "docs/SQL_REFERENCE.md" -> "sql reference" */
static char *
base_words(ReArena *a, const char *path)
{
	const char *b = strrchr(path, '/');
	char	   *o = re_strdup(a, b ? b + 1 : path),
			   *dot = strrchr(o, '.'),
			   *p;

	if (dot && dot != o)
		*dot = '\0';
	for (p = o; *p; p++)
		*p = (*p == '_' || *p == '-') ? ' ' : (char) tolower((unsigned char) *p);
	return o;
}

int
re_claim_target_doc(ReArena *a, const char *target, const ReClaimTexts *texts, const char **title)
{
	pcre2_code *re;
	pcre2_match_data *md;
	int			found = -1,
				i;

	*title = NULL;
	if (target == NULL || *target == '\0' || texts == NULL || (re = compile(target, NULL, 0)) == NULL)
		return -1;
	md = pcre2_match_data_create(4, NULL);
	for (i = 0; md && found < 0 && i < texts->n; i++)
	{
		char	   *words = base_words(a, texts->paths[i]);
		char	   *head = texts->texts[i] ? first_heading(a, texts->texts[i]) : NULL;
		size_t		at,
					end;

		if (match(re, md, words, strlen(words), 0, &at, &end) ||
			(head && match(re, md, head, strlen(head), 0, &at, &end)))
		{
			found = i;
			*title = head;
		}
	}
	if (md)
		pcre2_match_data_free(md);
	pcre2_code_free(re);
	return found;
}

/* Offset of word (case-insensitive, not inside a longer name) in text, or -1. */
static int
word_at(const char *text, const char *word)
{
	size_t		n = strlen(word);
	const char *p;

	for (p = text; n > 0 && *p; p++)
		if (strncasecmp(p, word, n) == 0 &&
			(p == text || !(isalnum((unsigned char) p[-1]) || p[-1] == '_')) &&
			!(isalnum((unsigned char) p[n]) || p[n] == '_'))
			return (int) (p - text);
	return -1;
}

int
re_claim_names_doc(const char *text, const char *path, const char *title)
{
	const char *base = strrchr(path, '/');
	int			at;

	if (text == NULL)
		return -1;
	if ((at = word_at(text, base ? base + 1 : path)) >= 0)
		return at;
	if (title && strchr(title, ' ') && (at = word_at(text, title)) >= 0)
		return at;
	return -1;
}

char *
re_claim_ident_base(ReArena *a, const char *ident)
{
	const char *p = ident,
			   *b;
	size_t		n;

	if (ident == NULL)
		return NULL;
	while (*p == '`')
		p++;
	n = strcspn(p, "(` =");
	for (b = p + n; b > p && b[-1] != '.'; b--)
		;
	return re_strndup(a, b, (size_t) (p + n - b));
}

/* Does sentence name the feature: its id, the identifier's base, or a long word of it as a word start? */
static bool
names_feature(const char *sentence, const char *feature_id, const char *base)
{
	const char *w;

	if (feature_id && word_at(sentence, feature_id) >= 0)
		return true;
	if (base == NULL || *base == '\0')
		return false;
	if (word_at(sentence, base) >= 0)
		return true;
	for (w = base; *w;)
	{
		size_t		n = strcspn(w, "_");

		if (n >= 5)
		{
			/* the word itself, singular or plural: "snapshots" names "snapshot", "migrate" not "migration" */
			size_t		k = (w[n - 1] == 's' || w[n - 1] == 'S') ? n - 1 : n;
			const char *p;

			for (p = sentence; *p; p++)
				if (strncasecmp(p, w, k) == 0 && (p == sentence || !isalnum((unsigned char) p[-1])))
				{
					const char *e = p + k;

					if (*e == 's' || *e == 'S')
						e++;
					if (!isalnum((unsigned char) *e) && *e != '_')
						return true;
				}
		}
		w += n;
		while (*w == '_')
			w++;
	}
	return false;
}

bool
re_claim_doc_listed(ReArena *a, const char *doc_path, const char *doc_title, const char *feature_id,
					const char *ident, const char *const *ids, const char *const *texts, int n, char **why)
{
	char	   *base = re_claim_ident_base(a, ident);
	int			i;

	for (i = 0; i < n; i++)
	{
		const char *t = texts[i];
		int			at;

		while (t && (at = re_claim_names_doc(t, doc_path, doc_title)) >= 0)
		{
			char	   *sent = re_claim_sentence(a, t, at);

			if ((feature_id && ids[i] && strcmp(ids[i], feature_id) == 0) || names_feature(sent, feature_id, base))
			{
				*why = re_sprintf(a, "%s: %s", ids[i] ? ids[i] : "", sent);
				return true;
			}
			t += at + 1;
		}
	}
	return false;
}

/* The "prefix.name" a heading line consists of (after #s, blanks, backticks), or NULL. */
static char *
heading_setting(ReArena *a, const char *line, size_t n, size_t *dot)
{
	size_t		i = 0,
				s,
				e;

	while (i < n && (line[i] == '#' || line[i] == ' ' || line[i] == '`'))
		i++;
	s = i;
	while (i < n && (islower((unsigned char) line[i]) || isdigit((unsigned char) line[i]) || line[i] == '_' || line[i] == '.'))
		i++;
	e = i;
	while (i < n && (line[i] == '`' || line[i] == ' ' || line[i] == '\r'))
		i++;
	if (i != n || e == s || !islower((unsigned char) line[s]))
		return NULL;
	for (i = s; i < e && line[i] != '.'; i++)
		;
	if (i == e || i == s || i + 1 == e || memchr(line + i + 1, '.', e - i - 1))
		return NULL;
	*dot = i - s;
	return re_strndup(a, line + s, e - s);
}

const char *
re_claim_settings_prefix(ReArena *a, const ReClaimTexts *docs, const char **path, const char **example)
{
	/* the prefixes seen, with their heading count, first document and first setting */
	const char *pre[16],
			   *pth[16],
			   *ex[16];
	int			cnt[16],
				np = 0,
				best = -1,
				i,
				k;

	*path = *example = NULL;
	for (i = 0; docs && i < docs->n; i++)
	{
		const char *p = docs->texts[i];

		while (p && *p)
		{
			size_t		n = strcspn(p, "\n"),
						dot;
			char	   *set = (*p == '#') ? heading_setting(a, p, n, &dot) : NULL;

			/* "### schema.fn" over "schema.fn(…)" documents a function, not a setting */
			if (set && strstr(docs->texts[i], re_sprintf(a, "%s(", set)))
				set = NULL;
			if (set)
			{
				set[dot] = '\0';
				for (k = 0; k < np && strcmp(pre[k], set) != 0; k++)
					;
				if (k == np && np < 16)
				{
					pre[np] = set;
					pth[np] = docs->paths[i];
					ex[np] = re_sprintf(a, "%s.%s", set, set + dot + 1);
					cnt[np++] = 0;
				}
				if (k < np)
					cnt[k]++;
			}
			p += n;
			if (*p)
				p++;
		}
	}
	for (k = 0; k < np; k++)
		if (cnt[k] >= 3 && (best < 0 || cnt[k] > cnt[best]))
			best = k;
	if (best < 0)
		return NULL;
	*path = pth[best];
	*example = ex[best];
	return pre[best];
}

/* The letters of s up to n bytes, lower-case, without '_' and '-'. */
static char *
letters(ReArena *a, const char *s, size_t n)
{
	char	   *o = re_alloc(a, n + 1);
	size_t		i,
				k = 0;

	for (i = 0; i < n; i++)
		if (s[i] != '_' && s[i] != '-')
			o[k++] = (char) tolower((unsigned char) s[i]);
	o[k] = '\0';
	return o;
}

char *
re_claim_fix_prefix(ReArena *a, const char *ident, const char *prefix)
{
	const char *dot;

	if (ident == NULL || prefix == NULL || (dot = strchr(ident, '.')) == NULL)
		return NULL;
	if ((size_t) (dot - ident) == strlen(prefix) && strncmp(ident, prefix, strlen(prefix)) == 0)
		return NULL;
	if (strcmp(letters(a, ident, (size_t) (dot - ident)), letters(a, prefix, strlen(prefix))) != 0)
		return NULL;
	return re_sprintf(a, "%s%s", prefix, dot);
}

/* Does a sentence naming ident hold word? */
static bool
named_beside(const char *ident, const char *word, const char *const *sents, int nsents, const char *own)
{
	int			i;

	for (i = 0; i < nsents; i++)
		if (sents[i] && strstr(sents[i], ident) && re_icontains_word(sents[i], word))
			return true;
	return own && strstr(own, ident) && re_icontains_word(own, word);
}

/* The words of five letters or more of a title ('-' and '_' split), lower-case, that re does not match. */
static int
subject_words(ReArena *a, const char *title, pcre2_code *re, pcre2_match_data *md, char **out, int cap)
{
	const char *p = title;
	int			n = 0;

	while (*p && n < cap)
	{
		size_t		k = 0,
					at,
					end,
					i;
		char	   *w;

		while (*p && !isalpha((unsigned char) *p))
			p++;
		while (isalpha((unsigned char) p[k]))
			k++;
		if (k < 5)
		{
			p += k;
			continue;
		}
		w = re_strndup(a, p, k);
		for (i = 0; i < k; i++)
			w[i] = (char) tolower((unsigned char) w[i]);
		if (!match(re, md, w, k, 0, &at, &end))
			out[n++] = w;
		p += k;
	}
	return n;
}

int
re_claim_doc_covered(ReArena *a, const char *pattern, const char *ident, int self,
					 const char *const *ids, const char *const *titles, int n,
					 const char *const *sents, int nsents, const char *own, char **why,
					 char *err, size_t errlen)
{
	pcre2_code *re;
	pcre2_match_data *md;
	int			i,
				r = 0;

	if (pattern == NULL || *pattern == '\0' || ident == NULL || *ident == '\0')
		return 0;
	if ((re = compile(pattern, err, errlen)) == NULL)
		return -1;
	md = pcre2_match_data_create_from_pattern(re, NULL);
	for (i = 0; i < n && r == 0; i++)
	{
		char	   *lead,
				   *words[16];
		size_t		at,
					end;
		int			nw,
					w;

		if (i == self || titles[i] == NULL)
			continue;
		lead = re_bold_lead(a, titles[i]);
		if (!match(re, md, lead, strlen(lead), 0, &at, &end))
			continue;
		nw = subject_words(a, lead, re, md, words, 16);
		for (w = 0; w < nw && r == 0; w++)
			if (named_beside(ident, words[w], sents, nsents, own))
			{
				*why = re_sprintf(a, "%s: %s", ids[i] ? ids[i] : "", lead);
				r = 1;
			}
	}
	pcre2_match_data_free(md);
	pcre2_code_free(re);
	return r;
}
