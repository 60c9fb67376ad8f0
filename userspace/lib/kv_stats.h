/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's counter files (docs/interface.md):
 *   stats          "key value\n" per line
 *   stats_percpu   "cpu key value\n" per line
 *
 * The parser is strict, because a silently misread counter is worse than a
 * loud failure. Rejected, each with a message naming the line:
 *  - an empty input, an empty line, a line that is not exactly
 *    [cpu SP] key SP value LF (no tabs, no extra or trailing spaces, no CR);
 *  - a key outside [a-z0-9_]+ or longer than KV_STATS_KEY_MAX;
 *  - a value or cpu that is not plain decimal (sign, leading zero) or is
 *    past UINT64_MAX (cpu: past KV_STATS_CPU_MAX);
 *  - a key seen twice (for stats_percpu: the same cpu and key twice);
 *  - a NUL byte anywhere;
 *  - a last line without its newline. The module ends every line with one,
 *    and without it a read cut inside the last value ("switches 12" of
 *    "switches 1234") could not be told from a whole one.
 */
#ifndef SCHEDSCOPE_KV_STATS_H
#define SCHEDSCOPE_KV_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KV_STATS_KEY_MAX	63
#define KV_STATS_CPU_MAX	1048575u

struct kv_stat {
	char key[KV_STATS_KEY_MAX + 1];
	uint64_t value;
	unsigned int cpu;		/* stats_percpu only; 0 for stats */
	unsigned int line;		/* 1-based line of the input */
};

struct kv_stats {
	struct kv_stat *items;		/* in input order */
	size_t count;
	bool percpu;
	size_t *by_key;			/* indices of items sorted by (cpu, key) */
};

/*
 * Parse len bytes of buf (a stats file) into *st, which needs no setup and
 * must be released with kv_stats_free() after success. On failure *st is
 * left empty and err (may be NULL) holds "line N: what is wrong".
 * Returns 0, -EINVAL for malformed input, -ENOMEM.
 */
int kv_stats_parse(struct kv_stats *st, const char *buf, size_t len,
		   char *err, size_t errlen);
/* The same for a stats_percpu file. */
int kv_stats_parse_percpu(struct kv_stats *st, const char *buf, size_t len,
			  char *err, size_t errlen);

/* Read and parse a file; messages start with the path. Also -errno of I/O. */
int kv_stats_parse_file(struct kv_stats *st, const char *path,
			char *err, size_t errlen);
int kv_stats_parse_percpu_file(struct kv_stats *st, const char *path,
			       char *err, size_t errlen);

/*
 * Value of key in a stats set, or of key on cpu in a stats_percpu set.
 * Returns 0, or -ENOENT (also for kv_stats_get() on a stats_percpu set).
 */
int kv_stats_get(const struct kv_stats *st, const char *key, uint64_t *value);
int kv_stats_get_percpu(const struct kv_stats *st, unsigned int cpu,
			const char *key, uint64_t *value);

void kv_stats_free(struct kv_stats *st);

#endif
