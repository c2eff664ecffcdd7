/*
 * writeback.c — intent, then effect.
 *
 * render(write) / enrich(apply) only INSERT a row into roadmap.writeback
 * (repository, paths, base commit, new contents, message, author) in the
 * calling transaction. When that transaction commits, a dynamic background
 * worker (no shared_preload_libraries needed) reads the committed rows and
 * applies them one by one with re_gitw_apply (compare-and-swap on the
 * branch), then records the outcome in the row and as a roadmap.run row, in
 * its own transaction. A savepoint rollback, a caught exception, a failure
 * at COMMIT (40001) or a cancel roll the row back with the transaction: the
 * intent is simply gone, and a roadmap.run row says it was dropped.
 *
 * The committing backend waits (roadmap_enrich.writeback_wait) for the
 * outcome of its intents in the commit callback, through a small dynamic
 * shared memory segment, and reports it as a NOTICE (committed) or WARNING
 * (failed) before the client gets control back; it still holds its
 * transaction's locks then, so a concurrent enrich of the same repository
 * sees the new commit. roadmap.wait_writeback() waits for any intent.
 */
#include "postgres.h"

#include <limits.h>
#include <stdlib.h>

#include "access/xact.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "postmaster/bgworker.h"
#include "storage/dsm.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "storage/proc.h"
#include "tcop/tcopprot.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"
#include "utils/resowner.h"
#include "utils/snapmgr.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"

#include "catalog.h"
#include "config.h"
#include "errors.h"
#include "handle.h"
#include "runlog.h"
#include "writeback.h"

#define WB_MAX_SLOTS 16

/* Outcome of one intent, filled by the worker for the waiting backend. */
typedef struct WbSlot
{
	int64		intent_id;
	volatile int done;
	bool		ok;
	char		commit[41];
	char		sqlstate[6];
	char		message[1024];
	char		hint[512];
	char		push_error[512];
} WbSlot;

typedef struct WbShared
{
	int			notify_procno;
	int			nslots;
	WbSlot		slot[WB_MAX_SLOTS];
} WbShared;

/* What the worker is started with (bgw_extra). */
typedef struct WbArgs
{
	Oid			dbid;
	Oid			roleid;
	dsm_handle	seg;
	char		fault_delay[BGW_EXTRALEN - 3 * sizeof(Oid) - 4];
} WbArgs;

StaticAssertDecl(sizeof(WbArgs) <= BGW_EXTRALEN, "WbArgs must fit in bgw_extra");

/* Intents queued by the current transaction. */
typedef struct Queued
{
	int64		id;
	SubTransactionId created;
	SubTransactionId superseded;	/* 0: live */
	Oid			role;
	char	   *version;
	char	   *repo;
	struct Queued *next;
} Queued;

static Queued *queued = NULL;
static bool callbacks_registered = false;

static bool have_writeback_table(void);

/* ------------------------------------------------- repository directories */

/*
 * The work tree must be the repository path itself (no core.worktree
 * elsewhere), and the git directory a .git file points to must be inside
 * allowed_roots too.
 */
static RgStatus
check_dirs(ReHandle *h, const char *repo_path, char *err, size_t errlen)
{
	const char *wd = re_gitw_workdir(&h->git);
	const char *outside = re_git_dir_outside_roots(&h->git);
	char		rwd[PATH_MAX];

	if (wd == NULL)
	{
		snprintf(err, errlen, "the repository is bare: there is no work tree to write");
		return RG_EBARE;
	}
	if (realpath(wd, rwd) == NULL || strcmp(rwd, repo_path) != 0)
	{
		snprintf(err, errlen, "the work tree is %s, not the repository path %s (core.worktree?)", wd, repo_path);
		return RG_EPATH;
	}
	if (outside)
	{
		snprintf(err, errlen, "the git directory %s is outside roadmap_enrich.allowed_roots (\"%s\")",
				 outside, re_allowed_roots);
		return RG_EPATH;
	}
	return RG_OK;
}

/* ------------------------------------------------------------ the worker */

static char worker_fault_delay[128];

/* Sleep at a stage named in the fault delay; stop early on cancel/terminate. */
static int
worker_hook(const char *stage, void *arg)
{
	const char *colon = strchr(worker_fault_delay, ':');

	if (colon && strlen(stage) == (size_t) (colon - worker_fault_delay) &&
		strncmp(worker_fault_delay, stage, colon - worker_fault_delay) == 0)
	{
		TimestampTz until = TimestampTzPlusMilliseconds(GetCurrentTimestamp(), atol(colon + 1));

		while (GetCurrentTimestamp() < until && !QueryCancelPending && !ProcDiePending)
		{
			(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH, 100, WAIT_EVENT_PG_SLEEP);
			ResetLatch(MyLatch);
		}
	}
	return QueryCancelPending || ProcDiePending;
}

