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

/* A markdown guard failure, naming file and commit. */
void		re_report_md_error(MdStatus st, const char *path, const char *commit, const char *msg) pg_attribute_noreturn();

/* Opening a repository failed (st != RG_OK); what says who opened it. */
void		re_report_git_open(RgStatus st, const char *path, const char *err, const char *what) pg_attribute_noreturn();

/* A ref did not resolve to a commit. */
void		re_report_git_ref(const char *ref, const char *path, const char *err) pg_attribute_noreturn();

/* Reading a markdown blob of the commit failed (st != RG_OK). */
void		re_report_git_read(RgStatus st, const char *path, const char *commit, const char *err) pg_attribute_noreturn();

/* Checking or applying a write-back failed (st != RG_OK). */
void		re_report_git_write(RgStatus st, const char *path, const char *err) pg_attribute_noreturn();

#endif
