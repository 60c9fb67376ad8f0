// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope load / unload: insert the module with finit_module(2), so that
 * each refusal has its own errno and its own advice, with the EEVDF cfs_rq
 * layout from the running kernel's BTF; remove it with delete_module(2).
 * The talking to the kernel is in kmod/load.c; here the command line and
 * the messages.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "kmod/btf_layout.h"
#include "kmod/control.h"
#include "kmod/feature_word.h"
#include "kmod/installed.h"
#include "kmod/layout_witness.h"
#include "kmod/load.h"
#include "kmod/modinfo.h"
#include "kmod/wait_clock.h"

enum {
	OPT_KO = OPT_FIRST_COMMAND_OPT,
	OPT_ENABLE,
	OPT_TASK_SLOTS,
	OPT_BTF,
	OPT_NO_LAYOUT,
	OPT_GROUPS,
	OPT_SAMPLE,
};

struct load_params {
	struct cli_common_params common;
	const char *ko;
	const char *btf;
	bool enable;
	bool no_layout;
	uint64_t task_slots;		/* 0: the module's default */
	const char *groups;		/* NULL: all */
	uint64_t sample;		/* 0: not given (the module's 1) */
};

/* The module's metric groups (docs/interface.md), for --groups. */
static const char *const metric_groups[] = {
#define SS_GROUP(ID, name) #name,
#include "../../module/metrics.h"
};

#define NGROUPS (sizeof(metric_groups) / sizeof(*metric_groups))

/*
 * "all", or known group names separated by commas: 0; else -1 with the
 * first word that is not a group in bad ("" for an empty list).
 */
static int check_groups(const char *list, char *bad, size_t badlen)
{
	char copy[256], *save = NULL, *name;
	int n = 0;
	size_t i;

	snprintf(bad, badlen, "%.*s", (int)strcspn(list, ","), list);
	if (!strcmp(list, "all"))
		return 0;
	if (strlen(list) >= sizeof(copy))
		return -1;
	strcpy(copy, list);
	for (name = strtok_r(copy, ",", &save); name;
	     name = strtok_r(NULL, ",", &save), n++) {
		for (i = 0; i < NGROUPS; i++)
			if (!strcmp(name, metric_groups[i]))
				break;
		if (i == NGROUPS) {
			snprintf(bad, badlen, "%s", name);
			return -1;
		}
	}
	return n ? 0 : -1;
}

/* The groups' names, comma-separated, for a message. */
static void group_names(char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < NGROUPS && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? "," : "",
				 metric_groups[i]);
}

static void load_usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope load [OPTIONS]\n"
"\n"
"Load the schedscope module into the running kernel (as root), with the\n"
"EEVDF cfs_rq layout read from the kernel's BTF.\n"
"\n"
"  --ko PATH             the module file (default: $SCHEDSCOPE_KO, else the\n"
"                        installed one, /lib/modules/$(uname -r)/updates/\n"
"                        dkms/schedscope.ko[.xz] as DKMS builds it, else\n"
"                        build/$(uname -r)/schedscope.ko of the tree this\n"
"                        tool is built in)\n"
"  --enable              start measuring at once (module parameter enable=1)\n"
"  --task-slots N        size of the per-task table (1024..4194304)\n"
"  --btf PATH            kernel BTF to read the cfs_rq layout from (raw BTF\n"
"                        or an ELF vmlinux; default %s)\n"
"  --no-layout           do not pass cfs_rq_layout (EEVDF metrics stay off)\n"
"  --groups LIST         measure only these metric groups, comma-separated:\n"
"                        latency, switches, eevdf, delayed_dequeue,\n"
"                        decisions, pick_order (default: all)\n"
"  --sample N            record the eevdf, delayed_dequeue, decisions and\n"
"                        pick_order groups at 1 switch and 1 wakeup in N\n"
"                        (1..65536), each counting N: their counts become\n"
"                        estimates, measuring costs less; the latency and\n"
"                        switches groups stay exact (default: 1, every\n"
"                        event)\n"
CLI_FILTER_OPTIONS_HELP
"                        (one of the four; the module's filter is written\n"
"                        after loading, and kept)\n"
"  --debugfs DIR         where to expect the module's debugfs directory\n"
CLI_HELP_HELP, BTF_LAYOUT_VMLINUX);
}

