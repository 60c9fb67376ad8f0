// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "error_msg.h"
#include "log2_hist.h"
#include "parse_u64.h"
#include "read_file.h"

/* Column widths of bpftrace's TextOutput::hist_to_str(). */
#define LABEL_WIDTH	16
#define COUNT_WIDTH	8

void log2_hist_init(struct log2_hist *h, const char *name)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->name, sizeof(h->name), "%s", name);
}

unsigned int log2_hist_bucket(uint64_t value)
{
	return value ? 64 - __builtin_clzll(value) : 0;
}

uint64_t log2_hist_bucket_min(unsigned int bucket)
{
	if (bucket < 2)
		return bucket;
	return 1ull << (bucket - 1);
}

uint64_t log2_hist_bucket_max(unsigned int bucket)
{
	uint64_t min = log2_hist_bucket_min(bucket);

	/* 2 * min - 1, written so that bucket 64 ends at UINT64_MAX. */
	return bucket < 2 ? min : min + (min - 1);
}

/* bpftrace's hist_index_label(): 2^power with a K/M/G/T suffix, none past T. */
static int power_label(char *buf, size_t len, unsigned int power)
{
	static const char suffixes[] = "KMGT";
	int level = power >= 40 ? 4 : power / 10;

	if (level == 0)
		return snprintf(buf, len, "%llu", 1ull << power);
	return snprintf(buf, len, "%llu%c", 1ull << (power - 10 * level),
			suffixes[level - 1]);
}

void log2_hist_bucket_label(unsigned int bucket, char label[LOG2_HIST_LABEL_MAX])
{
	char lo[24], hi[24];	/* 2^63 has 19 digits */

	if (bucket < 2) {
		snprintf(label, LOG2_HIST_LABEL_MAX, "[%u]", bucket);
		return;
	}
	power_label(lo, sizeof(lo), bucket - 1);
	power_label(hi, sizeof(hi), bucket);
	snprintf(label, LOG2_HIST_LABEL_MAX, "[%s, %s)", lo, hi);
}

void log2_hist_add_count(struct log2_hist *h, uint64_t value, uint64_t count)
{
	h->buckets[log2_hist_bucket(value)] += count;
}

void log2_hist_add(struct log2_hist *h, uint64_t value)
{
	log2_hist_add_count(h, value, 1);
}

bool log2_hist_equal(const struct log2_hist *a, const struct log2_hist *b)
{
	return !strcmp(a->name, b->name) &&
	       !memcmp(a->buckets, b->buckets, sizeof(a->buckets));
}

/* The float arithmetic is bpftrace's: integer math rounds differently. */
static int bar_width(uint64_t count, uint64_t max)
{
	return (float)count / (float)max * LOG2_HIST_BAR_WIDTH;
}

static void nonempty_range(const struct log2_hist *h, int *first, int *last,
			   uint64_t *max)
{
	int b;

	*first = *last = -1;
	*max = 0;
	for (b = 0; b < LOG2_HIST_BUCKETS; b++) {
		if (!h->buckets[b])
			continue;
		if (*first < 0)
			*first = b;
		*last = b;
		if (h->buckets[b] > *max)
			*max = h->buckets[b];
	}
}

int log2_hist_print(const struct log2_hist *h, FILE *out)
{
	char label[LOG2_HIST_LABEL_MAX], bar[LOG2_HIST_BAR_WIDTH + 1];
	int first, last, b, width;
	uint64_t max;

	nonempty_range(h, &first, &last, &max);
	fprintf(out, "@%s: \n", h->name);
	for (b = first; first >= 0 && b <= last; b++) {
		log2_hist_bucket_label(b, label);
		width = bar_width(h->buckets[b], max);
		memset(bar, '@', width);
		bar[width] = '\0';
		fprintf(out, "%-*s%*" PRIu64 " |%-*s|\n", LABEL_WIDTH, label,
			COUNT_WIDTH, h->buckets[b], LOG2_HIST_BAR_WIDTH, bar);
	}
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}

/* What parsing learnt about one bucket line, checked once all are read. */
struct bucket_line {
	unsigned int lineno;
	int bar;
};

