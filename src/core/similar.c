/*
 * similar.c — word-overlap similarity of roadmap titles and entries.
 *
 * Words are lower-cased runs of letters/digits (plus '_' so identifiers stay
 * whole, and any non-ASCII byte) of three or more bytes, minus a short list
 * of stop words; a word counts once even if repeated. The measure is
 * containment, not Jaccard, so a short title is found inside a long
 * changelog paragraph. Words are compared by 64-bit FNV-1a hashes held on
 * the stack: the deferred-item check calls this ~10^5 times per ingest.
 *
 * A proposal run compares every candidate with every item of the target and
 * every recently shipped entry, re-reading the same few hundred texts tens
 * of thousands of times. Between re_similar_memo_begin() and _end() the
 * words of each text are hashed once and kept sorted, and a comparison is a
 * merge of two sorted lists. A text is found again by its address and
 * recognised by its bytes (a copy is kept), so a reused buffer never gets
 * another text's words; results are identical with or without the memo.
 */
#include "similar.h"
#include "arena.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_A_WORDS 64
#define MAX_B_WORDS 512

static const char *const stop_words[] = {
	"the", "and", "for", "with", "from", "into", "that", "this", "are", "was", "all",
	"add", "adds", "added", "new", "use", "via", "per", "not", "now", "when", "its", NULL
};

/* w is lower-cased; no stop word is longer than five bytes */
static bool
is_stop(const char *w, size_t n)
{
	return n <= 5 && re_word_in(w, n, stop_words);
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

/* Texts longer than this are hashed on every call, never kept. */
#define MEMO_MAX_TEXT 8192

typedef struct MemoSlot
{
	const char *ptr;			/* the text's address when it was hashed */
	char	   *copy;			/* its bytes, to recognise it */
	size_t		len;
	int			max;			/* words read at most (MAX_A_WORDS or MAX_B_WORDS) */
	int			n;				/* distinct hashes, sorted */
	uint64_t   *h;
} MemoSlot;

static MemoSlot *memo;
static int	memo_cap;

void
re_similar_memo_end(void)
{
	int			i;

	if (memo == NULL)
		return;
	for (i = 0; i < memo_cap; i++)
	{
		free(memo[i].copy);
		free(memo[i].h);
	}
	free(memo);
	memo = NULL;
	memo_cap = 0;
}

void
re_similar_memo_begin(int slots)
{
	int			cap = 64;

	re_similar_memo_end();
	while (cap < slots && cap < (1 << 16))
		cap <<= 1;
	memo = calloc((size_t) cap, sizeof(MemoSlot));
	memo_cap = memo ? cap : 0;
}

int
re_hash_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a,
				y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/* Sort and drop repeats; returns the new count. */
static int
sort_unique(uint64_t *h, int n)
{
	int			i,
				k = 0;

	qsort(h, (size_t) n, sizeof(uint64_t), re_hash_cmp);
	for (i = 0; i < n; i++)
		if (k == 0 || h[k - 1] != h[i])
			h[k++] = h[i];
	return k;
}

static int
memo_slot(const char *s, int max)
{
	uintptr_t	k = ((uintptr_t) s >> 3) * 2654435761u + (uintptr_t) max;

	return (int) ((k ^ (k >> 16)) & (uintptr_t) (memo_cap - 1));
}

/*
 * The sorted distinct hashes of the first max words of s (as counted by
 * re_word_hashes with dedup when max is MAX_A_WORDS, without otherwise),
 * from the memo when it holds s; NULL when the memo is off or s too long.
 */
static const uint64_t *
memo_hashes(const char *s, int max, int *n)
{
	size_t		len;
	MemoSlot   *m;
	uint64_t	tmp[MAX_B_WORDS];

	if (memo == NULL || (len = strnlen(s, MEMO_MAX_TEXT + 1)) > MEMO_MAX_TEXT)
		return NULL;
	m = &memo[memo_slot(s, max)];
	if (m->ptr == s && m->max == max && m->len == len && memcmp(m->copy, s, len) == 0)
	{
		*n = m->n;
		return m->h;
	}
	free(m->copy);
	free(m->h);
	memset(m, 0, sizeof(*m));
	*n = sort_unique(tmp, re_word_hashes(s, tmp, max, max == MAX_A_WORDS));
	m->copy = malloc(len + 1);
	m->h = malloc(sizeof(uint64_t) * (size_t) (*n > 0 ? *n : 1));
	if (m->copy == NULL || m->h == NULL)
	{
		free(m->copy);
		free(m->h);
		memset(m, 0, sizeof(*m));
		return NULL;
	}
	memcpy(m->copy, s, len + 1);
	memcpy(m->h, tmp, sizeof(uint64_t) * (size_t) *n);
	m->ptr = s;
	m->len = len;
	m->max = max;
	m->n = *n;
	return m->h;
}

double
re_word_overlap(const char *a, const char *b)
{
	uint64_t	wa[MAX_A_WORDS];
	uint64_t	wb[MAX_B_WORDS];
	const uint64_t *ma,
			   *mb;
	int			na,
				nb,
				i,
				j,
				common = 0;

	/* both in the memo, in different slots (b's entry would replace a's) */
	if (memo && memo_slot(a, MAX_A_WORDS) != memo_slot(b, MAX_B_WORDS) &&
		(ma = memo_hashes(a, MAX_A_WORDS, &na)) != NULL && (mb = memo_hashes(b, MAX_B_WORDS, &nb)) != NULL)
	{
		if (na == 0)
			return 0.0;
		for (i = 0, j = 0; i < na && j < nb;)
		{
			if (ma[i] == mb[j])
				common++, i++, j++;
			else if (ma[i] < mb[j])
				i++;
			else
				j++;
		}
		return (double) common / na;
	}
	na = re_word_hashes(a, wa, MAX_A_WORDS, true);
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
