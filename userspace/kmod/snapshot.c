// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "lib/parse_u64.h"
#include "lib/read_file.h"
#include "hist/raw.h"
#include "kmod/snapshot.h"

const char *snapshot_hist_name(const struct snapshot_hist *h)
{
	return h->is_signed ? h->s.name : h->u.name;
}

const struct snapshot_hist *ss_snapshot_hist(const struct ss_snapshot *snap,
					     const char *file)
{
	size_t i;

	for (i = 0; i < snap->nhist; i++)
		if (!strcmp(snap->hist[i].total.file, file))
			return &snap->hist[i].total;
	return NULL;
}

/* An empty histogram of the map name, signed when the name ends in _vns. */
static void hist_init(const char *file, const char *name,
		      struct snapshot_hist *h)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->file, sizeof(h->file), "%s", file);
	h->is_signed = slog2_hist_name_is_signed(name);
	if (h->is_signed)
		slog2_hist_init(&h->s, name);
	else
		log2_hist_init(&h->u, name);
}

/* The bucket lines at buf into h (its name set); *used, *line as they go. */
static int hist_rows(struct snapshot_hist *h, const char *buf, size_t len,
		     unsigned int *line, size_t *used, char *err, size_t errlen)
{
	if (h->is_signed)
		return slog2_hist_parse_rows(&h->s, buf, len, line, used, err,
					     errlen);
	return log2_hist_parse_rows(&h->u, buf, len, line, used, err, errlen);
}

/* The header of a hist or hist_percpu file; its length, or 0 after a message. */
static size_t file_header(const char *buf, size_t len, bool want_per_cpu,
			  char name[LOG2_HIST_NAME_MAX], char *err, size_t errlen)
{
	size_t n;
	bool per_cpu;

	if (memchr(buf, '\0', len)) {
		error_msg(err, errlen, "NUL byte in the file");
		return 0;
	}
	n = hist_raw_header(buf, len, name, &per_cpu, err, errlen);
	if (n && per_cpu != want_per_cpu) {
		error_msg(err, errlen, "line 1: %s", per_cpu ?
			  "a per-CPU histogram, not a total" :
			  "a total, not a per-CPU histogram (no \", per cpu\")");
		return 0;
	}
	return n;
}

int snapshot_hist_parse(const char *file, const char *buf, size_t len,
			struct snapshot_hist *h, char *err, size_t errlen)
{
	char name[LOG2_HIST_NAME_MAX];
	unsigned int line = 1;
	size_t pos, used;
	int ret;

	hist_init(file, "", h);
	pos = file_header(buf, len, false, name, err, errlen);
	if (!pos)
		return -EINVAL;
	hist_init(file, name, h);
	ret = hist_rows(h, buf + pos, len - pos, &line, &used, err, errlen);
	if (!ret && pos + used < len) {
		error_msg(err, errlen, "line %u: not \"lo hi count\"", line + 1);
		ret = -EINVAL;
	}
	if (ret)
		hist_init(file, "", h);
	return ret;
}

/* A "cpu N" line at buf: N, and its length with the '\n' (0: not one). */
static size_t cpu_line(const char *buf, size_t len, uint64_t *cpu)
{
	const char *nl = memchr(buf, '\n', len);

	if (!nl || len < 5 || memcmp(buf, "cpu ", 4) ||
	    parse_u64(buf + 4, nl - buf - 4, cpu) || *cpu > KV_STATS_CPU_MAX)
		return 0;
	return nl + 1 - buf;
}

