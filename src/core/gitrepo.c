/*
 * gitrepo.c — read-only access to a commit's tree through libgit2.
 *
 * Blobs are read from the resolved commit's tree, never the work tree, so
 * what is ingested is exactly what the commit holds.
 */
#include "gitrepo.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

ReGitStageHook re_git_stage_hook = NULL;

static void
stage(const char *name)
{
	if (re_git_stage_hook)
		re_git_stage_hook(name);
}

/* Initialise libgit2 once per process; it is never shut down. */
void
re_git_init(void)
{
	static int	done = 0;

	if (!done)
	{
		git_libgit2_init();
		/*
		 * Bound what libgit2 keeps in memory per backend: the object
		 * cache (default 256 MB) and the mapped pack windows (default
		 * 8 GB on 64-bit), which count in the backend's resident size.
		 */
		git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t) 16 * 1024 * 1024);
		git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t) 64 * 1024 * 1024);
		git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t) 8 * 1024 * 1024);
		done = 1;
	}
}

void
re_git_set_owner_validation(int enabled)
{
	git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}

static void
last_error(char *err, size_t errlen, const char *what)
{
	const git_error *e = git_error_last();

	snprintf(err, errlen, "%s: %s", what, e && e->message ? e->message : "unknown libgit2 error");
}

RgStatus
re_git_open(ReGit *g, const char *path, char *err, size_t errlen)
{
	int			rc;

	memset(g, 0, sizeof(*g));
	re_git_init();
	rc = git_repository_open_ext(&g->repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
	if (rc < 0)
	{
		int			validating = 0;

		last_error(err, errlen, rc == GIT_EOWNER ? "repository ownership check failed" : "not a git repository");
		/*
		 * libgit2 1.5 does not always report GIT_EOWNER (a missing
		 * safe.directory key surfaces as "config value not found"), so
		 * tell an ownership refusal apart by opening once more without
		 * the check.
		 */
		git_libgit2_opts(GIT_OPT_GET_OWNER_VALIDATION, &validating);
		if (rc != GIT_EOWNER && validating)
		{
			git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
			if (git_repository_open_ext(&g->repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) == 0)
			{
				git_repository_free(g->repo);
				g->repo = NULL;
				rc = GIT_EOWNER;
				snprintf(err, errlen, "the repository is not owned by the server's OS user");
			}
			git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 1);
		}
		return rc == GIT_EOWNER ? RG_EOWNER : RG_ENOTREPO;
	}
	if (git_repository_odb(&g->odb, g->repo) < 0)
	{
		last_error(err, errlen, "could not open the object database");
		git_repository_free(g->repo);
		g->repo = NULL;
		return RG_ENOTREPO;
	}
	g->is_bare = git_repository_is_bare(g->repo);
	g->head_detached = git_repository_head_detached(g->repo) == 1;
	return RG_OK;
}

int
re_git_ref_is_plain(const char *ref)
{
	return strchr(ref, ':') == NULL && strstr(ref, "^{/") == NULL && strstr(ref, "@{/") == NULL;
}

RgStatus
re_git_resolve(ReGit *g, const char *ref, char *err, size_t errlen)
{
	git_object *obj = NULL;
	git_object *peeled = NULL;

	if (!re_git_ref_is_plain(ref))
	{
		snprintf(err, errlen, "\"%s\" searches commit messages by regular expression", ref);
		return RG_EREFSYNTAX;
	}
	if (git_revparse_single(&obj, g->repo, ref) < 0)
	{
		last_error(err, errlen, "unknown ref");
		return RG_EREF;
	}
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0)
	{
		git_object_free(obj);
		last_error(err, errlen, "ref does not name a commit");
		return RG_EREF;
	}
	git_object_free(obj);
	g->commit = (git_commit *) peeled;
	git_oid_tostr(g->commit_hex, sizeof(g->commit_hex), git_commit_id(g->commit));
	if (git_commit_tree(&g->tree, g->commit) < 0)
	{
		last_error(err, errlen, "could not read the commit's tree");
		return RG_EOTHER;
	}
	return RG_OK;
}

