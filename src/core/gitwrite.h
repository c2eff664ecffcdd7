/*
 * gitwrite.h — write-back of one rendered release into a git work tree,
 * safely: the target path is checked component by component, the local-edit
 * check hashes the work-tree file itself, the commit is built from the base
 * commit's tree plus the new blob (never from the index), and the branch is
 * moved by compare-and-swap from the base commit. See docs/writeback.md.
 */
#ifndef RE_GITWRITE_H
#define RE_GITWRITE_H

#include <stddef.h>

#include "gitrepo.h"

/*
 * Stage hook, called at "before_files" (objects built, nothing touched),
 * "after_files" (work tree written, branch not moved), "after_commit"
 * (branch moved, index not updated) and "after_index". A nonzero return at
 * the first two stages stops the write-back and puts back what was written
 * (RG_ECANCELED); later it is ignored (past the point of no return).
 */
typedef int (*ReGitWriteHook) (const char *stage, void *arg);

typedef struct ReGitWriteReq
{
	const char *base_commit;	/* hex id the new text was rendered from */
	const ReGitWrite *files;	/* new text in repository form (as in the blob) */
	int			nfiles;
	const char *message;
	const char *author_name;
	const char *author_email;
	int			files_only;		/* write the work tree, no commit (render commit => false) */
	int			resume;			/* an earlier attempt of the same request may have been interrupted */
	ReGitWriteHook hook;
	void	   *hook_arg;
} ReGitWriteReq;

/* Is rel a safe work-tree path (relative, no "..", ".", empty or .git component)? */
int			re_gitw_path_ok(const char *rel, char *err, size_t errlen);

/* The repository's git directory and common directory (NULL when none). */
const char *re_gitw_gitdir(ReGit *g);
const char *re_gitw_commondir(ReGit *g);
const char *re_gitw_workdir(ReGit *g);

/*
 * Every check, nothing written: a branch checked out (not detached, not a
 * tag), no operation in progress, no index.lock or branch lock, the branch
 * still at base_commit, safe target paths, each target file in the work
 * tree byte-for-byte the base blob (through the repository's filters), its
 * index entry the base blob, and no index entry differing from it only in
 * case. branch (optional) receives the branch's full ref name.
 */
RgStatus	re_gitw_check(ReGit *g, const ReGitWriteReq *req, char *branch, size_t branchlen,
						  char *err, size_t errlen);

/* Check, then commit and update the work tree and the targets' index entries. */
RgStatus	re_gitw_apply(ReGit *g, const ReGitWriteReq *req, char *commit_hex, char *err, size_t errlen);

/* Push the checked-out branch to remote (never touches the commit or the work tree). */
RgStatus	re_gitw_push(ReGit *g, const char *remote, char *err, size_t errlen);

#endif
