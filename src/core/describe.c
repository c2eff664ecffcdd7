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

char *
re_description_fit(ReArena *a, const char *text, int max_sentences, size_t max_chars)
{
	char	   *t = re_strdup(a, text);
	size_t		ends[64];
	int			n = sentence_ends(t, ends, 64);

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
	/* too long: cut the longest sentence that is not "Verify: …" */
	if (strlen(t) > max_chars && n > 0 && n <= 64)
	{
		size_t		over = strlen(t) - max_chars + 3;
		int			best = -1,
					k;
		size_t		best_len = 0;

		for (k = 0; k < n; k++)
		{
			size_t		s = k ? ends[k - 1] + 1 : 0;
			size_t		l = ends[k] - s;

			if (strncmp(t + s, "Verify:", 7) == 0)
				continue;
			if (l > best_len)
			{
				best = k;
				best_len = l;
			}
		}
		if (best >= 0 && best_len > over + 20)
		{
			size_t		s = best ? ends[best - 1] + 1 : 0;
			size_t		cut = ends[best] - 1 - over;
			bool		code = false;
			size_t		i;

			while (cut > s && t[cut] != ' ')
				cut--;
			for (i = s; i < cut; i++)
				if (t[i] == '`')
					code = !code;
			if (code)
				while (cut > s && t[cut] != '`')
					cut--;	/* do not end inside a code span */
			t = re_sprintf(a, "%.*s\xE2\x80\xA6%s", (int) (cut - 0), t, t + ends[best] - 1);
		}
	}
	return t;
}
