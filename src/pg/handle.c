/*
 * handle.c — repository handles: libgit2 objects and a core arena whose
 * lifetime is a PostgreSQL memory context, so an ERROR anywhere releases
 * them; the commit's file list; arenas tied to the current context.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/memutils.h"

#include "config.h"
#include "errors.h"
#include "handle.h"
#include "../core/gitwrite.h"

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

/*
 * allowed_roots covers the repository's git data too: a .git file (or a
 * linked work tree) may point anywhere on the server.
 */
const char *
re_git_dir_outside_roots(ReGit *git)
{
	const char *dirs[2] = {re_gitw_gitdir(git), re_gitw_commondir(git)};
	int			i;

	for (i = 0; i < 2; i++)
		if (dirs[i] && !re_path_allowed(dirs[i]))
			return dirs[i];
	return NULL;
}

/* ERROR when the opened repository's git data lies outside allowed_roots. */
static void
check_git_dirs(ReHandle *h, const char *path)
{
	const char *outside = re_git_dir_outside_roots(&h->git);

	if (outside)
		re_report_gitdir_outside(path, outside);
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
		re_report_out_of_memory(sizeof(ReArena));

	re_git_set_owner_validation(re_trust_repository_owner ? 0 : 1);
	st = re_git_open(&h->git, path, err, sizeof(err));
	if (st != RG_OK)
		re_report_git_open(st, path, err, what);
	check_git_dirs(h, path);
	h->git.max_total = (size_t) re_max_ingest_bytes;
	return h;
}

void
re_handle_resolve(ReHandle *h, const char *ref, const char *path)
{
	char		err[512];
	RgStatus	st = re_git_resolve(&h->git, ref, err, sizeof(err));

	if (st == RG_EREFSYNTAX)
		re_report_git_ref_syntax(ref, err);
	if (st != RG_OK)
		re_report_git_ref(ref, path, err);
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

/*
 * libgit2's tree walk holds tree objects while it calls back, so a cancel
 * must not leave from inside it: the callback stops the walk when a cancel
 * or termination is pending, and re_handle_list acts on it afterwards.
 */
static bool list_stopped;
static bool list_ignore_interrupts;

static int
collect_file(const char *path, const char *oid_hex, size_t size, void *arg)
{
	ReFileList *f = arg;

	if (!list_ignore_interrupts && (QueryCancelPending || ProcDiePending))
	{
		list_stopped = true;
		return -1;
	}

	if (f->n == f->cap)
	{
		f->cap = f->cap ? f->cap * 2 : 256;
		f->paths = f->paths ? repalloc(f->paths, sizeof(char *) * f->cap) : palloc(sizeof(char *) * f->cap);
		f->oids = f->oids ? repalloc(f->oids, sizeof(char *) * f->cap) : palloc(sizeof(char *) * f->cap);
		f->sizes = f->sizes ? repalloc(f->sizes, sizeof(size_t) * f->cap) : palloc(sizeof(size_t) * f->cap);
	}
	f->paths[f->n] = pstrdup(path);
	f->oids[f->n] = pstrdup(oid_hex);
	f->sizes[f->n] = size;
	f->n++;
	return 0;
}

/* The resolved commit's blobs, in tree order. */
void
re_handle_list(ReHandle *h, ReFileList *files)
{
	char		err[512];

	list_ignore_interrupts = false;
	for (;;)
	{
		list_stopped = false;
		memset(files, 0, sizeof(*files));
		if (re_git_list(&h->git, collect_file, files, err, sizeof(err)) == RG_OK)
			break;
		if (!list_stopped)
			ereport(ERROR, (errcode(ERRCODE_IO_ERROR), errmsg("could not list the commit's files"),
							errdetail("%s", err)));
		CHECK_FOR_INTERRUPTS();
		/* the interrupt is held off: list again without stopping */
		list_ignore_interrupts = true;
	}
}

static void
arena_release(void *arg)
{
	re_arena_free((ReArena *) arg);
}

/* A core arena freed when the current memory context is reset or deleted. */
ReArena *
re_arena_in_context(void)
{
	ReArena    *a = re_arena_new();
	MemoryContextCallback *cb;

	if (a == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory")));
	cb = palloc0(sizeof(MemoryContextCallback));
	cb->func = arena_release;
	cb->arg = a;
	MemoryContextRegisterResetCallback(CurrentMemoryContext, cb);
	return a;
}
