/*
 * describe.c — the description-length rule (see describe.h).
 */
#include "describe.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

char *
re_cut_list(ReArena *a, const char *list, size_t max_chars)
{
	size_t		n = strlen(list),
				keep = 0,
				i;
	int			total = 1,
				kept = 0;

	if (n <= max_chars)
		return re_strdup(a, list);
	for (i = 0; i + 1 < n; i++)
		if (list[i] == ',' && list[i + 1] == ' ')
			total++;
	/* keep whole names while they fit */
	for (i = 0; i + 1 < n; i++)
		if (list[i] == ',' && list[i + 1] == ' ')
		{
			if (i > max_chars)
				break;
			keep = i;
			kept++;
		}
	if (kept == 0)
		return re_sprintf(a, "%.*s\xE2\x80\xA6 and %d more", (int) max_chars, list, total - 1);
	return re_sprintf(a, "%.*s \xE2\x80\xA6 and %d more", (int) keep, list, total - kept);
}

/* Words a clause starts with: a quote may stop right before one. */
static const char *const clause_words[] = {
	"that", "which", "when", "where", "while", "whose", "because", "so", "and", "but", "or", "then",
	"with", "without", "via", "until", "unless", "if", "after", "before", "since", "once", NULL
};

/* Of those, the ones a quote may also start at ("…and route merge codegen accordingly"). */
static const char *const clause_starts[] = {"and", "but", "then", "so", "while", "because", NULL};

/* Words a cut text never ends on: they promise a continuation ("created by…", "the…"). */
static const char *const dangling_words[] = {
	"a", "an", "the", "of", "to", "by", "for", "with", "in", "on", "at", "from", "via", "into", "onto",
	"and", "or", "but", "nor", "that", "which", "who", "whose", "is", "are", "was", "were", "be", "been",
	"as", "than", "its", "their", "his", "her", "our", "your", "this", "these", "those", "each", "every",
	"all", "any", "no", "not", "per", "if", "when", "so", "add", "adds", "use", "uses", "make", "makes",
	"until", "unless", "while", "where", "whether", "then", "also", "both", "either", "such", "about",
	"over", "under", "between", "against", "without", "within", "like", "can", "may", "must", "will",
	"should", "would", "could", "has", "have", "had", "do", "does", NULL
};

/* The word of s[0, n) that ends it, lower-cased into w. */
static void
last_word(const char *s, size_t n, char *w, size_t wmax)
{
	size_t		e = n,
				b;

	while (e > 0 && !isalnum((unsigned char) s[e - 1]))
		e--;
	b = e;
	while (b > 0 && (isalnum((unsigned char) s[b - 1]) || s[b - 1] == '\''))
		b--;
	if (e - b >= wmax)
		b = e - (wmax - 1);
	for (n = 0; b + n < e; n++)
		w[n] = (char) tolower((unsigned char) s[b + n]);
	w[n] = '\0';
}

bool
re_ends_dangling(const char *s, size_t n)
{
	char		w[32];
	size_t		e = n;

	/* a text that ends in a code span, a number or a closing bracket ends on a name */
	while (e > 0 && isspace((unsigned char) s[e - 1]))
		e--;
	if (e > 0 && (s[e - 1] == '`' || s[e - 1] == ')' || s[e - 1] == '"'))
		return false;
	last_word(s, e, w, sizeof(w));
	return w[0] != '\0' && re_word_in(w, strlen(w), dangling_words);
}

/* The clause word starting at p (after a space), or NULL. */
static const char *
clause_word_at(const char *p, const char *const *list)
{
	size_t		n = 0;

	while (isalpha((unsigned char) p[n]) && n < 16)
		n++;
	if (n == 0 || isalnum((unsigned char) p[n]) || p[n] == '_' || p[n] == '`')
		return NULL;
	return re_word_in(p, n, list) ? p : NULL;
}

/*
 * Cut s to at most cap bytes at clause boundaries, keeping the clause around
 * byte offset at (or the start when at < 0): the part kept starts at the
 * beginning or right after ", " / "; " / ": " / " — " or before "and", "but"…
 * and ends right before such a boundary, before " (" or before a word that
 * starts a clause ("that", "when", "with"…), never inside a code span, a
 * parenthesis or a quotation, never on a word that promises more ("by",
 * "the", "add"). "…" marks each cut end. NULL when no such part of at least
 * 24 bytes fits.
 */
