// SPDX-License-Identifier: GPL-2.0
/* Who hurts most: the slow waits summed (output/slow_summary.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/grow_array.h"
#include "output/slow_summary.h"

static struct slow_culprit *culprit(struct slow_summary *s,
				    const struct slow_ran *r)
{
	struct slow_culprit *c;
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->c[i].pid == r->pid && !strcmp(s->c[i].comm, r->comm))
			return &s->c[i];
	c = grow_array_add(&s->c, &s->cap, &s->n, sizeof(*s->c));
	if (c) {
		snprintf(c->comm, sizeof(c->comm), "%s", r->comm);
		c->pid = r->pid;
	}
	return c;
}

static struct slow_group *group(struct slow_summary *s, const char *path)
{
	struct slow_group *g;
	size_t i;

	for (i = 0; i < s->ngroups; i++)
		if (!strcmp(s->groups[i].path, path))
			return &s->groups[i];
	g = grow_array_add(&s->groups, &s->groups_cap, &s->ngroups,
			   sizeof(*s->groups));
	if (g)
		snprintf(g->path, sizeof(g->path), "%s", path);
	return g;
}

static struct slow_cause *cause(struct slow_summary *s,
				const struct slow_wait *w)
{
	char name[sizeof(s->causes[0].name)];
	struct slow_cause *c;
	size_t i;

	if (w->kind == SLOW_WOKEN && w->decision[0])
		snprintf(name, sizeof(name), "%s: %s", slow_kind_name(w->kind),
			 w->decision);
	else
		snprintf(name, sizeof(name), "%s", slow_kind_name(w->kind));
	for (i = 0; i < s->ncauses; i++)
		if (!strcmp(s->causes[i].name, name))
			return &s->causes[i];
	c = grow_array_add(&s->causes, &s->causes_cap, &s->ncauses,
			   sizeof(*s->causes));
	if (c)
		memcpy(c->name, name, sizeof(name));
	return c;
}

/* A cgroup counted once per wait however many of its tasks ran. */
static int add_groups(struct slow_summary *s, const struct slow_wait *w,
		      const struct slow_wait_names *nm)
{
	struct slow_group *g;
	unsigned int i, j;

	for (i = 0; i < w->nran; i++) {
		const char *path = nm->ran_cgroup[i] ? nm->ran_cgroup[i] : "?";
		bool again = false;

		for (j = 0; j < i; j++)
			again |= !strcmp(nm->ran_cgroup[j] ?
					 nm->ran_cgroup[j] : "?", path);
		g = group(s, path);
		if (!g)
			return -ENOMEM;
		g->waits += !again;
		g->run_ns += w->ran[i].run_ns;
	}
	return 0;
}

int slow_summary_add(struct slow_summary *s, const struct slow_wait *w,
		     const struct slow_wait_names *nm)
{
	struct slow_culprit *c;
	struct slow_cause *why;
	unsigned int i;

	s->waits++;
	s->wait_ns += w->wait_ns;
	if (w->kind >= SLOW_WOKEN && w->kind <= SLOW_THROTTLED) {
		s->kind_waits[w->kind]++;
		s->kind_ns[w->kind] += w->wait_ns;
	}
	why = cause(s, w);
	if (!why)
		return -ENOMEM;
	why->waits++;
	why->wait_ns += w->wait_ns;
	for (i = 0; i < w->nran; i++) {
		c = culprit(s, &w->ran[i]);
		if (!c)
			return -ENOMEM;
		c->waits++;
		c->longest += i == 0;
		c->run_ns += w->ran[i].run_ns;
	}
	return add_groups(s, w, nm);
}

static int most_run_first(const void *a, const void *b)
{
	const struct slow_culprit *x = a, *y = b;

	if (x->run_ns != y->run_ns)
		return x->run_ns < y->run_ns ? 1 : -1;
	return x->pid - y->pid;
}

static int group_most_run_first(const void *a, const void *b)
{
	const struct slow_group *x = a, *y = b;

	if (x->run_ns != y->run_ns)
		return x->run_ns < y->run_ns ? 1 : -1;
	return strcmp(x->path, y->path);
}

static int most_waited_first(const void *a, const void *b)
{
	const struct slow_cause *x = a, *y = b;

	if (x->wait_ns != y->wait_ns)
		return x->wait_ns < y->wait_ns ? 1 : -1;
	return strcmp(x->name, y->name);
}

void slow_summary_sort(struct slow_summary *s)
{
	if (s->n)
		qsort(s->c, s->n, sizeof(*s->c), most_run_first);
	if (s->ngroups)
		qsort(s->groups, s->ngroups, sizeof(*s->groups),
		      group_most_run_first);
	if (s->ncauses)
		qsort(s->causes, s->ncauses, sizeof(*s->causes),
		      most_waited_first);
}

static void print_causes(FILE *out, const struct slow_summary *s)
{
	size_t i;

	fprintf(out, "# %-32s %7s %12s\n", "cause", "waits", "wait (ms)");
	for (i = 0; i < s->ncauses; i++)
		fprintf(out, "# %-32s %7lu %12.1f\n", s->causes[i].name,
			s->causes[i].waits, s->causes[i].wait_ns / 1e6);
}

static void print_culprits(FILE *out, const struct slow_summary *s,
			   size_t max)
{
	size_t i;

	fprintf(out, "# %-16s %7s %7s %8s %12s\n", "ran meanwhile", "pid",
		"waits", "longest", "run (ms)");
	for (i = 0; i < s->n && i < max; i++)
		fprintf(out, "# %-16s %7d %7lu %8lu %12.1f\n", s->c[i].comm,
			s->c[i].pid, s->c[i].waits, s->c[i].longest,
			s->c[i].run_ns / 1e6);
	if (s->n > max)
		fprintf(out, "# ... and %zu more\n", s->n - max);
}

static void print_groups(FILE *out, const struct slow_summary *s, size_t max)
{
	size_t i;

	fprintf(out, "# %-32s %7s %12s\n", "their cgroup", "waits",
		"run (ms)");
	for (i = 0; i < s->ngroups && i < max; i++)
		fprintf(out, "# %-32s %7lu %12.1f\n", s->groups[i].path,
			s->groups[i].waits, s->groups[i].run_ns / 1e6);
	if (s->ngroups > max)
		fprintf(out, "# ... and %zu more\n", s->ngroups - max);
}

void slow_summary_print(FILE *out, const struct slow_summary *s, size_t max)
{
	int k;

	fprintf(out, "# %lu slow waits, %.1f ms in all", s->waits,
		s->wait_ns / 1e6);
	for (k = SLOW_WOKEN; k <= SLOW_THROTTLED; k++)
		if (s->kind_waits[k])
			fprintf(out, "; %s %lu (%.1f ms)", slow_kind_name(k),
				s->kind_waits[k], s->kind_ns[k] / 1e6);
	fputc('\n', out);
	if (s->ncauses)
		print_causes(out, s);
	if (s->n)
		print_culprits(out, s, max);
	if (s->ngroups)
		print_groups(out, s, max);
}

void slow_summary_free(struct slow_summary *s)
{
	free(s->c);
	free(s->groups);
	free(s->causes);
	memset(s, 0, sizeof(*s));
}
