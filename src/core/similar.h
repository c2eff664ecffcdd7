/*
 * similar.h — word-overlap similarity used to tell whether two roadmap
 * titles (or a title and a changelog entry) speak of the same work.
 */
#ifndef RE_SIMILAR_H
#define RE_SIMILAR_H

/* Fraction of a's significant words that also occur in b (0..1). */
double		re_word_overlap(const char *a, const char *b);

#endif
