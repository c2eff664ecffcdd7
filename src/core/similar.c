/*
 * similar.c — word-overlap similarity of roadmap titles and entries.
 *
 * Words are lower-cased runs of letters/digits (plus '_' so identifiers stay
 * whole) of three or more bytes, minus a short list of stop words; a word of
 * a counts once even if repeated. The measure is containment, not Jaccard,
 * so a short title is found inside a long changelog paragraph.
 */
#include "similar.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 64
#define MAX_WORD 32

static const char *const stop_words[] = {
	"the", "and", "for", "with", "from", "into", "that", "this", "are", "was", "all",
	"add", "adds", "added", "new", "use", "via", "per", "not", "now", "when", "its", NULL
};

static bool
is_stop(const char *w)
{
	int			i;

	for (i = 0; stop_words[i]; i++)
		if (strcmp(w, stop_words[i]) == 0)
			return true;
	return false;
}

/* Split s into distinct significant words; returns the count. */
static int
words(const char *s, char out[][MAX_WORD], int max)
{
	int			n = 0;

	while (*s && n < max)
	{
		char		w[MAX_WORD];
		int			k = 0,
					i;

		while (*s && !(isalnum((unsigned char) *s) || *s == '_' || (unsigned char) *s >= 0x80))
			s++;
		while (*s && (isalnum((unsigned char) *s) || *s == '_' || (unsigned char) *s >= 0x80))
		{
			if (k < MAX_WORD - 1)
				w[k++] = (char) tolower((unsigned char) *s);
			s++;
		}
		w[k] = '\0';
		if (k < 3 || is_stop(w))
			continue;
		for (i = 0; i < n; i++)
			if (strcmp(out[i], w) == 0)
				break;
		if (i == n)
			strcpy(out[n++], w);
	}
	return n;
}

double
re_word_overlap(const char *a, const char *b)
{
	char		(*wa)[MAX_WORD] = malloc(sizeof(char[MAX_WORD]) * MAX_WORDS);
	char		(*wb)[MAX_WORD] = malloc(sizeof(char[MAX_WORD]) * MAX_WORDS * 8);
	int			na,
				nb,
				i,
				j,
				common = 0;
	double		r;

	if (wa == NULL || wb == NULL)
	{
		free(wa);
		free(wb);
		return 0.0;
	}
	na = words(a, wa, MAX_WORDS);
	nb = words(b, wb, MAX_WORDS * 8);
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			if (strcmp(wa[i], wb[j]) == 0)
			{
				common++;
				break;
			}
	r = na ? (double) common / na : 0.0;
	free(wa);
	free(wb);
	return r;
}
