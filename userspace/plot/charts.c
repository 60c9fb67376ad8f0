// SPDX-License-Identifier: GPL-2.0
/*
 * The chart files of `schedscope plot` and gnuplot run on them
 * (plot/charts.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "plot/charts.h"

int plot_output_dir(const char *dir, char *err, size_t errlen)
{
	struct stat st;

	if (!mkdir(dir, 0777))
		return 0;
	if (errno == EEXIST && !stat(dir, &st) && S_ISDIR(st.st_mode))
		return 0;
	error_msg(err, errlen, "cannot create %s: %s", dir,
		  errno == EEXIST ? "exists and is not a directory" :
		  strerror(errno));
	return -1;
}

/* OUTDIR/NAME.EXT; false if it does not fit. */
static bool out_path(char *buf, size_t len, const char *outdir,
		     const char *name, const char *ext)
{
	return (size_t)snprintf(buf, len, "%s/%s.%s", outdir, name, ext) < len;
}

int plot_chart_write(const struct plot_data *pd, enum plot_chart c,
		     const struct plot_output *o, char *err, size_t errlen)
{
	static const char *const ext[] = { "dat", "gp" };
	char path[4200];
	FILE *f;
	int i, e, ret = 0;

	for (i = 0; i < 2; i++) {
		if (!out_path(path, sizeof(path), o->dir, plot_charts[c].name,
			      ext[i])) {
			error_msg(err, errlen, "%s: path too long", o->dir);
			return -1;
		}
		f = fopen(path, "w");
		if (!f) {
			error_msg(err, errlen, "cannot write %s: %s", path,
				  strerror(errno));
			return -1;
		}
		if (i == 0)
			ret = plot_data_write(pd, c, f);
		else
			plot_script_write(pd, c, &o->fmts, f);
		e = ret || ferror(f) ? EIO : 0;
		if (fclose(f) && !e)
			e = errno;
		if (e) {
			error_msg(err, errlen, "cannot write %s: %s", path,
				  strerror(e));
			return -1;
		}
	}
	return 0;
}

/*
 * Run `gnuplot SCRIPT` in outdir. Returns its wait status in *status and 0,
 * or -errno when it could not be started (-ENOENT: no gnuplot on PATH).
 */
static int run_gnuplot(const char *outdir, const char *script, int *status)
{
	int fds[2], child_err = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		child_err = errno;
		close(fds[0]);
		close(fds[1]);
		return -child_err;
	}
	if (!pid) {
		/* exec closes the pipe; a failure writes errno into it. */
		close(fds[0]);
		if (!chdir(outdir))
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		child_err = errno;
		n = write(fds[1], &child_err, sizeof(child_err));
		_exit(n < 0 ? 126 : 127);
	}
	close(fds[1]);
	do
		n = read(fds[0], &child_err, sizeof(child_err));
	while (n < 0 && errno == EINTR);
	close(fds[0]);
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return n == sizeof(child_err) ? -child_err : 0;
}

int plot_chart_draw(enum plot_chart c, const struct plot_output *o,
		    char *err, size_t errlen)
{
	char script[256];
	int status, ret;

	snprintf(script, sizeof(script), "%s.gp", plot_charts[c].name);
	ret = run_gnuplot(o->dir, script, &status);
	if (ret == -ENOENT && access(o->dir, X_OK) == 0)
		return ret;
	if (ret) {
		error_msg(err, errlen, "cannot run gnuplot %s in %s: %s", script,
			  o->dir, strerror(-ret));
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		error_msg(err, errlen, "gnuplot %s/%s failed (%s %d)", o->dir,
			  script, WIFEXITED(status) ? "exit status" : "signal",
			  WIFEXITED(status) ? WEXITSTATUS(status) :
			  WTERMSIG(status));
		return -1;
	}
	return 0;
}
