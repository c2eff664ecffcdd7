/*
 * gitrepo.h — read-only access to a commit's tree through libgit2.
 */
#ifndef RE_GITREPO_H
#define RE_GITREPO_H

#include <stddef.h>

#include "arena.h"

struct git_oid;
struct git_blob;

typedef enum RgStatus
{
	RG_OK = 0,
	RG_ENOTREPO,				/* no repository at the path */
	RG_EOWNER,					/* libgit2 ownership check refused it */
	RG_EREF,					/* ref does not resolve to a commit */
	RG_ENOTFOUND,				/* path not in the tree */
	RG_ENOTBLOB,				/* path is a tree or submodule */
	RG_ETOOBIG,					/* blob over the caller's limit */
	RG_EBARE,					/* bare repository: no work tree to write */
	RG_EDETACHED,				/* HEAD is not on a branch */
	RG_ESTATE,					/* merge, rebase, cherry-pick … in progress */
	RG_EDIRTY,					/* uncommitted changes to a target file */
	RG_EMOVED,					/* HEAD is not the commit that was read */
	RG_ELOCKED,					/* index.lock exists */
	RG_EIO,						/* writing a file failed */
	RG_EPATH,					/* target path unsafe (.., .git, symlink, outside the work tree) */
	RG_ENOTBRANCH,				/* HEAD points at something other than a local branch (a tag) */
	RG_ECASE,					/* two entries differ only in case */
	RG_ECANCELED,				/* stopped by the stage hook before the point of no return */
	RG_EAUTHOR,					/* invalid author name or email */
	RG_EPUSH,					/* push failed (the commit is kept) */
	RG_EINDEX,					/* committed, but the index entry could not be updated */
	RG_ETOTAL,					/* the operation's total-bytes budget is spent */
	RG_EREFSYNTAX,				/* ref uses search syntax (":/text", "^{/text}") */
	RG_EOTHER
} RgStatus;

/* One file to replace in the work tree. */
typedef struct ReGitWrite
{
	const char *path;			/* relative to the work tree */
	const char *data;
	size_t		len;
} ReGitWrite;

typedef struct ReGit
{
	struct git_repository *repo;
	struct git_commit *commit;
	struct git_tree *tree;
	struct git_odb *odb;		/* for object headers: sizes before reading */
	char		commit_hex[41];
	int			is_bare;
	int			head_detached;
	size_t		max_total;		/* blob bytes one operation may read; 0: no limit */
	size_t		total_read;		/* blob bytes read so far */
} ReGit;

typedef int (*ReGitFileFn) (const char *path, const char *oid_hex, size_t size, void *arg);

void		re_git_init(void);
void		re_git_set_owner_validation(int enabled);
RgStatus	re_git_open(ReGit *g, const char *path, char *err, size_t errlen);
RgStatus	re_git_resolve(ReGit *g, const char *ref, char *err, size_t errlen);
RgStatus	re_git_read(ReGit *g, const char *path, ReArena *a, size_t max_bytes,
						char **buf, size_t *len, char *oid_hex, char *err, size_t errlen);
/*
 * Look up a blob by id after checking its size in the object header
 * (nothing is read when it is over max_bytes or over what is left of
 * g->max_total); the caller frees *blob with git_blob_free.
 */
RgStatus	re_git_blob_capped(ReGit *g, const struct git_oid *oid, const char *what, size_t max_bytes,
							   struct git_blob **blob, char *err, size_t errlen);
/*
 * The commit ref names, read from git's own ref files without libgit2,
 * for recognising an unchanged ref cheaply: only ref "HEAD" (or NULL) of
 * a work tree whose .git is a directory, with HEAD a commit id or a
 * symbolic ref to refs/heads/<name> kept as a loose ref file or a line of
 * packed-refs. 1 with hex set; 0 for anything else (linked work trees,
 * bare repositories, reftable, other refs, unreadable or odd files): ask
 * libgit2 then.
 */
int			re_git_peek_head(const char *path, const char *ref, char hex[41]);

/* False when ref uses revision search syntax, which scans history with a regex. */
int			re_git_ref_is_plain(const char *ref);
RgStatus	re_git_list(ReGit *g, ReGitFileFn fn, void *arg, char *err, size_t errlen);
void		re_git_close(ReGit *g);

/* First-parent history walk from the resolved commit (read-only). */
typedef struct ReGitOid
{
	unsigned char id[20];
} ReGitOid;

typedef struct ReGitWalk ReGitWalk;

typedef void (*ReGitBlobFn) (const char *data, size_t len, void *arg);

/* Start a walk at g's resolved commit; NULL when libgit2 cannot (err says why). */
ReGitWalk  *re_git_walk_begin(ReGit *g, char *err, size_t errlen);

/* Step to the next commit (the first call gives the start); 0 at the end or when a commit cannot be read. */
int			re_git_walk_next(ReGitWalk *w, char *hex, long long *time);

/* 1 and *oid when path is a file or tree entry of the current commit. */
int			re_git_walk_entry(ReGitWalk *w, const char *path, ReGitOid *oid);

/* Free the walk and its current commit; safe on NULL. */
void		re_git_walk_end(ReGitWalk *w);

/*
 * Call fn with a blob's bytes (valid only during the call) after checking
 * its size in the object header against max_bytes and g's budget, like
 * re_git_blob_capped; what names the blob in err.
 */
RgStatus	re_git_blob_with(ReGit *g, const ReGitOid *oid, const char *what, size_t max_bytes,
							 ReGitBlobFn fn, void *arg, char *err, size_t errlen);

int			re_git_diff(const char *path, const char *old, size_t old_len, const char *new_text,
						size_t new_len, ReBuf *out);

#endif
