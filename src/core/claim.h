/*
 * claim.h — what the repository's documents say is already true: a
 * sentence of the docs or the changelog that states the property a
 * proposal asks for as existing ("Every … error includes a … SQLSTATE
 * code", "No More 63-Column Limit"), and whether a planned item already
 * names the document a docs proposal would write to.
 * See docs/proposals.md "Claimed by the docs".
 */
#ifndef RE_CLAIM_H
#define RE_CLAIM_H

#include <stdbool.h>

#include "arena.h"

/* roadmap.claim_form: a sentence shape that states a property as existing, or (negates) that it does not. */
typedef struct ReClaimForm
{
	const char *form;
	const char *pattern;		/* PCRE2, case-insensitive */
	bool		negates;
} ReClaimForm;

/* The texts the claims are read from: docs files and the changelog. */
typedef struct ReClaimTexts
{
	const char *const *paths;
	const char *const *texts;
	int			n;
} ReClaimTexts;

typedef struct ReClaim
{
	const char *path;			/* the document */
	char	   *sentence;		/* the sentence that states it (folded to one line, at most ~300 bytes) */
	const char *form;			/* the claim form it matched, or NULL when it names the key */
} ReClaim;

/*
 * The first sentence of the texts that matches property (a PCRE2 pattern,
 * case-insensitive) and states it as existing: it matches a claim form
 * (universally, e.g. "every … includes") or names key (an identifier's base
 * name, may be NULL), and matches no negating form. Fenced code is skipped.
 * Returns 1 and fills out, 0 when none, -1 with err set when a pattern does
 * not compile.
 */
int			re_claim_find(ReArena *a, const char *property, const char *key, const ReClaimForm *forms, int nforms,
						  const ReClaimTexts *texts, ReClaim *out, char *err, size_t errlen);

/*
 * The document a docs proposal writes to: the first of the texts whose file
 * base name (without extension, '_' and '-' read as blanks) or first
 * heading matches target (a PCRE2 pattern, case-insensitive, anchored by
 * the caller's pattern). Returns its index, -1 when none (or target does
 * not compile); *title is set to its first heading (or NULL).
 */
int			re_claim_target_doc(ReArena *a, const char *target, const ReClaimTexts *texts, const char **title);

/*
 * Does text name the document at path (its file name, e.g.
 * "SQL_REFERENCE.md") or its title of two words or more (e.g. "SQL
 * Reference"), case-insensitively? Returns the offset of the mention, or -1.
 */
int			re_claim_names_doc(const char *text, const char *path, const char *title);

/*
 * Is a docs item for a feature already listed? True when one of the n
 * planned items (ids/texts parallel: id and "title. description") names
 * the target document (re_claim_names_doc) and either is the feature
 * itself or names the feature in the same sentence: its id, its
 * identifier's base name, or a word of five letters or more of that name,
 * singular or plural (`list_snapshots()` -> "snapshot/restore API"). *why is set to
 * "<id>: <sentence>".
 */
bool		re_claim_doc_listed(ReArena *a, const char *doc_path, const char *doc_title, const char *feature_id,
								const char *ident, const char *const *ids, const char *const *texts, int n,
								char **why);

/*
 * Is a docs item about ident covered by another planned item, one whose
 * title (its bold lead) matches pattern (roadmap.lens.covered_by: a
 * tutorial, a worked example, a guide) and names the feature's subject: a
 * word of five letters or more of that title (not one of the pattern's
 * words) stands in a text (sents: the planned items' texts, or own) that
 * names ident? self is the feature's own index (never its own cover).
 * Returns 1 with *why = "<id>: <title>", 0, or -1 with err set when the
 * pattern does not compile.
 */
int			re_claim_doc_covered(ReArena *a, const char *pattern, const char *ident, int self,
								 const char *const *ids, const char *const *titles, int n,
								 const char *const *sents, int nsents, const char *own, char **why,
								 char *err, size_t errlen);

/* The base name of an identifier: "pgtrickle.list_snapshots(name)" -> "list_snapshots". */
char	   *re_claim_ident_base(ReArena *a, const char *ident);

/*
 * The prefix of the settings the docs document: the prefix most headings
 * of the form "### prefix.name" (backticks allowed) use, when at least
 * three do; *path is set to the first such document and *example to one
 * of its settings. NULL when no prefix has three headings.
 */
const char *re_claim_settings_prefix(ReArena *a, const ReClaimTexts *docs, const char **path, const char **example);

/*
 * ident ("pgtrickle.delta_enable_nestloop") written with the documented
 * settings prefix ("pg_trickle.delta_enable_nestloop") when its own prefix
 * is the same word spelt differently (the same letters, '_' and '-' left
 * out); NULL when it already uses it, or names another prefix altogether.
 */
char	   *re_claim_fix_prefix(ReArena *a, const char *ident, const char *prefix);

/* The sentence of text around offset at (same bounds as re_claim_find's). */
char	   *re_claim_sentence(ReArena *a, const char *text, int at);

#endif