typedef struct Intent
{
	int64		id;
	char	   *repo_path;
	char	   *version;
	char	   *base;
	int			nfiles;
	ReGitWrite	files[4];
	bool		files_only;
	char	   *message;
	char	   *author_name;
	char	   *author_email;
	char	   *push_remote;
	bool		resume;
	TimestampTz started;
} Intent;

typedef struct Outcome
{
	bool		ok;
	char		commit[41];
	char		sqlstate[6];
	char		message[1024];
	char		hint[512];
	bool		pushed;
	char		push_error[512];
} Outcome;

static char *
col(int c)
{
	return SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, c);
}

/* Take the next pending intent of this role, mark it 'applying' (committed). */
static bool
claim_next(Oid roleid, MemoryContext keep, Intent *it)
{
	Oid			types[1] = {OIDOID};
	Datum		vals[1] = {ObjectIdGetDatum(roleid)};
	bool		found = false;

	SetCurrentStatementStartTimestamp();
	StartTransactionCommand();
	SPI_connect();
	PushActiveSnapshot(GetTransactionSnapshot());
	re_spi_exec("SELECT intent_id, repo_path, version, base_commit, paths, contents, files_only, message, "
				"author_name, author_email, push_remote, state = 'applying' "
				"FROM roadmap.writeback WHERE state IN ('queued', 'applying') AND requested_by = $1 "
				"ORDER BY intent_id LIMIT 1 FOR UPDATE", 1, types, vals, NULL, SPI_OK_SELECT);
	if (SPI_processed == 1)
	{
		MemoryContext old = MemoryContextSwitchTo(keep);
		bool		isnull;
		Datum		d;
		ArrayType  *pa,
				   *ca;
		Datum	   *pe,
				   *ce;
		int			np,
					nc,
					i;

		memset(it, 0, sizeof(*it));
		it->id = atoll(col(1));
		it->repo_path = pstrdup(col(2));
		it->version = pstrdup(col(3));
		it->base = pstrdup(col(4));
		d = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 5, &isnull);
		pa = DatumGetArrayTypePCopy(d);
		d = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 6, &isnull);
		ca = DatumGetArrayTypePCopy(d);
		deconstruct_array(pa, TEXTOID, -1, false, TYPALIGN_INT, &pe, NULL, &np);
		deconstruct_array(ca, BYTEAOID, -1, false, TYPALIGN_INT, &ce, NULL, &nc);
		it->nfiles = Min(Min(np, nc), (int) lengthof(it->files));
		for (i = 0; i < it->nfiles; i++)
		{
			bytea	   *b = DatumGetByteaPP(ce[i]);

			it->files[i].path = TextDatumGetCString(pe[i]);
			it->files[i].len = VARSIZE_ANY_EXHDR(b);
			it->files[i].data = pnstrdup(VARDATA_ANY(b), it->files[i].len);
		}
		it->files_only = col(7)[0] == 't';
		it->message = pstrdup(col(8));
		it->author_name = pstrdup(col(9));
		it->author_email = pstrdup(col(10));
		it->push_remote = col(11) ? pstrdup(col(11)) : NULL;
		it->resume = col(12)[0] == 't';
		MemoryContextSwitchTo(old);
		vals[0] = Int64GetDatum(it->id);
		types[0] = INT8OID;
		re_spi_exec("UPDATE roadmap.writeback SET state = 'applying', attempts = attempts + 1 WHERE intent_id = $1",
					1, types, vals, NULL, SPI_OK_UPDATE);
		found = true;
	}
	SPI_finish();
	PopActiveSnapshot();
	CommitTransactionCommand();
	return found;
}

