/*
 * config.c — the extension's settings (GUCs) and the checks that depend on
 * them: read/write privileges and the allowed repository roots. Every GUC of
 * roadmap_enrich is defined here, in one place.
 */
#include "postgres.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "catalog/pg_authid.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/guc.h"

#include "config.h"
#include "../core/arena.h"

char	   *re_allowed_roots = NULL;
int			re_max_file_bytes = 8 * 1024 * 1024;
int			re_max_table_columns = 128;
bool		re_trust_repository_owner = false;
int			re_shipped_window = 3;
int			re_stale_after = 8;
bool		re_walk_history_enabled = true;
int			re_history_depth = 2000;
char	   *re_author_name = NULL;
char	   *re_author_email = NULL;
char	   *re_push_remote = NULL;
char	   *re_debug_fault_delay = NULL;
int			re_writeback_wait_ms = 30000;
int			re_max_ingest_bytes = 1024 * 1024 * 1024;
int			re_max_table_cells = 200000;
static int	re_debug_fail_alloc_after = 0;

static void
fail_alloc_assign(int newval, void *extra)
{
	re_fail_alloc_after = newval;
}

/* Define every roadmap_enrich.* setting (called once from _PG_init). */
void
re_config_init(void)
{
	DefineCustomStringVariable("roadmap_enrich.allowed_roots",
							   "Comma-separated directories under which repositories may be read or written.",
							   "Empty means no restriction beyond the role checks.",
							   &re_allowed_roots, "", PGC_SUSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.max_file_bytes",
							"Largest markdown file that is parsed.",
							NULL, &re_max_file_bytes, 8 * 1024 * 1024, 1024, 256 * 1024 * 1024,
							PGC_SUSET, GUC_UNIT_BYTE, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.max_table_columns",
							"Most table cells allowed on one markdown line.",
							"Guards cmark-gfm's quadratic table parsing (CVE-2023-37463).",
							&re_max_table_columns, 128, 2, 4096, PGC_SUSET, 0, NULL, NULL, NULL);
	DefineCustomBoolVariable("roadmap_enrich.trust_repository_owner",
							 "Read repositories owned by another OS user (disables libgit2's ownership check).",
							 "Prefer safe.directory with the exact path in the server user's gitconfig.",
							 &re_trust_repository_owner, false, PGC_SUSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.shipped_window",
							"How many recent released versions count as \"shipped recently\".",
							"A proposal repeating a changelog entry of this window is dropped.",
							&re_shipped_window, 3, 1, 50, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.stale_after",
							"Deferred items carried more releases than this are not proposed again.",
							"Conflicts & Risks lists them as \"carried N releases - confirm or drop\".",
							&re_stale_after, 8, 1, 1000, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomBoolVariable("roadmap_enrich.walk_history",
							 "Walk git history at ingest to date open deferred items.",
							 NULL, &re_walk_history_enabled, true, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.history_depth",
							"Most commits the carry-over history walk reads.",
							NULL, &re_history_depth, 2000, 1, 1000000, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("roadmap_enrich.author_name", "Author name of write-back commits.", NULL,
							   &re_author_name, "roadmap_enrich", PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("roadmap_enrich.author_email", "Author email of write-back commits.", NULL,
							   &re_author_email, "roadmap_enrich@localhost", PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomStringVariable("roadmap_enrich.push_remote",
							   "Remote to push to after a write-back commit (empty: no push).", NULL,
							   &re_push_remote, "", PGC_SUSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.writeback_wait",
							"How long COMMIT waits for its write-back to be applied (0: do not wait).",
							"The outcome is then reported as a NOTICE (committed) or WARNING (failed).",
							&re_writeback_wait_ms, 30000, 0, 3600 * 1000, PGC_USERSET, GUC_UNIT_MS,
							NULL, NULL, NULL);
	DefineCustomStringVariable("roadmap_enrich.debug_fault_delay",
							   "Testing only: the write-back worker sleeps at a stage (\"before_files:ms\", "
							   "\"after_files:ms\", \"after_commit:ms\", \"after_index:ms\").",
							   NULL, &re_debug_fault_delay, "", PGC_SUSET, GUC_NOT_IN_SAMPLE, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.max_ingest_bytes",
							"Most blob bytes one call reads from a repository (HEAD files and history alike).",
							"Checked against object headers before a blob is read.",
							&re_max_ingest_bytes, 1024 * 1024 * 1024, 1024, INT_MAX,
							PGC_SUSET, GUC_UNIT_BYTE, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.max_table_cells",
							"Most table cells one markdown file may hold.",
							NULL, &re_max_table_cells, 200000, 100, INT_MAX, PGC_SUSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.debug_fail_alloc_after",
							"Testing only: make the n-th core allocation from now fail (0: off).",
							NULL, &re_debug_fail_alloc_after, 0, 0, INT_MAX, PGC_SUSET,
							GUC_NOT_IN_SAMPLE, NULL, fail_alloc_assign, NULL);
	MarkGUCPrefixReserved("roadmap_enrich");
}

MdLimits
re_md_limits(void)
{
	MdLimits	lim;

	lim.max_bytes = (size_t) re_max_file_bytes;
	lim.max_table_columns = re_max_table_columns;
	lim.max_table_cells = re_max_table_cells;
	return lim;
}

/* Reading a server path needs superuser or pg_read_server_files. */
void
re_require_read_privilege(void)
{
	if (!superuser() && !has_privs_of_role(GetUserId(), ROLE_PG_READ_SERVER_FILES))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to read repositories on the server"),
				 errdetail("roadmap_enrich reads git repositories from the server's file system."),
				 errhint("Grant the role pg_read_server_files, or run as a superuser.")));
}

/* Writing server files needs superuser or pg_write_server_files. */
void
re_require_write_privilege(void)
{
	if (!superuser() && !has_privs_of_role(GetUserId(), ROLE_PG_WRITE_SERVER_FILES))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to write repositories on the server"),
				 errdetail("Writing back the enriched roadmap changes files on the server's file system."),
				 errhint("Grant the role pg_write_server_files, or call with apply => false / write => false.")));
}

