/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A very small test framework: every CHECK counts as one passed or failed
 * test, a failure prints where and why, and the runner ends with
 * "N passed, N failed".
 */
#ifndef SCHEDSCOPE_CHECK_H
#define SCHEDSCOPE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern unsigned int checks_passed, checks_failed;

/* Count one check; on failure print "FAIL file:line: " and the message. */
bool check_report(bool ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#define CHECK(cond) \
	check_report(!!(cond), __FILE__, __LINE__, "%s", #cond)

/* The same with a message of its own (printf format). */
#define CHECK_MSG(cond, ...) \
	check_report(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define CHECK_EQ_U64(got, want) do {						\
	uint64_t got_ = (got), want_ = (want);					\
	check_report(got_ == want_, __FILE__, __LINE__,				\
		     "%s == %s: got %llu, want %llu", #got, #want,		\
		     (unsigned long long)got_, (unsigned long long)want_);	\
} while (0)

#define CHECK_EQ_INT(got, want) do {						\
	long long got_ = (got), want_ = (want);					\
	check_report(got_ == want_, __FILE__, __LINE__,				\
		     "%s == %s: got %lld, want %lld", #got, #want, got_, want_);\
} while (0)

#define CHECK_STR_EQ(got, want) do {						\
	const char *got_ = (got), *want_ = (want);				\
	check_report(!strcmp(got_, want_), __FILE__, __LINE__,			\
		     "%s == %s: got \"%s\", want \"%s\"", #got, #want,		\
		     got_, want_);						\
} while (0)

/* got contains want. */
#define CHECK_STR_HAS(got, want) do {						\
	const char *got_ = (got), *want_ = (want);				\
	check_report(strstr(got_, want_) != NULL, __FILE__, __LINE__,		\
		     "%s contains \"%s\": it is \"%s\"", #got, want_, got_);	\
} while (0)

/*
 * A malloc()ed copy of exactly len bytes with nothing after them, so the
 * address sanitizer catches a parser that reads past its input.
 */
char *exact_copy(const char *data, size_t len);

/* Whole file under the test directory (TEST_DIR/relpath); aborts on error. */
char *test_file(const char *relpath, size_t *len);

/* Absolute path of a file under the test directory, in a static buffer. */
const char *test_path(const char *relpath);

/* The suites, one per file. */
void test_kv_stats(void);
void test_log2_hist(void);
void test_proc_task(void);
void test_slog2_hist(void);
void test_hist_bcc(void);
void test_hist_bins(void);
void test_snapshot(void);
void test_output(void);
void test_btf_layout(void);
void test_modinfo(void);
void test_installed(void);
void test_feature_word(void);
void test_sweep_knobs(void);
void test_metric_catalogue(void);
void test_wait_clock(void);
void test_record_event(void);
void test_record_decision(void);
void test_cli(void);
void test_atomic_file(void);
void test_cpu_info(void);
void test_lat_stats(void);
void test_sweep_parts(void);
void test_run_module(void);
void test_catalogue_extra(void);
void test_slow_wait(void);
void test_record_over(void);
void test_ranking(void);
void test_sweep_results(void);
void test_sweep_groups(void);
void test_tool_output(void);
void test_summary_stats(void);
void test_report(void);
void test_plot_data(void);
void test_feature_owner(void);
void test_task_delays(void);
void test_hist_raw(void);
void test_error_msg(void);
void test_probe_cost(void);


#endif
