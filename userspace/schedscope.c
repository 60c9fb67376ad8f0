// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope: the command-line tool of the schedscope module. Subcommands
 * live in cmd/<name>.c, their table in cmd/commands.c.
 */
#include "cmd/commands.h"

int main(int argc, char **argv)
{
	return schedscope_run(argc, argv);
}
