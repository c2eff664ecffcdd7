/*
 * arena.c — region allocator and string helpers for the pure-C core.
 */
#include "arena.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define RE_CHUNK_SIZE 65536

struct ReArenaChunk
{
	ReArenaChunk *next;
	size_t		used;
	size_t		size;
	char		data[];
};

struct ReArenaCleanup
{
	ReArenaCleanup *next;
	ReArenaCleanupFn fn;
	void	   *arg;
};

void		(*re_check_interrupts_hook) (void) = NULL;
void		(*re_out_of_memory_hook) (size_t size) = NULL;
long		re_fail_alloc_after = 0;

/* Report an allocation failure: the host's hook (an ERROR), else the jump, else NULL. */
static void *
arena_oom(ReArena *a, size_t size)
{
	if (re_out_of_memory_hook)
		re_out_of_memory_hook(size);
	if (a->oom_jmp)
		longjmp(*a->oom_jmp, 1);
	return NULL;
}

/* malloc, or NULL when the testing-only failure counter says so. */
static void *
chunk_malloc(size_t n)
{
	if (re_fail_alloc_after > 0 && --re_fail_alloc_after == 0)
		return NULL;
	return malloc(n);
}

ReArenaCleanup *
re_arena_on_free(ReArena *a, ReArenaCleanupFn fn, void *arg)
{
	ReArenaCleanup *c = malloc(sizeof(ReArenaCleanup));

	if (c == NULL)
	{
		fn(arg);				/* release it now: the caller will not get to */
		return arena_oom(a, sizeof(ReArenaCleanup));
	}
	c->fn = fn;
	c->arg = arg;
	c->next = a->cleanups;
	a->cleanups = c;
	return c;
}

/* Run one registered cleanup now and forget it. */
void
re_arena_cleanup_run(ReArena *a, ReArenaCleanup *c)
{
	ReArenaCleanup **pp;

	if (c == NULL)
		return;
	for (pp = &a->cleanups; *pp; pp = &(*pp)->next)
		if (*pp == c)
		{
			*pp = c->next;
			c->fn(c->arg);
			free(c);
			return;
		}
}

ReArena *
re_arena_new(void)
{
	return calloc(1, sizeof(ReArena));
}

void
re_arena_free(ReArena *a)
{
	if (a == NULL)
		return;
	re_arena_reset(a);
	free(a);
}

void
re_arena_reset(ReArena *a)
{
	ReArenaChunk *c;

	while (a->cleanups)
	{
		ReArenaCleanup *k = a->cleanups;

		a->cleanups = k->next;
		k->fn(k->arg);
		free(k);
	}
	c = a->head;
	while (c)
	{
		ReArenaChunk *next = c->next;

		free(c);
		c = next;
	}
	a->head = NULL;
	a->total = 0;
}

/*
 * Zeroes a new allocation; a big one (an input-sized array of 100,000 items'
 * candidates runs to gigabytes) in slices with an interrupt check between
 * them, so a statement_timeout is not held up by one long memset. The chunk
 * is already in the arena, so leaving by longjmp here loses nothing.
 */
static void
zero_checked(char *p, size_t size)
{
	const size_t slice = (size_t) 16 << 20;

	while (size > slice)
	{
		RE_CHECK_INTERRUPTS();
		memset(p, 0, slice);
		p += slice;
		size -= slice;
	}
	memset(p, 0, size);
}

void *
re_alloc(ReArena *a, size_t size)
{
	ReArenaChunk *c = a->head;
	void	   *p;

	if (size > ((size_t) -1) / 2)
		return arena_oom(a, size);
	size = (size + 15) & ~(size_t) 15;
	if (c == NULL || c->size - c->used < size)
	{
		size_t		csize = size > RE_CHUNK_SIZE / 4 ? size : RE_CHUNK_SIZE;

		if (csize > ((size_t) -1) / 2)
			return arena_oom(a, size);
		c = chunk_malloc(sizeof(ReArenaChunk) + csize);
		if (c == NULL)
			return arena_oom(a, csize);
		c->size = csize;
		c->used = 0;
		/* Big allocations go behind the current chunk so it stays usable. */
		if (csize != RE_CHUNK_SIZE && a->head)
		{
			c->next = a->head->next;
			a->head->next = c;
		}
		else
		{
			c->next = a->head;
			a->head = c;
		}
	}
	p = c->data + c->used;
	c->used += size;
	a->total += size;
	zero_checked(p, size);
	return p;
}

char *
re_strndup(ReArena *a, const char *s, size_t n)
{
	char	   *p = re_alloc(a, n + 1);

	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
re_strdup(ReArena *a, const char *s)
{
	return s ? re_strndup(a, s, strlen(s)) : NULL;
}

char *
re_sprintf(ReArena *a, const char *fmt,...)
{
	va_list		ap;
	int			n;
	char	   *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = re_alloc(a, (size_t) n + 1);
	if (p == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t) n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void
re_buf_init(ReBuf *b)
{
	memset(b, 0, sizeof(*b));
}

void
re_buf_free(ReBuf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

void
re_buf_append(ReBuf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap)
	{
		size_t		ncap = b->cap ? b->cap : 256;
		char	   *nd;

		while (ncap < b->len + n + 1)
			ncap *= 2;
		nd = realloc(b->data, ncap);
		if (nd == NULL)
		{
			b->oom = true;
			if (re_out_of_memory_hook)
			{
				re_buf_free(b);
				re_out_of_memory_hook(ncap);
			}
			return;
		}
		b->data = nd;
		b->cap = ncap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
re_buf_puts(ReBuf *b, const char *s)
{
	re_buf_append(b, s, strlen(s));
}

void
re_buf_printf(ReBuf *b, const char *fmt,...)
{
	va_list		ap;
	char		small[512];
	int			n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t) n < sizeof(small))
	{
		re_buf_append(b, small, (size_t) n);
		return;
	}
	{
		char	   *big = malloc((size_t) n + 1);

		if (big == NULL)
		{
			b->oom = true;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(big, (size_t) n + 1, fmt, ap);
		va_end(ap);
		re_buf_append(b, big, (size_t) n);
		free(big);
	}
}

char *
re_buf_to_arena(ReArena *a, const ReBuf *b)
{
	return re_strndup(a, b->data ? b->data : "", b->len);
}

char *
re_trim(ReArena *a, const char *s)
{
	const char *e;

	if (s == NULL)
		return NULL;
	while (*s && isspace((unsigned char) *s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char) e[-1]))
		e--;
	return re_strndup(a, s, (size_t) (e - s));
}

bool
re_istarts_with(const char *s, const char *prefix)
{
	return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

bool
re_icontains(const char *hay, const char *needle)
{
	size_t		n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

bool
re_word_in(const char *w, size_t n, const char *const *list)
{
	int			i;

	for (i = 0; list[i]; i++)
		if (strlen(list[i]) == n && strncasecmp(w, list[i], n) == 0)
			return true;
	return false;
}

bool
re_icontains_word(const char *hay, const char *word)
{
	size_t		n = strlen(word);
	const char *p;

	for (p = hay; *p; p++)
	{
		if (strncasecmp(p, word, n) != 0)
			continue;
		if (p > hay && (isalnum((unsigned char) p[-1]) || p[-1] == '_'))
			continue;
		if (isalnum((unsigned char) p[n]) || p[n] == '_')
			continue;
		return true;
	}
	return false;
}