int snapshot_hist_parse_percpu(const char *file, const char *buf, size_t len,
			       struct snapshot_hist **out, size_t *n, char *err,
			       size_t errlen)
{
	struct snapshot_hist *hists = NULL, *tmp;
	char name[LOG2_HIST_NAME_MAX];
	size_t count = 0, pos, used, taken;
	unsigned int line = 1;
	uint64_t cpu;
	int ret = -EINVAL;

	*out = NULL;
	*n = 0;
	pos = file_header(buf, len, true, name, err, errlen);
	if (!pos)
		return -EINVAL;
	while (pos < len) {
		line++;
		taken = cpu_line(buf + pos, len - pos, &cpu);
		if (!taken || (count && cpu <= hists[count - 1].cpu)) {
			error_msg(err, errlen, "line %u: not \"cpu N\" with N "
				  "above the CPU before", line);
			ret = -EINVAL;
			goto fail;
		}
		tmp = realloc(hists, (count + 1) * sizeof(*hists));
		if (!tmp) {
			ret = -ENOMEM;
			goto fail;
		}
		hists = tmp;
		hist_init(file, name, &hists[count]);
		hists[count].cpu = cpu;
		pos += taken;
		ret = hist_rows(&hists[count], buf + pos, len - pos, &line,
				&used, err, errlen);
		if (ret)
			goto fail;
		pos += used;
		count++;
	}
	*out = hists;
	*n = count;
	return 0;
fail:
	free(hists);
	return ret;
}

static int read_hist(const char *dir, const char *sub, const char *file,
		     bool percpu, struct snapshot_hist_set *set, char *err,
		     size_t errlen)
{
	char path[4096];
	size_t len;
	char *buf;
	int ret;

	snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, file);
	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	if (percpu)
		ret = snapshot_hist_parse_percpu(file, buf, len, &set->cpu, &set->ncpu,
					   err, errlen);
	else
		ret = snapshot_hist_parse(file, buf, len, &set->total, err, errlen);
	free(buf);
	if (ret)
		error_msg_prefix(err, errlen, path);
	return ret;
}

static int cmp_set(const void *a, const void *b)
{
	const struct snapshot_hist_set *x = a, *y = b;

	return strcmp(x->total.file, y->total.file);
}

