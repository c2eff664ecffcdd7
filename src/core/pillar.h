/*
 * pillar.h — the quality pillars as the catalog defines them
 * (roadmap.pillar: key, heading name, item-id prefix, further heading
 * words, in catalog order). The core holds no pillar of its own: every
 * caller passes the set it read, so adding, renaming or disabling a pillar
 * is a row edit, not a rebuild.
 */
#ifndef RE_PILLAR_H
#define RE_PILLAR_H

#include <stdbool.h>

typedef struct RePillarDef
{
	const char *key;			/* correctness … */
	const char *name;			/* Correctness … (heading written and recognised) */
	const char *prefix;			/* CORR … */
	const char *const *words;	/* further words a heading may use ("scalab*", "testing") */
	int			nwords;
	int			next_number;	/* first free number for the prefix (enrich only) */
	const char *role;			/* "critical", "tests" or NULL (roadmap.pillar.role) */
} RePillarDef;

/* The pillar whose prefix the id uses ("UX-7" -> ease_of_use), or NULL. */
const char *re_pillar_from_prefix(const RePillarDef *p, int n, const char *item_id);

/*
 * The first pillar, in catalog order, that a heading names: its name or one
 * of its words, case-insensitively and as whole words; a word ending in '*'
 * matches any word it begins ("scalab*" matches "Scalability"). NULL when
 * none does (or heading is NULL).
 */
const char *re_pillar_from_heading(const RePillarDef *p, int n, const char *heading);

/*
 * Whether the pillar key has the role: "critical" (a deferred P0 stays P0, a
 * focus-area item is at least P1, test items depend on its engine-core
 * item) or "tests" (its planned items are tests, not features).
 */
bool		re_pillar_is(const RePillarDef *p, int n, const char *key, const char *role);

/* "six" for 6 ("no", "one" … "twelve"), else the digits written into buf. */
const char *re_count_word(int n, char *buf, int len);

#endif
