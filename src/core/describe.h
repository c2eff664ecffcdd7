/*
 * describe.h — the description-length rule of proposals: 2–4 sentences and
 * at most about 600 characters; long evidence lists are cut
 * ("a, b, c … and 287 more"), the full list stays in roadmap.evidence.
 */
#ifndef RE_DESCRIBE_H
#define RE_DESCRIBE_H

#include "arena.h"

#define RE_DESC_MAX_SENTENCES 4
#define RE_DESC_MAX_CHARS 600

/* "a, b, c, d" cut to at most max_chars: "a, b … and 2 more". */
char	   *re_cut_list(ReArena *a, const char *list, size_t max_chars);

/* Number of sentences (ends outside `code`, followed by a capital, quote or end). */
int			re_desc_sentence_count(const char *text);

/*
 * Fit a description to the rule: sentences beyond max_sentences are joined
 * to the one before with "; " (the first sentences first), and when the text
 * is still longer than max_chars, the longest sentence that is not the
 * "Verify: …" one is cut at a word boundary with "…".
 */
char	   *re_description_fit(ReArena *a, const char *text, int max_sentences, size_t max_chars);

#endif
