/*
 * similar.h — word-overlap similarity used to tell whether two roadmap
 * titles (or a title and a changelog entry) speak of the same work.
 */
#ifndef RE_SIMILAR_H
#define RE_SIMILAR_H

#include <stdbool.h>
#include <stdint.h>

/* Fraction of a's significant words that also occur in b (0..1). */
double		re_word_overlap(const char *a, const char *b);

/* qsort/bsearch order of 64-bit hashes. */
int			re_hash_cmp(const void *a, const void *b);

/* Significant words of s as 64-bit hashes (distinct when dedup); returns the count. */
int			re_word_hashes(const char *s, uint64_t *out, int max, bool dedup);

/*
 * Keep the words of the texts compared between begin and end (about slots
 * texts; begin ends an earlier memo). Results are the same with or without
 * it; it only saves hashing a text again. Not thread-safe (one per process).
 */
void		re_similar_memo_begin(int slots);
void		re_similar_memo_end(void);

#endif
