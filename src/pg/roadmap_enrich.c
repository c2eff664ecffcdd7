/*
 * roadmap_enrich.c — module init, GUCs, version helpers and the checks every
 * entry point shares (privileges, allowed roots, libgit2 handles).
 */
#include "postgres.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "catalog/pg_authid.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "glue.h"
#include "../core/version.h"
#include "../core/similar.h"
#include "history.h"
#include "features.h"
#include "render.h"

PG_MODULE_MAGIC;

char	   *re_allowed_roots = NULL;
int			re_max_file_bytes = 8 * 1024 * 1024;
int			re_max_table_columns = 128;
bool		re_trust_repository_owner = false;
int			re_shipped_window = 3;
bool		re_walk_history_enabled = true;

void		_PG_init(void);

/* Register GUCs and the cmark-gfm extensions once per backend. */
void
_PG_init(void)
{
	re_guc_init();
	md_init();
	re_git_init();
}

void
re_guc_init(void)
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
							"Focus areas with changelog entries in this window score lower.",
							&re_shipped_window, 3, 1, 50, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomBoolVariable("roadmap_enrich.walk_history",
							 "Walk git history at ingest to date open deferred items.",
							 NULL, &re_walk_history_enabled, true, PGC_USERSET, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("roadmap_enrich.history_depth",
							"Most commits the carry-over history walk reads.",
							NULL, &re_history_depth, 2000, 1, 1000000, PGC_USERSET, 0, NULL, NULL, NULL);
	re_render_guc_init();
	re_decision_guc_init();
	MarkGUCPrefixReserved("roadmap_enrich");
}

MdLimits
re_md_limits(void)
{
	MdLimits	lim;

	lim.max_bytes = (size_t) re_max_file_bytes;
	lim.max_table_columns = re_max_table_columns;
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

/* Canonicalise a repository path and check it against allowed_roots. */
char *
re_resolve_repo_path(const char *path)
{
	char		resolved[PATH_MAX];
	struct stat st;
	char	   *roots,
			   *tok,
			   *save = NULL;
	bool		ok = false;

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
	if (re_allowed_roots == NULL || re_allowed_roots[0] == '\0')
		return pstrdup(resolved);
	roots = pstrdup(re_allowed_roots);
	for (tok = strtok_r(roots, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
	{
		char		rroot[PATH_MAX];

		while (*tok == ' ')
			tok++;
		if (*tok && realpath(tok, rroot) && path_under(resolved, rroot))
		{
			ok = true;
			break;
		}
	}
	if (!ok)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("repository \"%s\" is outside roadmap_enrich.allowed_roots", resolved),
				 errdetail("allowed_roots is \"%s\".", re_allowed_roots),
				 errhint("A superuser can add the directory to roadmap_enrich.allowed_roots.")));
	return pstrdup(resolved);
}

/* Memory-context callback: free libgit2 objects and the core arena. */
static void
handle_release(void *arg)
{
	ReHandle   *h = arg;
	int			i;

	for (i = h->ncleanups - 1; i >= 0; i--)
		h->cleanup_fn[i] (h->cleanup_arg[i]);
	h->ncleanups = 0;
	re_git_close(&h->git);
	re_arena_free(h->arena);
	h->arena = NULL;
}

/* Open a repository; its handles die with a private memory context. */
ReHandle *
re_handle_open(const char *path, const char *what)
{
	MemoryContext mcxt = AllocSetContextCreate(CurrentMemoryContext, "roadmap_enrich handle",
											   ALLOCSET_SMALL_SIZES);
	ReHandle   *h = MemoryContextAllocZero(mcxt, sizeof(ReHandle));
	MemoryContextCallback *cb = MemoryContextAllocZero(mcxt, sizeof(MemoryContextCallback));
	char		err[512];
	RgStatus	st;

	h->mcxt = mcxt;
	cb->func = handle_release;
	cb->arg = h;
	MemoryContextRegisterResetCallback(mcxt, cb);
	h->arena = re_arena_new();
	if (h->arena == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));

	re_git_set_owner_validation(re_trust_repository_owner ? 0 : 1);
	st = re_git_open(&h->git, path, err, sizeof(err));
	if (st == RG_EOWNER)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("repository \"%s\" is owned by another OS user", path),
				 errdetail("%s", err),
				 errhint("Run: git config --system --add safe.directory %s (libgit2 1.5 has no \"*\"), "
						 "or let a superuser set roadmap_enrich.trust_repository_owner = on.", path)));
	if (st != RG_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("\"%s\" is not a git repository", path),
				 errdetail("%s", err),
				 errhint("Pass the top-level directory of a git work tree (the one holding .git) %s.", what)));
	return h;
}

