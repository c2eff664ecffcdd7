/*
 * strmap.h — string -> int hash map in an arena (open addressing).
 *
 * The model looks items up by (version, id), releases by version and
 * changelog citations by id; a linear search per row made those lookups
 * quadratic in the input, a map makes each one O(1) on average.
 */
#ifndef RE_STRMAP_H
#define RE_STRMAP_H

#include "arena.h"

typedef struct ReStrMapSlot
{
	const char *key;			/* NULL: empty */
	int			value;
} ReStrMapSlot;

typedef struct ReStrMap
{
	ReArena    *arena;
	ReStrMapSlot *slots;
	size_t		cap;			/* power of two, or 0 */
	size_t		n;
} ReStrMap;

void		re_strmap_init(ReStrMap *m, ReArena *a);
/* Value stored for key, or -1. */
int			re_strmap_get(const ReStrMap *m, const char *key);
/* Store value for key (key is copied into the arena); replaces an old value. */
void		re_strmap_put(ReStrMap *m, const char *key, int value);

#endif
