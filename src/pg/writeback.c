/*
 * writeback.c — the write-back that happens only when the calling
 * transaction commits.
 *
 * The files and the commit message are queued in TopTransactionContext; a
 * pre-commit callback then re-checks the repository, replaces the files
 * atomically and commits with libgit2. ROLLBACK therefore writes nothing.
 */
#include "postgres.h"

#include "access/xact.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"
#include "storage/latch.h"

#include "config.h"
#include "errors.h"
#include "writeback.h"

/* Test hook: sleep at a write-back stage named in roadmap_enrich.debug_fault_delay ("stage:ms"). */
static void
fault_delay(const char *stage)
{
	const char *colon;
	long		ms;
	TimestampTz until;

	if (re_debug_fault_delay == NULL || re_debug_fault_delay[0] == '\0')
		return;
	colon = strchr(re_debug_fault_delay, ':');
	if (colon == NULL || strncmp(re_debug_fault_delay, stage, colon - re_debug_fault_delay) != 0 ||
		strlen(stage) != (size_t) (colon - re_debug_fault_delay))
		return;
	ms = atol(colon + 1);
	until = TimestampTzPlusMilliseconds(GetCurrentTimestamp(), ms);
	while (GetCurrentTimestamp() < until)
	{
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH, 100, WAIT_EVENT_PG_SLEEP);
		ResetLatch(MyLatch);
	}
}

typedef struct PendingWrite
{
	char	   *repo_path;
	char	   *expected_head;
	char	   *message;
	bool		commit;
	int			nfiles;
	ReGitWrite	files[2];
	char	   *old_data[2];
	size_t		old_len[2];
	struct PendingWrite *next;
} PendingWrite;

static PendingWrite *pending = NULL;
static bool callback_registered = false;

void
re_writeback_init(void)
{
	re_git_stage_hook = fault_delay;
}

/* Check and perform one queued write; the git handle dies with its memory context. */
static void
perform_write(PendingWrite *w)
{
	ReHandle   *h = re_handle_open(w->repo_path, "for write-back");
	char		err[1024];
	char		hex[41];
	RgStatus	st;

	st = re_git_check_writable(&h->git, w->files, w->nfiles, w->expected_head, err, sizeof(err));
	if (st != RG_OK)
		re_report_git_write(st, w->repo_path, err);
	st = re_git_apply(&h->git, w->files, w->nfiles, w->commit, w->message, re_author_name,
					  re_author_email, re_push_remote, hex, err, sizeof(err));
	if (st != RG_OK)
	{
		/* put the committed bytes back so the work tree is as it was */
		char		e2[256];
		char		hex2[41];
		int			i;

		for (i = 0; i < w->nfiles; i++)
		{
			ReGitWrite	back = {w->files[i].path, w->old_data[i], w->old_len[i]};

			(void) re_git_apply(&h->git, &back, 1, 0, NULL, NULL, NULL, NULL, hex2, e2, sizeof(e2));
		}
		re_report_git_write(st, w->repo_path, err);
	}
	if (w->commit)
		ereport(NOTICE, (errmsg("roadmap_enrich: committed %s in %s", hex, w->repo_path)));
	re_handle_close(h);
}

/* Pre-commit: perform the queued writes; an error aborts the transaction. */
static void
xact_callback(XactEvent event, void *arg)
{
	if (event == XACT_EVENT_PRE_COMMIT || event == XACT_EVENT_PARALLEL_PRE_COMMIT)
	{
		PendingWrite *list = pending;
		PendingWrite *w;

		pending = NULL;
		for (w = list; w; w = w->next)
			perform_write(w);
	}
	else if (event == XACT_EVENT_ABORT || event == XACT_EVENT_PARALLEL_ABORT || event == XACT_EVENT_COMMIT)
		pending = NULL;			/* TopTransactionContext is gone with the transaction */
}

void
re_writeback_queue(ReHandle *h, const char *repo_path, const char *head, const char *message,
				   bool commit, const ReGitWrite *files, int nfiles)
{
	MemoryContext old = MemoryContextSwitchTo(TopTransactionContext);
	PendingWrite *w = palloc0(sizeof(PendingWrite));
	char		err[512];
	RgStatus	st;
	int			i;

	Assert(nfiles > 0 && nfiles <= (int) lengthof(w->files));
	w->repo_path = pstrdup(repo_path);
	w->expected_head = pstrdup(head);
	w->message = pstrdup(message);
	w->commit = commit;
	for (i = 0; i < nfiles; i++)
	{
		size_t		ol;
		char	   *ot = re_handle_read(h, files[i].path, &ol);

		w->files[i].path = pstrdup(files[i].path);
		w->files[i].data = pnstrdup(files[i].data, files[i].len);
		w->files[i].len = files[i].len;
		w->old_data[i] = pnstrdup(ot, ol);
		w->old_len[i] = ol;
	}
	w->nfiles = nfiles;
	MemoryContextSwitchTo(old);

	st = re_git_check_writable(&h->git, w->files, w->nfiles, head, err, sizeof(err));
	if (st != RG_OK)
		re_report_git_write(st, repo_path, err);
	if (!callback_registered)
	{
		RegisterXactCallback(xact_callback, NULL);
		callback_registered = true;
	}
	w->next = pending;
	pending = w;
}