char *
re_clause_cut(ReArena *a, const char *s, int at, size_t cap)
{
	size_t		n = strlen(s),
				i,
				best_s = 0,
				best_e = 0,
			   *ends,
			   *starts;
	int			ne = 0,
				ns = 0,
				paren = 0,
				x,
				y;
	bool		code = false,
				quote = false,
				found = false;

	if (n <= cap)
		return re_strdup(a, s);
	ends = re_alloc(a, sizeof(size_t) * (n + 2));
	starts = re_alloc(a, sizeof(size_t) * (n + 2));
	starts[ns++] = 0;
	for (i = 0; i < n; i++)
	{
		char		c = s[i];

		if (c == '`')
			code = !code;
		if (code || c == '`')
			continue;
		if (c == '"')
			quote = !quote;
		else if (c == '(' && !quote)
		{
			if (paren == 0 && i > 0 && s[i - 1] == ' ')
				ends[ne++] = i - 1;
			paren++;
		}
		else if (c == ')' && !quote && paren > 0)
			paren--;
		if (paren > 0 || quote || c == '"' || c == ')')
			continue;
		if ((c == ',' || c == ';' || c == ':') && s[i + 1] == ' ')
		{
			ends[ne++] = i;
			starts[ns++] = i + 2;
		}
		else if (c == ' ' && (strncmp(s + i + 1, "\xE2\x80\x94 ", 4) == 0 || strncmp(s + i + 1, "\xE2\x80\x93 ", 4) == 0))
		{
			ends[ne++] = i;
			starts[ns++] = i + 5;
		}
		else if (c == ' ' && clause_word_at(s + i + 1, clause_words))
		{
			ends[ne++] = i;
			if (clause_word_at(s + i + 1, clause_starts))
				starts[ns++] = i + 1;
		}
	}
	ends[ne++] = n;
	for (x = 0; x < ns; x++)
		for (y = 0; y < ne; y++)
		{
			size_t		st = starts[x],
						en = ends[y];

			if (en <= st || en - st > cap || en - st < 24)
				continue;
			if (at < 0 ? st > 0 : ((size_t) at < st || (size_t) at >= en))
				continue;
			if (en < n && re_ends_dangling(s + st, en - st))
				continue;
			if (!found || en - st > best_e - best_s)
			{
				found = true;
				best_s = st;
				best_e = en;
			}
		}
	if (!found)
		return NULL;
	while (best_e > best_s && (s[best_e - 1] == ' ' || s[best_e - 1] == ',' || s[best_e - 1] == ';' || s[best_e - 1] == ':'))
		best_e--;
	return re_sprintf(a, "%s%.*s%s", best_s > 0 ? "\xE2\x80\xA6" : "", (int) (best_e - best_s), s + best_s,
					  best_e < n ? "\xE2\x80\xA6" : "");
}

char *
re_inner_quotes(ReArena *a, const char *s)
{
	char	   *o = re_strdup(a, s ? s : "");
	bool		code = false;
	char	   *p;

	for (p = o; *p; p++)
	{
		if (*p == '`')
			code = !code;
		else if (*p == '"' && !code)
			*p = '\'';
	}
	return o;
}

/* Offsets just after each sentence end; returns the count. */
static int
sentence_ends(const char *t, size_t *ends, int max)
{
	int			n = 0;
	bool		code = false;
	size_t		i,
				len = strlen(t);

	for (i = 0; i < len; i++)
	{
		char		c = t[i];

		if (c == '`')
			code = !code;
		if (code || !(c == '.' || c == '!' || c == '?'))
			continue;
		if (i + 1 == len)
		{
			if (n < max)
				ends[n] = i + 1;
			n++;
		}
		else if (t[i + 1] == ' ' && i + 2 < len &&
				 (isupper((unsigned char) t[i + 2]) || t[i + 2] == '"' || t[i + 2] == '`') &&
				 !(i >= 3 && t[i - 3] == 'e' && t[i - 2] == '.' && t[i - 1] == 'g'))	/* "e.g. X" */
		{
			if (n < max)
				ends[n] = i + 1;
			n++;
		}
	}
	if (len > 0 && (n == 0 || (n <= max && ends[n - 1] < len)))
	{
		/* a last sentence without its period */
		size_t		j = len;

		while (j > 0 && isspace((unsigned char) t[j - 1]))
			j--;
		if (n == 0 || (n <= max && j > ends[n - 1] + 1))
		{
			if (n < max)
				ends[n] = len;
			n++;
		}
	}
	return n;
}

int
re_desc_sentence_count(const char *text)
{
	size_t		ends[64];

	return sentence_ends(text, ends, 64);
}