/* Apply one intent; ERRORs (repository gone, …) become the outcome. */
static void
apply_intent(Intent *it, Outcome *o)
{
	MemoryContext cxt = CurrentMemoryContext;
	uint32		holdoff = InterruptHoldoffCount;

	memset(o, 0, sizeof(*o));
	it->started = GetCurrentTimestamp();
	SetCurrentStatementStartTimestamp();
	StartTransactionCommand();
	pgstat_report_activity(STATE_RUNNING, psprintf("roadmap_enrich write-back of v%s into %s",
												   it->version, it->repo_path));
	PG_TRY();
	{
		ReHandle   *h = re_handle_open(it->repo_path, "for write-back");
		ReGitWriteReq req;
		char		err[1024];
		RgStatus	st;

		memset(&req, 0, sizeof(req));
		req.base_commit = it->base;
		req.files = it->files;
		req.nfiles = it->nfiles;
		req.files_only = it->files_only;
		req.message = it->message;
		req.author_name = it->author_name;
		req.author_email = it->author_email;
		req.resume = it->resume;
		req.hook = worker_hook;
		st = check_dirs(h, it->repo_path, err, sizeof(err));
		if (st == RG_OK)
			st = re_gitw_apply(&h->git, &req, o->commit, err, sizeof(err));
		if (st != RG_OK)
			re_report_git_write(st, it->repo_path, err);	/* caught below: the outcome */
		o->ok = true;
		if (!it->files_only && it->push_remote && it->push_remote[0])
		{
			o->pushed = true;
			if (re_gitw_push(&h->git, it->push_remote, err, sizeof(err)) != RG_OK)
				snprintf(o->push_error, sizeof(o->push_error), "%s", err);
		}
		re_handle_close(h);
	}
	PG_CATCH();
	{
		ErrorData  *ed;

		/* errfinish cleared the holdoff: a terminate must wait until the outcome is recorded */
		InterruptHoldoffCount = holdoff;
		MemoryContextSwitchTo(cxt);
		ed = CopyErrorData();
		FlushErrorState();
		o->ok = false;
		strlcpy(o->sqlstate, unpack_sql_state(ed->sqlerrcode == ERRCODE_QUERY_CANCELED && ProcDiePending ?
											  ERRCODE_ADMIN_SHUTDOWN : ed->sqlerrcode), sizeof(o->sqlstate));
		snprintf(o->message, sizeof(o->message), "%s%s%s", ed->message ? ed->message : "",
				 ed->detail ? " — " : "", ed->detail ? ed->detail : "");
		strlcpy(o->hint, ed->hint ? ed->hint : "", sizeof(o->hint));
		AbortCurrentTransaction();
		return;
	}
	PG_END_TRY();
	CommitTransactionCommand();
}

/* The outcome into the intent row and roadmap.run ('writeback', and 'push'). */
static void
record_outcome(const Intent *it, const Outcome *o)
{
	Oid			t[9] = {INT8OID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TIMESTAMPTZOID, TEXTOID};
	Datum		v[9];
	char		n[9];
	char	   *runerr = o->ok ? NULL : psprintf("%s: %s%s%s", o->sqlstate, o->message,
												 o->hint[0] ? " HINT: " : "", o->hint);

	memset(n, ' ', sizeof(n));
	v[0] = Int64GetDatum(it->id);
	v[1] = CStringGetTextDatum(o->ok ? "done" : "failed");
	v[2] = CStringGetTextDatum(o->commit);
	if (!o->commit[0])
		n[2] = 'n';
	v[3] = CStringGetTextDatum(o->sqlstate);
	v[4] = CStringGetTextDatum(o->message);
	v[5] = CStringGetTextDatum(o->hint);
	if (o->ok)
		n[3] = n[4] = n[5] = 'n';
	v[6] = CStringGetTextDatum(o->push_error);
	if (!o->push_error[0])
		n[6] = 'n';
	v[7] = TimestampTzGetDatum(it->started);
	v[8] = runerr ? CStringGetTextDatum(runerr) : (Datum) 0;
	if (!runerr)
		n[8] = 'n';

	SetCurrentStatementStartTimestamp();
	StartTransactionCommand();
	SPI_connect();
	PushActiveSnapshot(GetTransactionSnapshot());
	re_spi_exec("UPDATE roadmap.writeback SET state = $2, commit = $3, sqlstate = $4, error = $5, hint = $6, "
				"push_error = $7, applied_at = clock_timestamp() WHERE intent_id = $1", 7, t, v, n, SPI_OK_UPDATE);
	re_spi_exec("INSERT INTO roadmap.run (repo_id, kind, version, commit, started_at, finished_at, outcome, counts, error) "
				"SELECT w.repo_id, 'writeback', w.version, $3, $8, clock_timestamp(), "
				"CASE WHEN $2 = 'done' THEN 'success' ELSE 'error' END, "
				"jsonb_build_object('intent', w.intent_id, 'paths', to_jsonb(w.paths), 'attempts', w.attempts), $9 "
				"FROM roadmap.writeback w WHERE w.intent_id = $1", 9, t, v, n, SPI_OK_INSERT);
	if (o->pushed)
		re_spi_exec("INSERT INTO roadmap.run (repo_id, kind, version, commit, started_at, finished_at, outcome, counts, error) "
					"SELECT w.repo_id, 'push', w.version, $3, $8, clock_timestamp(), "
					"CASE WHEN $7 IS NULL THEN 'success' ELSE 'error' END, "
					"jsonb_build_object('intent', w.intent_id, 'remote', w.push_remote), "
					"CASE WHEN $7 IS NULL THEN NULL ELSE '" "08006" ": ' || $7 || "
					"' HINT: The commit is kept and the work tree is clean; push by hand (git push).' END "
					"FROM roadmap.writeback w WHERE w.intent_id = $1", 9, t, v, n, SPI_OK_INSERT);
	SPI_finish();
	PopActiveSnapshot();
	CommitTransactionCommand();
}

