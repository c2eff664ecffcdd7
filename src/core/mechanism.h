/*
 * mechanism.h — what a changed mechanism feeds, read from the docs
 * (docs/proposals.md "What a changed mechanism feeds").
 *
 * A planned item that replaces or changes a function or setting X says
 * nothing of the stored values X computes; the docs do ("`row_id` is
 * computed as `hash_fn(…)`"). And an item that brings a value back may not
 * say that the docs record its removal as unsafe ("The `v` value was
 * removed in v1.2 because it was unsafe"). Both are read here, from the
 * item's own text and the docs texts; no project's words are built in.
 */
#ifndef RE_MECHANISM_H
#define RE_MECHANISM_H

#include <stdbool.h>

#include "arena.h"

/*
 * The identifiers text says it replaces or changes: a code span right
 * after "replace", "swap", "switch", "change" (any form) in the same
 * clause, with at most three words between ("Replace `hash_fn` string
 * concat…", "change the `x` setting"). The base name only ("hash_fn" of
 * "`hash_fn(a, b)`"). At most max; returns their count.
 */
int			re_changed_idents(ReArena *a, const char *text, const char **out, int max);

/* A docs sentence that says a stored value is derived from a function or setting. */
typedef struct ReDerived
{
	const char *path;			/* the document */
	char	   *stored;			/* the stored value's name ("__row_id") */
	char	   *sentence;		/* the sentence, folded (no double quotes), at most ~240 bytes */
} ReDerived;

/*
 * Does one of the n docs texts (paths parallel; fenced code skipped) hold a
 * sentence where a code span Y is "computed as|by|from", "derived from",
 * "calculated as", "generated from", "stored as" or "the hash of" a code
 * span that is ident itself or a call of it ("`ident(…)`")? Y is another
 * name, before the phrase in the same clause. Fills out with the first.
 */
bool		re_derived_from(ReArena *a, const char *ident, const char *const *paths, const char *const *texts,
							int n, ReDerived *out);

/* A docs sentence that records a value's removal. */
typedef struct ReRemoved
{
	const char *path;			/* the document */
	char	   *sentence;		/* the sentence, folded, at most ~240 bytes */
	bool		wrong_rows;		/* its stated reason is wrong results or lost data ("unsafe", "incorrect", "lost") */
} ReRemoved;

/*
 * Does one of the n docs texts hold a sentence where the code span ident
 * (or a call of it) "was|were|has been|have been" "removed|deprecated|
 * rejected|withdrawn|retired", at most four words after the span and no
 * other code span between, and the sentence gives a reason ("because",
 * "since", "as it", "unsafe", …) or a release ("in v1.2")? Fills out with
 * the first.
 */
bool		re_removed_value(ReArena *a, const char *ident, const char *const *paths, const char *const *texts,
							 int n, ReRemoved *out);

/*
 * The code spans of text outside clauses that remove or drop them ("remove
 * `x`", "`x` is deprecated", "no longer …"), base names, at most max, each
 * once; returns their count. What an item brings in or keeps.
 */
int			re_used_idents(ReArena *a, const char *text, const char **out, int max);

#endif