RgStatus
re_git_read(ReGit *g, const char *path, ReArena *a, size_t max_bytes,
			char **buf, size_t *len, char *oid_hex, char *err, size_t errlen)
{
	git_tree_entry *entry = NULL;
	git_blob   *blob = NULL;
	git_object_size_t size;
	RgStatus	st;

	*buf = NULL;
	*len = 0;
	if (git_tree_entry_bypath(&entry, g->tree, path) < 0)
	{
		snprintf(err, errlen, "%s is not in commit %s", path, g->commit_hex);
		return RG_ENOTFOUND;
	}
	if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB)
	{
		const char *kind = git_tree_entry_type(entry) == GIT_OBJECT_TREE ? "a directory" :
			git_tree_entry_type(entry) == GIT_OBJECT_COMMIT ? "a submodule" : "not a file";

		git_tree_entry_free(entry);
		snprintf(err, errlen, "%s is %s in commit %s, not a file", path, kind, g->commit_hex);
		return RG_ENOTBLOB;
	}
	if (git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK)
	{
		git_tree_entry_free(entry);
		snprintf(err, errlen, "%s is a symbolic link in commit %s, not a file", path, g->commit_hex);
		return RG_ENOTBLOB;
	}
	if (oid_hex)
		git_oid_tostr(oid_hex, 41, git_tree_entry_id(entry));
	st = re_git_blob_capped(g, git_tree_entry_id(entry), path, max_bytes, &blob, err, errlen);
	git_tree_entry_free(entry);
	if (st != RG_OK)
		return st;
	size = git_blob_rawsize(blob);
	*buf = re_strndup(a, git_blob_rawcontent(blob), (size_t) size);
	*len = (size_t) size;
	git_blob_free(blob);
	return RG_OK;
}

RgStatus
re_git_blob_capped(ReGit *g, const git_oid *oid, const char *what, size_t max_bytes,
				   git_blob **blob, char *err, size_t errlen)
{
	size_t		size = 0;
	git_object_t otype;

	*blob = NULL;
	if (g->odb == NULL || git_odb_read_header(&size, &otype, g->odb, oid) < 0)
	{
		last_error(err, errlen, "could not read the object header");
		return RG_EOTHER;
	}
	if (otype != GIT_OBJECT_BLOB)
	{
		snprintf(err, errlen, "%s is not a file (object type %s)", what, git_object_type2string(otype));
		return RG_ENOTBLOB;
	}
	if (size > max_bytes)
	{
		snprintf(err, errlen, "%s is %zu bytes, the limit is %zu bytes", what, size, max_bytes);
		return RG_ETOOBIG;
	}
	if (g->max_total > 0 && size > g->max_total - (g->total_read < g->max_total ? g->total_read : g->max_total))
	{
		snprintf(err, errlen, "reading %s (%zu bytes) would pass the budget of %zu bytes "
				 "(%zu bytes read so far)", what, size, g->max_total, g->total_read);
		return RG_ETOTAL;
	}
	if (git_blob_lookup(blob, g->repo, oid) < 0)
	{
		last_error(err, errlen, "could not read blob");
		return RG_EOTHER;
	}
	g->total_read += size;
	return RG_OK;
}

typedef struct ListCtx
{
	ReGitFileFn fn;
	void	   *arg;
	git_odb    *odb;
} ListCtx;

static int
list_cb(const char *root, const git_tree_entry *entry, void *payload)
{
	ListCtx    *ctx = payload;
	char		path[4096];
	char		hex[41];
	size_t		size = 0;
	git_object_t otype;

	if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB)
		return 0;
	snprintf(path, sizeof(path), "%s%s", root, git_tree_entry_name(entry));

	git_oid_tostr(hex, sizeof(hex), git_tree_entry_id(entry));
	if (ctx->odb && git_odb_read_header(&size, &otype, ctx->odb, git_tree_entry_id(entry)) < 0)
		size = 0;
	return ctx->fn(path, hex, size, ctx->arg) == 0 ? 0 : -1;
}

