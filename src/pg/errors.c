/*
 * errors.c — the one mapping from core status codes to PostgreSQL errors.
 *
 * The pure-C core reports MdStatus (markdown guards) and RgStatus (libgit2
 * access); every entry point turns them into an ERROR here, so one status
 * always carries the same SQLSTATE, message shape and hint.
 */
#include "postgres.h"

#include "errors.h"

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
		case MD_ETABLECELLS:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("markdown file \"%s\" has too many table cells", path),
					 errdetail("%s (commit %s).", msg, commit),
					 errhint("Raise roadmap_enrich.max_table_cells if the tables are legitimate.")));
			break;
		case MD_ENOMEM:
			ereport(ERROR,
					(errcode(ERRCODE_OUT_OF_MEMORY),
					 errmsg("out of memory parsing markdown file \"%s\"", path),
					 errdetail("%s (commit %s).", msg, commit),
					 errhint("Lower roadmap_enrich.max_file_bytes, or give the server more memory.")));
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

/* Opening a repository failed. */
void
re_report_git_open(RgStatus st, const char *path, const char *err, const char *what)
{
	if (st == RG_EOWNER)
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("repository \"%s\" is owned by another OS user", path),
				 errdetail("libgit2 opens a repository owned by another OS user than the server's only when its path is listed in safe.directory."),
				 errdetail_log("libgit2: %s", err),
				 errhint("Run: git config --system --add safe.directory %s, "
						 "or let a superuser set roadmap_enrich.trust_repository_owner = on.", path)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("\"%s\" is not a git repository", path),
			 errdetail("The directory holds no .git directory or file (parent directories are not searched)."),
			 errdetail_log("libgit2: %s", err),
			 errhint("Pass the top-level directory of a git work tree (the one holding .git) %s.", what)));
}

/* A ref did not resolve to a commit. */
void
re_report_git_ref(const char *ref, const char *path, const char *err)
{
	ereport(ERROR,
			(errcode(ERRCODE_UNDEFINED_OBJECT),
			 errmsg("ref \"%s\" does not name a commit in \"%s\"", ref, path),
			 errdetail("It is not a branch, tag or commit id of this repository, or it names an object that is not a commit."),
			 errdetail_log("libgit2: %s", err),
			 errhint("Use a branch, tag or commit id that \"git -C %s rev-parse --verify <ref>^{commit}\" accepts.", path)));
}

/* Reading a markdown blob of the commit failed. */
void
re_report_git_read(RgStatus st, const char *path, const char *commit, const char *err)
{
	if (st == RG_ETOOBIG)
		re_report_md_error(MD_ETOOBIG, path, commit, err);
	if (st == RG_ETOTAL)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("reading \"%s\" would pass roadmap_enrich.max_ingest_bytes", path),
				 errdetail("%s (commit %s).", err, commit),
				 errhint("Raise roadmap_enrich.max_ingest_bytes, or lower roadmap_enrich.history_depth.")));
	if (st == RG_ENOTBLOB)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("\"%s\" is not a regular file in the repository", path),
				 errdetail("%s.", err),
				 errhint("roadmap_enrich reads %s as a markdown file; rename the directory, submodule or link.", path)));
	ereport(ERROR,
			(errcode(ERRCODE_UNDEFINED_FILE),
			 errmsg("could not read \"%s\" from the repository", path),
			 errdetail("%s", err)));
}

void
re_report_out_of_memory(size_t size)
{
	ereport(ERROR,
			(errcode(ERRCODE_OUT_OF_MEMORY),
			 errmsg("out of memory"),
			 errdetail("roadmap_enrich failed to allocate %zu bytes.", size),
			 errhint("Lower roadmap_enrich.max_file_bytes or roadmap_enrich.max_ingest_bytes, or give the server more memory.")));
}

void
re_report_git_ref_syntax(const char *ref, const char *err)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("ref \"%s\" uses revision search syntax, which roadmap_enrich does not accept", ref),
			 errdetail("%s; such a search reads the whole history and cannot be bounded.", err),
			 errhint("Pass a branch, a tag, a full or abbreviated commit id, or HEAD~n.")));
}

/*
 * Checking or applying a write-back failed. The write-back worker raises
 * these too (inside PG_TRY) to record the same SQLSTATE, message and hint.
 */
