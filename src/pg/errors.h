/*
 * errors.h — the one mapping from core status codes (MdStatus, RgStatus) to
 * PostgreSQL errors: SQLSTATE, message, detail and hint. Bottom layer: it
 * calls no other file of src/pg.
 */
#ifndef RE_ERRORS_H
#define RE_ERRORS_H

#include "postgres.h"

#include "../core/gitrepo.h"
#include "../core/mdoc.h"

/*
 * A function that does not return: PostgreSQL 18 replaced the trailing
 * pg_attribute_noreturn() with a leading pg_noreturn (C11 _Noreturn).
 */
#if PG_VERSION_NUM >= 180000
#define RE_NORETURN pg_noreturn
#define RE_NORETURN_END
#else
#define RE_NORETURN
#define RE_NORETURN_END pg_attribute_noreturn()
#endif

/* A markdown guard failure, naming file and commit. */
RE_NORETURN void re_report_md_error(MdStatus st, const char *path, const char *commit, const char *msg) RE_NORETURN_END;

/* Opening a repository failed (st != RG_OK); what says who opened it. */
RE_NORETURN void re_report_git_open(RgStatus st, const char *path, const char *err, const char *what) RE_NORETURN_END;

/* A ref did not resolve to a commit. */
RE_NORETURN void re_report_git_ref(const char *ref, const char *path, const char *err) RE_NORETURN_END;

/* Reading a markdown blob of the commit failed (st != RG_OK). */
RE_NORETURN void re_report_git_read(RgStatus st, const char *path, const char *commit, const char *err) RE_NORETURN_END;

/* The core could not allocate size bytes: ERROR 53200 (the core's out-of-memory hook). */
RE_NORETURN void re_report_out_of_memory(size_t size) RE_NORETURN_END;

/* A ref uses revision search syntax (":/text", "^{/text}", "rev:path"). */
RE_NORETURN void re_report_git_ref_syntax(const char *ref, const char *err) RE_NORETURN_END;

/* The git directory a repository's .git file points to lies outside allowed_roots. */
RE_NORETURN void re_report_gitdir_outside(const char *path, const char *gitdir) RE_NORETURN_END;

/* Checking or applying a write-back failed (st != RG_OK). */
RE_NORETURN void re_report_git_write(RgStatus st, const char *path, const char *err) RE_NORETURN_END;

#endif
