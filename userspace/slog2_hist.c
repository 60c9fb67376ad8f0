// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "error_msg.h"
#include "parse_u64.h"
#include "slog2_hist.h"

/* Column widths and bar scaling of bpftrace's hist(), as in log2_hist.c. */
#define LABEL_WIDTH	16
#define COUNT_WIDTH	8
#define NEG_ROWS	(LOG2_HIST_BUCKETS - 1)	/* neg[64] .. neg[1] */

void slog2_hist_init(struct slog2_hist *h, const char *name)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->name, sizeof(h->name), "%s", name);
}

static uint64_t magnitude(int64_t value)
{
	/* -(value + 1) + 1 keeps INT64_MIN defined. */
	return (uint64_t)(-(value + 1)) + 1;
}

unsigned int slog2_hist_row(int64_t value)
{
	if (value >= 0)
		return NEG_ROWS + log2_hist_bucket(value);
	return LOG2_HIST_BUCKETS - 1 - log2_hist_bucket(magnitude(value));
}

uint64_t slog2_hist_row_count(const struct slog2_hist *h, unsigned int row)
{
	if (row >= NEG_ROWS)
		return h->pos[row - NEG_ROWS];
	return h->neg[LOG2_HIST_BUCKETS - 1 - row];
}

static uint64_t *row_slot(struct slog2_hist *h, unsigned int row)
{
	if (row >= NEG_ROWS)
		return &h->pos[row - NEG_ROWS];
	return &h->neg[LOG2_HIST_BUCKETS - 1 - row];
}

/* -m for a magnitude 1..2^63. */
static int64_t negate(uint64_t m)
{
	return m == (1ull << 63) ? INT64_MIN : -(int64_t)m;
}

int64_t slog2_hist_row_min(unsigned int row)
{
	uint64_t m;

	if (row >= NEG_ROWS)
		return (int64_t)log2_hist_bucket_min(row - NEG_ROWS);
	/* Magnitudes of int64_t values end at 2^63 (INT64_MIN). */
	m = log2_hist_bucket_max(LOG2_HIST_BUCKETS - 1 - row);
	return negate(m > (1ull << 63) ? (1ull << 63) : m);
}

int64_t slog2_hist_row_max(unsigned int row)
{
	if (row >= NEG_ROWS) {
		uint64_t max = log2_hist_bucket_max(row - NEG_ROWS);

		return max > INT64_MAX ? INT64_MAX : (int64_t)max;
	}
	return negate(log2_hist_bucket_min(LOG2_HIST_BUCKETS - 1 - row));
}

void slog2_hist_row_label(unsigned int row, char label[LOG2_HIST_LABEL_MAX])
{
	unsigned int bucket;
	char ulabel[LOG2_HIST_LABEL_MAX];
	const char *comma;

	if (row >= NEG_ROWS) {
		log2_hist_bucket_label(row - NEG_ROWS, label);
		return;
	}
	bucket = LOG2_HIST_BUCKETS - 1 - row;
	if (bucket == 1) {
		snprintf(label, LOG2_HIST_LABEL_MAX, "[-1]");
		return;
	}
	/* "[lo, hi)" of the magnitudes becomes "(-hi, -lo]". */
	log2_hist_bucket_label(bucket, ulabel);
	comma = strchr(ulabel, ',');
	snprintf(label, LOG2_HIST_LABEL_MAX, "(-%.*s, -%.*s]",
		 (int)strlen(comma + 2) - 1, comma + 2,
		 (int)(comma - ulabel - 1), ulabel + 1);
}

void slog2_hist_add_count(struct slog2_hist *h, int64_t value, uint64_t count)
{
	*row_slot(h, slog2_hist_row(value)) += count;
}

void slog2_hist_add(struct slog2_hist *h, int64_t value)
{
	slog2_hist_add_count(h, value, 1);
}

bool slog2_hist_equal(const struct slog2_hist *a, const struct slog2_hist *b)
{
	return !strcmp(a->name, b->name) &&
	       !memcmp(a->neg, b->neg, sizeof(a->neg)) &&
	       !memcmp(a->pos, b->pos, sizeof(a->pos));
}

bool slog2_hist_name_is_signed(const char *name)
{
	size_t len = strlen(name);

	return len >= 4 && !strcmp(name + len - 4, "_vns");
}

static int bar_width(uint64_t count, uint64_t max)
{
	return (float)count / (float)max * LOG2_HIST_BAR_WIDTH;
}

