// SPDX-License-Identifier: GPL-2.0
/*
 * A taskstats exit listener through libnl's generic netlink: registered
 * with TASKSTATS_CMD_ATTR_REGISTER_CPUMASK, it gets one TASKSTATS_TYPE_AGGR_PID
 * message per exiting thread (and a TASKSTATS_TYPE_AGGR_TGID one for the
 * last thread of a process, which is the sum and is skipped here).
 */
#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <bpf/btf.h>
#include <linux/taskstats.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "lib/btf_load.h"
#include "lib/error_msg.h"
#include "lib/grow_array.h"
#include "lib/read_file.h"
#include "lib/taskstats.h"

/* Room for a burst of exits between two drains (hackbench's hundreds). */
#define TASKSTATS_RCVBUF (16 << 20)
/* How often the draining thread looks at its stop flag, in ms. */
#define TASKSTATS_POLL_MS 50

long taskstats_delay_max_offset(void)
{
	struct btf *btf = btf_load_quiet(NULL);
	const struct btf_member *m;
	const struct btf_type *t;
	long off = -1;
	int id, i;

	if (!btf)
		return -1;
	id = btf__find_by_name_kind(btf, "taskstats", BTF_KIND_STRUCT);
	t = id > 0 ? btf__type_by_id(btf, id) : NULL;
	for (i = 0, m = t ? btf_members(t) : NULL; t && i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(btf, m->name_off);

		if (name && !strcmp(name, "cpu_delay_max") &&
		    btf__resolve_size(btf, m->type) == 8 &&
		    btf_member_bit_offset(t, i) % 64 == 0)
			off = btf_member_bit_offset(t, i) / 8;
	}
	btf__free(btf);
	return off;
}

bool taskstats_decode(const void *payload, size_t len, long delay_max_off,
		      struct task_exit *e, bool *have_delay_max)
{
	struct taskstats ts;
	uint64_t max;

	if (len < offsetof(struct taskstats, ac_tgid) + sizeof(ts.ac_tgid))
		return false;
	memset(&ts, 0, sizeof(ts));
	memcpy(&ts, payload, len < sizeof(ts) ? len : sizeof(ts));
	if (ts.version < 10)
		return false;
	memset(e, 0, sizeof(*e));
	e->pid = ts.ac_pid;
	e->tgid = ts.ac_tgid;
	e->ppid = ts.ac_ppid;
	snprintf(e->comm, sizeof(e->comm), "%.*s", (int)sizeof(ts.ac_comm),
		 ts.ac_comm);
	e->runtime_ns = ts.cpu_run_virtual_total;	/* sum_exec_runtime */
	e->runs = ts.cpu_count;
	e->delay_ns = ts.cpu_delay_total;
	e->voluntary = ts.nvcsw;
	e->involuntary = ts.nivcsw;
	*have_delay_max = delay_max_off >= 0 &&
			  (size_t)delay_max_off + sizeof(max) <= len;
	if (*have_delay_max) {
		memcpy(&max, (const char *)payload + delay_max_off, sizeof(max));
		e->delay_max_ns = max;
	}
	return true;
}

static int add_exit(struct taskstats_listener *l, const struct task_exit *e)
{
	struct task_exit *slot = grow_array_add(&l->exits, &l->cap, &l->n,
						sizeof(*l->exits));

	if (!slot)
		return -ENOMEM;
	*slot = *e;
	return 0;
}

/* A message from the kernel: one thread's exit is kept. */
static int on_message(struct nl_msg *msg, void *arg)
{
	struct nlattr *top[TASKSTATS_TYPE_MAX + 1], *in[TASKSTATS_TYPE_MAX + 1];
	struct taskstats_listener *l = arg;
	struct task_exit e;
	bool have_max;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, top, TASKSTATS_TYPE_MAX, NULL) ||
	    !top[TASKSTATS_TYPE_AGGR_PID] ||
	    nla_parse_nested(in, TASKSTATS_TYPE_MAX, top[TASKSTATS_TYPE_AGGR_PID],
			     NULL) ||
	    !in[TASKSTATS_TYPE_STATS])
		return NL_SKIP;
	if (!taskstats_decode(nla_data(in[TASKSTATS_TYPE_STATS]),
			      nla_len(in[TASKSTATS_TYPE_STATS]),
			      l->delay_max_off, &e, &have_max))
		return NL_SKIP;
	if (!have_max)
		l->have_delay_max = false;
	if (add_exit(l, &e)) {
		l->error = -ENOMEM;
		return NL_STOP;
	}
	return NL_OK;
}

