/*
 * docslist.h — the settings and SQL functions a release's planned items
 * name that no file of the docs tree mentions (docs/proposals.md "One docs
 * item per release"): the subject of one docs item per release and kind,
 * instead of one item per feature that names only its first identifier.
 */
#ifndef RE_DOCSLIST_H
#define RE_DOCSLIST_H

#include <stdbool.h>

#include "arena.h"
#include "feature.h"
#include "lens.h"

typedef struct ReDocsName
{
	char	   *name;			/* as the item writes it: "prefix.name", "schema.fn()", "fn()" */
	int			feature;		/* index of the first planned item that names it */
	bool		own;			/* a mention introduces it, not only sets it (docslist.c) */
	const char *written;		/* a setting the section spells with another prefix: as written, else NULL */
} ReDocsName;

/*
 * A docs list lens: per_release, trigger not_in_docs, naming a setting or a
 * function. It writes one item per release naming every such name.
 */
bool		re_docs_list_lens(const ReLensDef *l);
/* The identifier kind it lists: IK_FUNCTION or IK_GUC. */
int			re_docs_list_want(const ReLensDef *l);

/*
 * The schema of the release's SQL functions: the qualifier most of the
 * planned items' schema-qualified function names use (first on a tie), or
 * NULL when none is qualified.
 */
const char *re_docs_function_schema(ReArena *a, const ReFeature *fs, int nf);

/*
 * The names of kind want (IK_GUC: settings, IK_FUNCTION: SQL functions)
 * that the planned items fs (skip[i]: item i is not asked) name and docs
 * never mentions, in item order, each once. Settings: every
 * "<prefix>.<name>" of an item's text (in code spans or not), its setting
 * identifiers (a bare name gets the prefix, a prefix spelt differently is
 * respelt), and a bare code-span name the text calls a GUC or setting;
 * mentioned when docs has "<prefix>.<name>" or the bare name as a word.
 * Functions: the items' function identifiers qualified with schema, or
 * written with a SQL signature (`fn(name TEXT)`), not an unqualified pg_*;
 * mentioned when docs has "fn(". prefix may be NULL (then only dotted
 * settings count); docs NULL: nothing is known, none is returned.
 */
int			re_docs_missing(ReArena *a, const ReFeature *fs, int nf, const bool *skip, int want,
							const char *prefix, const char *schema, const char *docs, ReDocsName **out);

#endif