/* True when canonical path p lies at or below directory root. */
static bool
path_under(const char *p, const char *root)
{
	size_t		n = strlen(root);

	while (n > 1 && root[n - 1] == '/')
		n--;
	if (strncmp(p, root, n) != 0)
		return false;
	return p[n] == '\0' || p[n] == '/' || (n == 1 && root[0] == '/');
}

/* True when directory dir exists and lies under allowed_roots (or the list is empty). */
bool
re_path_allowed(const char *dir)
{
	char		resolved[PATH_MAX];
	char	   *roots,
			   *tok,
			   *save = NULL;
	bool		ok = false;

	if (re_allowed_roots == NULL || re_allowed_roots[0] == '\0')
		return true;
	if (realpath(dir, resolved) == NULL)
		return false;
	roots = pstrdup(re_allowed_roots);
	for (tok = strtok_r(roots, ",", &save); tok && !ok; tok = strtok_r(NULL, ",", &save))
	{
		char		rroot[PATH_MAX];

		while (*tok == ' ')
			tok++;
		ok = *tok && realpath(tok, rroot) && path_under(resolved, rroot);
	}
	pfree(roots);
	return ok;
}

/*
 * Canonicalise a repository path and check it against allowed_roots: the
 * one place a caller's repository path becomes a server path. The privilege
 * check comes first, so a caller without it learns nothing about which
 * server paths exist.
 */
char *
re_resolve_repo_path(const char *path)
{
	char		resolved[PATH_MAX];
	struct stat st;

	re_require_read_privilege();
	if (path[0] != '/')
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("repository path must be absolute: \"%s\"", path),
				 errhint("Pass the full path of the repository on the database server.")));
	if (realpath(path, resolved) == NULL || stat(resolved, &st) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not access repository \"%s\": %m", path),
				 errhint("Check that the path exists on the database server and that the server's OS user can read it.")));
	if (!S_ISDIR(st.st_mode))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("repository path \"%s\" is not a directory", path),
				 errhint("Pass the repository's top-level directory.")));
	if (!re_path_allowed(resolved))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("repository \"%s\" is outside roadmap_enrich.allowed_roots", resolved),
				 errdetail("allowed_roots is \"%s\".", re_allowed_roots),
				 errhint("A superuser can add the directory to roadmap_enrich.allowed_roots.")));
	return pstrdup(resolved);
}