static void
publish(WbShared *sh, const Intent *it, const Outcome *o)
{
	int			i;

	if (sh == NULL)
		return;
	for (i = 0; i < sh->nslots; i++)
		if (sh->slot[i].intent_id == it->id)
		{
			WbSlot	   *s = &sh->slot[i];

			s->ok = o->ok;
			strlcpy(s->commit, o->commit, sizeof(s->commit));
			strlcpy(s->sqlstate, o->sqlstate, sizeof(s->sqlstate));
			strlcpy(s->message, o->message, sizeof(s->message));
			strlcpy(s->hint, o->hint, sizeof(s->hint));
			strlcpy(s->push_error, o->push_error, sizeof(s->push_error));
			pg_write_barrier();
			s->done = 1;
			SetLatch(&ProcGlobal->allProcs[sh->notify_procno].procLatch);
		}
}

void
re_writeback_main(Datum arg)
{
	WbArgs		a;
	dsm_segment *seg = NULL;
	WbShared   *sh = NULL;
	MemoryContext keep;

	memcpy(&a, MyBgworkerEntry->bgw_extra, sizeof(a));
	strlcpy(worker_fault_delay, a.fault_delay, sizeof(worker_fault_delay));
	pqsignal(SIGTERM, die);
	BackgroundWorkerUnblockSignals();
	CurrentResourceOwner = ResourceOwnerCreate(NULL, "roadmap_enrich write-back");
	if (a.seg != DSM_HANDLE_INVALID)
	{
		seg = dsm_attach(a.seg);
		if (seg)
		{
			dsm_pin_mapping(seg);
			sh = dsm_segment_address(seg);
		}
	}
	BackgroundWorkerInitializeConnectionByOid(a.dbid, a.roleid, 0);
	keep = AllocSetContextCreate(TopMemoryContext, "roadmap_enrich write-back intent", ALLOCSET_DEFAULT_SIZES);

	/* one applier per database at a time, intents in id order */
	SetCurrentStatementStartTimestamp();
	StartTransactionCommand();
	SPI_connect();
	PushActiveSnapshot(GetTransactionSnapshot());
	pgstat_report_activity(STATE_RUNNING, "roadmap_enrich write-back: waiting for the applier lock");
	re_spi_exec("SELECT pg_advisory_lock(hashtext('roadmap_enrich write-back'), 0) "
				"WHERE EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'roadmap')", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	if (SPI_processed == 0)
		proc_exit(0);			/* the extension is not installed (any more) */
	SPI_finish();
	PopActiveSnapshot();
	CommitTransactionCommand();

	for (;;)
	{
		Intent		it;
		Outcome		o;

		MemoryContextReset(keep);
		if (!claim_next(a.roleid, keep, &it))
			break;
		/* cancel and terminate are looked at by the stage hook, never in the middle */
		HOLD_INTERRUPTS();
		apply_intent(&it, &o);
		QueryCancelPending = false;
		record_outcome(&it, &o);
		publish(sh, &it, &o);
		RESUME_INTERRUPTS();
		CHECK_FOR_INTERRUPTS();
	}
	pgstat_report_activity(STATE_IDLE, NULL);
	if (seg)
		dsm_detach(seg);
	proc_exit(0);
}

static bool
launch_worker(Oid roleid, dsm_handle seg, BackgroundWorkerHandle **handle)
{
	BackgroundWorker w;
	WbArgs		a;

	re_bgworker_init(&w, "re_writeback_main", "roadmap_enrich write-back");
	memset(&a, 0, sizeof(a));
	a.dbid = MyDatabaseId;
	a.roleid = roleid;
	a.seg = seg;
	if (re_debug_fault_delay)
		strlcpy(a.fault_delay, re_debug_fault_delay, sizeof(a.fault_delay));
	memcpy(w.bgw_extra, &a, sizeof(a));
	w.bgw_notify_pid = MyProcPid;
	return RegisterDynamicBackgroundWorker(&w, handle);
}

/* ------------------------------------------------ the recording backend */

static void
log_dropped(Queued *q, const char *why)
{
	char		msg[512];

	snprintf(msg, sizeof(msg), "40000: write-back intent %lld of v%s into %s dropped: %s — nothing was written",
			 (long long) q->id, q->version, q->repo, why);
	re_log_run("writeback", q->version, q->repo, msg);
}

/* Post-commit: start a worker per requesting role, wait for the outcomes, report them. */
static void
after_commit(void)
{
	Queued	   *q;
	dsm_segment *seg = NULL;
	WbShared   *sh = NULL;
	BackgroundWorkerHandle *handles[4];
	Oid			roles[4];
	int			nroles = 0,
				i;
	TimestampTz until;

	for (q = queued; q; q = q->next)
		if (q->superseded == 0)
		{
			for (i = 0; i < nroles && roles[i] != q->role; i++)
				;
			if (i == nroles && nroles < (int) lengthof(roles))
				roles[nroles++] = q->role;
		}
	if (nroles == 0)
		return;
	if (re_writeback_wait_ms > 0)
		seg = dsm_create(sizeof(WbShared), DSM_CREATE_NULL_IF_MAXSEGMENTS);
	if (seg)
	{
		sh = dsm_segment_address(seg);
		memset(sh, 0, sizeof(*sh));
#if PG_VERSION_NUM >= 170000
		sh->notify_procno = MyProcNumber;	/* PGPROC.pgprocno is gone in 17+ */
#else
		sh->notify_procno = MyProc->pgprocno;
#endif
		for (q = queued; q && sh->nslots < WB_MAX_SLOTS; q = q->next)
			if (q->superseded == 0)
				sh->slot[sh->nslots++].intent_id = q->id;
	}
	for (i = 0; i < nroles; i++)
		if (!launch_worker(roles[i], seg ? dsm_segment_handle(seg) : DSM_HANDLE_INVALID, &handles[i]))
		{
			ereport(WARNING, (errmsg("roadmap_enrich could not start the write-back worker"),
							  errdetail("The write-back stays queued in roadmap.writeback."),
							  errhint("Raise max_worker_processes; the next enrich or roadmap.wait_writeback() applies it.")));
			if (seg)
				dsm_detach(seg);
			return;
		}
	if (seg == NULL)
		return;
	until = TimestampTzPlusMilliseconds(GetCurrentTimestamp(), re_writeback_wait_ms);
	for (;;)
	{
		int			done = 0,
					running = 0;

		pg_read_barrier();
		for (i = 0; i < sh->nslots; i++)
			done += sh->slot[i].done;
		if (done == sh->nslots)
			break;
		for (i = 0; i < nroles; i++)
		{
			pid_t		pid;
			BgwHandleStatus bs = GetBackgroundWorkerPid(handles[i], &pid);

			running += (bs == BGWH_STARTED || bs == BGWH_NOT_YET_STARTED);
		}
		if (running == 0 || GetCurrentTimestamp() >= until || QueryCancelPending || ProcDiePending)
			break;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH, 100, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
	}
	QueryCancelPending = false;	/* a cancel only stops the waiting: the transaction is committed */
	pg_read_barrier();
	for (q = queued; q; q = q->next)
	{
		if (q->superseded)
			continue;
		for (i = 0; i < sh->nslots; i++)
			if (sh->slot[i].intent_id == q->id)
				break;
		if (i == sh->nslots || !sh->slot[i].done)
			ereport(NOTICE, (errmsg("roadmap_enrich: write-back intent %lld of v%s is still queued",
									(long long) q->id, q->version),
							 errhint("SELECT * FROM roadmap.wait_writeback(%lld) waits for its outcome.",
									 (long long) q->id)));
		else if (sh->slot[i].ok)
		{
			ereport(NOTICE, (errmsg("roadmap_enrich: committed %s in %s (write-back intent %lld)",
									sh->slot[i].commit, q->repo, (long long) q->id)));
			if (sh->slot[i].push_error[0])
				ereport(WARNING, (errmsg("roadmap_enrich: push from \"%s\" failed; the commit is kept", q->repo),
								  errdetail("%s", sh->slot[i].push_error),
								  errhint("Push by hand (git push) when the remote is reachable.")));
		}
		else
			ereport(WARNING, (errmsg("roadmap_enrich: write-back intent %lld of v%s failed",
									 (long long) q->id, q->version),
							  errdetail("%s: %s", sh->slot[i].sqlstate, sh->slot[i].message),
							  errhint("%s", sh->slot[i].hint)));
	}
	dsm_detach(seg);
}

static void
xact_callback(XactEvent event, void *arg)
{
	Queued	   *q;

	switch (event)
	{
		case XACT_EVENT_PRE_PREPARE:
			for (q = queued; q; q = q->next)
				if (q->superseded == 0)
					ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
									errmsg("cannot prepare a transaction that queued a write-back"),
									errdetail("Write-back intent %lld is applied when its transaction commits.",
											  (long long) q->id),
									errhint("Run the enrich with write-back outside the two-phase transaction.")));
			break;
		case XACT_EVENT_COMMIT:
			PG_TRY();
			{
				after_commit();
			}
			PG_CATCH();
			{
				FlushErrorState();	/* committed: nothing to undo, the intent stays queued */
			}
			PG_END_TRY();
			queued = NULL;
			break;
		case XACT_EVENT_ABORT:
		case XACT_EVENT_PARALLEL_ABORT:
			for (q = queued; q; q = q->next)
				if (q->superseded == 0)
					log_dropped(q, "the transaction that recorded it rolled back");
			queued = NULL;
			break;
		default:
			break;
	}
}

