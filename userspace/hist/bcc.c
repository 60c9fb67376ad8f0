// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "hist/bcc.h"

#define STARS_MAX	40
#define SLOTS		LOG2_HIST_BUCKETS

/* bcc's slots (bpf_log2l): slot 1 = values 0 and 1, slot k >= 2 = bucket k. */
static void bcc_slots(const struct log2_hist *h, uint64_t slots[SLOTS])
{
	memcpy(slots, h->buckets, sizeof(h->buckets));
	slots[1] += slots[0];
	slots[0] = 0;
}

static void print_bar(FILE *out, int stars, int width)
{
	fputc('|', out);
	for (int i = 0; i < width; i++)
		fputc(i < stars ? '*' : ' ', out);
	fputs("|\n", out);
}

int hist_bcc_print(const struct log2_hist *h, const char *val_type, FILE *out)
{
	uint64_t slots[SLOTS], max = 0;
	int idx_max = -1, i, width, stars;

	bcc_slots(h, slots);
	for (i = 0; i < SLOTS; i++) {
		if (slots[i])
			idx_max = i;
		if (slots[i] > max)
			max = slots[i];
	}
	if (idx_max <= 0)
		return ferror(out) ? -EIO : 0;
	if (idx_max <= 32) {
		fprintf(out, "     %-19s : count     distribution\n", val_type);
		width = 10;
		stars = STARS_MAX;
	} else {
		fprintf(out, "               %-29s : count     distribution\n",
			val_type);
		width = 20;
		stars = STARS_MAX / 2;
	}
	for (i = 1; i <= idx_max; i++) {
		uint64_t low = log2_hist_bucket_min(i), high = log2_hist_bucket_max(i);

		if (i == 1)
			low = 0;
		fprintf(out, "%*" PRIu64 " -> %-*" PRIu64 " : %-8" PRIu64 " ",
			width, low, width, high, slots[i]);
		/* Python: '*' while i <= stars * val / max - 1, i.e. floor(). */
		print_bar(out, (int)((unsigned __int128)stars * slots[i] / max),
			  stars);
	}
	return ferror(out) ? -EIO : 0;
}

int hist_bcc_print_libbpf(const struct log2_hist *h, const char *val_type,
			  FILE *out)
{
	uint64_t slots[SLOTS - 1], max = 0;
	int idx_max = -1, i, width, stars, nstars;

	/* libbpf-tools' log2l(): slot i = [2^i, 2^(i+1)), slot 0 = 0 and 1. */
	slots[0] = h->buckets[0] + h->buckets[1];
	for (i = 1; i < SLOTS - 1; i++)
		slots[i] = h->buckets[i + 1];
	for (i = 0; i < SLOTS - 1; i++) {
		if (slots[i])
			idx_max = i;
		if (slots[i] > max)
			max = slots[i];
	}
	if (idx_max < 0)
		return ferror(out) ? -EIO : 0;
	fprintf(out, "%*s%-*s : count    distribution\n", idx_max <= 32 ? 5 : 15,
		"", idx_max <= 32 ? 19 : 29, val_type);
	stars = idx_max <= 32 ? STARS_MAX : STARS_MAX / 2;
	width = idx_max <= 32 ? 10 : 20;
	for (i = 0; i <= idx_max; i++) {
		uint64_t low = log2_hist_bucket_min(i + 1);
		uint64_t high = log2_hist_bucket_max(i + 1);

		if (i == 0)
			low = 0;
		/* Its unsigned int arithmetic, wrap-around included. */
		if (max <= UINT32_MAX)
			nstars = (uint32_t)((uint32_t)slots[i] * (uint32_t)stars) /
				 (uint32_t)max;
		else
			nstars = (unsigned __int128)stars * slots[i] / max;
		if (nstars > stars)
			nstars = stars;
		fprintf(out, "%*" PRIu64 " -> %-*" PRIu64 " : %-8" PRIu64 " ",
			width, low, width, high, slots[i]);
		print_bar(out, nstars, stars);
	}
	return ferror(out) ? -EIO : 0;
}
