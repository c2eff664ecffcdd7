/*
 * arena.h — region allocator and string helpers for the pure-C core.
 *
 * Everything the core builds for one operation lives in one arena and is
 * released with a single call, so the PostgreSQL glue can tie the arena's
 * lifetime to a memory-context reset callback.
 */
#ifndef RE_ARENA_H
#define RE_ARENA_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct ReArenaChunk ReArenaChunk;

typedef struct ReArena
{
	ReArenaChunk *head;
	size_t		total;			/* bytes handed out */
	jmp_buf    *oom_jmp;		/* where to jump when malloc fails, or NULL */
} ReArena;

/* A growable byte buffer allocated with malloc (not in an arena). */
typedef struct ReBuf
{
	char	   *data;
	size_t		len;
	size_t		cap;
	bool		oom;
} ReBuf;

ReArena    *re_arena_new(void);
void		re_arena_free(ReArena *a);
void	   *re_alloc(ReArena *a, size_t size);
char	   *re_strndup(ReArena *a, const char *s, size_t n);
char	   *re_strdup(ReArena *a, const char *s);
char	   *re_sprintf(ReArena *a, const char *fmt,...) __attribute__((format(printf, 2, 3)));

void		re_buf_init(ReBuf *b);
void		re_buf_free(ReBuf *b);
void		re_buf_append(ReBuf *b, const char *s, size_t n);
void		re_buf_puts(ReBuf *b, const char *s);
void		re_buf_printf(ReBuf *b, const char *fmt,...) __attribute__((format(printf, 2, 3)));
char	   *re_buf_to_arena(ReArena *a, const ReBuf *b);

/* Small string utilities shared by the core. */
char	   *re_trim(ReArena *a, const char *s);
bool		re_istarts_with(const char *s, const char *prefix);
bool		re_icontains(const char *hay, const char *needle);
bool		re_icontains_word(const char *hay, const char *word);

#endif
