/*
 * glue.h — shared pieces of the PostgreSQL layer: GUCs, privilege and
 * path checks, error reporting for core status codes.
 */
#ifndef RE_GLUE_H
#define RE_GLUE_H

#include "postgres.h"

#include "../core/arena.h"
#include "../core/gitrepo.h"
#include "../core/mdoc.h"
#include "../core/version.h"

extern char *re_allowed_roots;
extern int	re_max_file_bytes;
extern int	re_max_table_columns;
extern bool re_trust_repository_owner;
extern int	re_shipped_window;
extern bool re_walk_history_enabled;
extern int	re_max_ingest_bytes;
extern int	re_max_table_cells;

void		re_guc_init(void);
void		re_require_read_privilege(void);
char	   *re_resolve_repo_path(const char *path);
MdLimits	re_md_limits(void);
ReVersion	re_parse_version_arg(const char *s);

/* A libgit2 repository and a core arena released with a memory context. */
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

ReHandle   *re_handle_open(const char *canonical_path, const char *what);
void		re_handle_resolve(ReHandle *h, const char *ref, const char *path);
void		re_handle_close(ReHandle *h);
char	   *re_handle_read(ReHandle *h, const char *path, size_t *len);
void		re_handle_on_release(ReHandle *h, ReCleanupFn fn, void *arg);
void		re_report_git_error(RgStatus st, const char *path, const char *commit, const char *msg);
void		re_report_md_error(MdStatus st, const char *path, const char *commit, const char *msg);

#endif
