// SPDX-License-Identifier: GPL-2.0
/*
 * bcc's and libbpf-tools' histogram layouts, byte for byte: golden/bcc_*.txt
 * and golden/libbpf_*.txt were printed by bcc's own _print_log2_hist()
 * (table.py) and libbpf-tools' print_log2_hist() (trace_helpers.c), fed
 * the same buckets (see golden/README).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hist/bcc.h"
#include "test_util.h"

struct golden_case {
	const char *name, *val_type;
	struct { unsigned int bucket; uint64_t count; } b[8];
};

static const struct golden_case cases[] = {
	{ "small", "nsecs", { { 10, 3 }, { 11, 70 }, { 12, 73 }, { 13, 14 },
			      { 14, 2 }, { 15, 1 }, { 20, 1 } } },
	{ "zero_one", "usecs", { { 0, 5 }, { 1, 2 } } },
	{ "wide", "nsecs", { { 3, 1 }, { 40, 7 }, { 41, 2 } } },
	{ "scaling", "msecs", { { 2, 250367 }, { 3, 289313 }, { 5, 1 } } },
	{ "empty", "usecs", { { 0, 0 } } },
	{ "slot33", "usecs", { { 33, 4 }, { 2, 9 } } },
};

void test_hist_bcc(void)
{
	char golden[64], *text;
	size_t i, j, len;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct log2_hist h;

		log2_hist_init(&h, "x");
		for (j = 0; j < 8; j++)
			h.buckets[cases[i].b[j].bucket] += cases[i].b[j].count;
		CAPTURE(text, len, CHECK_EQ_INT(hist_bcc_print(&h,
						cases[i].val_type, out), 0));
		snprintf(golden, sizeof(golden), "bcc_%s.txt", cases[i].name);
		CHECK_GOLDEN(text, len, golden);
		free(text);
		CAPTURE(text, len, CHECK_EQ_INT(hist_bcc_print_libbpf(&h,
						cases[i].val_type, out), 0));
		snprintf(golden, sizeof(golden), "libbpf_%s.txt", cases[i].name);
		CHECK_GOLDEN(text, len, golden);
		free(text);
	}
}