static int take_load_option(void *params, int opt, const char *arg)
{
	struct load_params *p = params;

	switch (opt) {
	case OPT_KO:
		p->ko = arg;
		return 0;
	case OPT_ENABLE:
		p->enable = true;
		return 0;
	case OPT_TASK_SLOTS:
		if (cli_parse_uint(arg, 1024, 4194304, &p->task_slots))
			return cli_usage_error("load", "--task-slots: '%s' is "
					       "not a number from 1024 to "
					       "4194304", arg);
		return 0;
	case OPT_BTF:
		p->btf = arg;
		return 0;
	case OPT_SAMPLE:
		if (cli_parse_uint(arg, 1, 65536, &p->sample))
			return cli_usage_error("load", "--sample: '%s' is not a "
					       "number from 1 to 65536", arg);
		return 0;
	case OPT_GROUPS: {
		char bad[256], names[256];

		if (check_groups(arg, bad, sizeof(bad))) {
			group_names(names, sizeof(names));
			return cli_usage_error("load", "--groups: '%s' is not a "
					       "metric group; the groups: %s "
					       "(or all)", bad, names);
		}
		p->groups = arg;
		return 0;
	}
	default:		/* OPT_NO_LAYOUT */
		p->no_layout = true;
		return 0;
	}
}

