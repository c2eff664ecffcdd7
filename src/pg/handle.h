/*
 * handle.h — repository handles: a libgit2 repository resolved at a commit
 * plus a core arena, released with a PostgreSQL memory context (on success
 * and on ERROR alike). Also the commit's file list. Calls config and errors.
 */
#ifndef RE_HANDLE_H
#define RE_HANDLE_H

#include "postgres.h"

#include "../core/arena.h"
#include "../core/gitrepo.h"

typedef void (*ReCleanupFn) (void *arg);

typedef struct ReHandle
{
	ReGit		git;
	ReArena    *arena;
	MemoryContext mcxt;
	int			ncleanups;
	ReCleanupFn cleanup_fn[8];	/* extra C resources (PCRE2 codes, …) */
	void	   *cleanup_arg[8];
} ReHandle;

/* The commit's blobs, in tree order. */
typedef struct ReFileList
{
	int			n,
				cap;
	char	  **paths;
	char	  **oids;
	size_t	   *sizes;
} ReFileList;

ReHandle   *re_handle_open(const char *canonical_path, const char *what);
void		re_handle_resolve(ReHandle *h, const char *ref, const char *path);
void		re_handle_close(ReHandle *h);
char	   *re_handle_read(ReHandle *h, const char *path, size_t *len);
void		re_handle_on_release(ReHandle *h, ReCleanupFn fn, void *arg);
void		re_handle_list(ReHandle *h, ReFileList *files);

/* The git or common directory of git outside allowed_roots, or NULL. */
const char *re_git_dir_outside_roots(ReGit *git);

/* A core arena freed when the current memory context is reset or deleted. */
ReArena    *re_arena_in_context(void);

#endif
