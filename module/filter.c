// SPDX-License-Identifier: GPL-2.0
/*
 * The task filter: which tasks are measured.
 *
 *   none | pid=N | tgid=N | comm=NAME | cgroup=PATH
 *
 * The active filter is published with RCU, and a replaced filter is freed
 * after synchronize_rcu().  The probes read it inside the tracepoint's own
 * read side: RCU-sched up to 6.x; on 7.x tracepoints run under SRCU-fast,
 * which synchronize_rcu() does not wait for, but the scheduler calls them
 * with preemption (and interrupts) disabled, a read side that
 * synchronize_rcu() does wait for.  No filter (`none`) is a NULL pointer: the common case costs
 * one load.
 */
#include <linux/cgroup.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/threads.h>

#include "schedscope.h"

enum ss_filter_kind {
	SS_FILTER_PID,
	SS_FILTER_TGID,
	SS_FILTER_COMM,
	SS_FILTER_CGROUP,
};

struct ss_filter {
	enum ss_filter_kind kind;
	pid_t id;
	char comm[TASK_COMM_LEN];
	struct cgroup *cgrp;
	char path[];		/* cgroup=PATH as given, for reading back */
};

struct ss_filter __rcu *ss_active_filter;
static DEFINE_MUTEX(ss_filter_lock);

#define SS_CGROUP_MOUNT "/sys/fs/cgroup"

bool ss_filter_match_slow(const struct ss_filter *f, struct task_struct *p)
{
	bool match;

	switch (f->kind) {
	case SS_FILTER_PID:
		return p->pid == f->id;
	case SS_FILTER_TGID:
		return p->tgid == f->id;
	case SS_FILTER_COMM:
		return !strncmp(p->comm, f->comm, TASK_COMM_LEN);
	case SS_FILTER_CGROUP:
		/* task_dfl_cgroup() wants a plain RCU read side. */
		rcu_read_lock();
		match = cgroup_is_descendant(task_dfl_cgroup(p), f->cgrp);
		rcu_read_unlock();
		return match;
	}
	return false;
}

static void ss_filter_free(struct ss_filter *f)
{
	if (!f)
		return;
	if (f->cgrp)
		cgroup_put(f->cgrp);
	kfree(f);
}

/* A strictly decimal id in [1, PID_MAX_LIMIT]: no sign, no spaces. */
static int ss_parse_id(const char *s, pid_t *id)
{
	unsigned int v;

	if (!isdigit(*s) || kstrtouint(s, 10, &v) || !v || v > PID_MAX_LIMIT)
		return -EINVAL;
	*id = v;
	return 0;
}

/*
 * A name as /proc/PID/comm shows it: any bytes but the ASCII controls, so
 * UTF-8 names pass whole (the kernel's isprint() is Latin-1 and would take
 * some of their bytes for controls).
 */
static int ss_parse_comm(const char *s, char *comm)
{
	size_t len = strlen(s);
	size_t i;

	if (!len || len >= TASK_COMM_LEN)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c < 0x20 || c == 0x7f)
			return -EINVAL;
	}
	strscpy(comm, s, TASK_COMM_LEN);
	return 0;
}

static struct ss_filter *ss_filter_cgroup(const char *path)
{
	size_t mount_len = str_has_prefix(path, SS_CGROUP_MOUNT);
	size_t len = strlen(path);
	const char *rel = path;
	struct ss_filter *f;
	struct cgroup *cgrp;

	if (!*path)
		return ERR_PTR(-EINVAL);
	/* Accept the mount point's path as well as the hierarchy's. */
	if (mount_len && (path[mount_len] == '/' || !path[mount_len]))
		rel = path + mount_len;
	if (!*rel)
		rel = "/";
	if (*rel != '/')
		return ERR_PTR(-EINVAL);

	cgrp = cgroup_get_from_path(rel);
	if (IS_ERR(cgrp))
		return ERR_CAST(cgrp);
	f = kzalloc(struct_size(f, path, len + 1), GFP_KERNEL);
	if (!f) {
		cgroup_put(cgrp);
		return ERR_PTR(-ENOMEM);
	}
	f->kind = SS_FILTER_CGROUP;
	f->cgrp = cgrp;
	memcpy(f->path, path, len);
	return f;
}

/* Parses @text (no newline); NULL means `none`. */
static struct ss_filter *ss_filter_parse(const char *text)
{
	struct ss_filter *f;
	int err = -EINVAL;

	if (!strcmp(text, "none"))
		return NULL;
	if (str_has_prefix(text, "cgroup="))
		return ss_filter_cgroup(text + strlen("cgroup="));

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return ERR_PTR(-ENOMEM);
	if (str_has_prefix(text, "pid=")) {
		f->kind = SS_FILTER_PID;
		err = ss_parse_id(text + 4, &f->id);
	} else if (str_has_prefix(text, "tgid=")) {
		f->kind = SS_FILTER_TGID;
		err = ss_parse_id(text + 5, &f->id);
	} else if (str_has_prefix(text, "comm=")) {
		f->kind = SS_FILTER_COMM;
		err = ss_parse_comm(text + 5, f->comm);
	}
	if (err) {
		kfree(f);
		return ERR_PTR(err);
	}
	return f;
}

/* Replaces the active filter, or changes nothing and returns an error. */
int ss_filter_set(const char *text)
{
	struct ss_filter *f = ss_filter_parse(text);
	struct ss_filter *old;

	if (IS_ERR(f))
		return PTR_ERR(f);
	mutex_lock(&ss_filter_lock);
	old = rcu_replace_pointer(ss_active_filter, f,
				  lockdep_is_held(&ss_filter_lock));
	mutex_unlock(&ss_filter_lock);
	/*
	 * The probes run with preemption disabled (the scheduler's callers),
	 * which synchronize_rcu() waits for, whatever the tracepoint's own
	 * read side (RCU-sched, or 7.x's SRCU-fast).
	 */
	synchronize_rcu();
	ss_filter_free(old);
	return 0;
}

void ss_filter_show(struct seq_file *m)
{
	const struct ss_filter *f;

	mutex_lock(&ss_filter_lock);
	f = rcu_dereference_protected(ss_active_filter,
				      lockdep_is_held(&ss_filter_lock));
	if (!f)
		seq_puts(m, "none\n");
	else if (f->kind == SS_FILTER_PID)
		seq_printf(m, "pid=%d\n", f->id);
	else if (f->kind == SS_FILTER_TGID)
		seq_printf(m, "tgid=%d\n", f->id);
	else if (f->kind == SS_FILTER_COMM)
		seq_printf(m, "comm=%s\n", f->comm);
	else
		seq_printf(m, "cgroup=%s\n", f->path);
	mutex_unlock(&ss_filter_lock);
}

/* At unload, after the probes are gone. */
void ss_filter_release(void)
{
	ss_filter_free(rcu_replace_pointer(ss_active_filter, NULL, true));
}
