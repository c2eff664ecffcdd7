/*
 * gitwrite.c — the write-back of a rendered release into a git work tree.
 *
 * Safety rules (docs/writeback.md):
 *  - a target path is relative, has no empty, ".", ".." or ".git" component
 *    (in any case form, with NTFS-style trailing dots/spaces or 8.3 names),
 *    no symlink on the way in the work tree, and resolves inside it;
 *  - the work-tree file must hash (through the repository's filters) to the
 *    base blob, its index entry must be the base blob at stage 0, and no
 *    other index or tree entry may differ from it only in case: index flags
 *    (assume-unchanged, skip-worktree) and case folding cannot hide an edit;
 *    any git_status_file error counts as dirty;
 *  - the commit is the base commit's tree plus the new blob(s), with the base
 *    commit as its parent, and the branch is moved by compare-and-swap from
 *    the base commit: a branch that moved is refused, never reverted;
 *  - only the targets' index entries are updated, other staged entries stay;
 *  - the new file keeps its mode, and its line endings follow the
 *    repository's filters (autocrlf, .gitattributes eol) as checkout would.
 * Order: objects (harmless), work-tree files, branch (CAS), index entries.
 * A failure before the branch moves puts the old bytes back.
 */
#include "gitwrite.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#define MAX_FILES 4

typedef struct Target
{
	const char *rel;
	char		full[PATH_MAX];
	git_oid		base_blob;
	git_filemode_t mode;		/* in the base tree */
	git_oid		new_blob;
	int			needs_write;	/* work tree still holds the base content */
	mode_t		st_mode;		/* of the work-tree file */
	char	   *old;			/* work-tree bytes, for putting back */
	size_t		old_len;
} Target;

typedef struct Prep
{
	char		branch[256];
	git_oid		base;
	git_commit *base_commit;
	git_tree   *base_tree;
	git_oid		new_tree;
	int			already_committed;	/* resume: the branch already has our commit */
	git_oid		tip;
	int			n;
	Target		t[MAX_FILES];
} Prep;

static void
last_error(char *err, size_t errlen, const char *what)
{
	const git_error *e = git_error_last();

	snprintf(err, errlen, "%s: %s", what, e && e->message ? e->message : "unknown libgit2 error");
}

const char *
re_gitw_gitdir(ReGit *g)
{
	return g->repo ? git_repository_path(g->repo) : NULL;
}

const char *
re_gitw_commondir(ReGit *g)
{
	return g->repo ? git_repository_commondir(g->repo) : NULL;
}

const char *
re_gitw_workdir(ReGit *g)
{
	return g->repo ? git_repository_workdir(g->repo) : NULL;
}

/* ".git" in any case, with trailing dots or spaces (NTFS), or its 8.3 short name. */
static int
is_dotgit(const char *c, size_t n)
{
	size_t		k = n;

	while (k > 4 && (c[k - 1] == '.' || c[k - 1] == ' '))
		k--;
	if (k == 4 && strncasecmp(c, ".git", 4) == 0)
		return 1;
	if (n == 5 && strncasecmp(c, "git~1", 5) == 0)
		return 1;
	return 0;
}

int
re_gitw_path_ok(const char *rel, char *err, size_t errlen)
{
	const char *p = rel;

	if (rel == NULL || rel[0] == '\0')
	{
		snprintf(err, errlen, "the target path is empty");
		return 0;
	}
	if (rel[0] == '/')
	{
		snprintf(err, errlen, "the target path \"%s\" is absolute", rel);
		return 0;
	}
	for (; *p; p++)
		if (*p == '\\' || (unsigned char) *p < 0x20 || *p == ':')
		{
			snprintf(err, errlen, "the target path \"%s\" contains a backslash, colon or control character", rel);
			return 0;
		}
	p = rel;
	while (*p)
	{
		size_t		n = strcspn(p, "/");

		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
		{
			snprintf(err, errlen, "the target path \"%s\" has an empty, \".\" or \"..\" component", rel);
			return 0;
		}
		if (is_dotgit(p, n))
		{
			snprintf(err, errlen, "the target path \"%s\" goes through a .git component", rel);
			return 0;
		}
		p += n;
		if (*p == '/')
		{
			p++;
			if (*p == '\0')
			{
				snprintf(err, errlen, "the target path \"%s\" ends with a slash", rel);
				return 0;
			}
		}
	}
	return 1;
}