static void nonempty_rows(const struct slog2_hist *h, int *first, int *last,
			  uint64_t *max)
{
	int row;

	*first = *last = -1;
	*max = 0;
	for (row = 0; row < SLOG2_HIST_ROWS; row++) {
		uint64_t count = slog2_hist_row_count(h, row);

		if (!count)
			continue;
		if (*first < 0)
			*first = row;
		*last = row;
		if (count > *max)
			*max = count;
	}
}

int slog2_hist_print(const struct slog2_hist *h, FILE *out)
{
	char label[LOG2_HIST_LABEL_MAX], bar[LOG2_HIST_BAR_WIDTH + 1];
	int first, last, row, width;
	uint64_t max, count;

	nonempty_rows(h, &first, &last, &max);
	fprintf(out, "@%s: \n", h->name);
	for (row = first; first >= 0 && row <= last; row++) {
		count = slog2_hist_row_count(h, row);
		slog2_hist_row_label(row, label);
		width = bar_width(count, max);
		memset(bar, '@', width);
		bar[width] = '\0';
		fprintf(out, "%-*s%*" PRIu64 " |%-*s|\n", LABEL_WIDTH, label,
			COUNT_WIDTH, count, LOG2_HIST_BAR_WIDTH, bar);
	}
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}

static int parse_name_line(struct slog2_hist *h, const char *line, size_t len,
			   char *err, size_t errlen)
{
	size_t n = 1;

	while (n < len && (line[n] == '_' || (line[n] >= 'a' && line[n] <= 'z') ||
			   (line[n] >= 'A' && line[n] <= 'Z') ||
			   (line[n] >= '0' && line[n] <= '9')))
		n++;
	if (len < 2 || line[0] != '@' || n == len || line[n] != ':' ||
	    !(n + 1 == len || (n + 2 == len && line[n + 1] == ' '))) {
		error_msg(err, errlen, "line 1: not a histogram name line "
			  "\"@name: \"");
		return -EINVAL;
	}
	if (n - 1 >= LOG2_HIST_NAME_MAX) {
		error_msg(err, errlen, "line 1: name longer than %d bytes",
			  LOG2_HIST_NAME_MAX - 1);
		return -EINVAL;
	}
	memcpy(h->name, line + 1, n - 1);
	h->name[n - 1] = '\0';
	return 0;
}

static int find_row(const char *label)
{
	char known[LOG2_HIST_LABEL_MAX];
	int row;

	for (row = 0; row < SLOG2_HIST_ROWS; row++) {
		slog2_hist_row_label(row, known);
		if (!strcmp(label, known))
			return row;
	}
	return -1;
}

/* One row line without its '\n'; *row gets the row it is, *bar its bar. */
static int parse_row_line(struct slog2_hist *h, const char *line, size_t len,
			  unsigned int lineno, int prev, int *row, int *bar_out,
			  char *err, size_t errlen)
{
	char label[LOG2_HIST_LABEL_MAX], want[LOG2_HIST_LABEL_MAX];
	char columns[LOG2_HIST_LABEL_MAX + 32];
	size_t label_len = 0, pos, digits, bar;
	uint64_t count;
	int ret;

	while (label_len < len && line[label_len] != ')' && line[label_len] != ']')
		label_len++;
	if ((line[0] != '[' && line[0] != '(') || label_len == len ||
	    ++label_len >= LOG2_HIST_LABEL_MAX) {
		error_msg(err, errlen, "line %u: no bucket label at the start",
			  lineno);
		return -EINVAL;
	}
	memcpy(label, line, label_len);
	label[label_len] = '\0';
	if (prev < 0) {
		*row = find_row(label);
		if (*row < 0) {
			error_msg(err, errlen, "line %u: \"%s\" is not a bucket of "
				  "a signed log2 histogram", lineno, label);
			return -EINVAL;
		}
	} else {
		*row = prev + 1;
		if (*row >= SLOG2_HIST_ROWS) {
			error_msg(err, errlen, "line %u: a bucket after the last "
				  "one", lineno);
			return -EINVAL;
		}
		slog2_hist_row_label(*row, want);
		if (strcmp(label, want)) {
			error_msg(err, errlen, "line %u: bucket \"%s\" where the "
				  "next one, \"%s\", belongs", lineno, label, want);
			return -EINVAL;
		}
	}
	pos = label_len;
	while (pos < len && line[pos] == ' ')
		pos++;
	digits = digits_span(line + pos, len - pos);
	if (!digits) {
		error_msg(err, errlen, "line %u: no count after \"%s\"", lineno,
			  label);
		return -EINVAL;
	}
	ret = parse_u64(line + pos, digits, &count);
	if (ret) {
		error_msg(err, errlen, "line %u: count %s", lineno,
			  ret == -ERANGE ? "out of range" : "has a leading zero");
		return -EINVAL;
	}
	pos += digits;
	snprintf(columns, sizeof(columns), "%-*s%*" PRIu64, LABEL_WIDTH, label,
		 COUNT_WIDTH, count);
	if (strlen(columns) != pos || memcmp(columns, line, pos)) {
		error_msg(err, errlen, "line %u: label and count not in "
			  "bpftrace's columns", lineno);
		return -EINVAL;
	}
	if (len != pos + 3 + LOG2_HIST_BAR_WIDTH || line[pos] != ' ' ||
	    line[pos + 1] != '|' || line[len - 1] != '|') {
		error_msg(err, errlen, "line %u: no \" |\" and %d-column bar "
			  "closed by \"|\" after the count", lineno,
			  LOG2_HIST_BAR_WIDTH);
		return -EINVAL;
	}
	pos += 2;
	bar = 0;
	while (bar < LOG2_HIST_BAR_WIDTH && line[pos + bar] == '@')
		bar++;
	for (size_t i = bar; i < LOG2_HIST_BAR_WIDTH; i++) {
		if (line[pos + i] != ' ') {
			error_msg(err, errlen, "line %u: bar is not '@'s padded "
				  "with spaces", lineno);
			return -EINVAL;
		}
	}
	*row_slot(h, *row) = count;
	*bar_out = bar;
	return 0;
}