/*
 * One sentence made `over` bytes shorter: its longest quotation cut to whole
 * clauses (or dropped with its parentheses), else the sentence itself cut
 * at a clause boundary, ending with its period. NULL when neither reads well.
 */
static char *
shorten_sentence(ReArena *a, const char *sent, size_t over)
{
	const char *p,
			   *qs = NULL,
			   *qe = NULL;
	bool		code = false;
	size_t		n = strlen(sent),
				kept;
	char	   *cut;

	/* the longest "…" quotation outside code spans */
	for (p = sent; *p; p++)
	{
		if (*p == '`')
			code = !code;
		else if (*p == '"' && !code)
		{
			const char *q = p + 1,
					   *e;
			bool		c2 = false;

			for (e = q; *e && (*e != '"' || c2); e++)
				if (*e == '`')
					c2 = !c2;
			if (*e != '"')
				break;
			if (qs == NULL || e - q > qe - qs)
			{
				qs = q;
				qe = e;
			}
			p = e;
		}
	}
	if (qs && (size_t) (qe - qs) > over + 24)
	{
		char	   *q = re_clause_cut(a, re_strndup(a, qs, (size_t) (qe - qs)), -1, (size_t) (qe - qs) - over - 3);

		if (q)
			return re_sprintf(a, "%.*s%s%s", (int) (qs - sent), sent, q, qe);
	}
	if (qs && qs >= sent + 2 && qs[-2] == '(' && qe[1] == ')')
	{
		/* ' ("…")' dropped: the section itself is one click away */
		const char *from = qs - 2;

		while (from > sent && from[-1] == ' ')
			from--;
		return re_sprintf(a, "%.*s%s", (int) (from - sent), sent, qe + 2);
	}
	while (n > 0 && (sent[n - 1] == '.' || sent[n - 1] == ' '))
		n--;
	if (n <= over + 24)
		return NULL;
	cut = re_clause_cut(a, re_strndup(a, sent, n), -1, n - over);
	if (cut == NULL)
		return NULL;
	kept = strlen(cut) - 3;		/* cut = sent[0, kept) + "…" (at < 0 keeps the start) */
	/* our own sentence cut at a clause boundary ends with its period; a list cut after a name keeps "…" */
	if (strlen(cut) >= 3 && strcmp(cut + kept, "\xE2\x80\xA6") == 0 && sent[kept] != ',')
		cut[kept] = '\0';
	return re_sprintf(a, "%s.", cut);
}

char *
re_description_fit(ReArena *a, const char *text, int max_sentences, size_t max_chars)
{
	char	   *t = re_strdup(a, text);
	size_t		ends[64];
	int			n = sentence_ends(t, ends, 64),
				guard;

	/* too many sentences: join the first ones ("A. B." -> "A; b.") */
	while (n > max_sentences && n <= 64)
	{
		size_t		e = ends[0];	/* just after the first period */
		char	   *j;
		char		next = t[e + 1];

		if (isupper((unsigned char) next) && !isupper((unsigned char) t[e + 2]))
			next = (char) tolower((unsigned char) next);
		j = re_sprintf(a, "%.*s; %c%s", (int) (e - 1), t, next, t + e + 2);
		t = j;
		n = sentence_ends(t, ends, 64);
	}
	/* too long: shorten the longest sentence that is not "Verify: …" */
	for (guard = 0; guard < 8 && strlen(t) > max_chars; guard++)
	{
		size_t		over = strlen(t) - max_chars,
					best_len = 0,
					st,
					en;
		int			best = -1,
					k;
		char	   *repl;

		n = sentence_ends(t, ends, 64);
		if (n <= 0 || n > 64)
			break;
		for (k = 0; k < n; k++)
		{
			size_t		s0 = k ? ends[k - 1] + 1 : 0;

			if (strncmp(t + s0, "Verify:", 7) != 0 && ends[k] - s0 > best_len)
			{
				best = k;
				best_len = ends[k] - s0;
			}
		}
		if (best < 0)
			break;
		st = best ? ends[best - 1] + 1 : 0;
		en = ends[best];
		repl = shorten_sentence(a, re_strndup(a, t + st, en - st), over);
		if (repl == NULL && n < 3)
			break;
		/* a sentence that cannot be shortened is dropped while two others remain */
		if (repl == NULL)
			t = re_sprintf(a, "%.*s%s", (int) (st > 0 ? st - 1 : 0), t, t + en);
		else
			t = re_sprintf(a, "%.*s%s%s", (int) st, t, repl, t + en);
		t = re_trim(a, t);
	}
	return t;
}
