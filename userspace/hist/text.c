// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "lib/error_msg.h"
#include "hist/text.h"
#include "lib/parse_u64.h"
#include "lib/text_lines.h"

/* Column widths of bpftrace's TextOutput::hist_to_str(). */
#define LABEL_WIDTH	16
#define COUNT_WIDTH	8

/* The float arithmetic is bpftrace's: integer math rounds differently. */
static int bar_width(uint64_t count, uint64_t max)
{
	return (float)count / (float)max * LOG2_HIST_BAR_WIDTH;
}

/*
 * Length of "[...]" or "(...)" at the start of line up to its first ')' or
 * ']', or 0 when there is none or it would not fit a label.
 */
static size_t label_end(const char *line, size_t len)
{
	size_t n = 0;

	while (n < len && line[n] != ')' && line[n] != ']')
		n++;
	if (n == len || ++n >= LOG2_HIST_LABEL_MAX)
		return 0;
	return n;
}

/* The label at the start of a row line: its length, or 0 after a message. */
static size_t label_span(const struct hist_text_flavour *f, const char *line,
			 size_t len, unsigned int lineno, char *err,
			 size_t errlen)
{
	size_t label_len;

	if (!f->is_signed && len >= 8 && !memcmp(line, "(..., 0)", 8)) {
		error_msg(err, errlen, "line %u: bucket \"(..., 0)\" of negative "
			  "values: not an unsigned histogram", lineno);
		return 0;
	}
	label_len = label_end(line, len);
	if (!label_len || !(line[0] == '[' || (f->is_signed && line[0] == '('))) {
		error_msg(err, errlen, "line %u: no bucket label %sat the start",
			  lineno, f->detailed_errors ? "\"[lo, hi)\" " : "");
		return 0;
	}
	return label_len;
}

void hist_text_rows(const uint64_t *counts, unsigned int n, int *first,
		    int *last, uint64_t *max)
{
	unsigned int row;

	*first = *last = -1;
	*max = 0;
	for (row = 0; row < n; row++) {
		if (!counts[row])
			continue;
		if (*first < 0)
			*first = row;
		*last = row;
		if (counts[row] > *max)
			*max = counts[row];
	}
}

int hist_text_print(const struct hist_text_flavour *f, const char *name,
		    const uint64_t *counts, FILE *out)
{
	char label[LOG2_HIST_LABEL_MAX], bar[LOG2_HIST_BAR_WIDTH + 1];
	int first, last, row, width;
	uint64_t max;

	hist_text_rows(counts, f->rows, &first, &last, &max);
	fprintf(out, "@%s: \n", name);
	for (row = first; first >= 0 && row <= last; row++) {
		f->row_label(row, label);
		width = bar_width(counts[row], max);
		memset(bar, '@', width);
		bar[width] = '\0';
		fprintf(out, "%-*s%*" PRIu64 " |%-*s|\n", LABEL_WIDTH, label,
			COUNT_WIDTH, counts[row], LOG2_HIST_BAR_WIDTH, bar);
	}
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}

static int parse_name_line(char name[LOG2_HIST_NAME_MAX], const char *line,
			   size_t len, char *err, size_t errlen)
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
	memcpy(name, line + 1, n - 1);
	name[n - 1] = '\0';
	return 0;
}

static int find_row(const struct hist_text_flavour *f, const char *label)
{
	char known[LOG2_HIST_LABEL_MAX];
	int row;

	for (row = 0; row < (int)f->rows; row++) {
		f->row_label(row, known);
		if (!strcmp(label, known))
			return row;
	}
	return -1;
}

/* The row a label names: any for the first line (prev < 0), else prev + 1. */
static int label_row(const struct hist_text_flavour *f, const char *label,
		     unsigned int lineno, int prev, int *row,
		     char *err, size_t errlen)
{
	char want[LOG2_HIST_LABEL_MAX];

	if (prev < 0) {
		*row = find_row(f, label);
		if (*row < 0) {
			error_msg(err, errlen, "line %u: \"%s\" is not a bucket "
				  "of %s", lineno, label, f->kind);
			return -EINVAL;
		}
		return 0;
	}
	*row = prev + 1;
	if (*row >= (int)f->rows) {
		error_msg(err, errlen, "line %u: a bucket after the last one",
			  lineno);
		return -EINVAL;
	}
	f->row_label(*row, want);
	if (strcmp(label, want)) {
		error_msg(err, errlen, "line %u: bucket \"%s\" where the next "
			  "one, \"%s\", belongs", lineno, label, want);
		return -EINVAL;
	}
	return 0;
}

/* The count column, from pos; pos moves past it. */
static int parse_count(const struct hist_text_flavour *f, const char *line,
		       size_t len, size_t *pos, const char *label,
		       unsigned int lineno, uint64_t *count,
		       char *err, size_t errlen)
{
	char columns[LOG2_HIST_LABEL_MAX + 32];
	size_t digits;
	int ret;

	while (*pos < len && line[*pos] == ' ')
		(*pos)++;
	digits = digits_span(line + *pos, len - *pos);
	if (!digits) {
		error_msg(err, errlen, "line %u: no count after \"%s\"", lineno,
			  label);
		return -EINVAL;
	}
	ret = parse_u64(line + *pos, digits, count);
	if (ret && f->detailed_errors) {
		error_msg(err, errlen, "line %u: count \"%.*s\" %s", lineno,
			  (int)(digits < 24 ? digits : 24), line + *pos,
			  ret == -ERANGE ? "is out of range" : "has a leading zero");
		return -EINVAL;
	}
	if (ret) {
		error_msg(err, errlen, "line %u: count %s", lineno,
			  ret == -ERANGE ? "out of range" : "has a leading zero");
		return -EINVAL;
	}
	*pos += digits;
	snprintf(columns, sizeof(columns), "%-*s%*" PRIu64, LABEL_WIDTH, label,
		 COUNT_WIDTH, *count);
	if (strlen(columns) != *pos || memcmp(columns, line, *pos)) {
		if (f->detailed_errors)
			error_msg(err, errlen, "line %u: label and count not in "
				  "bpftrace's columns (%d wide, left-aligned; %d "
				  "wide, right-aligned)", lineno, LABEL_WIDTH,
				  COUNT_WIDTH);
		else
			error_msg(err, errlen, "line %u: label and count not in "
				  "bpftrace's columns", lineno);
		return -EINVAL;
	}
	return 0;
}