static int parse_name_line(struct log2_hist *h, const char *line, size_t len,
			   char *err, size_t errlen)
{
	size_t n = 1;

	while (n < len && (line[n] == '_' || (line[n] >= 'a' && line[n] <= 'z') ||
			   (line[n] >= 'A' && line[n] <= 'Z') ||
			   (line[n] >= '0' && line[n] <= '9')))
		n++;
	if (len < 2 || line[0] != '@' || line[n] != ':' ||
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

static int find_label(const char *label)
{
	char known[LOG2_HIST_LABEL_MAX];
	int b;

	for (b = 0; b < LOG2_HIST_BUCKETS; b++) {
		log2_hist_bucket_label(b, known);
		if (!strcmp(label, known))
			return b;
	}
	return -1;
}

/*
 * One bucket line without its '\n'. prev is the bucket of the line before,
 * -1 for the first; *bucket gets this line's.
 */
static int parse_bucket_line(struct log2_hist *h, const char *line, size_t len,
			     unsigned int lineno, int prev, int *bucket,
			     struct bucket_line *info, char *err, size_t errlen)
{
	char label[LOG2_HIST_LABEL_MAX], want[LOG2_HIST_LABEL_MAX];
	char columns[LOG2_HIST_LABEL_MAX + 32];
	size_t label_len, spaces, digits, pos, bar;
	uint64_t count;
	int ret;

	if (len >= 8 && !memcmp(line, "(..., 0)", 8)) {
		error_msg(err, errlen, "line %u: bucket \"(..., 0)\" of negative "
			  "values: not an unsigned histogram", lineno);
		return -EINVAL;
	}
	label_len = 0;
	while (label_len < len && line[label_len] != ')' && line[label_len] != ']')
		label_len++;
	if (line[0] != '[' || label_len == len ||
	    ++label_len >= LOG2_HIST_LABEL_MAX) {
		error_msg(err, errlen, "line %u: no bucket label \"[lo, hi)\" at "
			  "the start", lineno);
		return -EINVAL;
	}
	memcpy(label, line, label_len);
	label[label_len] = '\0';
	if (prev < 0) {
		*bucket = find_label(label);
		if (*bucket < 0) {
			error_msg(err, errlen, "line %u: \"%s\" is not a bucket "
				  "of a log2 histogram", lineno, label);
			return -EINVAL;
		}
	} else {
		*bucket = prev + 1;
		if (*bucket >= LOG2_HIST_BUCKETS) {
			error_msg(err, errlen, "line %u: a bucket after the last "
				  "one", lineno);
			return -EINVAL;
		}
		log2_hist_bucket_label(*bucket, want);
		if (strcmp(label, want)) {
			error_msg(err, errlen, "line %u: bucket \"%s\" where the "
				  "next one, \"%s\", belongs", lineno, label, want);
			return -EINVAL;
		}
	}

	pos = label_len;
	spaces = 0;
	while (pos + spaces < len && line[pos + spaces] == ' ')
		spaces++;
	pos += spaces;
	digits = digits_span(line + pos, len - pos);
	if (!digits) {
		error_msg(err, errlen, "line %u: no count after \"%s\"", lineno,
			  label);
		return -EINVAL;
	}
	ret = parse_u64(line + pos, digits, &count);
	if (ret) {
		error_msg(err, errlen, "line %u: count \"%.*s\" %s", lineno,
			  (int)(digits < 24 ? digits : 24), line + pos,
			  ret == -ERANGE ? "is out of range" : "has a leading zero");
		return -EINVAL;
	}
	pos += digits;
	snprintf(columns, sizeof(columns), "%-*s%*" PRIu64, LABEL_WIDTH, label,
		 COUNT_WIDTH, count);
	if (strlen(columns) != pos || memcmp(columns, line, pos)) {
		error_msg(err, errlen, "line %u: label and count not in "
			  "bpftrace's columns (%d wide, left-aligned; %d wide, "
			  "right-aligned)", lineno, LABEL_WIDTH, COUNT_WIDTH);
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
	h->buckets[*bucket] = count;
	info->lineno = lineno;
	info->bar = bar;
	return 0;
}

/* Bars are checked once the largest count, which scales them, is known. */
static int check_bars(const struct log2_hist *h, int first, int last,
		      const struct bucket_line *info, char *err, size_t errlen)
{
	uint64_t max = 0;
	int b;

	if (!h->buckets[first] || !h->buckets[last]) {
		error_msg(err, errlen, "line %u: bucket with count 0 at the %s "
			  "(bpftrace prints only from the first to the last "
			  "non-empty bucket)",
			  info[h->buckets[first] ? last - first : 0].lineno,
			  h->buckets[first] ? "end" : "start");
		return -EINVAL;
	}
	for (b = first; b <= last; b++)
		if (h->buckets[b] > max)
			max = h->buckets[b];
	for (b = first; b <= last; b++) {
		uint64_t count = h->buckets[b];
		int want = bar_width(count, max), got = info[b - first].bar;

		if ((count == 0 && got) || (count == max && got != want) ||
		    got < want - 1 || got > want + 1) {
			error_msg(err, errlen, "line %u: bar of %d '@' for count "
				  "%" PRIu64 " of at most %" PRIu64 " (bpftrace: %d)",
				  info[b - first].lineno, got, count, max, want);
			return -EINVAL;
		}
	}
	return 0;
}

int log2_hist_parse(struct log2_hist *h, const char *buf, size_t len,
		    char *err, size_t errlen)
{
	struct bucket_line info[LOG2_HIST_BUCKETS];
	int first = -1, last = -1, ret;
	unsigned int lineno = 0;
	size_t pos = 0;
	bool closed = false;

	log2_hist_init(h, "");
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
			ret = parse_name_line(h, line, line_len, err, errlen);
			if (ret)
				goto invalid;
			continue;
		}
		if (line_len == 0) {
			closed = true;
			break;
		}
		ret = parse_bucket_line(h, line, line_len, lineno, last, &last,
					&info[last < 0 ? 0 : last + 1 - first],
					err, errlen);
		if (ret)
			goto invalid;
		if (first < 0)
			first = last;
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
	if (first >= 0 && check_bars(h, first, last, info, err, errlen))
		goto invalid;
	return 0;

invalid:
	log2_hist_init(h, "");
	return -EINVAL;
}

int log2_hist_parse_file(struct log2_hist *h, const char *path,
			 char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int ret;

	log2_hist_init(h, "");
	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = log2_hist_parse(h, buf, len, err, errlen);
	if (ret)
		error_msg_prefix(err, errlen, path);
	free(buf);
	return ret;
}

void log2_hist_summarize(const struct log2_hist *h, struct log2_hist_summary *s)
{
	double low = 0, high = 0;
	int b;

	memset(s, 0, sizeof(*s));
	s->min_bucket = s->max_bucket = -1;
	for (b = 0; b < LOG2_HIST_BUCKETS; b++) {
		uint64_t count = h->buckets[b];

		if (!count)
			continue;
		if (s->min_bucket < 0)
			s->min_bucket = b;
		s->max_bucket = b;
		s->count += count;
		low += (double)count * log2_hist_bucket_min(b);
		high += (double)count * log2_hist_bucket_max(b);
	}
	if (!s->count)
		return;
	s->mean_min = low / s->count;
	s->mean_max = high / s->count;
	s->mean = (s->mean_min + s->mean_max) / 2;
}

int log2_hist_percentile(const struct log2_hist *h, double p, double *estimate,
			 uint64_t *bucket_min, uint64_t *bucket_max)
{
	uint64_t total = 0, below = 0;
	int b, found = -1;
	double rank, fraction = 1;

	if (!(p >= 0 && p <= 100))	/* also catches NaN */
		return -EINVAL;
	for (b = 0; b < LOG2_HIST_BUCKETS; b++)
		total += h->buckets[b];
	if (!total)
		return -ENODATA;
	rank = p / 100 * total;
	for (b = 0; b < LOG2_HIST_BUCKETS; b++) {
		uint64_t count = h->buckets[b];

		if (!count)
			continue;
		found = b;
		if ((double)(below + count) >= rank) {
			fraction = (rank - below) / count;
			break;
		}
		below += count;
	}
	/* Rounding of huge totals can leave rank past the last bucket. */
	if (fraction < 0)
		fraction = 0;
	if (fraction > 1)
		fraction = 1;
	if (estimate)
		*estimate = log2_hist_bucket_min(found) + fraction *
			    (double)(log2_hist_bucket_max(found) -
				     log2_hist_bucket_min(found));
	if (bucket_min)
		*bucket_min = log2_hist_bucket_min(found);
	if (bucket_max)
		*bucket_max = log2_hist_bucket_max(found);
	return 0;
}
