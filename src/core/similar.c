/*
 * similar.c — word-overlap similarity of roadmap titles and entries.
 *
 * Words are lower-cased runs of letters/digits (plus '_' so identifiers stay
 * whole, and any non-ASCII byte) of three or more bytes, minus a short list
 * of stop words; a word counts once even if repeated. The measure is
 * containment, not Jaccard, so a short title is found inside a long
 * changelog paragraph. Words are compared by 64-bit FNV-1a hashes held on
 * the stack: the deferred-item check calls this ~10^5 times per ingest.
 */
#include "similar.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define MAX_A_WORDS 64
#define MAX_B_WORDS 512

static const char *const stop_words[] = {
	"the", "and", "for", "with", "from", "into", "that", "this", "are", "was", "all",
	"add", "adds", "added", "new", "use", "via", "per", "not", "now", "when", "its", NULL
};

static bool
is_stop(const char *w, size_t n)
{
	int			i;

	if (n > 5)
		return false;
	for (i = 0; stop_words[i]; i++)
		if (strlen(stop_words[i]) == n && memcmp(w, stop_words[i], n) == 0)
			return true;
	return false;
}

static bool
word_byte(unsigned char c)
{
	return isalnum(c) || c == '_' || c >= 0x80;
}

int
re_word_hashes(const char *s, uint64_t *out, int max, bool dedup)
{
	int			n = 0;

	while (*s && n < max)
	{
		char		w[32];
		size_t		k = 0;
		uint64_t	h = 1469598103934665603ULL;
		int			i;

		while (*s && !word_byte((unsigned char) *s))
			s++;
		while (*s && word_byte((unsigned char) *s))
		{
			char		c = (char) tolower((unsigned char) *s);

			if (k < sizeof(w))
				w[k] = c;
			k++;
			h = (h ^ (unsigned char) c) * 1099511628211ULL;
			s++;
		}
		if (k < 3 || is_stop(w, k < sizeof(w) ? k : sizeof(w)))
			continue;
		i = n;
		if (dedup)
			for (i = 0; i < n; i++)
				if (out[i] == h)
					break;
		if (i == n)
			out[n++] = h;
	}
	return n;
}

double
re_word_overlap(const char *a, const char *b)
{
	uint64_t	wa[MAX_A_WORDS];
	uint64_t	wb[MAX_B_WORDS];
	int			na = re_word_hashes(a, wa, MAX_A_WORDS, true),
				nb,
				i,
				j,
				common = 0;

	if (na == 0)
		return 0.0;
	nb = re_word_hashes(b, wb, MAX_B_WORDS, false);	/* repeats in b do not change containment */
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			if (wa[i] == wb[j])
			{
				common++;
				break;
			}
	return (double) common / na;
}
