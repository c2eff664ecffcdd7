/*
 * strmap.c — string -> int hash map in an arena (open addressing, FNV-1a).
 */
#include "strmap.h"

#include <stdint.h>
#include <string.h>

static uint64_t
hash_str(const char *s)
{
	uint64_t	h = 1469598103934665603ULL;

	for (; *s; s++)
	{
		h ^= (unsigned char) *s;
		h *= 1099511628211ULL;
	}
	return h;
}

void
re_strmap_init(ReStrMap *m, ReArena *a)
{
	memset(m, 0, sizeof(*m));
	m->arena = a;
}

static ReStrMapSlot *
find_slot(ReStrMapSlot *slots, size_t cap, const char *key)
{
	size_t		i = (size_t) hash_str(key) & (cap - 1);

	while (slots[i].key && strcmp(slots[i].key, key) != 0)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

int
re_strmap_get(const ReStrMap *m, const char *key)
{
	ReStrMapSlot *s;

	if (m->cap == 0)
		return -1;
	s = find_slot(m->slots, m->cap, key);
	return s->key ? s->value : -1;
}

void
re_strmap_put(ReStrMap *m, const char *key, int value)
{
	ReStrMapSlot *s;

	if ((m->n + 1) * 2 > m->cap)
	{
		size_t		ncap = m->cap ? m->cap * 2 : 64,
					i;
		ReStrMapSlot *ns = re_alloc(m->arena, sizeof(ReStrMapSlot) * ncap);

		if (ns == NULL)
			return;
		for (i = 0; i < m->cap; i++)
			if (m->slots[i].key)
				*find_slot(ns, ncap, m->slots[i].key) = m->slots[i];
		m->slots = ns;
		m->cap = ncap;
	}
	s = find_slot(m->slots, m->cap, key);
	if (s->key == NULL)
	{
		s->key = re_strdup(m->arena, key);
		if (s->key == NULL)
			return;
		m->n++;
	}
	s->value = value;
}
