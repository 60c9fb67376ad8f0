/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's waits by task, process or cgroup (debugfs `rank_by` and
 * `ranking`, docs/interface.md), each CPU's table read and summed by key.
 */
#ifndef SCHEDSCOPE_KMOD_RANKING_H
#define SCHEDSCOPE_KMOD_RANKING_H

#include <stddef.h>
#include <stdint.h>

/* The module's buckets an entry: log2_hist's 0..39, the last one open. */
#define RANKING_BUCKETS		40

struct ranking_entry {
	uint64_t key;			/* tid, tgid or cgroup id */
	char comm[17];			/* as the first CPU that had it says */
	uint64_t count, sum_ns, max_ns;
	uint64_t buckets[RANKING_BUCKETS];
};

struct ranking {
	char by[16];			/* "off", "task", "process", "cgroup" */
	uint64_t dropped;		/* waits no table had room for */
	unsigned int cpus;		/* tables read */
	size_t n, cap;
	struct ranking_entry *e;
};

/*
 * Parse the text of `ranking` (len bytes) into *r, the CPUs' entries of a
 * key summed (max: the largest). Returns 0, -ENOMEM, or -EINVAL with err
 * naming the line and what is wrong with it; *r is empty on failure.
 */
int ranking_parse(const char *text, size_t len, struct ranking *r, char *err,
		  size_t errlen);
void ranking_free(struct ranking *r);

#endif
