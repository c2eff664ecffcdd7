/*
 * test_similar.c — the word memo of core/similar.c (included by
 * test_core.c): every overlap computed with the memo on equals the one
 * computed without it, for texts compared many times, for a buffer reused
 * with other words at the same address, for texts that share a slot, and
 * for texts too long to keep.
 */
#include "../../src/core/similar.h"
#include "../../src/core/listed.h"
#include "../../src/core/arena.h"

static void
test_similar_memo(void)
{
	static const char *const words[] = {
		"refresh", "delta", "join", "the", "scheduler", "and", "Buffer", "slot", "worker", "partition",
		"index", "merge", "cost", "tenant", "memory", "dag", "cdc", "truncate", "lateral", "upgrade",
	};
	char		texts[300][160];
	char	   *longtext;
	char		reused[64];
	double		plain[300][8];
	int			i,
				j,
				k,
				same = 1;
	unsigned	seed = 7;

	for (i = 0; i < 300; i++)
	{
		texts[i][0] = '\0';
		for (k = 0; k < 3 + i % 17; k++)
		{
			seed = seed * 1103515245u + 12345u;
			strcat(texts[i], words[(seed >> 16) % 20]);
			strcat(texts[i], k % 4 == 3 ? ", " : " ");
		}
	}
	longtext = malloc(20000);
	longtext[0] = '\0';
	for (k = 0; strlen(longtext) < 19000; k++)
		strcat(longtext, words[k % 20]), strcat(longtext, " ");
	for (i = 0; i < 300; i++)
		for (j = 0; j < 8; j++)
			plain[i][j] = re_word_overlap(texts[i], texts[(i * 7 + j) % 300]);

	re_similar_memo_begin(16);	/* small: many texts share a slot */
	for (k = 0; k < 3; k++)
		for (i = 0; i < 300; i++)
			for (j = 0; j < 8; j++)
				same &= re_word_overlap(texts[i], texts[(i * 7 + j) % 300]) == plain[i][j];
	CHECK(same);
	/* the same address with other words: recognised by its bytes */
	strcpy(reused, "refresh delta join");
	CHECK(re_word_overlap(reused, texts[5]) == re_word_overlap("refresh delta join", texts[5]));
	strcpy(reused, "tenant memory slot");
	re_similar_memo_end();
	{
		double		off = re_word_overlap(reused, texts[5]);

		re_similar_memo_begin(1024);
		strcpy(reused, "refresh delta join");
		(void) re_word_overlap(reused, texts[5]);
		strcpy(reused, "tenant memory slot");
		CHECK(re_word_overlap(reused, texts[5]) == off);
	}
	/* too long to keep, and a text compared with itself */
	CHECK(re_word_overlap(texts[9], longtext) == 1.0);
	CHECK(re_word_overlap(texts[9], texts[9]) == 1.0);
	CHECK(re_word_overlap("the and for", texts[9]) == 0.0);
	re_similar_memo_end();
	re_similar_memo_end();		/* ending twice is harmless */
	CHECK(re_word_overlap(texts[9], texts[9]) == 1.0);
	free(longtext);
}

/*
 * The lead memo of core/listed.c: re_entry_repeats gives the same index with
 * the memo on as without it, with the memo full (leads that find no free
 * slot are split each time), and for a lead buffer reused with other words.
 */
static void
test_listed_memo(void)
{
	static const char *const words[] = {
		"refresh", "delta", "join", "the", "scheduler", "and", "Buffer", "slot", "worker", "partition",
		"index", "merge", "cost", "tenant", "memory", "dag", "cdc", "truncate", "lateral", "upgrade",
	};
	ReArena    *a = re_arena_new();
	char		texts[200][160];
	const char *leads[200];
	char		reused[64];
	int			plain[40][2],
				i,
				k,
				round,
				same = 1,
				found = 0;
	unsigned	seed = 11;

	for (i = 0; i < 200; i++)
	{
		texts[i][0] = '\0';
		for (k = 0; k < 2 + i % 9; k++)
		{
			seed = seed * 1103515245u + 12345u;
			strcat(texts[i], words[(seed >> 16) % 20]);
			strcat(texts[i], " ");
		}
		leads[i] = texts[i];
	}
	for (i = 0; i < 40; i++)
	{
		plain[i][0] = re_entry_repeats(a, texts[i * 5], false, leads + 1, 199, 0.6, 0);
		plain[i][1] = re_entry_repeats(a, texts[i * 5], true, leads + 1, 199, 0.4, 0);
		found += plain[i][0] >= 0;
	}
	CHECK(found > 0);
	for (round = 0; round < 2; round++)
	{
		re_listed_memo_begin(round == 0 ? 400 : 8);	/* the second cannot keep them all */
		for (k = 0; k < 3; k++)
			for (i = 0; i < 40; i++)
			{
				same &= re_entry_repeats(a, texts[i * 5], false, leads + 1, 199, 0.6, 0) == plain[i][0];
				same &= re_entry_repeats(a, texts[i * 5], true, leads + 1, 199, 0.4, 0) == plain[i][1];
			}
		re_listed_memo_end();
	}
	CHECK(same);
	/* the same address with other words: recognised by its bytes */
	leads[0] = reused;
	strcpy(reused, "tenant memory slot");
	re_listed_memo_begin(64);
	CHECK(re_entry_repeats(a, "Cap tenant memory slot", true, leads, 1, 0.6, 0) == 0);
	strcpy(reused, "refresh delta join");
	CHECK(re_entry_repeats(a, "Cap tenant memory slot", true, leads, 1, 0.6, 0) == -1);
	re_listed_memo_end();
	re_listed_memo_end();		/* ending twice is harmless */
	re_arena_free(a);
}
