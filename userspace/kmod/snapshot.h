/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One reading of the module's counters: stats, and every hist/<name> (or
 * one), optionally with stats_percpu and hist_percpu/<name>; and the
 * difference of two readings (what `watch` prints per interval).
 *
 * dir is the module's debugfs directory (/sys/kernel/debug/schedscope, or a
 * prepared copy for tests). Every file is parsed strictly; a file that is
 * truncated or malformed is an error naming the file and line.
 */
#ifndef SCHEDSCOPE_KMOD_SNAPSHOT_H
#define SCHEDSCOPE_KMOD_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "kmod/probe_cost.h"

#include "lib/kv_stats.h"
#include "hist/log2_hist.h"
#include "hist/slog2_hist.h"

#define SS_HIST_FILE_MAX	64

/* A histogram as read from a file: unsigned, or signed ("*_vns"). */
struct snapshot_hist {
	char file[SS_HIST_FILE_MAX];	/* hist/<file> */
	unsigned int cpu;		/* per-CPU copies: the CPU */
	bool is_signed;
	struct log2_hist u;		/* !is_signed */
	struct slog2_hist s;		/* is_signed */
};

struct snapshot_hist_set {
	struct snapshot_hist total;
	size_t ncpu;			/* 0 unless per-CPU was read */
	struct snapshot_hist *cpu;		/* sorted by cpu */
	bool percpu_missing;		/* no hist_percpu/<file> (older module) */
};

struct ss_snapshot {
	struct timespec when;		/* CLOCK_REALTIME of the reading */
	struct timespec mono;		/* CLOCK_MONOTONIC of the reading */
	struct kv_stats stats;
	bool have_percpu;
	struct kv_stats percpu;
	size_t nhist;
	struct snapshot_hist_set *hist;	/* sorted by file name */
	struct probe_cost cost;		/* status's cost line, if it has one */
};

struct ss_snapshot_opts {
	bool percpu;			/* also stats_percpu, hist_percpu/ */
	const char *only_hist;		/* NULL: every hist/<name> */
};

/*
 * Read a snapshot. Returns 0; -ENOENT when a file is missing (err names it;
 * for only_hist, the histograms there are), -EINVAL when one is malformed,
 * other -errno. *snap needs no setup; release with ss_snapshot_free().
 */
int ss_snapshot_read(const char *dir, const struct ss_snapshot_opts *opts,
		     struct ss_snapshot *snap, char *err, size_t errlen);
void ss_snapshot_free(struct ss_snapshot *snap);

/*
 * delta = after - before, counter by counter and bucket by bucket. Both must
 * hold the same keys and histograms. A counter or bucket that went down (a
 * reset between the readings) makes the delta the after value itself and
 * sets *was_reset. Returns 0, -EINVAL (different sets, err says which),
 * -ENOMEM.
 */
int ss_snapshot_diff(const struct ss_snapshot *after,
		     const struct ss_snapshot *before, struct ss_snapshot *delta,
		     bool *was_reset, char *err, size_t errlen);

/* The total histogram read from hist/<file>, or NULL. */
const struct snapshot_hist *ss_snapshot_hist(const struct ss_snapshot *snap,
					     const char *file);

/* The map name of a histogram (from its header: "wakeup_lat_ns"). */
const char *snapshot_hist_name(const struct snapshot_hist *h);

/*
 * Split a hist_percpu file ("# NAME: lo hi count, per cpu", then a "cpu N"
 * line before each CPU's bucket lines, N rising; hist/raw.h) into per-CPU
 * histograms. Returns 0 or -EINVAL / -ENOMEM; *out is malloc()ed.
 */
int snapshot_hist_parse_percpu(const char *file, const char *buf, size_t len,
			 struct snapshot_hist **out, size_t *n, char *err,
			 size_t errlen);
/* Parse one hist/<name> file (hist/raw.h); signed when its name ends in _vns. */
int snapshot_hist_parse(const char *file, const char *buf, size_t len,
		  struct snapshot_hist *h, char *err, size_t errlen);

#endif