/* The bar column, from pos to the end of the line: " |@@@   |". */
static int parse_bar(const char *line, size_t len, size_t pos,
		     unsigned int lineno, int *bar, char *err, size_t errlen)
{
	size_t n = 0;

	if (len != pos + 3 + LOG2_HIST_BAR_WIDTH || line[pos] != ' ' ||
	    line[pos + 1] != '|' || line[len - 1] != '|') {
		error_msg(err, errlen, "line %u: no \" |\" and %d-column bar "
			  "closed by \"|\" after the count", lineno,
			  LOG2_HIST_BAR_WIDTH);
		return -EINVAL;
	}
	pos += 2;
	while (n < LOG2_HIST_BAR_WIDTH && line[pos + n] == '@')
		n++;
	for (size_t i = n; i < LOG2_HIST_BAR_WIDTH; i++) {
		if (line[pos + i] != ' ') {
			error_msg(err, errlen, "line %u: bar is not '@'s padded "
				  "with spaces", lineno);
			return -EINVAL;
		}
	}
	*bar = n;
	return 0;
}

/*
 * One row line without its '\n'. prev is the row of the line before, -1 for
 * the first; *row gets this line's, counts[*row] its count, *bar its bar.
 */
static int parse_row_line(const struct hist_text_flavour *f, uint64_t *counts,
			  const char *line, size_t len, unsigned int lineno,
			  int prev, int *row, int *bar, char *err, size_t errlen)
{
	char label[LOG2_HIST_LABEL_MAX];
	size_t label_len, pos;
	uint64_t count;

	label_len = label_span(f, line, len, lineno, err, errlen);
	if (!label_len)
		return -EINVAL;
	memcpy(label, line, label_len);
	label[label_len] = '\0';
	if (label_row(f, label, lineno, prev, row, err, errlen))
		return -EINVAL;
	pos = label_len;
	if (parse_count(f, line, len, &pos, label, lineno, &count, err, errlen) ||
	    parse_bar(line, len, pos, lineno, bar, err, errlen))
		return -EINVAL;
	counts[*row] = count;
	return 0;
}

/* Bars are checked once the largest count, which scales them, is known. */
static int check_bars(const struct hist_text_flavour *f, const uint64_t *counts,
		      int first, int last, const int *bars,
		      const unsigned int *lines, char *err, size_t errlen)
{
	uint64_t max = 0;
	int row;

	if (!counts[first] || !counts[last]) {
		error_msg(err, errlen, "line %u: bucket with count 0 at the %s%s",
			  lines[counts[first] ? last - first : 0],
			  counts[first] ? "end" : "start",
			  f->detailed_errors ? " (bpftrace prints only from the "
			  "first to the last non-empty bucket)" : "");
		return -EINVAL;
	}
	for (row = first; row <= last; row++)
		if (counts[row] > max)
			max = counts[row];
	for (row = first; row <= last; row++) {
		uint64_t count = counts[row];
		int want = bar_width(count, max), got = bars[row - first];

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

int hist_text_parse(const struct hist_text_flavour *f, const char *buf,
		    size_t len, char name[LOG2_HIST_NAME_MAX], uint64_t *counts,
		    char *err, size_t errlen)
{
	int bars[HIST_TEXT_ROWS_MAX];
	unsigned int lines[HIST_TEXT_ROWS_MAX];
	int first = -1, last = -1, row, bar, ret;
	struct text_lines text;
	const char *line;
	size_t line_len;
	bool closed = false;

	name[0] = '\0';
	memset(counts, 0, f->rows * sizeof(*counts));
	if (len == 0) {
		error_msg(err, errlen, "empty input");
		return -EINVAL;
	}
	text_lines_init(&text, buf, len);
	while ((ret = text_lines_next(&text, &line, &line_len, err, errlen)) > 0) {
		if (text.lineno == 1) {
			if (parse_name_line(name, line, line_len, err, errlen))
				return -EINVAL;
			continue;
		}
		if (line_len == 0) {
			closed = true;
			break;
		}
		if (parse_row_line(f, counts, line, line_len, text.lineno, last,
				   &row, &bar, err, errlen))
			return -EINVAL;
		if (first < 0)
			first = row;
		last = row;
		bars[row - first] = bar;
		lines[row - first] = text.lineno;
	}
	if (ret < 0)
		return ret;
	if (!closed) {
		error_msg(err, errlen, "line %u: input ends before the blank line "
			  "that closes the histogram (truncated?)", text.lineno);
		return -EINVAL;
	}
	if (text.pos < len) {
		error_msg(err, errlen, "line %u: more input after the blank line "
			  "that closes the histogram", text.lineno + 1);
		return -EINVAL;
	}
	if (first >= 0 &&
	    check_bars(f, counts, first, last, bars, lines, err, errlen))
		return -EINVAL;
	return 0;
}