RgStatus
re_git_list(ReGit *g, ReGitFileFn fn, void *arg, char *err, size_t errlen)
{
	ListCtx		ctx = {fn, arg, NULL};
	int			rc;

	if (git_repository_odb(&ctx.odb, g->repo) < 0)
		ctx.odb = NULL;
	rc = git_tree_walk(g->tree, GIT_TREEWALK_PRE, list_cb, &ctx);
	if (ctx.odb)
		git_odb_free(ctx.odb);
	if (rc < 0)
	{
		last_error(err, errlen, "could not walk the tree");
		return RG_EOTHER;
	}
	return RG_OK;
}

void
re_git_close(ReGit *g)
{
	if (g->tree)
		git_tree_free(g->tree);
	if (g->commit)
		git_commit_free(g->commit);
	if (g->odb)
		git_odb_free(g->odb);
	if (g->repo)
		git_repository_free(g->repo);
	memset(g, 0, sizeof(*g));
}

/* Refuse to write when the repository is not in a state to take a commit. */
struct ReGitWalk
{
	git_repository *repo;
	git_revwalk *rw;
	git_commit *commit;
	git_tree   *tree;
};

static void
walk_release_commit(ReGitWalk *w)
{
	git_tree_free(w->tree);
	git_commit_free(w->commit);
	w->tree = NULL;
	w->commit = NULL;
}

ReGitWalk *
re_git_walk_begin(ReGit *g, char *err, size_t errlen)
{
	ReGitWalk  *w = calloc(1, sizeof(ReGitWalk));

	if (w == NULL)
	{
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	w->repo = g->repo;
	if (git_revwalk_new(&w->rw, g->repo) != 0)
	{
		last_error(err, errlen, "git_revwalk_new");
		free(w);
		return NULL;
	}
	git_revwalk_simplify_first_parent(w->rw);
	git_revwalk_push(w->rw, git_commit_id(g->commit));
	return w;
}

int
re_git_walk_next(ReGitWalk *w, char *hex, long long *time)
{
	git_oid		oid;

	walk_release_commit(w);
	if (git_revwalk_next(&oid, w->rw) != 0)
		return 0;
	if (git_commit_lookup(&w->commit, w->repo, &oid) != 0)
		return 0;
	if (git_commit_tree(&w->tree, w->commit) != 0)
	{
		walk_release_commit(w);
		return 0;
	}
	git_oid_tostr(hex, 41, &oid);
	*time = (long long) git_commit_time(w->commit);
	return 1;
}

int
re_git_walk_entry(ReGitWalk *w, const char *path, ReGitOid *oid)
{
	git_tree_entry *te = NULL;

	if (w->tree == NULL || git_tree_entry_bypath(&te, w->tree, path) != 0)
		return 0;
	memcpy(oid->id, git_tree_entry_id(te)->id, sizeof(oid->id));
	git_tree_entry_free(te);
	return 1;
}

void
re_git_walk_end(ReGitWalk *w)
{
	if (w == NULL)
		return;
	walk_release_commit(w);
	git_revwalk_free(w->rw);
	free(w);
}

RgStatus
re_git_blob_with(ReGit *g, const ReGitOid *oid, const char *what, size_t max_bytes,
				 ReGitBlobFn fn, void *arg, char *err, size_t errlen)
{
	git_blob   *blob = NULL;
	git_oid		id;
	RgStatus	st;

	memcpy(id.id, oid->id, sizeof(oid->id));
	st = re_git_blob_capped(g, &id, what, max_bytes, &blob, err, errlen);
	if (st != RG_OK)
		return st;
	fn(git_blob_rawcontent(blob), (size_t) git_blob_rawsize(blob), arg);
	git_blob_free(blob);
	return RG_OK;
}

RgStatus
re_git_check_writable(ReGit *g, const ReGitWrite *files, int n, const char *expected_head,
					  char *err, size_t errlen)
{
	const char *workdir;
	git_oid		head;
	char		hex[41];
	int			i;
	struct stat st;
	char		lock[4096];

	if (git_repository_is_bare(g->repo))
	{
		snprintf(err, errlen, "the repository is bare: there is no work tree to write");
		return RG_EBARE;
	}
	if (git_repository_head_detached(g->repo) == 1)
	{
		snprintf(err, errlen, "HEAD is detached");
		return RG_EDETACHED;
	}
	if (git_repository_state(g->repo) != GIT_REPOSITORY_STATE_NONE)
	{
		snprintf(err, errlen, "a merge, rebase, cherry-pick or similar operation is in progress");
		return RG_ESTATE;
	}
	snprintf(lock, sizeof(lock), "%sindex.lock", git_repository_path(g->repo));
	if (stat(lock, &st) == 0)
	{
		snprintf(err, errlen, "%s exists: another git process is running, or one was killed", lock);
		return RG_ELOCKED;
	}
	if (git_reference_name_to_id(&head, g->repo, "HEAD") != 0)
	{
		last_error(err, errlen, "could not resolve HEAD");
		return RG_EOTHER;
	}
	git_oid_tostr(hex, sizeof(hex), &head);
	if (expected_head && strcmp(hex, expected_head) != 0)
	{
		snprintf(err, errlen, "HEAD is now %s, the catalog was read at %s", hex, expected_head);
		return RG_EMOVED;
	}
	workdir = git_repository_workdir(g->repo);
	(void) workdir;
	for (i = 0; i < n; i++)
	{
		unsigned int flags = 0;

		if (git_status_file(&flags, g->repo, files[i].path) != 0)
		{
			/* a new file not yet in the index is fine only if it does not exist */
			continue;
		}
		if (flags & (GIT_STATUS_INDEX_NEW | GIT_STATUS_INDEX_MODIFIED | GIT_STATUS_INDEX_DELETED |
					 GIT_STATUS_INDEX_RENAMED | GIT_STATUS_INDEX_TYPECHANGE | GIT_STATUS_WT_MODIFIED |
					 GIT_STATUS_WT_DELETED | GIT_STATUS_WT_TYPECHANGE | GIT_STATUS_WT_RENAMED |
					 GIT_STATUS_CONFLICTED))
		{
			snprintf(err, errlen, "%s has uncommitted changes", files[i].path);
			return RG_EDIRTY;
		}
	}
	return RG_OK;
}

/* Remove temp files a killed earlier write-back left beside full. */
static void
remove_stale_temps(const char *full)
{
	char		dir[4096];
	const char *base;
	char		prefix[1024];
	DIR		   *d;
	struct dirent *e;
	char	   *slash;

	snprintf(dir, sizeof(dir), "%s", full);
	slash = strrchr(dir, '/');
	if (slash == NULL)
		return;
	*slash = '\0';
	base = slash + 1;
	snprintf(prefix, sizeof(prefix), "%s.roadmap_enrich.", base);
	d = opendir(dir);
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL)
	{
		size_t		n = strlen(e->d_name);

		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 && n > 4 && strcmp(e->d_name + n - 4, ".tmp") == 0)
		{
			char		p[4600];

			snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
			unlink(p);
		}
	}
	closedir(d);
}

