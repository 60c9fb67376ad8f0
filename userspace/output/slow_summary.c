// SPDX-License-Identifier: GPL-2.0
/* Who hurts most: the slow waits summed (output/slow_summary.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output/slow_summary.h"

static struct slow_culprit *culprit(struct slow_summary *s,
				    const struct slow_ran *r)
{
	struct slow_culprit *grown;
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->c[i].pid == r->pid && !strcmp(s->c[i].comm, r->comm))
			return &s->c[i];
	if (s->n == s->cap) {
		grown = realloc(s->c, (s->cap ? 2 * s->cap : 16) * sizeof(*grown));
		if (!grown)
			return NULL;
		s->c = grown;
		s->cap = s->cap ? 2 * s->cap : 16;
	}
	memset(&s->c[s->n], 0, sizeof(s->c[s->n]));
	snprintf(s->c[s->n].comm, sizeof(s->c[s->n].comm), "%s", r->comm);
	s->c[s->n].pid = r->pid;
	return &s->c[s->n++];
}

int slow_summary_add(struct slow_summary *s, const struct slow_wait *w)
{
	struct slow_culprit *c;
	unsigned int i;

	s->waits++;
	s->wait_ns += w->wait_ns;
	if (w->kind >= SLOW_WOKEN && w->kind <= SLOW_THROTTLED) {
		s->kind_waits[w->kind]++;
		s->kind_ns[w->kind] += w->wait_ns;
	}
	for (i = 0; i < w->nran; i++) {
		c = culprit(s, &w->ran[i]);
		if (!c)
			return -ENOMEM;
		c->waits++;
		c->longest += i == 0;
		c->run_ns += w->ran[i].run_ns;
	}
	return 0;
}

static int most_run_first(const void *a, const void *b)
{
	const struct slow_culprit *x = a, *y = b;

	if (x->run_ns != y->run_ns)
		return x->run_ns < y->run_ns ? 1 : -1;
	return x->pid - y->pid;
}

void slow_summary_sort(struct slow_summary *s)
{
	if (s->n)
		qsort(s->c, s->n, sizeof(*s->c), most_run_first);
}

void slow_summary_print(FILE *out, const struct slow_summary *s, size_t max)
{
	int k;
	size_t i;

	fprintf(out, "# %lu slow waits, %.1f ms in all", s->waits,
		s->wait_ns / 1e6);
	for (k = SLOW_WOKEN; k <= SLOW_THROTTLED; k++)
		if (s->kind_waits[k])
			fprintf(out, "; %s %lu (%.1f ms)", slow_kind_name(k),
				s->kind_waits[k], s->kind_ns[k] / 1e6);
	fputc('\n', out);
	if (!s->n)
		return;
	fprintf(out, "# %-16s %7s %7s %8s %12s\n", "ran meanwhile", "pid",
		"waits", "longest", "run (ms)");
	for (i = 0; i < s->n && i < max; i++)
		fprintf(out, "# %-16s %7d %7lu %8lu %12.1f\n", s->c[i].comm,
			s->c[i].pid, s->c[i].waits, s->c[i].longest,
			s->c[i].run_ns / 1e6);
	if (s->n > max)
		fprintf(out, "# ... and %zu more\n", s->n - max);
}

void slow_summary_free(struct slow_summary *s)
{
	free(s->c);
	memset(s, 0, sizeof(*s));
}
