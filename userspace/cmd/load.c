// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope load / unload: insert the module with finit_module(2), so that
 * each refusal has its own errno and its own advice, with the EEVDF cfs_rq
 * layout from the running kernel's BTF; remove it with delete_module(2).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kmod/btf_layout.h"
#include "cli/cli.h"
#include "cmd/commands.h"
#include "kmod/layout_witness.h"
#include "kmod/modinfo.h"
#include "kmod/control.h"

#define CAP_SYS_MODULE_BIT	16

enum {
	OPT_KO = OPT_FIRST_COMMAND_OPT,
	OPT_ENABLE,
	OPT_TASK_SLOTS,
	OPT_BTF,
	OPT_NO_LAYOUT,
};

struct load_params {
	const char *ko;
	const char *btf;
	const char *debugfs;
	bool enable;
	bool no_layout;
	uint64_t task_slots;		/* 0: the module's default */
	struct cli_filter filter;
};

static void load_usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope load [OPTIONS]\n"
"\n"
"Load the schedscope module into the running kernel (as root), with the\n"
"EEVDF cfs_rq layout read from the kernel's BTF.\n"
"\n"
"  --ko PATH             the module file (default: build/$(uname -r)/\n"
"                        schedscope.ko of the tree this tool is built in)\n"
"  --enable              start measuring at once (module parameter enable=1)\n"
"  --task-slots N        size of the per-task table (1024..4194304)\n"
"  --btf PATH            kernel BTF to read the cfs_rq layout from (raw BTF\n"
"                        or an ELF vmlinux; default %s)\n"
"  --no-layout           do not pass cfs_rq_layout (EEVDF metrics stay off)\n"
CLI_FILTER_HELP
"                        (here: written after loading, and kept)\n"
"  --debugfs DIR         where to expect the module's debugfs directory\n"
"  -h, --help            this text\n", BTF_LAYOUT_VMLINUX);
}

static int parse_load_args(int argc, char **argv, struct load_params *p)
{
	static const struct option options[] = {
		{ "ko", required_argument, NULL, OPT_KO },
		{ "enable", no_argument, NULL, OPT_ENABLE },
		{ "task-slots", required_argument, NULL, OPT_TASK_SLOTS },
		{ "btf", required_argument, NULL, OPT_BTF },
		{ "no-layout", no_argument, NULL, OPT_NO_LAYOUT },
		{ "debugfs", required_argument, NULL, OPT_DEBUGFS },
		CLI_FILTER_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, ret;

	memset(p, 0, sizeof(*p));
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		switch (opt) {
		case OPT_KO:
			p->ko = optarg;
			break;
		case OPT_ENABLE:
			p->enable = true;
			break;
		case OPT_TASK_SLOTS:
			if (cli_parse_uint(optarg, 1024, 4194304, &p->task_slots))
				return cli_usage_error("load", "--task-slots: '%s' "
						       "is not a number from 1024 "
						       "to 4194304", optarg);
			break;
		case OPT_BTF:
			p->btf = optarg;
			break;
		case OPT_NO_LAYOUT:
			p->no_layout = true;
			break;
		case OPT_DEBUGFS:
			p->debugfs = optarg;
			break;
		case OPT_PID:
		case OPT_TGID:
		case OPT_COMM:
		case OPT_CGROUP:
			ret = cli_filter_option("load", &p->filter, opt, optarg);
			if (ret)
				return ret;
			break;
		case 'h':
			load_usage(stdout);
			return -1;
		default:
			return cli_bad_option("load", opt, argv);
		}
	}
	if (optind < argc)
		return cli_unexpected_argument("load", argv[optind]);
	if (p->no_layout && p->btf)
		return cli_usage_error("load", "--btf and --no-layout contradict "
				       "each other");
	return 0;
}

/*
 * build/<release>/schedscope.ko: this binary is build/bin/schedscope, the
 * module one directory up, beside bin/.
 */
