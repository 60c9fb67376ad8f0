// SPDX-License-Identifier: GPL-2.0
/* sched_setattr() for fair tasks, with what the kernel kept checked. */
#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "lib/sched_attr.h"

/*
 * struct sched_attr of include/uapi/linux/sched/types.h, its first version
 * (48 bytes, what every kernel with sched_setattr() takes): glibc has no
 * declaration of it before 2.41.
 */
struct sched_attr_v0 {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;		/* SCHED_OTHER/SCHED_BATCH: custom slice */
	uint64_t sched_deadline;
	uint64_t sched_period;
};

#define SCHED_ATTR_FLAG_RESET_ON_FORK	0x01

const char *sched_policy_name(int policy)
{
	switch (policy) {
	case SCHED_OTHER:
		return "SCHED_OTHER";
	case SCHED_BATCH:
		return "SCHED_BATCH";
	case SCHED_IDLE:
		return "SCHED_IDLE";
	case SCHED_FIFO:
		return "SCHED_FIFO";
	case SCHED_RR:
		return "SCHED_RR";
	default:
		return "a policy other than SCHED_OTHER, SCHED_BATCH or SCHED_IDLE";
	}
}

/* The thread's attributes, ready to be changed and given back. */
static int get_attr(pid_t tid, struct sched_attr_v0 *attr, char *err,
		    size_t errlen)
{
	memset(attr, 0, sizeof(*attr));
	if (syscall(SYS_sched_getattr, tid, attr, sizeof(*attr), 0))
		return error_ret(err, errlen, -errno, "sched_getattr: %s",
				 strerror(errno));
	attr->size = sizeof(*attr);
	attr->sched_flags &= SCHED_ATTR_FLAG_RESET_ON_FORK;
	return 0;
}

static uint64_t slice_kept(uint64_t ns)
{
	if (!ns)
		return 0;
	return ns < SCHED_SLICE_MIN_NS ? SCHED_SLICE_MIN_NS :
	       ns > SCHED_SLICE_MAX_NS ? SCHED_SLICE_MAX_NS : ns;
}

/* What the kernel shows after the change, against what was asked. */
static int check_kept(pid_t tid, const struct sched_attr_change *c,
		      char *err, size_t errlen)
{
	struct sched_attr_v0 now;
	int ret = get_attr(tid, &now, err, errlen);

	if (ret)
		return ret;
	if (c->set_policy && (int)now.sched_policy != c->policy)
		return error_ret(err, errlen, -EIO, "the kernel shows %s, not %s",
				 sched_policy_name(now.sched_policy),
				 sched_policy_name(c->policy));
	if (c->set_nice && now.sched_nice != c->nice)
		return error_ret(err, errlen, -EIO, "the kernel shows nice %d, not %d",
				 now.sched_nice, c->nice);
	/* Without a custom slice the kernel shows the default one. */
	if (c->set_slice && c->slice_ns &&
	    now.sched_runtime != slice_kept(c->slice_ns))
		return error_ret(err, errlen, -EOPNOTSUPP,
				 "the kernel took a custom slice of %llu ns but kept %llu ns: custom slices (sched_attr.sched_runtime) need Linux 6.12 or later",
				 (unsigned long long)c->slice_ns,
				 (unsigned long long)now.sched_runtime);
	return 0;
}

int sched_attr_change(pid_t tid, const struct sched_attr_change *c,
		      char *err, size_t errlen)
{
	struct sched_attr_v0 attr;
	int ret = get_attr(tid, &attr, err, errlen);

	if (ret)
		return ret;
	if (c->set_policy) {
		attr.sched_policy = c->policy;
		attr.sched_priority = 0;
	}
	if (c->set_nice)
		attr.sched_nice = c->nice;
	/*
	 * sched_getattr() shows the slice in use, custom or not; given back,
	 * any value makes it custom (6.12 on). So no slice unless asked.
	 */
	attr.sched_runtime = 0;
	if (c->set_slice) {
		if (attr.sched_policy != SCHED_OTHER &&
		    attr.sched_policy != SCHED_BATCH)
			return error_ret(err, errlen, -EINVAL,
					 "cannot set a custom slice: the thread runs at %s, custom slices are for SCHED_OTHER and SCHED_BATCH",
					 sched_policy_name(attr.sched_policy));
		attr.sched_runtime = c->slice_ns;
	}
	attr.sched_deadline = 0;
	attr.sched_period = 0;
	if (syscall(SYS_sched_setattr, tid, &attr, 0))
		return error_ret(err, errlen, -errno, "sched_setattr: %s",
				 strerror(errno));
	return check_kept(tid, c, err, errlen);
}