/* Until stopped, then until nothing more is queued. */
static void *drain(void *arg)
{
	struct taskstats_listener *l = arg;
	struct pollfd p = { .fd = nl_socket_get_fd(l->sock), .events = POLLIN };
	int ret;

	while (!l->error) {
		ret = poll(&p, 1, l->stop ? 0 : TASKSTATS_POLL_MS);
		if (ret < 0 && errno != EINTR) {
			l->error = -errno;
			break;
		}
		if (ret == 0 && l->stop)
			break;
		if (ret <= 0)
			continue;
		ret = nl_recvmsgs_default(l->sock);
		if (ret == -NLE_NOMEM && !l->error)	/* ENOBUFS: dropped */
			l->overflows++;
		else if (ret < 0 && ret != -NLE_AGAIN && !l->error)
			l->error = -EIO;
	}
	return NULL;
}

/*
 * TASKSTATS_CMD_GET with a register or deregister attribute for l->cpus,
 * and its acknowledgement waited for when wait.
 */
static int send_cpumask(struct taskstats_listener *l, int attr, bool wait)
{
	struct nl_msg *msg = nlmsg_alloc();
	int ret;

	if (!msg)
		return -NLE_NOMEM;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, l->family, 0, 0,
			 TASKSTATS_CMD_GET, TASKSTATS_GENL_VERSION) ||
	    nla_put_string(msg, attr, l->cpus)) {
		nlmsg_free(msg);
		return -NLE_NOMEM;
	}
	ret = nl_send_auto(l->sock, msg);
	nlmsg_free(msg);
	return ret < 0 || !wait ? ret : nl_wait_for_ack(l->sock);
}

/* libnl's error as an errno, for the callers' checks. */
static int nl_errno(int nlerr)
{
	switch (-nlerr) {
	case NLE_PERM:
		return -EPERM;
	case NLE_OBJ_NOTFOUND:
		return -ENOENT;
	case NLE_NOMEM:
		return -ENOMEM;
	default:
		return -EIO;
	}
}

static int possible_cpus(struct taskstats_listener *l, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int ret = read_file("/sys/devices/system/cpu/possible", &buf, &len,
			    err, errlen);

	if (ret)
		return ret;
	snprintf(l->cpus, sizeof(l->cpus), "%.*s", (int)strcspn(buf, "\n"),
		 buf);
	free(buf);
	return 0;
}

int taskstats_listen_start(struct taskstats_listener *l, long delay_max_off,
			   char *err, size_t errlen)
{
	int fd, size = TASKSTATS_RCVBUF, ret;
	const char *step;

	memset(l, 0, sizeof(*l));
	l->delay_max_off = delay_max_off;
	l->have_delay_max = delay_max_off >= 0;
	ret = possible_cpus(l, err, errlen);
	if (ret)
		return ret;
	step = "socket";
	l->sock = nl_socket_alloc();
	if (!l->sock) {
		ret = -NLE_NOMEM;
		goto fail;
	}
	ret = genl_connect(l->sock);
	if (ret)
		goto fail;
	step = "the TASKSTATS family";
	l->family = ret = genl_ctrl_resolve(l->sock, TASKSTATS_GENL_NAME);
	if (ret < 0)
		goto fail;
	nl_socket_disable_seq_check(l->sock);
	nl_socket_modify_cb(l->sock, NL_CB_VALID, NL_CB_CUSTOM, on_message, l);
	/* Past rmem_max as root; the default size otherwise. */
	fd = nl_socket_get_fd(l->sock);
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	step = "registering for the exits";
	ret = send_cpumask(l, TASKSTATS_CMD_ATTR_REGISTER_CPUMASK, true);
	if (ret < 0)
		goto fail;
	step = "non-blocking";
	ret = nl_socket_set_nonblocking(l->sock);
	if (ret < 0)
		goto fail;
	ret = pthread_create(&l->thread, NULL, drain, l);
	if (ret) {
		error_msg(err, errlen, "taskstats: starting its thread: %s",
			  strerror(ret));
		taskstats_listen_free(l);
		return -ret;
	}
	l->thread_running = true;
	return 0;
fail:
	error_msg(err, errlen, "taskstats: %s: %s", step, nl_geterror(ret));
	taskstats_listen_free(l);
	return nl_errno(ret);
}

int taskstats_listen_stop(struct taskstats_listener *l, char *err,
			  size_t errlen)
{
	if (l->thread_running) {
		l->stop = true;
		pthread_join(l->thread, NULL);
		l->thread_running = false;
		/* Closing the socket would do; the kernel is told sooner. */
		send_cpumask(l, TASKSTATS_CMD_ATTR_DEREGISTER_CPUMASK, false);
	}
	if (l->error)
		error_msg(err, errlen, "taskstats: reading the exits: %s",
			  strerror(-l->error));
	return l->error;
}

void taskstats_listen_free(struct taskstats_listener *l)
{
	if (l->thread_running)
		taskstats_listen_stop(l, NULL, 0);
	if (l->sock)
		nl_socket_free(l->sock);
	free(l->exits);
	memset(l, 0, sizeof(*l));
}