void
re_report_git_write(RgStatus st, const char *path, const char *err)
{
	switch (st)
	{
		case RG_EBARE:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot write back into bare repository \"%s\"", path), errdetail("%s", err),
							errhint("Ingest and enrich a clone with a work tree, and push from it.")));
			break;
		case RG_EDETACHED:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot commit in \"%s\": HEAD is detached", path), errdetail("%s", err),
							errhint("Check out a branch (git switch <branch>) before enriching with write-back.")));
			break;
		case RG_ENOTBRANCH:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot commit in \"%s\": HEAD is not a local branch", path), errdetail("%s", err),
							errhint("Check out a branch (git switch <branch>); write-back never moves a tag or a remote ref.")));
			break;
		case RG_ESTATE:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot write back into \"%s\": an operation is in progress", path),
							errdetail("%s", err), errhint("Finish or abort the merge/rebase first.")));
			break;
		case RG_EDIRTY:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot write back into \"%s\": the target file has uncommitted changes", path),
							errdetail("%s", err),
							errhint("Commit or stash your edits, then run enrich again; nothing was written. "
									"If an interrupted write-back left the change, git checkout -- <file> discards it.")));
			break;
		case RG_ECASE:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot write back into \"%s\": two paths differ only in case", path),
							errdetail("%s", err),
							errhint("Keep one of the two names (git mv / git rm --cached), commit, and run again; nothing was written.")));
			break;
		case RG_EPATH:
			ereport(ERROR, (errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
							errmsg("refusing to write outside the work tree of \"%s\"", path), errdetail("%s", err),
							errhint("The release file must be a regular file inside the work tree, reached without "
									"symbolic links, \"..\" or \".git\"; fix the link in the roadmap. Nothing was written.")));
			break;
		case RG_EMOVED:
			ereport(ERROR, (errcode(ERRCODE_T_R_SERIALIZATION_FAILURE),
							errmsg("the branch of \"%s\" moved since the roadmap was read", path), errdetail("%s", err),
							errhint("Run roadmap.enrich again; it re-reads the new commit. Nothing was reverted or written.")));
			break;
		case RG_ELOCKED:
			ereport(ERROR, (errcode(ERRCODE_LOCK_NOT_AVAILABLE),
							errmsg("the git repository \"%s\" is locked", path), errdetail("%s", err),
							errhint("If no git process is running, remove the lock file named above, then run enrich again.")));
			break;
		case RG_EAUTHOR:
			ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
							errmsg("invalid write-back author for \"%s\"", path), errdetail("%s", err),
							errhint("Set roadmap_enrich.author_name and roadmap_enrich.author_email to a valid name and address.")));
			break;
		case RG_ECANCELED:
			ereport(ERROR, (errcode(ERRCODE_QUERY_CANCELED),
							errmsg("write-back into \"%s\" was canceled", path), errdetail("%s", err),
							errhint("Nothing was committed and the files were put back; run enrich again.")));
			break;
		case RG_EINDEX:
			ereport(ERROR, (errcode(ERRCODE_IO_ERROR),
							errmsg("committed in \"%s\", but the index entry could not be updated", path),
							errdetail("%s", err),
							errhint("The commit is complete; run git reset -q -- <file> in the repository to refresh the index entry.")));
			break;
		case RG_EIO:
			ereport(ERROR, (errcode(ERRCODE_IO_ERROR),
							errmsg("write-back into \"%s\" failed", path), errdetail("%s", err),
							errhint("Check the file system's permissions and free space; the files were put back.")));
			break;
		default:
			ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
							errmsg("cannot write back into \"%s\"", path), errdetail("%s", err),
							errhint("Fix the cause named in the detail, then run enrich again; nothing was written.")));
	}
	pg_unreachable();
}

/* The git directory a repository's .git file points to lies outside allowed_roots. */
void
re_report_gitdir_outside(const char *path, const char *gitdir)
{
	ereport(ERROR,
			(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
			 errmsg("git directory of repository \"%s\" is outside roadmap_enrich.allowed_roots", path),
			 errdetail("The repository's .git file points to \"%s\"; nothing was read from it.", gitdir),
			 errhint("Move the git directory under an allowed root, or a superuser can add its directory to roadmap_enrich.allowed_roots.")));
}