/*
 * Walk rel inside workdir with lstat: every directory on the way a real
 * directory, the file a regular file, and the resolved path inside workdir.
 */
static RgStatus
check_worktree_path(const char *workdir, const char *rel, char *full, size_t fulllen,
					mode_t *st_mode, char *err, size_t errlen)
{
	char		root[PATH_MAX],
				cur[PATH_MAX],
				real[PATH_MAX];
	const char *p = rel;
	struct stat st;
	size_t		rl;

	if (realpath(workdir, root) == NULL)
	{
		snprintf(err, errlen, "could not resolve the work tree %s: %s", workdir, strerror(errno));
		return RG_EPATH;
	}
	snprintf(cur, sizeof(cur), "%s", root);
	while (*p)
	{
		size_t		n = strcspn(p, "/");
		size_t		l = strlen(cur);

		if (l + 1 + n + 1 > sizeof(cur))
		{
			snprintf(err, errlen, "the target path \"%s\" is too long", rel);
			return RG_EPATH;
		}
		cur[l] = '/';
		memcpy(cur + l + 1, p, n);
		cur[l + 1 + n] = '\0';
		p += n;
		if (*p == '/')
			p++;
		if (lstat(cur, &st) != 0)
		{
			snprintf(err, errlen, "%s: %s", cur, strerror(errno));
			return errno == ENOENT ? RG_EDIRTY : RG_EPATH;
		}
		if (S_ISLNK(st.st_mode))
		{
			snprintf(err, errlen, "%s is a symbolic link: write-back never follows one", cur);
			return RG_EPATH;
		}
		if (*p ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
		{
			snprintf(err, errlen, "%s is not a %s", cur, *p ? "directory" : "regular file");
			return RG_EPATH;
		}
	}
	if (realpath(cur, real) == NULL)
	{
		snprintf(err, errlen, "could not resolve %s: %s", cur, strerror(errno));
		return RG_EPATH;
	}
	rl = strlen(root);
	if (strncmp(real, root, rl) != 0 || real[rl] != '/')
	{
		snprintf(err, errlen, "%s resolves to %s, outside the work tree %s", rel, real, root);
		return RG_EPATH;
	}
	snprintf(full, fulllen, "%s", real);
	*st_mode = st.st_mode;
	return RG_OK;
}

/* Each component of rel names exactly one entry of its tree, with no case twin. */
static RgStatus
check_tree_path(git_repository *repo, git_tree *root, const char *rel, char *err, size_t errlen)
{
	git_tree   *tree = root;
	const char *p = rel;
	RgStatus	rc = RG_OK;

	while (*p && rc == RG_OK)
	{
		size_t		n = strcspn(p, "/");
		size_t		i,
					cnt = git_tree_entrycount(tree),
					exact = 0,
					folded = 0;
		const git_tree_entry *hit = NULL;

		for (i = 0; i < cnt; i++)
		{
			const git_tree_entry *e = git_tree_entry_byindex(tree, i);
			const char *name = git_tree_entry_name(e);

			if (strlen(name) != n)
				continue;
			if (strncmp(name, p, n) == 0)
			{
				exact++;
				hit = e;
			}
			else if (strncasecmp(name, p, n) == 0)
				folded++;
		}
		if (exact != 1 || folded > 0)
		{
			snprintf(err, errlen, "%s: the base tree has %zu entries named \"%.*s\" and %zu differing only in case",
					 rel, exact, (int) n, p, folded);
			rc = exact == 0 ? RG_ENOTFOUND : RG_ECASE;
			break;
		}
		p += n;
		if (*p == '/')
		{
			git_tree   *sub = NULL;

			p++;
			if (git_tree_entry_type(hit) != GIT_OBJECT_TREE ||
				git_tree_lookup(&sub, repo, git_tree_entry_id(hit)) != 0)
			{
				snprintf(err, errlen, "%s: \"%.*s\" is not a directory in the base tree", rel, (int) n, p - n - 1);
				rc = RG_EPATH;
				break;
			}
			if (tree != root)
				git_tree_free(tree);
			tree = sub;
		}
		else if (git_tree_entry_filemode(hit) != GIT_FILEMODE_BLOB &&
				 git_tree_entry_filemode(hit) != GIT_FILEMODE_BLOB_EXECUTABLE)
		{
			snprintf(err, errlen, "%s is not a regular file in the base tree (mode %o)", rel,
					 (unsigned) git_tree_entry_filemode(hit));
			rc = RG_ENOTBLOB;
		}
	}
	if (tree != root)
		git_tree_free(tree);
	return rc;
}

static char *
read_file(const char *full, size_t *len, char *err, size_t errlen)
{
	int			fd = open(full, O_RDONLY | O_NOFOLLOW);
	struct stat st;
	char	   *buf;
	size_t		off = 0;

	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t) 1 << 30)
	{
		snprintf(err, errlen, "could not read %s: %s", full, fd < 0 ? strerror(errno) : "not a regular file under 1 GB");
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	buf = malloc((size_t) st.st_size + 1);
	while (buf && off < (size_t) st.st_size)
	{
		ssize_t		r = read(fd, buf + off, (size_t) st.st_size - off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		off += (size_t) r;
	}
	close(fd);
	if (buf == NULL || off != (size_t) st.st_size)
	{
		free(buf);
		snprintf(err, errlen, "could not read %s", full);
		return NULL;
	}
	*len = off;
	return buf;
}

/* HEAD must be a local branch; fill p->branch and p->tip. */
static RgStatus
check_head(git_repository *repo, Prep *p, char *err, size_t errlen)
{
	git_reference *head = NULL;
	const char *target;
	RgStatus	rc = RG_OK;

	if (git_reference_lookup(&head, repo, "HEAD") != 0)
	{
		last_error(err, errlen, "could not read HEAD");
		return RG_EREF;
	}
	if (git_reference_type(head) != GIT_REFERENCE_SYMBOLIC)
	{
		snprintf(err, errlen, "HEAD is detached");
		rc = RG_EDETACHED;
	}
	else if (strncmp((target = git_reference_symbolic_target(head)), "refs/heads/", 11) != 0)
	{
		snprintf(err, errlen, "HEAD points at %s, not at a local branch", target);
		rc = RG_ENOTBRANCH;
	}
	else
	{
		snprintf(p->branch, sizeof(p->branch), "%s", target);
		if (git_reference_name_to_id(&p->tip, repo, p->branch) != 0)
		{
			snprintf(err, errlen, "branch %s has no commit yet", p->branch);
			rc = RG_EREF;
		}
	}
	git_reference_free(head);
	return rc;
}

static RgStatus
check_locks(git_repository *repo, const char *branch, char *err, size_t errlen)
{
	char		lock[PATH_MAX];
	struct stat st;

	snprintf(lock, sizeof(lock), "%sindex.lock", git_repository_path(repo));
	if (lstat(lock, &st) == 0)
	{
		snprintf(err, errlen, "%s exists: another git process is running, or one was killed", lock);
		return RG_ELOCKED;
	}
	snprintf(lock, sizeof(lock), "%s%s.lock", git_repository_commondir(repo), branch);
	if (lstat(lock, &st) == 0)
	{
		snprintf(err, errlen, "%s exists: another git process is updating the branch, or one was killed", lock);
		return RG_ELOCKED;
	}
	return RG_OK;
}

/* The branch tip is "ours" when it is base + exactly our tree (resume). */
static int
tip_is_ours(git_repository *repo, const Prep *p)
{
	git_commit *c = NULL;
	int			ours = 0;

	if (git_commit_lookup(&c, repo, &p->tip) != 0)
		return 0;
	ours = git_commit_parentcount(c) == 1 && git_oid_equal(git_commit_parent_id(c, 0), &p->base) &&
		git_oid_equal(git_commit_tree_id(c), &p->new_tree);
	git_commit_free(c);
	return ours;
}

/* The index: the target's entry is the expected blob at stage 0, and has no case twin. */
static RgStatus
check_index(git_repository *repo, const Target *t, const git_oid *want, const git_oid *alt,
			char *err, size_t errlen)
{
	git_index  *idx = NULL;
	size_t		i,
				cnt;
	int			found = 0;
	RgStatus	rc = RG_OK;

	if (git_repository_index(&idx, repo) != 0 || git_index_read(idx, 1) != 0)
	{
		last_error(err, errlen, "could not read the index");
		git_index_free(idx);
		return RG_EOTHER;
	}
	cnt = git_index_entrycount(idx);
	for (i = 0; i < cnt && rc == RG_OK; i++)
	{
		const git_index_entry *e = git_index_get_byindex(idx, i);

		if (strcasecmp(e->path, t->rel) != 0)
			continue;
		if (strcmp(e->path, t->rel) != 0)
		{
			snprintf(err, errlen, "the index has both %s and %s, which differ only in case", e->path, t->rel);
			rc = RG_ECASE;
		}
		else if (GIT_INDEX_ENTRY_STAGE(e) != 0)
		{
			snprintf(err, errlen, "%s has an unresolved conflict in the index", t->rel);
			rc = RG_EDIRTY;
		}
		else if (!git_oid_equal(&e->id, want) && !(alt && git_oid_equal(&e->id, alt)))
		{
			snprintf(err, errlen, "%s has staged changes", t->rel);
			rc = RG_EDIRTY;
		}
		else
			found++;
	}
	if (rc == RG_OK && found != 1)
	{
		snprintf(err, errlen, "%s is %s in the index", t->rel, found ? "listed more than once" : "not");
		rc = RG_EDIRTY;
	}
	git_index_free(idx);
	return rc;
}

static void
free_prep(Prep *p)
{
	int			i;

	for (i = 0; i < p->n; i++)
		free(p->t[i].old);
	git_tree_free(p->base_tree);
	git_commit_free(p->base_commit);
	memset(p, 0, sizeof(*p));
}

/* One target in the work tree and the index: the base content, nobody's edit. */
static RgStatus
check_target(git_repository *repo, const char *workdir, const ReGitWriteReq *req, Prep *p, Target *t,
			 char *err, size_t errlen)
{
	git_oid		wt;
	int			is_base,
				is_new;
	RgStatus	rc;

	if ((rc = check_worktree_path(workdir, t->rel, t->full, sizeof(t->full), &t->st_mode, err, errlen)) != RG_OK)
		return rc;
	if (git_repository_hashfile(&wt, repo, t->full, GIT_OBJECT_BLOB, t->rel) != 0)
	{
		last_error(err, errlen, "could not hash the work-tree file");
		return RG_EDIRTY;
	}
	is_base = git_oid_equal(&wt, &t->base_blob);
	is_new = git_oid_equal(&wt, &t->new_blob);
	if (!is_base && !(is_new && (req->resume || p->already_committed)))
	{
		snprintf(err, errlen, "%s has uncommitted changes", t->rel);
		return RG_EDIRTY;
	}
	t->needs_write = !is_new;
	if ((rc = check_index(repo, t, &t->base_blob, p->already_committed ? &t->new_blob : NULL,
						  err, errlen)) != RG_OK)
		return rc;
	if (is_base && !p->already_committed)
	{
		unsigned int flags = 0;

		if (git_status_file(&flags, repo, t->rel) != 0)
		{
			last_error(err, errlen, "git status of the target failed (counted as uncommitted changes)");
			return RG_EDIRTY;
		}
		if (flags & ~(unsigned) (GIT_STATUS_CURRENT | GIT_STATUS_IGNORED))
		{
			snprintf(err, errlen, "%s has uncommitted changes (status 0x%x)", t->rel, flags);
			return RG_EDIRTY;
		}
	}
	if (t->needs_write && (t->old = read_file(t->full, &t->old_len, err, errlen)) == NULL)
		return RG_EIO;
	return RG_OK;
}

/*
 * Every check; with write_objects the new blobs and tree are written to the
 * object database (harmless: unreferenced), else only hashed.
 */
static RgStatus
prepare(ReGit *g, const ReGitWriteReq *req, int write_objects, Prep *p, char *err, size_t errlen)
{
	git_repository *repo = g->repo;
	const char *workdir;
	git_tree_update upd[MAX_FILES];
	RgStatus	rc;
	int			i;

	memset(p, 0, sizeof(*p));
	if (req->nfiles < 1 || req->nfiles > MAX_FILES)
	{
		snprintf(err, errlen, "%d files to write: between 1 and %d are supported", req->nfiles, MAX_FILES);
		return RG_EOTHER;
	}
	if (git_repository_is_bare(repo) || (workdir = git_repository_workdir(repo)) == NULL)
	{
		snprintf(err, errlen, "the repository is bare: there is no work tree to write");
		return RG_EBARE;
	}
	if (git_repository_state(repo) != GIT_REPOSITORY_STATE_NONE)
	{
		snprintf(err, errlen, "a merge, rebase, cherry-pick or similar operation is in progress");
		return RG_ESTATE;
	}
	if (req->author_name || req->author_email)
	{
		git_signature *sig = NULL;

		if (git_signature_now(&sig, req->author_name ? req->author_name : "", req->author_email ? req->author_email : "") != 0)
		{
			last_error(err, errlen, "invalid author name or email");
			return RG_EAUTHOR;
		}
		git_signature_free(sig);
	}
	if ((rc = check_head(repo, p, err, errlen)) != RG_OK)
		return rc;
	if ((rc = check_locks(repo, p->branch, err, errlen)) != RG_OK)
		return rc;
	if (git_oid_fromstr(&p->base, req->base_commit) != 0 ||
		git_commit_lookup(&p->base_commit, repo, &p->base) != 0 ||
		git_commit_tree(&p->base_tree, p->base_commit) != 0)
	{
		last_error(err, errlen, "could not read the base commit");
		return RG_EREF;
	}

	/* paths, base blobs and modes, new blobs */
	p->n = req->nfiles;
	for (i = 0; i < p->n; i++)
	{
		Target	   *t = &p->t[i];
		git_tree_entry *e = NULL;

		t->rel = req->files[i].path;
		if (!re_gitw_path_ok(t->rel, err, errlen))
			return RG_EPATH;
		if ((rc = check_tree_path(repo, p->base_tree, t->rel, err, errlen)) != RG_OK)
			return rc;
		if (git_tree_entry_bypath(&e, p->base_tree, t->rel) != 0)
		{
			snprintf(err, errlen, "%s is not in commit %s", t->rel, req->base_commit);
			return RG_ENOTFOUND;
		}
		t->base_blob = *git_tree_entry_id(e);
		t->mode = git_tree_entry_filemode(e);
		git_tree_entry_free(e);
		if (write_objects ? git_blob_create_from_buffer(&t->new_blob, repo, req->files[i].data, req->files[i].len) != 0
			: git_odb_hash(&t->new_blob, req->files[i].data, req->files[i].len, GIT_OBJECT_BLOB) != 0)
		{
			last_error(err, errlen, "could not store the new blob");
			return RG_EOTHER;
		}
		memset(&upd[i], 0, sizeof(upd[i]));
		upd[i].action = GIT_TREE_UPDATE_UPSERT;
		upd[i].id = t->new_blob;
		upd[i].filemode = t->mode;
		upd[i].path = t->rel;
	}
	if (write_objects && git_tree_create_updated(&p->new_tree, repo, p->base_tree, (size_t) p->n, upd) != 0)
	{
		last_error(err, errlen, "could not build the new tree");
		return RG_EOTHER;
	}

	/* compare-and-swap precondition */
	if (!git_oid_equal(&p->tip, &p->base))
	{
		char		tip[41];

		if (write_objects && req->resume && tip_is_ours(repo, p))
			p->already_committed = 1;
		else
		{
			git_oid_tostr(tip, sizeof(tip), &p->tip);
			snprintf(err, errlen, "%s is now at %s, the write-back was computed on %s; it was not changed",
					 p->branch, tip, req->base_commit);
			return RG_EMOVED;
		}
	}

	/* the work tree and the index: nobody's edit may be hidden or lost */
	for (i = 0; i < p->n; i++)
		if ((rc = check_target(repo, workdir, req, p, &p->t[i], err, errlen)) != RG_OK)
			return rc;
	return RG_OK;
}

RgStatus
re_gitw_check(ReGit *g, const ReGitWriteReq *req, char *branch, size_t branchlen, char *err, size_t errlen)
{
	Prep		p;
	RgStatus	rc = prepare(g, req, 0, &p, err, errlen);

	if (branch)
		snprintf(branch, branchlen, "%s", p.branch);
	free_prep(&p);
	return rc;
}

/* Remove temp files a killed earlier write-back left beside full. */
static void
remove_stale_temps(const char *full)
{
	char		dir[PATH_MAX],
				prefix[PATH_MAX];
	char	   *slash;
	DIR		   *d;
	struct dirent *e;

	snprintf(dir, sizeof(dir), "%s", full);
	if ((slash = strrchr(dir, '/')) == NULL)
		return;
	*slash = '\0';
	snprintf(prefix, sizeof(prefix), "%s.roadmap_enrich.", slash + 1);
	if ((d = opendir(dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL)
	{
		size_t		n = strlen(e->d_name);

		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 && n > 4 && strcmp(e->d_name + n - 4, ".tmp") == 0)
		{
			char		p[PATH_MAX + NAME_MAX + 2];

			snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
			(void) unlink(p);
		}
	}
	closedir(d);
}

/* Replace full atomically with data: temp file beside it, same mode, fsync, rename, fsync dir. */
static int
atomic_replace(const char *full, mode_t mode, const char *data, size_t len, char *err, size_t errlen)
{
	char		tmp[PATH_MAX + 64],
				dir[PATH_MAX];
	int			fd;
	size_t		off = 0;
	char	   *slash;

	snprintf(tmp, sizeof(tmp), "%s.roadmap_enrich.%d.tmp", full, (int) getpid());
	remove_stale_temps(full);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
	if (fd < 0)
	{
		snprintf(err, errlen, "could not create %s: %s", tmp, strerror(errno));
		return -1;
	}
	if (fchmod(fd, mode & 07777) != 0)
	{
		snprintf(err, errlen, "could not set the mode of %s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	while (off < len)
	{
		ssize_t		w = write(fd, data + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
		{
			snprintf(err, errlen, "could not write %s: %s", tmp, strerror(errno));
			close(fd);
			unlink(tmp);
			return -1;
		}
		off += (size_t) w;
	}
	if (fsync(fd) != 0 || close(fd) != 0)
	{
		snprintf(err, errlen, "could not sync %s: %s", tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, full) != 0)
	{
		snprintf(err, errlen, "could not rename %s: %s", tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s", full);
	if ((slash = strrchr(dir, '/')) != NULL)
	{
		*slash = '\0';
		if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0)
		{
			(void) fsync(fd);
			close(fd);
		}
	}
	return 0;
}

/* The new blob as checkout would write it for this path (autocrlf, eol, ident …). */
static int
worktree_form(git_repository *repo, const Target *t, const char *data, size_t len, git_buf *out,
			  char *err, size_t errlen)
{
	git_filter_list *fl = NULL;

	if (git_filter_list_load(&fl, repo, NULL, t->rel, GIT_FILTER_TO_WORKTREE, GIT_FILTER_DEFAULT) != 0)
	{
		last_error(err, errlen, "could not load the checkout filters");
		return -1;
	}
	if (fl == NULL)
	{
		if (git_buf_set(out, data, len) != 0)
		{
			last_error(err, errlen, "out of memory");
			return -1;
		}
		return 0;
	}
	if (git_filter_list_apply_to_buffer(out, fl, data, len) != 0)
	{
		last_error(err, errlen, "could not apply the checkout filters");
		git_filter_list_free(fl);
		return -1;
	}
	git_filter_list_free(fl);
	return 0;
}

static int
hook(const ReGitWriteReq *req, const char *stage)
{
	return req->hook ? req->hook(stage, req->hook_arg) : 0;
}

static void
put_back(Prep *p, int upto)
{
	char		e2[256];
	int			i;

	for (i = 0; i < upto; i++)
		if (p->t[i].needs_write && p->t[i].old)
			(void) atomic_replace(p->t[i].full, p->t[i].st_mode, p->t[i].old, p->t[i].old_len, e2, sizeof(e2));
}

RgStatus
re_gitw_apply(ReGit *g, const ReGitWriteReq *req, char *commit_hex, char *err, size_t errlen)
{
	git_repository *repo = g->repo;
	Prep		p;
	git_signature *sig = NULL;
	git_tree   *tree = NULL;
	git_oid		commit;
	RgStatus	rc;
	int			i,
				written = 0;

	commit_hex[0] = '\0';
	if ((rc = prepare(g, req, 1, &p, err, errlen)) != RG_OK)
		goto done;
	if (git_signature_now(&sig, req->author_name, req->author_email) != 0)
	{
		last_error(err, errlen, "invalid author name or email");
		rc = RG_EAUTHOR;
		goto done;
	}
	if (p.already_committed)
		commit = p.tip;
	else
	{
		const git_commit *parents[1] = {p.base_commit};

		if (git_tree_lookup(&tree, repo, &p.new_tree) != 0 ||
			git_commit_create(&commit, repo, NULL, sig, sig, NULL, req->message, tree, 1, parents) != 0)
		{
			last_error(err, errlen, "could not create the commit");
			rc = RG_EOTHER;
			goto done;
		}
	}
	if (hook(req, "before_files"))
	{
		snprintf(err, errlen, "stopped before any file was written");
		rc = RG_ECANCELED;
		goto done;
	}

	/* work tree */
	for (i = 0; i < p.n; i++)
	{
		git_buf		wt = {0};

		if (!p.t[i].needs_write)
			continue;
		if (worktree_form(repo, &p.t[i], req->files[i].data, req->files[i].len, &wt, err, errlen) != 0 ||
			atomic_replace(p.t[i].full, p.t[i].st_mode, wt.ptr, wt.size, err, errlen) != 0)
		{
			git_buf_dispose(&wt);
			put_back(&p, written);
			rc = RG_EIO;
			goto done;
		}
		git_buf_dispose(&wt);
		written = i + 1;
	}
	if (hook(req, "after_files"))
	{
		put_back(&p, written);
		snprintf(err, errlen, "stopped after writing the files; they were put back");
		rc = RG_ECANCELED;
		goto done;
	}
	if (req->files_only)
		goto done;

	/* branch: compare-and-swap from the base commit */
	if (!p.already_committed)
	{
		git_reference *ref = NULL;
		int			r = git_reference_create_matching(&ref, repo, p.branch, &commit, 1, &p.base,
													  "roadmap_enrich: write-back");

		git_reference_free(ref);
		if (r != 0)
		{
			last_error(err, errlen, r == GIT_EMODIFIED ? "the branch moved during the write-back; it was not changed"
					   : "could not move the branch");
			put_back(&p, written);
			rc = r == GIT_EMODIFIED ? RG_EMOVED : r == GIT_ELOCKED ? RG_ELOCKED : RG_EOTHER;
			goto done;
		}
	}
	git_oid_tostr(commit_hex, 41, &commit);
	(void) hook(req, "after_commit");

	/* index: only the targets' entries */
	{
		git_index  *idx = NULL;

		if (git_repository_index(&idx, repo) != 0 || git_index_read(idx, 1) != 0)
			rc = RG_EINDEX;
		for (i = 0; i < p.n && rc == RG_OK; i++)
			if (git_index_add_bypath(idx, p.t[i].rel) != 0)
				rc = RG_EINDEX;
		if (rc == RG_OK && git_index_write(idx) != 0)
			rc = RG_EINDEX;
		if (rc != RG_OK)
			last_error(err, errlen, "committed, but the index entry could not be updated "
					   "(git reset -q -- <file> fixes it)");
		git_index_free(idx);
	}
	if (rc == RG_OK)
		(void) hook(req, "after_index");
done:
	git_signature_free(sig);
	git_tree_free(tree);
	free_prep(&p);
	return rc;
}

RgStatus
re_gitw_push(ReGit *g, const char *remote_name, char *err, size_t errlen)
{
	git_remote *remote = NULL;
	git_reference *head = NULL;
	RgStatus	rc = RG_OK;

	if (git_remote_lookup(&remote, g->repo, remote_name) != 0 ||
		git_repository_head(&head, g->repo) != 0)
	{
		last_error(err, errlen, "could not find the push remote");
		rc = RG_EPUSH;
	}
	else
	{
		char		spec[1024];
		char	   *specs[1];
		git_strarray refspecs;
		git_push_options opts;

		snprintf(spec, sizeof(spec), "%s:%s", git_reference_name(head), git_reference_name(head));
		specs[0] = spec;
		refspecs.strings = specs;
		refspecs.count = 1;
		git_push_options_init(&opts, GIT_PUSH_OPTIONS_VERSION);
		if (git_remote_push(remote, &refspecs, &opts) != 0)
		{
			last_error(err, errlen, "push failed");
			rc = RG_EPUSH;
		}
	}
	git_reference_free(head);
	git_remote_free(remote);
	return rc;
}