static int default_ko(const char *release, char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n < 0)
		return -errno;
	exe[n] = '\0';
	slash = strrchr(exe, '/');		/* .../build/bin/schedscope */
	if (!slash)
		return -ENOENT;
	*slash = '\0';
	slash = strrchr(exe, '/');		/* .../build/bin */
	if (slash)
		*slash = '\0';
	n = snprintf(buf, len, "%s/%s/schedscope.ko", slash ? exe : "..",
		     release);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static bool has_cap_sys_module(void)
{
	char line[256];
	unsigned long long caps = 0;
	FILE *f = fopen("/proc/self/status", "re");

	if (!f)
		return geteuid() == 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &caps) == 1)
			break;
	fclose(f);
	return caps & (1ull << CAP_SYS_MODULE_BIT);
}

/* The active lockdown mode ("integrity", "confidentiality"), or NULL. */
static const char *lockdown_mode(char *buf, size_t len)
{
	FILE *f = fopen("/sys/kernel/security/lockdown", "re");
	char *open, *close;

	if (!f)
		return NULL;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	open = strchr(buf, '[');
	close = open ? strchr(open, ']') : NULL;
	if (!open || !close)
		return NULL;
	*close = '\0';
	return strcmp(open + 1, "none") ? open + 1 : NULL;
}