/* Write data to dir/path atomically: temp file, fsync, rename, fsync dir. */
static int
atomic_write(const char *workdir, const char *path, const char *data, size_t len,
			 char *err, size_t errlen)
{
	char		full[4096],
				tmp[4200],
				dir[4096];
	int			fd;
	size_t		off = 0;
	char	   *slash;
	struct stat st;
	mode_t		mode = 0644;

	snprintf(full, sizeof(full), "%s%s", workdir, path);
	snprintf(tmp, sizeof(tmp), "%s.roadmap_enrich.%d.tmp", full, (int) getpid());
	remove_stale_temps(full);
	if (stat(full, &st) == 0)
		mode = st.st_mode & 07777;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, mode);
	if (fd < 0)
	{
		snprintf(err, errlen, "could not create %s: %s", tmp, strerror(errno));
		return -1;
	}
	while (off < len)
	{
		ssize_t		w = write(fd, data + off, len - off);

		if (w < 0)
		{
			if (errno == EINTR)
				continue;
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
	slash = strrchr(dir, '/');
	if (slash)
	{
		*slash = '\0';
		fd = open(dir, O_RDONLY);
		if (fd >= 0)
		{
			(void) fsync(fd);
			close(fd);
		}
	}
	return 0;
}

RgStatus
re_git_apply(ReGit *g, const ReGitWrite *files, int n, int commit, const char *message,
			 const char *author_name, const char *author_email, const char *push_remote,
			 char *commit_hex, char *err, size_t errlen)
{
	const char *workdir = git_repository_workdir(g->repo);
	git_index  *index = NULL;
	git_oid		tree_oid,
				commit_oid,
				parent_oid;
	git_tree   *tree = NULL;
	git_commit *parent = NULL;
	git_signature *sig = NULL;
	RgStatus	rc = RG_OK;
	int			i;

	commit_hex[0] = '\0';
	if (workdir == NULL)
	{
		snprintf(err, errlen, "the repository has no work tree");
		return RG_EBARE;
	}
	if (commit)
		stage("before_files");
	for (i = 0; i < n; i++)
		if (atomic_write(workdir, files[i].path, files[i].data, files[i].len, err, errlen) != 0)
			return RG_EIO;
	if (!commit)
		return RG_OK;
	stage("after_files");

	if (git_repository_index(&index, g->repo) != 0)
	{
		last_error(err, errlen, "could not open the index");
		return RG_EOTHER;
	}
	for (i = 0; i < n && rc == RG_OK; i++)
		if (git_index_add_bypath(index, files[i].path) != 0)
		{
			last_error(err, errlen, "could not stage the file");
			rc = RG_EOTHER;
		}
	if (rc == RG_OK && git_index_write(index) != 0)
	{
		last_error(err, errlen, "could not write the index");
		rc = RG_ELOCKED;
	}
	if (rc == RG_OK)
		stage("after_index");
	if (rc == RG_OK && git_index_write_tree(&tree_oid, index) != 0)
	{
		last_error(err, errlen, "could not write the tree");
		rc = RG_EOTHER;
	}
	if (rc == RG_OK && (git_reference_name_to_id(&parent_oid, g->repo, "HEAD") != 0 ||
						git_commit_lookup(&parent, g->repo, &parent_oid) != 0 ||
						git_tree_lookup(&tree, g->repo, &tree_oid) != 0))
	{
		last_error(err, errlen, "could not read HEAD");
		rc = RG_EOTHER;
	}
	if (rc == RG_OK && git_signature_now(&sig, author_name, author_email) != 0)
	{
		last_error(err, errlen, "invalid author name or email");
		rc = RG_EOTHER;
	}
	if (rc == RG_OK)
	{
		const git_commit *parents[1] = {parent};

		if (git_commit_create(&commit_oid, g->repo, "HEAD", sig, sig, NULL, message, tree, 1, parents) != 0)
		{
			last_error(err, errlen, "could not create the commit");
			rc = RG_EOTHER;
		}
		else
			git_oid_tostr(commit_hex, 41, &commit_oid);
	}
	if (rc == RG_OK && push_remote && *push_remote)
	{
		git_remote *remote = NULL;
		git_reference *head = NULL;

		if (git_remote_lookup(&remote, g->repo, push_remote) != 0 ||
			git_repository_head(&head, g->repo) != 0)
		{
			last_error(err, errlen, "could not find the push remote");
			rc = RG_EOTHER;
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
				rc = RG_EOTHER;
			}
		}
		git_reference_free(head);
		git_remote_free(remote);
	}
	git_signature_free(sig);
	git_tree_free(tree);
	git_commit_free(parent);
	git_index_free(index);
	return rc;
}

/* Unified diff of one file's old and new text, appended to out. */
int
re_git_diff(const char *path, const char *old, size_t old_len, const char *new_text,
			size_t new_len, ReBuf *out)
{
	git_patch  *patch = NULL;
	git_buf		buf = {0};
	git_diff_options opts;

	re_git_init();
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.context_lines = 3;
	if (git_patch_from_buffers(&patch, old, old_len, path, new_text, new_len, path, &opts) != 0)
		return -1;
	if (git_patch_to_buf(&buf, patch) == 0 && buf.ptr)
		re_buf_append(out, buf.ptr, buf.size);
	git_buf_dispose(&buf);
	git_patch_free(patch);
	return 0;
}