static void
subxact_callback(SubXactEvent event, SubTransactionId mySubid, SubTransactionId parentSubid, void *arg)
{
	Queued	  **pp = &queued;

	while (*pp)
	{
		Queued	   *q = *pp;

		if (event == SUBXACT_EVENT_ABORT_SUB && q->created == mySubid)
		{
			if (q->superseded == 0)
				log_dropped(q, "the savepoint or exception block that recorded it rolled back");
			*pp = q->next;
			continue;
		}
		if (event == SUBXACT_EVENT_ABORT_SUB && q->superseded == mySubid)
			q->superseded = 0;
		if (event == SUBXACT_EVENT_COMMIT_SUB)
		{
			if (q->created == mySubid)
				q->created = parentSubid;
			if (q->superseded == mySubid)
				q->superseded = parentSubid;
		}
		pp = &q->next;
	}
}

int64
re_writeback_queue(ReHandle *h, int64 repo_id, const char *repo_path, const char *version,
				   const char *base_commit, const char *message, const ReGitWrite *files, int nfiles,
				   bool files_only)
{
	ReGitWriteReq req;
	char		err[1024];
	RgStatus	st;
	Oid			t[12] = {INT8OID, TEXTOID, TEXTOID, TEXTOID, TEXTARRAYOID, BYTEAARRAYOID, BOOLOID,
	TEXTOID, TEXTOID, TEXTOID, TEXTOID, OIDOID};
	Datum		v[12];
	char		n[12];
	Datum		pd[4],
				cd[4];
	int			i;
	int64		id;
	Queued	   *q;
	MemoryContext old;

	if (!have_writeback_table())
		ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						errmsg("write-back needs the roadmap_enrich 0.2.0 catalog"),
						errdetail("The library is newer than the extension's objects in this database: roadmap.writeback is missing."),
						errhint("Run ALTER EXTENSION roadmap_enrich UPDATE, or call with apply => false / write => false.")));
	memset(&req, 0, sizeof(req));
	req.base_commit = base_commit;
	req.files = files;
	req.nfiles = nfiles;
	req.files_only = files_only;
	req.author_name = re_author_name ? re_author_name : "";
	req.author_email = re_author_email ? re_author_email : "";
	st = check_dirs(h, repo_path, err, sizeof(err));
	if (st == RG_OK)
		st = re_gitw_check(&h->git, &req, NULL, 0, err, sizeof(err));
	if (st != RG_OK)
		re_report_git_write(st, repo_path, err);

	/* a second render of the same release in this transaction replaces the first */
	{
		Oid			dt[2] = {INT8OID, TEXTOID};
		Datum		dv[2] = {Int64GetDatum(repo_id), CStringGetTextDatum(version)};
		uint64		k;

		re_spi_exec("DELETE FROM roadmap.writeback WHERE repo_id = $1 AND version = $2 AND state = 'queued' "
					"AND requested_xid = pg_current_xact_id() RETURNING intent_id", 2, dt, dv, NULL, SPI_OK_DELETE_RETURNING);
		for (k = 0; k < SPI_processed; k++)
		{
			int64		gone = atoll(SPI_getvalue(SPI_tuptable->vals[k], SPI_tuptable->tupdesc, 1));

			for (q = queued; q; q = q->next)
				if (q->id == gone && q->superseded == 0)
					q->superseded = GetCurrentSubTransactionId();
		}
	}

	for (i = 0; i < nfiles; i++)
	{
		bytea	   *b = palloc(VARHDRSZ + files[i].len);

		SET_VARSIZE(b, VARHDRSZ + files[i].len);
		memcpy(VARDATA(b), files[i].data, files[i].len);
		pd[i] = CStringGetTextDatum(files[i].path);
		cd[i] = PointerGetDatum(b);
	}
	memset(n, ' ', sizeof(n));
	v[0] = Int64GetDatum(repo_id);
	v[1] = CStringGetTextDatum(repo_path);
	v[2] = CStringGetTextDatum(version);
	v[3] = CStringGetTextDatum(base_commit);
	v[4] = PointerGetDatum(construct_array(pd, nfiles, TEXTOID, -1, false, TYPALIGN_INT));
	v[5] = PointerGetDatum(construct_array(cd, nfiles, BYTEAOID, -1, false, TYPALIGN_INT));
	v[6] = BoolGetDatum(files_only);
	v[7] = CStringGetTextDatum(message);
	v[8] = CStringGetTextDatum(re_author_name ? re_author_name : "");
	v[9] = CStringGetTextDatum(re_author_email ? re_author_email : "");
	v[10] = CStringGetTextDatum(re_push_remote ? re_push_remote : "");
	if (re_push_remote == NULL || re_push_remote[0] == '\0')
		n[10] = 'n';
	v[11] = ObjectIdGetDatum(GetUserId());
	re_spi_exec("INSERT INTO roadmap.writeback (repo_id, repo_path, version, base_commit, paths, contents, files_only, "
				"message, author_name, author_email, push_remote, requested_by) "
				"VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING intent_id",
				12, t, v, n, SPI_OK_INSERT_RETURNING);
	id = atoll(SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1));

	if (!callbacks_registered)
	{
		RegisterXactCallback(xact_callback, NULL);
		RegisterSubXactCallback(subxact_callback, NULL);
		callbacks_registered = true;
	}
	old = MemoryContextSwitchTo(TopTransactionContext);
	q = palloc0(sizeof(Queued));
	q->id = id;
	q->created = GetCurrentSubTransactionId();
	q->role = GetUserId();
	q->version = pstrdup(version);
	q->repo = pstrdup(repo_path);
	q->next = queued;
	queued = q;
	MemoryContextSwitchTo(old);
	return id;
}

