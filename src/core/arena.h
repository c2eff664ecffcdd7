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
typedef struct ReArenaCleanup ReArenaCleanup;

typedef struct ReArena
{
	ReArenaChunk *head;
	size_t		total;			/* bytes handed out */
	jmp_buf    *oom_jmp;		/* where to jump when malloc fails, or NULL */
	ReArenaCleanup *cleanups;	/* run by re_arena_free, newest first */
} ReArena;

/*
 * Hooks the host sets (the PostgreSQL glue: CHECK_FOR_INTERRUPTS and an
 * ERROR with SQLSTATE 53200). Both may leave by longjmp: the core only
 * calls them where everything it holds is in an arena (or registered with
 * re_arena_on_free), so re_arena_free releases it all.
 *
 * re_check_interrupts is called once per row, block, file, commit or
 * candidate in every loop whose length the input controls.
 * re_out_of_memory is called when malloc fails; when it returns (no host),
 * the allocation returns NULL, or jumps to a->oom_jmp when that is set.
 */
extern void (*re_check_interrupts_hook) (void);
extern void (*re_out_of_memory_hook) (size_t size);
/* Testing only: when > 0, the n-th arena chunk allocation from now fails. */
extern long re_fail_alloc_after;

#define RE_CHECK_INTERRUPTS() \
	do { if (re_check_interrupts_hook) re_check_interrupts_hook(); } while (0)

typedef void (*ReArenaCleanupFn) (void *arg);

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
/* Free every block and run the cleanups, keeping the arena for reuse. */
void		re_arena_reset(ReArena *a);
/* Run fn(arg) when the arena is freed (ERROR included), or earlier by re_arena_cleanup_run. */
ReArenaCleanup *re_arena_on_free(ReArena *a, ReArenaCleanupFn fn, void *arg);
void		re_arena_cleanup_run(ReArena *a, ReArenaCleanup *c);
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
/* The n bytes at w equal an entry of the NULL-terminated list, case-insensitively. */
bool		re_word_in(const char *w, size_t n, const char *const *list);

#endif
