// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>

#include "hist/bcc.h"
#include "hist/text.h"

#define STARS_MAX	40
/* Slot i holds bucket i + 1, slot 0 also bucket 0 (the values 0 and 1). */
#define SLOTS		(LOG2_HIST_BUCKETS - 1)

/*
 * bcc's table.py and libbpf-tools print the same slots: bcc numbers them
 * from 1 (bpf_log2l), libbpf-tools from 0 (log2l), so each goes wide past
 * its own slot 32 and puts its own blanks before "distribution"; and they
 * count the stars each in its own arithmetic.
 */
struct bcc_flavour {
	int narrow_last;		/* the last slot of the narrow columns */
	const char *gap;		/* between "count" and "distribution" */
	int (*stars)(uint64_t count, uint64_t max, int width);
};

static int python_stars(uint64_t count, uint64_t max, int width)
{
	/* Python: '*' while i <= stars * val / max - 1, i.e. floor(). */
	return (unsigned __int128)width * count / max;
}

static int libbpf_stars(uint64_t count, uint64_t max, int width)
{
	int n;

	/* Its unsigned int arithmetic, wrap-around included. */
	if (max <= UINT32_MAX)
		n = (uint32_t)((uint32_t)count * (uint32_t)width) / (uint32_t)max;
	else
		n = (unsigned __int128)width * count / max;
	return n > width ? width : n;
}

static const struct bcc_flavour bcc = {
	.narrow_last = 31,
	.gap = "     ",
	.stars = python_stars,
};

static const struct bcc_flavour libbpf = {
	.narrow_last = 32,
	.gap = "    ",
	.stars = libbpf_stars,
};

static void print_bar(FILE *out, int stars, int width)
{
	fputc('|', out);
	for (int i = 0; i < width; i++)
		fputc(i < stars ? '*' : ' ', out);
	fputs("|\n", out);
}

static int print_slots(const struct bcc_flavour *f, const struct log2_hist *h,
		       const char *val_type, FILE *out)
{
	uint64_t slots[SLOTS], max;
	int first, last, i, width, stars;

	slots[0] = h->buckets[0] + h->buckets[1];
	for (i = 1; i < SLOTS; i++)
		slots[i] = h->buckets[i + 1];
	hist_text_rows(slots, SLOTS, &first, &last, &max);
	if (last < 0)
		return ferror(out) ? -EIO : 0;
	width = last <= f->narrow_last ? 10 : 20;
	stars = last <= f->narrow_last ? STARS_MAX : STARS_MAX / 2;
	fprintf(out, "%*s%-*s : count%sdistribution\n", width == 10 ? 5 : 15,
		"", width == 10 ? 19 : 29, val_type, f->gap);
	for (i = 0; i <= last; i++) {
		uint64_t low = i ? log2_hist_bucket_min(i + 1) : 0;

		fprintf(out, "%*" PRIu64 " -> %-*" PRIu64 " : %-8" PRIu64 " ",
			width, low, width, log2_hist_bucket_max(i + 1), slots[i]);
		print_bar(out, f->stars(slots[i], max, stars), stars);
	}
	return ferror(out) ? -EIO : 0;
}

int hist_bcc_print(const struct log2_hist *h, const char *val_type, FILE *out)
{
	return print_slots(&bcc, h, val_type, out);
}

int hist_bcc_print_libbpf(const struct log2_hist *h, const char *val_type,
			  FILE *out)
{
	return print_slots(&libbpf, h, val_type, out);
}