/* ------------------------------------------------------------- waiting */

/* Run a query with the latest snapshot (sees commits after this transaction's snapshot). */
static void
spi_latest(const char *sql, int nargs, Oid *types, Datum *vals)
{
	SPIPlanPtr	plan = SPI_prepare(sql, nargs, types);
	int			rc;

	if (plan == NULL)
		elog(ERROR, "roadmap_enrich: SPI_prepare failed: %s", sql);
	rc = SPI_execute_snapshot(plan, vals, NULL, GetLatestSnapshot(), InvalidSnapshot, true, false, 0);
	if (rc != SPI_OK_SELECT)
		elog(ERROR, "roadmap_enrich: query failed (%d): %s", rc, sql);
	SPI_freeplan(plan);
}

static void
kick_pending(const char *where, int nargs, Oid *types, Datum *vals)
{
	uint64		k;
	List	   *roles = NIL;
	ListCell   *lc;

	spi_latest(psprintf("SELECT DISTINCT requested_by FROM roadmap.writeback "
						"WHERE state IN ('queued', 'applying') AND %s "
						"AND requested_xid IS DISTINCT FROM pg_current_xact_id_if_assigned()", where),
			   nargs, types, vals);
	for (k = 0; k < SPI_processed; k++)
		roles = lappend_oid(roles, (Oid) strtoul(SPI_getvalue(SPI_tuptable->vals[k], SPI_tuptable->tupdesc, 1), NULL, 10));
	foreach(lc, roles)
	{
		BackgroundWorkerHandle *handle;

		(void) launch_worker(lfirst_oid(lc), DSM_HANDLE_INVALID, &handle);
	}
}

