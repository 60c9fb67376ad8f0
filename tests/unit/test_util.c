// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "check.h"
#include "cmd/commands.h"
#include "lib/read_file.h"
#include "test_util.h"

static void rm_rf(const char *path)
{
	struct dirent *de;
	DIR *d = opendir(path);
	char sub[PATH_MAX];

	if (!d) {
		unlink(path);
		return;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		rm_rf(sub);
	}
	closedir(d);
	rmdir(path);
}

static void mkdir_p(const char *path)
{
	char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(buf, 0755);
			*p = '/';
		}
	}
	mkdir(buf, 0755);
}

const char *test_tmpdir(const char *name)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/tmp/%s", TEST_BUILD_DIR, name);
	rm_rf(path);
	mkdir_p(path);
	return path;
}

void test_write_bytes(const char *dir, const char *relpath, const char *data,
		      size_t len)
{
	char path[PATH_MAX], parent[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, relpath);
	snprintf(parent, sizeof(parent), "%s", path);
	*strrchr(parent, '/') = '\0';
	mkdir_p(parent);
	f = fopen(path, "w");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
		printf("cannot write %s: %s\n", path, strerror(errno));
		abort();
	}
}

void test_write(const char *dir, const char *relpath, const char *data)
{
	test_write_bytes(dir, relpath, data, strlen(data));
}

static void copy_tree(const char *src, const char *dst, const char *rel)
{
	char from[PATH_MAX], to_rel[PATH_MAX];
	struct dirent *de;
	DIR *d;

	snprintf(from, sizeof(from), "%s%s%s", src, *rel ? "/" : "", rel);
	d = opendir(from);
	if (!d)
		abort();
	while ((de = readdir(d))) {
		char path[PATH_MAX + 256];
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", from, de->d_name);
		snprintf(to_rel, sizeof(to_rel), "%s%s%s", rel, *rel ? "/" : "",
			 de->d_name);
		if (stat(path, &st))
			abort();
		if (S_ISDIR(st.st_mode)) {
			copy_tree(src, dst, to_rel);
		} else {
			char err[256], *buf;
			size_t len;

			if (read_file(path, &buf, &len, err, sizeof(err)))
				abort();
			test_write(dst, to_rel, buf);
			free(buf);
		}
	}
	closedir(d);
}

void test_copy_dir(const char *src, const char *dst)
{
	char from[PATH_MAX];

	snprintf(from, sizeof(from), "%s/%s", TEST_DIR, src);
	copy_tree(from, dst, "");
}

void check_golden(const char *file, int line, const char *text, size_t len,
		  const char *name)
{
	char rel[PATH_MAX], *want;
	size_t want_len;
	bool same;

	char rerr[256];

	snprintf(rel, sizeof(rel), "golden/%s", name);
	if (read_file(test_path(rel), &want, &want_len, rerr, sizeof(rerr))) {
		want = strdup("(missing)");
		want_len = (size_t)-1;
	}
	same = want_len == len && !memcmp(want, text, len);
	if (!check_report(same, file, line, "output equals golden/%s", name)) {
		char got[PATH_MAX];
		FILE *f;

		snprintf(got, sizeof(got), "%s/%s.got", TEST_BUILD_DIR, name);
		f = fopen(got, "w");
		if (f) {
			fwrite(text, 1, len, f);
			fclose(f);
		}
		printf("  got (also in %s):\n%.*s\n  want:\n%s\n", got,
		       (int)len, text, want);
	}
	free(want);
}

void test_patch(const char *dir, const char *rel, const char *from,
		const char *to)
{
	char path[PATH_MAX], err[256], *buf, *at, *out;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if (read_file(path, &buf, &len, err, sizeof(err)))
		abort();
	at = strstr(buf, from);
	if (!at) {
		printf("patch: no \"%s\" in %s\n", from, path);
		abort();
	}
	out = malloc(len + strlen(to) + 1);
	sprintf(out, "%.*s%s%s", (int)(at - buf), buf, to, at + strlen(from));
	test_write(dir, rel, out);
	free(out);
	free(buf);
}

int test_run_cli(int argc, char **argv, const char *env_debugfs,
		 const char *out_path, const char *err_path)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		dup2(o, 1);
		dup2(e, 2);
		if (env_debugfs)
			setenv("SCHEDSCOPE_DEBUGFS", env_debugfs, 1);
		else
			unsetenv("SCHEDSCOPE_DEBUGFS");
		status = schedscope_run(argc, argv);
		fflush(stdout);
		fflush(stderr);
		_exit(status);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		abort();
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void test_log2_add(struct log2_hist *h, uint64_t value, uint64_t count)
{
	h->buckets[log2_hist_bucket(value)] += count;
}

bool test_log2_equal(const struct log2_hist *a, const struct log2_hist *b)
{
	return !strcmp(a->name, b->name) &&
	       !memcmp(a->buckets, b->buckets, sizeof(a->buckets));
}

/* As hist/slog2_hist.h puts them: v < 0 in neg[] by its magnitude. */
void test_slog2_add(struct slog2_hist *h, int64_t value, uint64_t count)
{
	if (value >= 0)
		h->pos[log2_hist_bucket(value)] += count;
	else	/* -(value + 1) + 1 keeps INT64_MIN defined. */
		h->neg[log2_hist_bucket((uint64_t)(-(value + 1)) + 1)] += count;
}

bool test_slog2_equal(const struct slog2_hist *a, const struct slog2_hist *b)
{
	return !strcmp(a->name, b->name) &&
	       !memcmp(a->neg, b->neg, sizeof(a->neg)) &&
	       !memcmp(a->pos, b->pos, sizeof(a->pos));
}
