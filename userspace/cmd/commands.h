/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands of schedscope, one file each (cmd/<name>.c). */
#ifndef SCHEDSCOPE_COMMANDS_H
#define SCHEDSCOPE_COMMANDS_H

/* Run the subcommand argv[1] (cmd/commands.c); the exit status. */
int schedscope_run(int argc, char **argv);

int cmd_load(int argc, char **argv);
int cmd_unload(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_slow(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_restore(int argc, char **argv);
int cmd_enable(int argc, char **argv);
int cmd_disable(int argc, char **argv);
int cmd_reset(int argc, char **argv);

/* cmd/control.c: a line on stderr when the module in dir is disabled. */
void cmd_warn_disabled(const char *cmd, const char *dir);

/*
 * cmd/features_note.c: the line about a sweep changing the sched features,
 * or dead with them changed, on stderr; this boot's defaults recorded.
 */
void cmd_note_features(const char *cmd);
void cmd_record_boot_features(const char *cmd);

#endif