static int64
pending_count(const char *where, int nargs, Oid *types, Datum *vals)
{
	spi_latest(psprintf("SELECT count(*) FROM roadmap.writeback WHERE state IN ('queued', 'applying') AND %s "
						"AND requested_xid IS DISTINCT FROM pg_current_xact_id_if_assigned()", where),
			   nargs, types, vals);
	return atoll(SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1));
}

/* Wait until no pending intent matches; false on timeout. */
static bool
wait_pending(const char *where, int nargs, Oid *types, Datum *vals, int64 timeout_ms)
{
	TimestampTz until = TimestampTzPlusMilliseconds(GetCurrentTimestamp(), timeout_ms);

	if (pending_count(where, nargs, types, vals) == 0)
		return true;
	kick_pending(where, nargs, types, vals);
	for (;;)
	{
		if (pending_count(where, nargs, types, vals) == 0)
			return true;
		if (GetCurrentTimestamp() >= until)
			return false;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH, 20, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
	}
}

/* The 0.2.0 catalog is there (the library may run against a 0.1.0 catalog before ALTER EXTENSION UPDATE). */
static bool
have_writeback_table(void)
{
	spi_latest("SELECT to_regclass('roadmap.writeback') IS NOT NULL", 0, NULL, NULL);
	return SPI_processed == 1 && re_get_bool(0, 1, false);
}

