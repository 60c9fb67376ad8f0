/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers of the tests of the schedscope CLI and its printers. */
#ifndef SCHEDSCOPE_TEST_UTIL_H
#define SCHEDSCOPE_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "hist/log2_hist.h"
#include "hist/slog2_hist.h"

/* What a writer printed to FILE *out, as a malloc()ed string. */
#define CAPTURE(text, len, call) do {					\
	FILE *cap_ = open_memstream(&(text), &(len));			\
	if (!cap_)							\
		abort();						\
	{ FILE *out = cap_; call; }					\
	fclose(cap_);							\
} while (0)

/* A fresh, empty directory tmp/<name> under TEST_BUILD_DIR. */
const char *test_tmpdir(const char *name);
/* Write data to dir/relpath, creating the directories on the way. */
void test_write(const char *dir, const char *relpath, const char *data);
/* The same for the first len bytes of data, NULs and all. */
void test_write_bytes(const char *dir, const char *relpath, const char *data,
		      size_t len);
/* Copy every file of fixture directory src (relative to TEST_DIR) to dst. */
void test_copy_dir(const char *src, const char *dst);

/* Compare text with golden/<name> byte for byte; on a difference, print
 * both and write the text to build/<name>.got. */
/* Replace the first `from` in dir/rel by `to`; aborts when it is not there. */
void test_patch(const char *dir, const char *rel, const char *from,
		const char *to);

/*
 * Run the CLI's dispatch on argv in a child process with stdout and stderr
 * in out_path and err_path, $SCHEDSCOPE_DEBUGFS set to env_debugfs (unset
 * for NULL); its exit status, or 128 + the signal that ended it.
 */
int test_run_cli(int argc, char **argv, const char *env_debugfs,
		 const char *out_path, const char *err_path);

/* count values of value added to a histogram, and whole histograms compared. */
void test_log2_add(struct log2_hist *h, uint64_t value, uint64_t count);
bool test_log2_equal(const struct log2_hist *a, const struct log2_hist *b);
void test_slog2_add(struct slog2_hist *h, int64_t value, uint64_t count);
bool test_slog2_equal(const struct slog2_hist *a, const struct slog2_hist *b);

void check_golden(const char *file, int line, const char *text, size_t len,
		  const char *name);
#define CHECK_GOLDEN(text, len, name) check_golden(__FILE__, __LINE__, text, len, name)

#endif