static int list_hists(const char *dir, const char *only, char ***names,
		      size_t *n, char *err, size_t errlen)
{
	char path[4096], **list = NULL, **tmp;
	struct dirent *de;
	size_t count = 0;
	DIR *d;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/hist", dir);
	d = opendir(path);
	if (!d) {
		ret = -errno;
		error_msg(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (only && strcmp(only, de->d_name))
			continue;
		if (strlen(de->d_name) >= SS_HIST_FILE_MAX)
			continue;
		tmp = realloc(list, (count + 1) * sizeof(*list));
		if (!tmp || !(tmp[count] = strdup(de->d_name))) {
			list = tmp ? tmp : list;
			ret = -ENOMEM;
			break;
		}
		list = tmp;
		count++;
	}
	closedir(d);
	if (!ret && only && !count) {
		ret = -ENOENT;
		error_msg(err, errlen, "%s/%s: no such histogram", path, only);
	}
	if (ret) {
		while (count)
			free(list[--count]);
		free(list);
		return ret;
	}
	*names = list;
	*n = count;
	return 0;
}

/* The distinct CPUs of a stats_percpu set, ascending; *n of them. */
static unsigned int *percpu_cpus(const struct kv_stats *st, size_t *n)
{
	unsigned int *cpus = malloc((st->count + 1) * sizeof(*cpus));
	size_t i, j, count = 0;

	if (!cpus)
		return NULL;
	for (i = 0; i < st->count; i++) {
		for (j = 0; j < count && cpus[j] != st->items[i].cpu; j++)
			;
		if (j == count)
			cpus[count++] = st->items[i].cpu;
	}
	for (i = 1; i < count; i++)		/* few CPUs: insertion sort */
		for (j = i; j > 0 && cpus[j - 1] > cpus[j]; j--) {
			unsigned int t = cpus[j];

			cpus[j] = cpus[j - 1];
			cpus[j - 1] = t;
		}
	*n = count;
	return cpus;
}

/*
 * A file cut at a line or block boundary still parses: catch it by
 * consistency. Every CPU of stats_percpu has every key of stats, and every
 * hist_percpu file has exactly those CPUs.
 */
static int check_percpu(const struct ss_snapshot *snap, char *err, size_t errlen)
{
	size_t ncpu, i, c;
	unsigned int *cpus = percpu_cpus(&snap->percpu, &ncpu);
	uint64_t v;
	int ret = 0;

	if (!cpus)
		return -ENOMEM;
	for (c = 0; c < ncpu && !ret; c++) {
		for (i = 0; i < snap->stats.count; i++) {
			if (kv_stats_get_percpu(&snap->percpu, cpus[c],
						snap->stats.items[i].key, &v)) {
				error_msg(err, errlen, "stats_percpu: cpu %u has no "
					  "%s (truncated?)", cpus[c],
					  snap->stats.items[i].key);
				ret = -EINVAL;
				break;
			}
		}
	}
	for (i = 0; i < snap->nhist && !ret; i++) {
		const struct snapshot_hist_set *set = &snap->hist[i];
		bool same = set->ncpu == ncpu;

		if (set->percpu_missing)
			continue;
		for (c = 0; same && c < ncpu; c++)
			same = set->cpu[c].cpu == cpus[c];
		if (!same) {
			error_msg(err, errlen, "hist_percpu/%s: %zu CPUs, where "
				  "stats_percpu has %zu (truncated?)",
				  set->total.file, set->ncpu, ncpu);
			ret = -EINVAL;
		}
	}
	free(cpus);
	return ret;
}

int ss_snapshot_read(const char *dir, const struct ss_snapshot_opts *opts,
		     struct ss_snapshot *snap, char *err, size_t errlen)
{
	char path[4096], **names = NULL;
	size_t n = 0, i;
	int ret;

	memset(snap, 0, sizeof(*snap));
	clock_gettime(CLOCK_REALTIME, &snap->when);
	clock_gettime(CLOCK_MONOTONIC, &snap->mono);
	ret = list_hists(dir, opts->only_hist, &names, &n, err, errlen);
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/stats", dir);
	ret = kv_stats_parse_file(&snap->stats, path, err, errlen);
	if (ret)
		goto out;
	/* the module's own timing: a directory of files without status has none */
	snprintf(path, sizeof(path), "%s/status", dir);
	ret = probe_cost_read(path, &snap->cost, err, errlen);
	if (ret == -ENOENT)
		ret = 0;
	if (ret)
		goto out;
	if (opts->percpu) {
		snprintf(path, sizeof(path), "%s/stats_percpu", dir);
		ret = kv_stats_parse_percpu_file(&snap->percpu, path, err, errlen);
		if (ret)
			goto out;
		snap->have_percpu = true;
	}
	snap->hist = calloc(n ? n : 1, sizeof(*snap->hist));
	if (!snap->hist) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct snapshot_hist_set *set = &snap->hist[snap->nhist++];

		ret = read_hist(dir, "hist", names[i], false, set, err, errlen);
		if (!ret && opts->percpu) {
			ret = read_hist(dir, "hist_percpu", names[i], true, set,
					err, errlen);
			if (ret == -ENOENT) {
				set->percpu_missing = true;
				ret = 0;
			}
		}
		if (ret)
			goto out;
	}
	qsort(snap->hist, snap->nhist, sizeof(*snap->hist), cmp_set);
	if (opts->percpu)
		ret = check_percpu(snap, err, errlen);
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (ret)
		ss_snapshot_free(snap);
	return ret;
}

void ss_snapshot_free(struct ss_snapshot *snap)
{
	size_t i;

	kv_stats_free(&snap->stats);
	if (snap->have_percpu)
		kv_stats_free(&snap->percpu);
	for (i = 0; i < snap->nhist; i++)
		free(snap->hist[i].cpu);
	free(snap->hist);
	memset(snap, 0, sizeof(*snap));
}

static uint64_t sub(uint64_t a, uint64_t b, bool *was_reset)
{
	if (a >= b)
		return a - b;
	*was_reset = true;
	return a;
}