static const struct option load_long_options[] = {
	{ "ko", required_argument, NULL, OPT_KO },
	{ "enable", no_argument, NULL, OPT_ENABLE },
	{ "task-slots", required_argument, NULL, OPT_TASK_SLOTS },
	{ "btf", required_argument, NULL, OPT_BTF },
	{ "no-layout", no_argument, NULL, OPT_NO_LAYOUT },
	{ "groups", required_argument, NULL, OPT_GROUPS },
	{ "sample", required_argument, NULL, OPT_SAMPLE },
	CLI_DEBUGFS_OPTION,
	CLI_FILTER_OPTIONS,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options load_options = {
	.cmd = "load",
	.usage = load_usage,
	.optstring = ":h",
	.options = load_long_options,
	.take = take_load_option,
};

static int parse_load_args(int argc, char **argv, struct load_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	ret = cli_parse_options(&load_options, argc, argv, &p->common, p);
	if (!ret)
		ret = cli_no_arguments("load", argc, argv);
	if (ret)
		return ret;
	if (p->no_layout && p->btf)
		return cli_usage_error("load", "--btf and --no-layout contradict "
				       "each other");
	return 0;
}

/* EPERM: not root, a locked-down kernel, or modules disabled. */
static void explain_eperm(const char *ko)
{
	char mode[128];
	const char *lockdown;

	if (!kmod_has_cap_sys_module()) {
		cli_error("load", "permission denied: loading a module needs "
			  "root (CAP_SYS_MODULE); run 'sudo schedscope load'");
		return;
	}
	lockdown = kmod_lockdown_mode(mode, sizeof(mode));
	if (lockdown) {
		cli_error("load", "the kernel is locked down (%s, see "
			  "/sys/kernel/security/lockdown; Secure Boot turns it "
			  "on) and refuses unsigned modules: sign %s with a key "
			  "the kernel trusts (MOK) or disable Secure Boot. "
			  "DKMS signs the module it builds with "
			  "/var/lib/dkms/mok.key: enrol that key with "
			  "'mokutil --import /var/lib/dkms/mok.pub' and a "
			  "reboot", lockdown, ko);
		return;
	}
	cli_error("load", "the kernel refuses to load modules (EPERM): is "
		  "/proc/sys/kernel/modules_disabled 1, or a security module in "
		  "the way?");
}

/* ENOEXEC, EINVAL: built for another kernel, or refused for another reason. */
static void explain_bad_module(int err, const char *ko,
			       const struct modinfo *mi, const char *release)
{
	const char *vermagic = modinfo_get(mi, "vermagic");
	char built[128];

	modinfo_vermagic_release(vermagic ? vermagic : "?", built,
				 sizeof(built));
	if (strcmp(built, release)) {
		cli_error("load", "%s was built for another kernel: its vermagic "
			  "says %s, the running kernel is %s. Build it with "
			  "'make module KDIR=/lib/modules/%s/build'", ko, built,
			  release, release);
		return;
	}
	cli_error("load", "the kernel refused %s (%s) although it was built "
		  "for %s: see dmesg", ko, strerror(err), release);
}

static void explain_load_error(int err, const char *ko, const struct modinfo *mi,
			       const char *release)
{
	switch (err) {
	case ENOSYS:
		cli_error("load", "this kernel has no loadable module support "
			  "(no /proc/modules, or finit_module: ENOSYS): the "
			  "module cannot run here. "
			  "Use scripts/vm-run to measure in a VM, or the bpftrace "
			  "tracers in tracers/");
		return;
	case EPERM:
		explain_eperm(ko);
		return;
	case EKEYREJECTED:
	case ENOKEY:
	case EBADMSG:
		cli_error("load", "the kernel rejected the module's signature "
			  "(%s): it enforces signed modules (module.sig_enforce "
			  "or lockdown under Secure Boot). Sign %s with the "
			  "kernel's scripts/sign-file and a key it trusts (MOK)",
			  strerror(err), ko);
		return;
	case EEXIST:
		cli_error("load", "schedscope is already loaded; 'schedscope "
			  "unload' first to load it again");
		return;
	case ENOEXEC:
	case EINVAL:
		explain_bad_module(err, ko, mi, release);
		return;
	case ENOENT:
		cli_error("load", "the kernel refused %s: unknown symbol or "
			  "parameter (see dmesg); was it built against other "
			  "headers of %s?", ko, release);
		return;
	default:
		cli_error("load", "finit_module(%s): %s", ko, strerror(err));
	}
}

/* The module to load: its path (plain or compressed), where it was found. */
struct module_file {
	char path[PATH_MAX];
	const char *from;		/* which of the places below */
};

/*
 * The module file: --ko, else $SCHEDSCOPE_KO, else the installed (DKMS)
 * one, else the one built in this tree for this kernel; 0 or -1.
 */
static int find_module(const struct load_params *p, const char *release,
		       struct module_file *m)
{
	const char *env = getenv("SCHEDSCOPE_KO");
	size_t len = sizeof(m->path);

	if (p->ko) {
		snprintf(m->path, len, "%s", p->ko);
		m->from = "given with --ko";
	} else if (env && *env) {
		snprintf(m->path, len, "%s", env);
		m->from = "given in SCHEDSCOPE_KO";
	} else if (!kmod_installed_path(NULL, release, m->path, len)) {
		m->from = "installed, DKMS";
	} else {
		if (kmod_default_path(release, m->path, len))
			snprintf(m->path, len, "build/%s/schedscope.ko",
				 release);
		m->from = "built in this tree";
	}
	if (access(m->path, R_OK)) {
		if (p->ko || (env && *env))
			cli_error("load", "%s (%s): %s", m->path, m->from,
				  strerror(errno));
		else
			cli_error("load", "no schedscope module for %s: not "
				  "installed (" KMOD_INSTALLED_DIR "; install "
				  "the schedscope-dkms package) nor built in "
				  "this tree (%s: %s): build it with 'make "
				  "module KDIR=/lib/modules/%s/build', or give "
				  "its path with --ko", release, release,
				  m->path, strerror(errno), release);
		return -1;
	}
	return 0;
}

/* cfs_rq_layout=... into params, or why not on stderr; 0, or -1 to fail. */
static int add_layout_param(const struct load_params *p, const char *ko,
			    const struct modinfo *mi, char *params, size_t len,
			    bool *given)
{
	char kv[1024], why[1024];

	switch (kmod_layout_param(p->btf, mi, kv, sizeof(kv), why,
				  sizeof(why))) {
	case KMOD_LAYOUT_GIVEN:
		kmod_param_add(params, len, kv);
		*given = true;
		return 0;
	case KMOD_LAYOUT_NO_BTF:
		fprintf(stderr, "schedscope load: EEVDF metrics off: %s\n", why);
		return 0;
	case KMOD_LAYOUT_UNSUPPORTED:
		fprintf(stderr, "schedscope load: EEVDF metrics unsupported: "
			"%s\n", why);
		return 0;
	case KMOD_LAYOUT_OLD_MODULE:
		fprintf(stderr, "schedscope load: %s takes no cfs_rq_layout "
			"parameter (an older module): EEVDF metrics stay off\n",
			ko);
		return 0;
	default:		/* KMOD_LAYOUT_TOO_LONG */
		cli_error("load", "cfs_rq_layout too long");
		return -1;
	}
}

/*
 * sched_features=... into params, for the wakeup decisions; without it
 * (addresses hidden, say) they stay off and the rest works.
 */
static void add_feature_word_param(const struct modinfo *mi, char *params,
				   size_t len)
{
	char kv[256], why[512];

	if (!modinfo_has_param(mi, "sched_features"))
		return;
	if (feature_word_param_live(kv, sizeof(kv), why, sizeof(why))) {
		fprintf(stderr, "schedscope load: wakeup decisions off: %s\n", why);
		return;
	}
	kmod_param_add(params, len, kv);
}

/*
 * The clock waits are timed with: the runqueue's own clock where the
 * kernel's BTF says where it is (not with --no-layout: BTF unused), else
 * by the clocksource (kmod/wait_clock.h).  A module older than the clock
 * parameter times with local_clock().
 */
static void add_clock_param(const struct load_params *p,
			    const struct modinfo *mi, char *params, size_t len)
{
	char kv[128], layout[96], why[256];

	if (!modinfo_has_param(mi, "clock"))
		return;
	if (!p->no_layout && modinfo_has_param(mi, "rq_layout")) {
		if (!btf_rq_clock_read(p->btf, layout, sizeof(layout), why,
				       sizeof(why))) {
			snprintf(kv, sizeof(kv), "clock=rq rq_layout=%s", layout);
			kmod_param_add(params, len, kv);
			return;
		}
		fprintf(stderr, "schedscope load: waits timed with a clock read, not the runqueue's clock: %s\n",
			why);
	}
	snprintf(kv, sizeof(kv), "clock=%s", wait_clock_live(WAIT_CLOCK_SOURCE));
	kmod_param_add(params, len, kv);
}

/* The module's parameter line from the options; 0, or -1 to fail. */
static int module_params(const struct load_params *p, const char *ko,
			 const struct modinfo *mi, char *params, size_t len,
			 bool *layout_given)
{
	char kv[64];

	/* with --groups or --sample, enabled once written (set_up_loaded()) */
	if (p->enable && !p->groups && !p->sample)
		kmod_param_add(params, len, "enable=1");
	if (p->task_slots) {
		snprintf(kv, sizeof(kv), "task_slots=%llu",
			 (unsigned long long)p->task_slots);
		kmod_param_add(params, len, kv);
	}
	add_clock_param(p, mi, params, len);
	if (p->no_layout)
		return 0;
	if (add_layout_param(p, ko, mi, params, len, layout_given))
		return -1;
	if (*layout_given)
		add_feature_word_param(mi, params, len);
	return 0;
}

/*
 * The module inserted with params; with a layout given, a spinning
 * witness lets the module check the layout's sums exactly. 0, or -1 after
 * saying why not.
 */
static int insert_module(const struct module_file *m,
			 const struct modinfo *mi, const char *release,
			 char *params, size_t len, bool layout_given)
{
	const char *ko = m->path;
	struct layout_witness witness = { 0 };
	char kv[64];
	int ret;

	if (layout_given && modinfo_has_param(mi, "cfs_rq_witness")) {
		ret = layout_witness_start(&witness);
		if (ret) {
			fprintf(stderr, "schedscope load: no layout witness (%s): "
				"the module checks the layout by bounds only\n",
				strerror(-ret));
		} else {
			snprintf(kv, sizeof(kv), "cfs_rq_witness=%d", witness.pid);
			kmod_param_add(params, len, kv);
		}
	}
	ret = kmod_insert(m->path, params);
	layout_witness_stop(&witness);
	if (ret) {
		explain_load_error(ret, ko, mi, release);
		return -1;
	}
	return 0;
}

/* The debugfs directory there, and the filter written; 0 or -1. */
static int set_up_loaded(const struct load_params *p)
{
	const char *dir = cli_debugfs_dir(p->common.debugfs);
	char filter[4200], err[1024];

	if (access(dir, F_OK)) {
		if (!p->common.debugfs && !ss_debugfs_mounted())
			cli_error("load", "the module is loaded, but debugfs is "
				  "not mounted, so %s is missing: mount it with "
				  "'mount -t debugfs none /sys/kernel/debug'", dir);
		else
			cli_error("load", "the module is loaded, but %s is "
				  "missing: %s", dir, strerror(errno));
		return -1;
	}
	cli_filter_string(&p->common.filter, filter, sizeof(filter));
	if (*filter && ss_ctl_write(dir, "filter", filter, err, sizeof(err))) {
		cli_error("load", "the module is loaded, but setting the filter "
			  "failed: %s", err);
		return -1;
	}
	if (p->groups && ss_ctl_write(dir, "groups", p->groups, err,
				      sizeof(err))) {
		cli_error("load", "the module is loaded, but choosing the "
			  "groups failed: %s", err);
		return -1;
	}
	if (p->sample) {
		char n[24];

		snprintf(n, sizeof(n), "%llu", (unsigned long long)p->sample);
		if (ss_ctl_write(dir, "sample", n, err, sizeof(err))) {
			cli_error("load", "the module is loaded, but setting "
				  "the sampling failed: %s", err);
			return -1;
		}
	}
	if ((p->groups || p->sample) && p->enable &&
	    ss_ctl_write(dir, "enable", "1", err, sizeof(err))) {
		cli_error("load", "the module is loaded, but enabling it "
			  "failed: %s", err);
		return -1;
	}
	return 0;
}

int cmd_load(int argc, char **argv)
{
	struct load_params p;
	struct modinfo mi = { 0 };
	struct utsname uts;
	struct module_file m;
	char params[2048] = "", err[1024];
	bool layout_given = false;
	int ret;

	ret = parse_load_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	cmd_note_features("load");
	cmd_record_boot_features("load");
	uname(&uts);
	if (!ss_kernel_has_modules()) {
		explain_load_error(ENOSYS, "", &mi, uts.release);
		return 1;
	}
	if (find_module(&p, uts.release, &m))
		return 1;
	ret = modinfo_read(m.path, &mi, err, sizeof(err));
	if (ret) {
		cli_error("load", "%s", err);
		return 1;
	}
	ret = module_params(&p, m.path, &mi, params, sizeof(params),
			    &layout_given);
	if (!ret)
		ret = insert_module(&m, &mi, uts.release, params,
				    sizeof(params), layout_given);
	if (!ret)
		ret = set_up_loaded(&p);
	if (!ret)
		/* the parameters, a layout and an address, are in sysfs */
		printf("loaded %s (%s), %s; its parameters in "
		       "/sys/module/schedscope/parameters/\n", m.path, m.from,
		       p.enable ? "measuring" :
		       "disabled ('schedscope enable' starts measuring)");
	modinfo_free(&mi);
	return ret ? 1 : 0;
}

static void unload_usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope unload\n"
"\n"
"Remove the schedscope module (as root).\n"
"\n"
CLI_HELP_HELP);
}

static const struct option unload_long_options[] = {
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options unload_options = {
	.cmd = "unload",
	.usage = unload_usage,
	.optstring = ":h",
	.options = unload_long_options,
};

int cmd_unload(int argc, char **argv)
{
	struct cli_common_params common = { 0 };
	int ret;

	ret = cli_parse_options(&unload_options, argc, argv, &common, NULL);
	if (!ret)
		ret = cli_no_arguments("unload", argc, argv);
	if (ret)
		return ret < 0 ? 0 : ret;
	cmd_note_features("unload");
	if (!ss_kernel_has_modules()) {
		cli_error("unload", "this kernel has no loadable module support");
		return 1;
	}
	ret = kmod_remove();
	switch (ret) {
	case 0:
		printf("unloaded schedscope\n");
		return 0;
	case ENOENT:
		cli_error("unload", "schedscope is not loaded");
		break;
	case EPERM:
		cli_error("unload", "permission denied: unloading a module needs "
			  "root (CAP_SYS_MODULE)");
		break;
	case EBUSY:
	case EAGAIN:
		cli_error("unload", "schedscope is in use (a reader holds one of "
			  "its files open?): try again");
		break;
	default:
		cli_error("unload", "delete_module: %s", strerror(ret));
	}
	return 1;
}
