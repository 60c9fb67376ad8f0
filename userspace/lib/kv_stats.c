// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "lib/kv_stats.h"
#include "lib/parse_u64.h"
#include "lib/read_file.h"
#include "lib/text_lines.h"

/* Longest line worth quoting in a message. */
#define QUOTE_MAX	40

static size_t key_span(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && ((s[i] >= 'a' && s[i] <= 'z') ||
			   (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
		i++;
	return i;
}

/* Parse one field that must end with `end` (' ' or '\n'); advance *pos. */
static int number_field(const char *line, size_t len, size_t *pos, char end,
			const char *what, unsigned int lineno, uint64_t *value,
			char *err, size_t errlen)
{
	size_t n = digits_span(line + *pos, len - *pos);
	int ret;

	if (*pos + n >= len || line[*pos + n] != end || n == 0) {
		error_msg(err, errlen, "line %u: %s is not a decimal number "
			  "followed by %s", lineno, what,
			  end == ' ' ? "one space" : "the end of the line");
		return -EINVAL;
	}
	ret = parse_u64(line + *pos, n, value);
	if (ret == -ERANGE) {
		error_msg(err, errlen, "line %u: %s '%.*s' is out of range",
			  lineno, what, (int)(n < QUOTE_MAX ? n : QUOTE_MAX),
			  line + *pos);
		return -EINVAL;
	}
	if (ret) {
		error_msg(err, errlen, "line %u: %s '%.*s' has a leading zero",
			  lineno, what, (int)(n < QUOTE_MAX ? n : QUOTE_MAX),
			  line + *pos);
		return -EINVAL;
	}
	*pos += n + 1;
	return 0;
}

/* line includes its '\n'. */
static int parse_line(const char *line, size_t len, bool percpu,
		      unsigned int lineno, struct kv_stat *item,
		      char *err, size_t errlen)
{
	size_t pos = 0, klen;
	uint64_t cpu = 0;
	int ret;

	if (len == 1) {
		error_msg(err, errlen, "line %u: empty line", lineno);
		return -EINVAL;
	}
	if (percpu) {
		ret = number_field(line, len, &pos, ' ', "cpu", lineno, &cpu,
				   err, errlen);
		if (ret)
			return ret;
		if (cpu > KV_STATS_CPU_MAX) {
			error_msg(err, errlen, "line %u: cpu %llu is out of range "
				  "(max %u)", lineno, (unsigned long long)cpu,
				  KV_STATS_CPU_MAX);
			return -EINVAL;
		}
	}
	klen = key_span(line + pos, len - pos);
	if (klen == 0) {
		error_msg(err, errlen, "line %u: no key: a key is one or more "
			  "of [a-z0-9_]", lineno);
		return -EINVAL;
	}
	if (klen > KV_STATS_KEY_MAX) {
		error_msg(err, errlen, "line %u: key '%.*s...' is longer than "
			  "%d bytes", lineno, QUOTE_MAX, line + pos,
			  KV_STATS_KEY_MAX);
		return -EINVAL;
	}
	if (line[pos + klen] == '\n') {
		error_msg(err, errlen, "line %u: key '%.*s' has no value",
			  lineno, (int)klen, line + pos);
		return -EINVAL;
	}
	if (line[pos + klen] != ' ') {
		error_msg(err, errlen, "line %u: key '%.*s' is followed by a "
			  "character outside [a-z0-9_] instead of one space",
			  lineno, (int)klen, line + pos);
		return -EINVAL;
	}
	memcpy(item->key, line + pos, klen);
	item->key[klen] = '\0';
	pos += klen + 1;
	ret = number_field(line, len, &pos, '\n', "value", lineno, &item->value,
			   err, errlen);
	if (ret)
		return ret;
	item->cpu = cpu;
	item->line = lineno;
	return 0;
}

static int compare_stat(const struct kv_stat *a, const struct kv_stat *b)
{
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	return strcmp(a->key, b->key);
}

/* Order of the lookup index: (cpu, key), then line, so duplicates pair up. */
static int compare_index(const void *pa, const void *pb, void *items)
{
	const struct kv_stat *a = (struct kv_stat *)items + *(const size_t *)pa;
	const struct kv_stat *b = (struct kv_stat *)items + *(const size_t *)pb;
	int cmp = compare_stat(a, b);

	if (cmp)
		return cmp;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* Sort the lookup index; the first duplicate found is an error. */
static int index_items(struct kv_stats *st, char *err, size_t errlen)
{
	size_t i;

	st->by_key = malloc(st->count * sizeof(*st->by_key));
	if (!st->by_key) {
		error_msg(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < st->count; i++)
		st->by_key[i] = i;
	qsort_r(st->by_key, st->count, sizeof(*st->by_key), compare_index,
		st->items);
	for (i = 1; i < st->count; i++) {
		const struct kv_stat *prev = &st->items[st->by_key[i - 1]];
		const struct kv_stat *cur = &st->items[st->by_key[i]];

		if (compare_stat(prev, cur))
			continue;
		if (st->percpu)
			error_msg(err, errlen, "line %u: duplicate cpu %u key '%s' "
				  "(first on line %u)", cur->line, cur->cpu,
				  cur->key, prev->line);
		else
			error_msg(err, errlen, "line %u: duplicate key '%s' "
				  "(first on line %u)", cur->line, cur->key,
				  prev->line);
		return -EINVAL;
	}
	return 0;
}

static int parse(struct kv_stats *st, const char *buf, size_t len, bool percpu,
		 char *err, size_t errlen)
{
	struct text_lines text;
	const char *line;
	size_t cap = 0, line_len;
	int ret;

	memset(st, 0, sizeof(*st));
	st->percpu = percpu;
	if (len == 0) {
		error_msg(err, errlen, "empty input");
		return -EINVAL;
	}
	text_lines_init(&text, buf, len);
	while ((ret = text_lines_next(&text, &line, &line_len, err, errlen)) > 0) {
		if (st->count == cap) {
			struct kv_stat *bigger;

			cap = cap ? cap * 2 : 32;
			bigger = realloc(st->items, cap * sizeof(*st->items));
			if (!bigger) {
				error_msg(err, errlen, "out of memory");
				ret = -ENOMEM;
				goto fail;
			}
			st->items = bigger;
		}
		/* parse_line() takes the line with its '\n'. */
		ret = parse_line(line, line_len + 1, percpu, text.lineno,
				 &st->items[st->count], err, errlen);
		if (ret)
			goto fail;
		st->count++;
	}
	if (ret < 0)
		goto fail;
	ret = index_items(st, err, errlen);
	if (ret)
		goto fail;
	return 0;

fail:
	kv_stats_free(st);
	return ret;
}

int kv_stats_parse(struct kv_stats *st, const char *buf, size_t len,
		   char *err, size_t errlen)
{
	return parse(st, buf, len, false, err, errlen);
}

int kv_stats_parse_percpu(struct kv_stats *st, const char *buf, size_t len,
			  char *err, size_t errlen)
{
	return parse(st, buf, len, true, err, errlen);
}

static int parse_file(struct kv_stats *st, const char *path, bool percpu,
		      char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int ret;

	memset(st, 0, sizeof(*st));
	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	ret = parse(st, buf, len, percpu, err, errlen);
	if (ret)
		error_msg_prefix(err, errlen, path);
	free(buf);
	return ret;
}

int kv_stats_parse_file(struct kv_stats *st, const char *path,
			char *err, size_t errlen)
{
	return parse_file(st, path, false, err, errlen);
}

int kv_stats_parse_percpu_file(struct kv_stats *st, const char *path,
			       char *err, size_t errlen)
{
	return parse_file(st, path, true, err, errlen);
}

int kv_stats_get_percpu(const struct kv_stats *st, unsigned int cpu,
			const char *key, uint64_t *value)
{
	struct kv_stat wanted = { .cpu = cpu };
	size_t lo = 0, hi = st->count;

	if (strlen(key) > KV_STATS_KEY_MAX)
		return -ENOENT;
	strcpy(wanted.key, key);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct kv_stat *item = &st->items[st->by_key[mid]];
		int cmp = compare_stat(&wanted, item);

		if (cmp == 0) {
			*value = item->value;
			return 0;
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -ENOENT;
}

int kv_stats_get(const struct kv_stats *st, const char *key, uint64_t *value)
{
	if (st->percpu)
		return -ENOENT;
	return kv_stats_get_percpu(st, 0, key, value);
}

void kv_stats_free(struct kv_stats *st)
{
	free(st->items);
	free(st->by_key);
	st->items = NULL;
	st->by_key = NULL;
	st->count = 0;
}