static void explain_load_error(int err, const char *ko, const struct modinfo *mi,
			       const char *release)
{
	const char *vermagic = modinfo_get(mi, "vermagic");
	char built[128], mode[128];
	const char *lockdown;

	switch (err) {
	case ENOSYS:
		cli_error("load", "this kernel has no loadable module support "
			  "(no /proc/modules, or finit_module: ENOSYS): the "
			  "module cannot run here. "
			  "Use scripts/vm-run to measure in a VM, or the bpftrace "
			  "tracers in tracers/");
		return;
	case EPERM:
		if (!has_cap_sys_module()) {
			cli_error("load", "permission denied: loading a module "
				  "needs root (CAP_SYS_MODULE); run 'sudo "
				  "schedscope load'");
			return;
		}
		lockdown = lockdown_mode(mode, sizeof(mode));
		if (lockdown) {
			cli_error("load", "the kernel is locked down (%s, see "
				  "/sys/kernel/security/lockdown; Secure Boot "
				  "turns it on) and refuses unsigned modules: "
				  "sign %s with a key the kernel trusts (MOK) or "
				  "disable Secure Boot", lockdown, ko);
			return;
		}
		cli_error("load", "the kernel refuses to load modules (EPERM): "
			  "is /proc/sys/kernel/modules_disabled 1, or a security "
			  "module in the way?");
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
		modinfo_vermagic_release(vermagic ? vermagic : "?", built,
					 sizeof(built));
		if (strcmp(built, release)) {
			cli_error("load", "%s was built for another kernel: its "
				  "vermagic says %s, the running kernel is %s. "
				  "Build it with 'make module KDIR=/lib/modules/"
				  "%s/build'", ko, built, release, release);
			return;
		}
		cli_error("load", "the kernel refused %s (%s) although it was "
			  "built for %s: see dmesg", ko, strerror(err), release);
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

/* Append " key=value" to params. */
static void add_param(char *params, size_t len, const char *kv)
{
	size_t used = strlen(params);

	snprintf(params + used, len - used, "%s%s", used ? " " : "", kv);
}

int cmd_load(int argc, char **argv)
{
	struct load_params p;
	struct modinfo mi = { 0 };
	struct btf_layout layout;
	struct layout_witness witness = { 0 };
	bool layout_given = false;
	struct utsname uts;
	char ko[PATH_MAX], params[2048] = "", kv[1024], err[1024], filter[4200];
	const char *dir;
	int fd = -1, ret;

	ret = parse_load_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	uname(&uts);
	if (!ss_kernel_has_modules()) {
		explain_load_error(ENOSYS, "", &mi, uts.release);
		return 1;
	}
	if (p.ko)
		snprintf(ko, sizeof(ko), "%s", p.ko);
	else if (default_ko(uts.release, ko, sizeof(ko)))
		snprintf(ko, sizeof(ko), "build/%s/schedscope.ko", uts.release);
	if (access(ko, R_OK)) {
		cli_error("load", "%s: %s%s%s%s", ko, strerror(errno),
			  p.ko ? "" : ": build the module for this kernel with "
			  "'make module KDIR=/lib/modules/",
			  p.ko ? "" : uts.release,
			  p.ko ? "" : "/build', or give its path with --ko");
		return 1;
	}
	ret = modinfo_read(ko, &mi, err, sizeof(err));
	if (ret) {
		cli_error("load", "%s", err);
		return 1;
	}

	if (p.enable)
		add_param(params, sizeof(params), "enable=1");
	if (p.task_slots) {
		snprintf(kv, sizeof(kv), "task_slots=%llu",
			 (unsigned long long)p.task_slots);
		add_param(params, sizeof(params), kv);
	}
	if (!p.no_layout) {
		ret = btf_layout_read(p.btf, &layout, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "schedscope load: EEVDF metrics off: %s\n",
				err);
		} else if (!layout.eevdf) {
			fprintf(stderr, "schedscope load: EEVDF metrics "
				"unsupported: %s\n", layout.reason);
		} else if (!modinfo_has_param(&mi, "cfs_rq_layout")) {
			fprintf(stderr, "schedscope load: %s takes no "
				"cfs_rq_layout parameter (an older module): EEVDF "
				"metrics stay off\n", ko);
		} else {
			char value[900];

			if (btf_layout_param(&layout, p.btf, value, sizeof(value))) {
				cli_error("load", "cfs_rq_layout too long");
				goto fail;
			}
			snprintf(kv, sizeof(kv), "cfs_rq_layout=%s", value);
			add_param(params, sizeof(params), kv);
			layout_given = true;
		}
	}
	/* A spinning witness lets the module check the layout's sums exactly. */
	if (layout_given && modinfo_has_param(&mi, "cfs_rq_witness")) {
		ret = layout_witness_start(&witness);
		if (ret) {
			fprintf(stderr, "schedscope load: no layout witness (%s): "
				"the module checks the layout by bounds only\n",
				strerror(-ret));
		} else {
			snprintf(kv, sizeof(kv), "cfs_rq_witness=%d", witness.pid);
			add_param(params, sizeof(params), kv);
		}
	}

	fd = open(ko, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		cli_error("load", "%s: %s", ko, strerror(errno));
		goto fail;
	}
	ret = syscall(SYS_finit_module, fd, params, 0) ? errno : 0;
	layout_witness_stop(&witness);
	if (ret) {
		explain_load_error(ret, ko, &mi, uts.release);
		goto fail;
	}
	close(fd);
	fd = -1;
	printf("loaded %s%s%s\n", ko, *params ? " " : "", params);

	dir = cli_debugfs_dir(p.debugfs);
	if (access(dir, F_OK)) {
		if (!p.debugfs && !ss_debugfs_mounted())
			cli_error("load", "the module is loaded, but debugfs is "
				  "not mounted, so %s is missing: mount it with "
				  "'mount -t debugfs none /sys/kernel/debug'", dir);
		else
			cli_error("load", "the module is loaded, but %s is "
				  "missing: %s", dir, strerror(errno));
		goto fail;
	}
	cli_filter_string(&p.filter, filter, sizeof(filter));
	if (*filter && ss_ctl_write(dir, "filter", filter, err, sizeof(err))) {
		cli_error("load", "the module is loaded, but setting the filter "
			  "failed: %s", err);
		goto fail;
	}
	modinfo_free(&mi);
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	modinfo_free(&mi);
	return 1;
}

static void unload_usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope unload\n"
"\n"
"Remove the schedscope module (as root).\n"
"\n"
"  -h, --help            this text\n");
}

int cmd_unload(int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
		if (opt == 'h') {
			unload_usage(stdout);
			return 0;
		}
		return cli_bad_option("unload", opt, argv);
	}
	if (optind < argc)
		return cli_unexpected_argument("unload", argv[optind]);
	if (!ss_kernel_has_modules()) {
		cli_error("unload", "this kernel has no loadable module support");
		return 1;
	}
	if (!syscall(SYS_delete_module, "schedscope", O_NONBLOCK)) {
		printf("unloaded schedscope\n");
		return 0;
	}
	switch (errno) {
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
		cli_error("unload", "delete_module: %s", strerror(errno));
	}
	return 1;
}