void
re_handle_resolve(ReHandle *h, const char *ref, const char *path)
{
	char		err[512];

	if (re_git_resolve(&h->git, ref, err, sizeof(err)) != RG_OK)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("ref \"%s\" does not name a commit in \"%s\"", ref, path),
				 errdetail("%s", err),
				 errhint("Use a branch, tag or commit id that \"git -C %s rev-parse --verify <ref>^{commit}\" accepts.", path)));
}

/* Run fn(arg) when the handle is released, on success or ERROR alike. */
void
re_handle_on_release(ReHandle *h, ReCleanupFn fn, void *arg)
{
	if (h->ncleanups >= (int) lengthof(h->cleanup_fn))
		elog(ERROR, "roadmap_enrich: too many cleanup callbacks on one handle");
	h->cleanup_fn[h->ncleanups] = fn;
	h->cleanup_arg[h->ncleanups] = arg;
	h->ncleanups++;
}

/* A file of the resolved commit as text in the handle's arena; NULL when absent or too big. */
char *
re_handle_read(ReHandle *h, const char *path, size_t *len)
{
	char		err[512];
	char	   *buf;

	if (re_git_read(&h->git, path, h->arena, (size_t) re_max_file_bytes, &buf, len, NULL, err, sizeof(err)) != RG_OK)
		return NULL;
	return buf;
}

void
re_handle_close(ReHandle *h)
{
	MemoryContextDelete(h->mcxt);
}

/* Turn a markdown guard failure into an ERROR naming file and commit. */
void
re_report_md_error(MdStatus st, const char *path, const char *commit, const char *msg)
{
	switch (st)
	{
		case MD_ETOOBIG:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("markdown file \"%s\" is too large", path),
					 errdetail("%s (commit %s).", msg, commit),
					 errhint("Raise roadmap_enrich.max_file_bytes if the file is legitimate.")));
			break;
		case MD_ETABLE:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("markdown file \"%s\" has a table too wide to parse safely", path),
					 errdetail("%s (commit %s).", msg, commit),
					 errhint("Raise roadmap_enrich.max_table_columns if the table is legitimate.")));
			break;
		case MD_EBINARY:
		case MD_EUTF8:
			ereport(ERROR,
					(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
					 errmsg("markdown file \"%s\" is not valid UTF-8 text", path),
					 errdetail("%s (commit %s).", msg, commit),
					 errhint("Fix or remove the file in the repository; roadmap files must be UTF-8 text.")));
			break;
		default:
			ereport(ERROR,
					(errcode(ERRCODE_DATA_EXCEPTION),
					 errmsg("could not parse markdown file \"%s\"", path),
					 errdetail("%s (commit %s).", msg, commit)));
	}
}

/* Parse a version argument or raise 22P02. */
ReVersion
re_parse_version_arg(const char *s)
{
	ReVersion	v;

	if (!re_version_parse(s, &v))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("malformed release version: \"%s\"", s),
				 errhint("Write versions as X.Y.Z, optionally prefixed with v (e.g. 0.36.0 or v0.36.0).")));
	return v;
}

PG_FUNCTION_INFO_V1(roadmap_version_key);
Datum
roadmap_version_key(PG_FUNCTION_ARGS)
{
	ReVersion	v = re_parse_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	Datum		parts[3];
	int			i;

	for (i = 0; i < 3; i++)
		parts[i] = Int32GetDatum(v.part[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(parts, 3, INT4OID, sizeof(int32), true, TYPALIGN_INT));
}

PG_FUNCTION_INFO_V1(roadmap_version_norm);
Datum
roadmap_version_norm(PG_FUNCTION_ARGS)
{
	ReVersion	v = re_parse_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	char		buf[32];

	re_version_format(&v, buf, sizeof(buf));
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

PG_FUNCTION_INFO_V1(roadmap_word_overlap);
Datum
roadmap_word_overlap(PG_FUNCTION_ARGS)
{
	char	   *a = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *b = text_to_cstring(PG_GETARG_TEXT_PP(1));

	PG_RETURN_FLOAT8(re_word_overlap(a, b));
}

PG_FUNCTION_INFO_V1(roadmap_shipped_window);
Datum
roadmap_shipped_window(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(re_shipped_window);
}
