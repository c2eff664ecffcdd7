/*
 * gitrepo.c — read-only access to a commit's tree through libgit2.
 *
 * Blobs are read from the resolved commit's tree, never the work tree, so
 * what is ingested is exactly what the commit holds.
 */
#include "gitrepo.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

/*
 * Initialise libgit2 once per process, on first use (every entry point that
 * calls into libgit2 calls this first); it is never shut down.
 */
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
	re_git_init();
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

/* Read a small file whole into buf (NUL-terminated); false when it cannot or it does not fit. */
static int
read_small(const char *file, char *buf, size_t size)
{
	int			fd = open(file, O_RDONLY | O_CLOEXEC);
	ssize_t		n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0 || (size_t) n >= size - 1)
		return 0;
	buf[n] = '\0';
	return 1;
}

/* Does s start with a 40-digit lower-case hex object id followed by sep (or by the end, when sep is a newline)? */
static int
hex_id(const char *s, char sep)
{
	int			i;

	for (i = 0; i < 40; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[40] == sep || (sep == '\n' && s[40] == '\0');
}

/* A branch name git's files backend keeps as refs/heads/<name> (no "..", no odd bytes). */
static int
plain_branch(const char *name)
{
	const char *p;

	if (strncmp(name, "refs/heads/", 11) != 0 || name[11] == '\0' || strlen(name) > 200 ||
		strstr(name, "..") || strstr(name, "//") || name[strlen(name) - 1] == '/')
		return 0;
	for (p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("._/-", *p)))
			return 0;
	return 1;
}

/* The id packed-refs gives name, into hex; 0 when it has none. */
static int
packed_ref(const char *gitdir, const char *name, char hex[41])
{
	char		file[4096],
				line[1024];
	size_t		n = strlen(name);
	FILE	   *f;
	int			found = 0;

	if ((size_t) snprintf(file, sizeof(file), "%s/packed-refs", gitdir) >= sizeof(file) ||
		(f = fopen(file, "re")) == NULL)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		if (hex_id(line, ' ') && strncmp(line + 41, name, n) == 0 &&
			(line[41 + n] == '\n' || line[41 + n] == '\0'))
		{
			memcpy(hex, line, 40);
			hex[40] = '\0';
			found = 1;
		}
	fclose(f);
	return found;
}

int
re_git_peek_head(const char *path, const char *ref, char hex[41])
{
	char		gitdir[4096],
				file[4096],
				head[512],
				loose[512];
	struct stat st;
	char	   *name;

	if ((ref && strcmp(ref, "HEAD") != 0) ||
		(size_t) snprintf(gitdir, sizeof(gitdir), "%s/.git", path) >= sizeof(gitdir) ||
		stat(gitdir, &st) != 0 || !S_ISDIR(st.st_mode))
		return 0;
	/* a linked work tree's refs live elsewhere, a reftable store is not files: libgit2 reads those */
	if ((size_t) snprintf(file, sizeof(file), "%s/commondir", gitdir) >= sizeof(file) || access(file, F_OK) == 0 ||
		(size_t) snprintf(file, sizeof(file), "%s/reftable", gitdir) >= sizeof(file) || access(file, F_OK) == 0 ||
		(size_t) snprintf(file, sizeof(file), "%s/HEAD", gitdir) >= sizeof(file) ||
		!read_small(file, head, sizeof(head)))
		return 0;
	if (hex_id(head, '\n'))
	{
		/* detached */
		memcpy(hex, head, 40);
		hex[40] = '\0';
		return 1;
	}
	if (strncmp(head, "ref: ", 5) != 0)
		return 0;
	name = head + 5;
	name[strcspn(name, "\n")] = '\0';
	if (!plain_branch(name) || (size_t) snprintf(file, sizeof(file), "%s/%s", gitdir, name) >= sizeof(file))
		return 0;
	/* a loose ref file wins over packed-refs, as in git */
	if (read_small(file, loose, sizeof(loose)))
	{
		if (!hex_id(loose, '\n'))
			return 0;
		memcpy(hex, loose, 40);
		hex[40] = '\0';
		return 1;
	}
	if (errno != ENOENT)
		return 0;
	return packed_ref(gitdir, name, hex);
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