bool
re_writeback_drain(const char *repo_path)
{
	Oid			t[1] = {TEXTOID};
	Datum		v[1] = {CStringGetTextDatum(repo_path)};

	if (!have_writeback_table())
		return false;
	if (pending_count("repo_path = $1", 1, t, v) == 0)
		return false;
	if (!wait_pending("repo_path = $1", 1, t, v, re_writeback_wait_ms))
		ereport(NOTICE, (errmsg("roadmap_enrich: an earlier write-back into %s is still pending", repo_path),
						 errhint("SELECT * FROM roadmap.writeback WHERE state IN ('queued', 'applying') lists it.")));
	return true;
}

PG_FUNCTION_INFO_V1(roadmap_wait_writeback);
Datum
roadmap_wait_writeback(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int64		id;
	int64		timeout_ms = 30000;
	Oid			t[1] = {INT8OID};
	Datum		v[1];
	Queued	   *q;
	uint64		k;

	if (!PG_ARGISNULL(1))
	{
		Interval   *iv = PG_GETARG_INTERVAL_P(1);

		timeout_ms = (int64) (iv->time / 1000) + (int64) iv->day * 86400000 + (int64) iv->month * 30 * 86400000;
		if (timeout_ms < 0)
			timeout_ms = 0;
	}
	InitMaterializedSRF(fcinfo, 0);
	re_spi_connect();
	if (PG_ARGISNULL(0))
	{
		Oid			rt[1] = {OIDOID};
		Datum		rv[1] = {ObjectIdGetDatum(GetUserId())};

		spi_latest("SELECT max(intent_id) FROM roadmap.writeback WHERE requested_by = $1 "
				   "AND requested_xid IS DISTINCT FROM pg_current_xact_id_if_assigned()", 1, rt, rv);
		if (SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1) == NULL)
		{
			SPI_finish();
			return (Datum) 0;
		}
		id = atoll(SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1));
	}
	else
		id = PG_GETARG_INT64(0);
	for (q = queued; q; q = q->next)
		if (q->id == id)
			ereport(ERROR, (errcode(ERRCODE_ACTIVE_SQL_TRANSACTION),
							errmsg("write-back intent %lld is not committed yet", (long long) id),
							errdetail("It was queued by the current transaction, and is applied after it commits."),
							errhint("Call roadmap.wait_writeback(%lld) after COMMIT.", (long long) id)));
	v[0] = Int64GetDatum(id);
	(void) wait_pending("intent_id = $1", 1, t, v, timeout_ms);
	spi_latest("SELECT * FROM roadmap.writeback WHERE intent_id = $1", 1, t, v);
	for (k = 0; k < SPI_processed; k++)
	{
		MemoryContext old = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);

		tuplestore_puttuple(rsinfo->setResult, SPI_tuptable->vals[k]);
		MemoryContextSwitchTo(old);
	}
	SPI_finish();
	return (Datum) 0;
}