/* Counters after - before, re-parsed so delta is an ordinary kv_stats. */
static int diff_stats(const struct kv_stats *a, const struct kv_stats *b,
		      struct kv_stats *d, bool *was_reset, char *err,
		      size_t errlen)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *f;
	int ret;

	if (a->count != b->count) {
		error_msg(err, errlen, "%s: %zu counters, then %zu",
			  a->percpu ? "stats_percpu" : "stats", b->count, a->count);
		return -EINVAL;
	}
	f = open_memstream(&text, &len);
	if (!f)
		return -ENOMEM;
	for (i = 0; i < a->count; i++) {
		const struct kv_stat *x = &a->items[i];
		uint64_t before;

		ret = a->percpu ? kv_stats_get_percpu(b, x->cpu, x->key, &before) :
				  kv_stats_get(b, x->key, &before);
		if (ret) {
			fclose(f);
			free(text);
			error_msg(err, errlen, "counter %s appeared between two "
				  "readings", x->key);
			return -EINVAL;
		}
		if (a->percpu)
			fprintf(f, "%u ", x->cpu);
		fprintf(f, "%s %" PRIu64 "\n", x->key, sub(x->value, before,
							   was_reset));
	}
	if (fclose(f)) {
		free(text);
		return -ENOMEM;
	}
	ret = a->percpu ? kv_stats_parse_percpu(d, text, len, err, errlen) :
			  kv_stats_parse(d, text, len, err, errlen);
	free(text);
	return ret;
}

static int diff_hist(const struct snapshot_hist *a, const struct snapshot_hist *b,
		     struct snapshot_hist *d, bool *was_reset, char *err,
		     size_t errlen)
{
	int k;

	if (a->is_signed != b->is_signed ||
	    strcmp(snapshot_hist_name(a), snapshot_hist_name(b)) || a->cpu != b->cpu) {
		error_msg(err, errlen, "hist/%s changed between two readings",
			  a->file);
		return -EINVAL;
	}
	*d = *a;
	for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
		if (a->is_signed) {
			d->s.pos[k] = sub(a->s.pos[k], b->s.pos[k], was_reset);
			d->s.neg[k] = sub(a->s.neg[k], b->s.neg[k], was_reset);
		} else {
			d->u.buckets[k] = sub(a->u.buckets[k], b->u.buckets[k],
					      was_reset);
		}
	}
	return 0;
}

int ss_snapshot_diff(const struct ss_snapshot *after,
		     const struct ss_snapshot *before, struct ss_snapshot *delta,
		     bool *was_reset, char *err, size_t errlen)
{
	size_t i, c;
	int ret;

	memset(delta, 0, sizeof(*delta));
	*was_reset = false;
	delta->when = after->when;
	delta->mono = after->mono;
	/* a mean since enabled or reset, not a count: as read after */
	delta->cost = after->cost;
	if (after->nhist != before->nhist ||
	    after->have_percpu != before->have_percpu) {
		error_msg(err, errlen, "the set of histograms changed between two "
			  "readings");
		return -EINVAL;
	}
	ret = diff_stats(&after->stats, &before->stats, &delta->stats,
			 was_reset, err, errlen);
	if (ret)
		return ret;
	if (after->have_percpu) {
		ret = diff_stats(&after->percpu, &before->percpu, &delta->percpu,
				 was_reset, err, errlen);
		if (ret)
			goto fail;
		delta->have_percpu = true;
	}
	delta->hist = calloc(after->nhist ? after->nhist : 1, sizeof(*delta->hist));
	if (!delta->hist) {
		ret = -ENOMEM;
		goto fail;
	}
	for (i = 0; i < after->nhist; i++) {
		const struct snapshot_hist_set *a = &after->hist[i], *b = &before->hist[i];
		struct snapshot_hist_set *d = &delta->hist[delta->nhist++];

		ret = diff_hist(&a->total, &b->total, &d->total, was_reset, err,
				errlen);
		if (ret)
			goto fail;
		if (a->ncpu != b->ncpu) {
			error_msg(err, errlen, "hist_percpu/%s: %zu CPUs, then %zu",
				  a->total.file, b->ncpu, a->ncpu);
			ret = -EINVAL;
			goto fail;
		}
		d->percpu_missing = a->percpu_missing;
		if (!a->ncpu)
			continue;
		d->cpu = calloc(a->ncpu, sizeof(*d->cpu));
		if (!d->cpu) {
			ret = -ENOMEM;
			goto fail;
		}
		d->ncpu = a->ncpu;
		for (c = 0; c < a->ncpu; c++) {
			ret = diff_hist(&a->cpu[c], &b->cpu[c], &d->cpu[c],
					was_reset, err, errlen);
			if (ret)
				goto fail;
		}
	}
	return 0;
fail:
	ss_snapshot_free(delta);
	return ret;
}
