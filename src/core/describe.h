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

/*
 * Cut s to at most cap bytes at clause boundaries around byte offset at
 * (< 0: from the start), with "…" at each cut end; NULL when no clause fits.
 */
char	   *re_clause_cut(ReArena *a, const char *s, int at, size_t cap);

/*
 * Text to be quoted inside "…": its own double quotes (outside code spans)
 * become single ones, so the quotation stays one ("who refreshed it?").
 */
char	   *re_inner_quotes(ReArena *a, const char *s);

/* Does s[0, n) end on a word that promises more ("by", "the", "add")? */
bool		re_ends_dangling(const char *s, size_t n);

/* Number of sentences (ends outside `code`, followed by a capital, quote or end). */
int			re_desc_sentence_count(const char *text);

/*
 * Fit a description to the rule: sentences beyond max_sentences are joined
 * to the one before with "; " (the first sentences first), and when the text
 * is still longer than max_chars, the longest sentence that is not the
 * "Verify: …" one is shortened: first the quotation in it (cut to whole
 * clauses, or dropped), then the sentence itself at a clause boundary
 * (re_clause_cut), else it is dropped when three or more remain.
 */
char	   *re_description_fit(ReArena *a, const char *text, int max_sentences, size_t max_chars);

#endif