static int check_bars(const struct slog2_hist *h, int first, int last,
		      const int *bars, const unsigned int *lines,
		      char *err, size_t errlen)
{
	uint64_t max = 0, count;
	int row, want, got;

	if (!slog2_hist_row_count(h, first) || !slog2_hist_row_count(h, last)) {
		error_msg(err, errlen, "line %u: bucket with count 0 at the %s",
			  lines[slog2_hist_row_count(h, first) ? last - first : 0],
			  slog2_hist_row_count(h, first) ? "end" : "start");
		return -EINVAL;
	}
	for (row = first; row <= last; row++)
		if (slog2_hist_row_count(h, row) > max)
			max = slog2_hist_row_count(h, row);
	for (row = first; row <= last; row++) {
		count = slog2_hist_row_count(h, row);
		want = bar_width(count, max);
		got = bars[row - first];
		if ((count == 0 && got) || (count == max && got != want) ||
		    got < want - 1 || got > want + 1) {
			error_msg(err, errlen, "line %u: bar of %d '@' for count "
				  "%" PRIu64 " of at most %" PRIu64 " (bpftrace: %d)",
				  lines[row - first], got, count, max, want);
			return -EINVAL;
		}
	}
	return 0;
}

int slog2_hist_parse(struct slog2_hist *h, const char *buf, size_t len,
		     char *err, size_t errlen)
{
	int bars[SLOG2_HIST_ROWS];
	unsigned int lines[SLOG2_HIST_ROWS], lineno = 0;
	int first = -1, last = -1, row, bar;
	size_t pos = 0;
	bool closed = false;

	slog2_hist_init(h, "");
	if (len == 0) {
		error_msg(err, errlen, "empty input");
		return -EINVAL;
	}
	while (pos < len) {
		const char *line = buf + pos;
		const char *nl = memchr(line, '\n', len - pos);
		size_t line_len = nl ? (size_t)(nl - line) : len - pos;
		const char *nul = memchr(line, '\0', line_len);

		lineno++;
		if (nul) {
			error_msg(err, errlen, "line %u: NUL byte at column %zu",
				  lineno, (size_t)(nul - line) + 1);
			goto invalid;
		}
		if (!nl) {
			error_msg(err, errlen, "line %u: no newline at the end of "
				  "the input (truncated?)", lineno);
			goto invalid;
		}
		pos += line_len + 1;
		if (lineno == 1) {
			if (parse_name_line(h, line, line_len, err, errlen))
				goto invalid;
			continue;
		}
		if (line_len == 0) {
			closed = true;
			break;
		}
		if (parse_row_line(h, line, line_len, lineno, last, &row, &bar,
				   err, errlen))
			goto invalid;
		if (first < 0)
			first = row;
		last = row;
		bars[row - first] = bar;
		lines[row - first] = lineno;
	}
	if (!closed) {
		error_msg(err, errlen, "line %u: input ends before the blank line "
			  "that closes the histogram (truncated?)", lineno);
		goto invalid;
	}
	if (pos < len) {
		error_msg(err, errlen, "line %u: more input after the blank line "
			  "that closes the histogram", lineno + 1);
		goto invalid;
	}
	if (first >= 0 && check_bars(h, first, last, bars, lines, err, errlen))
		goto invalid;
	return 0;

invalid:
	slog2_hist_init(h, "");
	return -EINVAL;
}
